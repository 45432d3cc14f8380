"""Peninsula: draw icons on your own island, reach landmarks and fulfil missions.

Importing this package registers the ruleset as ``peninsula``, in every rules version a
recorded game may have been created under (docs/rules-versions.md):

* version 1, the first release: the last seat to end its actions also ran the
  administration phase and the end of the game, under its own name;
* version 2: those are the system's decisions (``EndRound``, ``EndGame``), the platform's
  ``max_commands_per_round`` option applies, a seat names the hex a Train Tunnel or
  Swimmer move passes through, and new games get the rebalanced mission values.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import cast

from domain.core import (
    PLATFORM_OPTIONS,
    GameType,
    Hidden,
    Players,
    Presentation,
    Rules,
    Ruleset,
    registry,
)
from domain.games.peninsula.bots import greedy_bot, random_bot
from domain.games.peninsula.commands import COMMAND_TYPES, SYSTEM_COMMAND_TYPES, Command
from domain.games.peninsula.companion import greedy_companion
from domain.games.peninsula.content import packs
from domain.games.peninsula.content.view import content_view
from domain.games.peninsula.decider import decide, evolve
from domain.games.peninsula.describe import describe
from domain.games.peninsula.events import (
    EVENT_TYPES,
    CardRevealed,
    CardsFlipped,
    Event,
    StackTopShown,
)
from domain.games.peninsula.length import longest
from domain.games.peninsula.render import LEGEND, render
from domain.games.peninsula.rounds import system_command, to_act
from domain.games.peninsula.rules import legal_commands
from domain.games.peninsula.scoring import result, scores
from domain.games.peninsula.setup import MAX_SEATS, RULESET_ID, begin, forget, options, reshuffle
from domain.games.peninsula.state import Game
from domain.games.peninsula.transitions import moves_this_round
from domain.games.peninsula.views import PeninsulaView, secrets, view, visibility

RULES: Rules[Game, Command, Event] = Rules(
    initial_state=Game(),
    command_types=COMMAND_TYPES,
    event_types=EVENT_TYPES,
    begin=begin,
    # version 1's decisions may also reveal the seed, a lifecycle fact the composed evolve
    # applies (events.Fact); the game's own evolve never sees it
    decide=cast(Callable[[Game, Command], tuple[Event, ...]], decide),
    evolve=evolve,
    reshuffle=reshuffle,
    is_terminal=lambda game: game.phase == "over",
    system_command=system_command,
    system_command_types=SYSTEM_COMMAND_TYPES,
    forget=forget,
)

REVEALING = (CardRevealed, StackTopShown, CardsFlipped)
"""Public facts that turn up a card from the face-down pile: no takeback reaches past them."""

PRESENTATION: Presentation[Game, Event] = Presentation(
    view=view,
    visibility=visibility,
    phase=lambda game: game.phase,
    scores=scores,
    result=result,
    describe=describe,
    render=render,
    content=content_view,
    secrets=secrets,
    hidden=(Hidden(("pile",)),),
    view_type=PeninsulaView,
    legend=LEGEND,
    reveals=lambda event: isinstance(event, REVEALING),
    drawing=f"{__name__}.drawing:PAINTER",
)

PLAYERS: Players[Game, Command] = Players(
    to_act=to_act,
    legal_commands=legal_commands,
    moves_this_round=moves_this_round,
    bots={"random": random_bot, "greedy": greedy_bot},
    # the greedy bot's sheets kept flat along a rollout, where that pays (companion.py)
    companions={"greedy": greedy_companion},
)

FIRST: Ruleset[Game, Command, Event] = Ruleset(
    id=RULESET_ID,
    title="Peninsula",
    rules_version="1",
    # the draft is one active seat's; the action phase is every seat's at once; the pile's
    # order is hidden from every seat alike (chance), and no seat holds a secret of its own
    game_type=GameType(dynamics="mixed", information="perfect", min_seats=1, max_seats=MAX_SEATS),
    options=options(packs()[0]),
    packs=packs()[:1],
    rules=RULES,
    presentation=PRESENTATION,
    players=PLAYERS,
    # the last seat to end its actions also ran the end of the game and revealed the seed
    game_reveals_seed=True,
)

RULESET: Ruleset[Game, Command, Event] = replace(
    FIRST,
    rules_version="2",
    # version 1 has no bound (free arrow moves); version 2's cap on a round's moves gives
    # one, derived in length.py
    game_type=replace(FIRST.game_type, longest=longest(packs())),
    game_reveals_seed=False,
    options=(*options(packs()[-1]), *PLATFORM_OPTIONS),
    packs=packs(),
)

for version in (FIRST, RULESET):
    registry.register(version)

__all__ = ["FIRST", "RULESET"]
