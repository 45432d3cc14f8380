"""Peloponnes: build a civilization of lands and buildings, feed it, survive its disasters.

The base game (reconstructed in shared/rules/peloponnes-reference.md) and its expansion
(sea tiles, six seats, the special buildings). Importing this package registers the ruleset
as ``peloponnes``.
"""

from __future__ import annotations

from domain.core import EACH, GameType, Hidden, Players, Presentation, Rules, Ruleset, registry
from domain.games.peloponnes.bots import greedy_bot, random_bot
from domain.games.peloponnes.commands import COMMAND_TYPES, SYSTEM_COMMAND_TYPES, Command
from domain.games.peloponnes.content import load, packs
from domain.games.peloponnes.content.model import MAX_SEATS
from domain.games.peloponnes.decider import decide, evolve, step
from domain.games.peloponnes.describe import describe
from domain.games.peloponnes.events import EVENT_TYPES, ChitsDrawn, Event, TilesRevealed
from domain.games.peloponnes.flow import system_command, to_act
from domain.games.peloponnes.length import longest
from domain.games.peloponnes.options import options
from domain.games.peloponnes.render import LEGEND, render
from domain.games.peloponnes.rules import legal_commands
from domain.games.peloponnes.scoring import result, scores
from domain.games.peloponnes.setup import begin, forget, reshuffle
from domain.games.peloponnes.state import Game
from domain.games.peloponnes.views import PeloponnesView, secrets, view, visibility
from domain.games.peloponnes.wire import content_json

RULESET_ID = "peloponnes"
REVEALING = (TilesRevealed, ChitsDrawn)
"""Public facts that turn up tiles or chits from face-down piles: no takeback reaches past."""
RULES_VERSION = "1"

RULES: Rules[Game, Command, Event] = Rules(
    initial_state=Game(),
    command_types=COMMAND_TYPES,
    event_types=EVENT_TYPES,
    begin=begin,
    decide=decide,
    evolve=evolve,
    reshuffle=reshuffle,
    is_terminal=lambda game: game.phase == "over",
    system_command=system_command,
    system_command_types=SYSTEM_COMMAND_TYPES,
    forget=forget,
    step=step,
)

RULESET: Ruleset[Game, Command, Event] = Ruleset(
    id=RULESET_ID,
    title="Peloponnes",
    rules_version=RULES_VERSION,
    # one seat at a time throughout: bids, displacements and every pending decision; the
    # stacks' and chits' orders are hidden from every seat alike, so no seat holds a secret
    # every phase is bounded by the rules themselves (length.py)
    game_type=GameType(
        dynamics="sequential",
        information="perfect",
        min_seats=1,
        max_seats=MAX_SEATS,
        longest=longest(packs()),
    ),
    options=options(load()),
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
        content=content_json,
        secrets=secrets,
        hidden=(Hidden(("stacks", EACH)), Hidden(("chit_pile",))),
        view_type=PeloponnesView,
        legend=LEGEND,
        reveals=lambda event: isinstance(event, REVEALING),
        drawing=f"{__name__}.drawing:PAINTER",
    ),
    players=Players(
        to_act=to_act,
        legal_commands=legal_commands,
        moves_this_round=lambda game, seat: game.moves[seat] if game.moves else 0,
        bots={"random": random_bot, "greedy": greedy_bot},
    ),
)

registry.register(RULESET)

__all__ = ["RULES", "RULESET", "RULESET_ID", "RULES_VERSION"]
