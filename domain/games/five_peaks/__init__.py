"""Five Peaks: a deck-building hike over a growing board of terrain tiles, with peaks to
discover, stones to build, panoramas to collect and campfire cards.

Importing this package registers the ruleset as ``five-peaks``, for 2 to 5 seats
(docs/rules/five-peaks.md; the optional 1-seat practice game is not offered), in every rules
version a recorded game may have been created under (docs/rules-versions.md):

* version 1, the first release, as its games were recorded;
* version 2: a "twice" card's second move cannot reenter a space the pawn occupied earlier
  in the turn, an exchange is refused when the bank has none of what it trades for, and the
  platform's turn limit never cuts the final round short.
"""

from __future__ import annotations

from dataclasses import replace

from domain.core import (
    EACH,
    PLATFORM_OPTIONS,
    SEAT,
    GameType,
    Hidden,
    Players,
    Presentation,
    Rules,
    Ruleset,
    registry,
)
from domain.games.five_peaks.bots import greedy_bot, random_bot
from domain.games.five_peaks.commands import COMMAND_TYPES, Command
from domain.games.five_peaks.content import packs
from domain.games.five_peaks.content.view import content_view
from domain.games.five_peaks.decider import decide, step
from domain.games.five_peaks.describe import describe
from domain.games.five_peaks.events import EVENT_TYPES, Event
from domain.games.five_peaks.evolve import evolve
from domain.games.five_peaks.length import longest
from domain.games.five_peaks.render import LEGEND, render
from domain.games.five_peaks.rules import legal_commands
from domain.games.five_peaks.scoring import result, scores
from domain.games.five_peaks.setup import (
    MAX_SEATS,
    MIN_SEATS,
    RULESET_ID,
    begin,
    forget,
    reshuffle,
)
from domain.games.five_peaks.state import Game
from domain.games.five_peaks.views import (
    FivePeaksView,
    reveals,
    secrets,
    to_act,
    view,
    visibility,
)

HIDDEN = (
    Hidden(("terrain_stack",)),
    Hidden(("peak_piles", EACH)),
    Hidden(("deck",), pool="hiking"),
    Hidden(("hikers", SEAT, "hand"), pool="hiking"),
    Hidden(("fire_deck",), pool="campfire"),
    Hidden(("hikers", SEAT, "drawn"), pool="campfire"),
)
"""Every face-down order, a seat's hand and its campfire draw (views.py says why)."""

RULES: Rules[Game, Command, Event] = Rules(
    initial_state=Game(),
    command_types=COMMAND_TYPES,
    event_types=EVENT_TYPES,
    begin=begin,
    decide=decide,
    evolve=evolve,
    reshuffle=reshuffle,
    is_terminal=lambda game: game.phase == "over",
    forget=forget,
    step=step,
)

FIRST: Ruleset[Game, Command, Event] = Ruleset(
    id=RULESET_ID,
    title="Five Peaks",
    rules_version="1",
    # the turn limit and the cap on a turn's facts bound a game (length.py)
    game_type=GameType(
        dynamics="sequential",
        information="imperfect",
        min_seats=MIN_SEATS,
        max_seats=MAX_SEATS,
        longest=longest("1"),
    ),
    options=PLATFORM_OPTIONS,
    packs=packs(),
    rules=RULES,
    presentation=Presentation(
        view=view,
        visibility=visibility,
        phase=lambda game: game.phase,
        scores=scores,
        result=result,
        describe=describe,
        render=render,
        content=content_view,
        secrets=secrets,
        hidden=HIDDEN,
        view_type=FivePeaksView,
        legend=LEGEND,
        reveals=reveals,
        drawing=f"{__name__}.drawing:PAINTER",
    ),
    players=Players(
        to_act=to_act,
        legal_commands=legal_commands,
        moves_this_round=lambda game, seat: game.moves if seat == game.turn else 0,
        bots={"random": random_bot, "greedy": greedy_bot},
    ),
)

RULESET: Ruleset[Game, Command, Event] = replace(
    FIRST,
    rules_version="2",
    # a triggered final round is played past the turn limit: one more turn per seat
    game_type=replace(FIRST.game_type, longest=longest("2")),
)

for version in (FIRST, RULESET):
    registry.register(version)

__all__ = ["FIRST", "RULESET"]
