"""Reviewing games: a replay in words, a position at any seq, and how two games differ.

Everything here is generic over rulesets: events are told by ``ruleset.describe``, positions
drawn by ``ruleset.render`` and filtered by ``ruleset.view``, scores from ``ruleset.result``
once the game is over and from the ruleset's running ``scores`` hook while it runs.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from itertools import zip_longest
from typing import Any

from domain.core import SYSTEM, Ruleset, Viewer, can_see
from domain.core.registry import event_from_record
from service.application.errors import BadRequest, NoSuchEvent, NoSuchSeat
from service.application.live import live_view
from service.application.loading import ruleset_for
from service.application.outcomes import result_json, scores_json
from service.application.visibility import Revealed, revealed_in
from service.store import GameRecord, Store, StoredEvent
from service.trail import Trail, state_at, states_along


@dataclass(frozen=True)
class Step:
    seq: int
    type: str
    actor: str | None
    text: str
    scores: list[dict[str, Any]] | None
    board: str | None = None
    """The position after this event, drawn for that viewer (only when asked for)."""

    def to_json(self) -> dict[str, Any]:
        return {
            "seq": self.seq,
            "type": self.type,
            "actor": self.actor,
            "text": self.text,
            "scores": self.scores,
        }


def running_scores(ruleset: Ruleset[Any, Any, Any], state: Any) -> list[dict[str, Any]] | None:
    """Each seat's score after this state, with its breakdown: the result once the game is
    over, else the ruleset's running ``scores`` hook (None before the game is set up)."""
    result = ruleset.result(state)
    if result is not None:
        return [
            {"seat": seat, "total": total, "breakdown": dict(result.breakdown[seat])}
            for seat, total in enumerate(result.scores)
        ]
    if not state.is_set_up:
        return None
    return scores_json(ruleset.presentation.scores(state))


def visible_to(store: Store | None, game: GameRecord, viewer: Viewer) -> Any:
    """A predicate on stored events: may ``viewer`` see this one now?

    A file holds only a finished game's public record, so everything in it is visible.
    """
    if store is None:
        return lambda event: True
    revealed = revealed_in(store, game)
    return lambda event: can_see(event.visibility, viewer) or revealed(event.seq)


def check_viewer(game: GameRecord, viewer: Viewer) -> None:
    """A viewer is a seat of the game, or None; anything else is refused, never ignored."""
    if viewer is not None and not 0 <= viewer < game.seats:
        seats = "seat 0" if game.seats == 1 else f"seats 0 to {game.seats - 1}"
        raise NoSuchSeat(f"seat {viewer} is not a seat of this game (it has {seats})")


def check_event(trail: Trail, seq: int, what: str) -> None:
    if not 0 <= seq <= len(trail.events):
        raise NoSuchEvent(f"{what} {seq} is past the end: the game has {len(trail.events)} events")


def replay_steps(
    trail: Trail,
    *,
    start: int = 1,
    stop: int | None = None,
    viewer: Viewer = None,
    store: Store | None = None,
    boards: bool = False,
) -> list[Step]:
    """Each visible event from ``start`` to ``stop`` in words, with the score after it (and
    the position drawn, with ``boards``). A range past the end, a backwards range or a
    viewer that is no seat is refused."""
    check_viewer(trail.game, viewer)
    check_event(trail, start, "event")
    if stop is not None:
        check_event(trail, stop, "event")
        if stop < start:
            raise BadRequest(f"the range is backwards: from {start} to {stop}")
    ruleset = ruleset_for(trail.game)
    visible = visible_to(store, trail.game, viewer)
    steps = []
    for stored, (event, state) in zip(trail.events, states_along(ruleset, trail), strict=True):
        if stored.seq > (stop or stored.seq):
            break
        if stored.seq < start or not visible(stored):
            continue
        scores = running_scores(ruleset, state)
        board = ruleset.render(state, viewer) if boards else None
        text = ruleset.describe(event)
        steps.append(Step(stored.seq, stored.type, stored.actor, text, scores, board))
    return steps


def position(
    trail: Trail, at: int | None, viewer: Viewer, store: Store | None = None
) -> dict[str, Any]:
    """The game at ``at`` as ``viewer`` sees it: view, drawing, scores and lineage.

    ``viewer`` None is a spectator: while the game runs it sees what is public; once the
    log is public it sees everything (per-seat views are included).
    """
    ruleset = ruleset_for(trail.game)
    game = trail.game
    check_viewer(game, viewer)
    if at is not None:
        check_event(trail, at, "event")
    at = len(trail.events) if at is None else at
    state = state_at(ruleset, trail, at)
    public = store is None or revealed_in(store, game)(1) or not trail.events
    result = ruleset.result(state)
    out: dict[str, Any] = {
        "game_id": str(game.game_id),
        "ruleset": game.ruleset,
        "status": game.status,
        "at": at,
        "events": len(trail.events),
        "viewer": viewer,
        "to_act": sorted(ruleset.to_act(state)),
        "is_terminal": ruleset.is_terminal(state),
        "phase": ruleset.presentation.phase(state) if state.is_set_up else "setup",
        "scores": running_scores(ruleset, state),
        "result": result_json(result),
        "lineage": lineage(store, game),
        "view": dict(ruleset.view(state, viewer)),
        "board": ruleset.render(state, viewer),
        "legend": ruleset.presentation.legend,
        # The clocks as they stood at that position's last decision (docs/live-play.md).
        "live": live_view(ruleset, state, state.live.since or 0),
    }
    if viewer is None and public:
        out["seats"] = [dict(ruleset.view(state, seat)) for seat in range(game.seats)]
    return out


def lineage(store: Store | None, game: GameRecord) -> list[dict[str, Any]]:
    """The chain of ancestors, nearest first: each parent id and where it was forked."""
    chain: list[dict[str, Any]] = []
    current = game
    while current.parent_id is not None:
        chain.append({"parent_id": str(current.parent_id), "fork_at": current.fork_at})
        if store is None:
            break
        current = store.game(current.parent_id)
    return chain


@dataclass(frozen=True)
class Difference:
    games: tuple[str, str]
    common: int
    first: tuple[dict[str, Any] | None, dict[str, Any] | None]
    results: tuple[dict[str, Any] | None, dict[str, Any] | None]
    lineage: tuple[list[dict[str, Any]], list[dict[str, Any]]]
    moves: list[dict[str, Any]] = field(default_factory=list)
    """Where the seats' moves part after the common prefix: the n-th move by a seat in
    each game, wherever the two differ (the system's decisions, a fork's reseed among
    them, are not moves)."""
    scores: list[dict[str, Any]] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        return {
            "games": list(self.games),
            "common_prefix": self.common,
            "diverges_at": self.common + 1 if any(self.first) else None,
            "first": list(self.first),
            "moves_apart": self.moves,
            "scores": self.scores,
            "results": list(self.results),
            "lineage": list(self.lineage),
        }


def diff(store: Store, a: Trail, b: Trail) -> Difference:
    """The common prefix of two games (as a spectator can tell them apart), the
    first event where they part, every move where they part after it, told in words from a
    spectator's side, and how their scores differ.

    Only what a spectator may see is compared. A hash or a command is public only once its
    event is revealed (``service.application.visibility``), so an event not yet revealed in
    both games is compared by its public shape alone, and two events hidden from spectators
    count as alike: comparing their hashes or commands would tell whether the hidden
    content differs (one bit of another seat's hand, say, or of the undrawn order)."""
    revealed = (revealed_in(store, a.game), revealed_in(store, b.game))
    alike = _alike(revealed, chained=True)
    common = 0
    for mine, theirs in zip(a.events, b.events, strict=False):
        if not alike(mine, theirs):
            break
        common += 1
    return Difference(
        games=(str(a.game_id), str(b.game_id)),
        common=common,
        first=(_told(store, a, common + 1), _told(store, b, common + 1)),
        results=(a.game.result, b.game.result),
        lineage=(lineage(store, a.game), lineage(store, b.game)),
        moves=_moves_apart(store, a, b, common, _alike(revealed, chained=False)),
        scores=_scores_apart(a, b),
    )


def _moves(trail: Trail, after: int) -> list[tuple[StoredEvent, ...]]:
    return [g for g in trail.decisions() if g[0].seq > after and g[0].actor != SYSTEM]


Alike = Callable[[StoredEvent, StoredEvent], bool]


def _alike(revealed: tuple[Revealed, Revealed], *, chained: bool) -> Alike:
    """Are two events the same as far as a spectator can tell? Revealed in both games, they
    are compared by hash when ``chained`` (the same history up to them), else by actor and
    command (the same decision, whatever came before)."""

    def alike(mine: StoredEvent, theirs: StoredEvent) -> bool:
        if revealed[0](mine.seq) and revealed[1](theirs.seq):
            if chained:
                return mine.hash == theirs.hash
            return (mine.actor, mine.command) == (theirs.actor, theirs.command)
        if (mine.type, mine.actor) != (theirs.type, theirs.actor):
            return False
        # public by its visibility, not by being revealed: a fork copies its finished
        # parent's events, revealed in the parent while still hidden in the live fork
        shown = (can_see(mine.visibility, None), can_see(theirs.visibility, None))
        if shown != (True, True):
            return shown == (False, False)
        return (mine.payload, mine.visibility) == (theirs.payload, theirs.visibility)

    return alike


def _moves_apart(
    store: Store, a: Trail, b: Trail, common: int, alike: Alike
) -> list[dict[str, Any]]:
    apart = []
    pairs = zip_longest(_moves(a, common), _moves(b, common))
    for number, (mine, theirs) in enumerate(pairs, start=1):
        if _same_move(alike, mine, theirs):
            continue
        apart.append({"move": number, "a": _move(store, a, mine), "b": _move(store, b, theirs)})
    return apart


def _same_move(
    alike: Alike, mine: tuple[StoredEvent, ...] | None, theirs: tuple[StoredEvent, ...] | None
) -> bool:
    """The same decision as a spectator can tell (its command is read only once revealed)."""
    if mine is None or theirs is None:
        return False
    return alike(mine[0], theirs[0])


def _move(store: Store, trail: Trail, group: tuple[StoredEvent, ...] | None) -> Any:
    if group is None:
        return None
    first = group[0]
    told = {"seq": first.seq, "actor": first.actor, "type": first.type}
    if not visible_to(store, trail.game, None)(first):
        return {**told, "text": "(hidden)"}
    ruleset = ruleset_for(trail.game)
    event = event_from_record(ruleset, first.type, first.schema_version, first.payload)
    return {**told, "text": ruleset.describe(event)}


def _scores_apart(a: Trail, b: Trail) -> list[dict[str, Any]]:
    """Each seat's score at the end of each game (running, for one still live)."""
    totals = []
    for trail in (a, b):
        state = state_at(ruleset_for(trail.game), trail, len(trail.events))
        scores = running_scores(ruleset_for(trail.game), state) or []
        totals.append({s["seat"]: s["total"] for s in scores})
    seats = sorted(set(totals[0]) | set(totals[1]))
    return [{"seat": s, "a": totals[0].get(s), "b": totals[1].get(s)} for s in seats]


def _told(store: Store, trail: Trail, seq: int) -> dict[str, Any] | None:
    if seq > len(trail.events):
        return None
    stored = trail.events[seq - 1]
    if not visible_to(store, trail.game, None)(stored):
        return {"seq": seq, "type": stored.type, "actor": stored.actor, "text": "(hidden)"}
    step = replay_steps(trail, start=seq, stop=seq, store=store)
    return step[0].to_json() if step else None
