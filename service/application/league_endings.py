"""What a finished league game records in its league: its result, or a void.

The places are the result's ranks, whatever ended the game: its last move, a resignation or
a timeout (live play ranks those seats last). Used by the results process and by every
command that needs a round closed (``Leagues.record_finished``), which read the same game.
"""

from __future__ import annotations

from domain.leagues.commands import SYSTEM_ACTOR, Command, RecordAbandonment, RecordResult
from domain.leagues.standings import behind
from service.application.loading import Loaded


def fixture_record(loaded: Loaded) -> Command | None:
    """The league's record of a game's end (None: the game has not ended)."""
    ruleset, state = loaded.ruleset, loaded.state
    result = ruleset.result(state) if ruleset.is_terminal(state) else None
    if result is None:
        return None
    game_id = str(loaded.game.game_id)
    if any(rank < 1 for rank in result.ranks):
        # An unranked end (live play's abandonment ranks every seat 0) is no result: the
        # game is void, recorded as an abandonment with the game's own reason.
        reason = str(result.verdict.get("reason") or "the game ended without a winner")
        return RecordAbandonment(SYSTEM_ACTOR, game_id, reason)
    live = getattr(state, "live", None)
    # a seat that resigned or timed out ranks behind every seat that did not, whatever the
    # bot playing it on made of its position (#25)
    left = (live.out | live.stand_ins) if live is not None else frozenset()
    places = behind(result.ranks, left) if left else tuple(result.ranks)
    return RecordResult(SYSTEM_ACTOR, game_id, places, result.scores)
