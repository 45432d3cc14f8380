"""Peninsula: draw icons on your own island, reach landmarks and fulfil missions.

Importing this package registers the ruleset as ``peninsula``.
"""

from __future__ import annotations

from domain.core import Ruleset, registry
from domain.games.peninsula.bots import greedy_bot, random_bot
from domain.games.peninsula.commands import COMMAND_TYPES, Command
from domain.games.peninsula.content import load
from domain.games.peninsula.decider import decide, evolve
from domain.games.peninsula.describe import describe
from domain.games.peninsula.events import EVENT_TYPES, Event
from domain.games.peninsula.render import render
from domain.games.peninsula.rules import legal_commands
from domain.games.peninsula.scoring import result
from domain.games.peninsula.setup import MAX_SEATS, RULES_VERSION, RULESET_ID, options
from domain.games.peninsula.state import Game
from domain.games.peninsula.views import secrets, to_act, view, visibility

RULESET: Ruleset[Game, Command, Event] = Ruleset(
    id=RULESET_ID,
    title="Peninsula",
    rules_version=RULES_VERSION,
    content_hash=load().content_hash,
    min_seats=1,
    max_seats=MAX_SEATS,
    options=options(load()),
    command_types=COMMAND_TYPES,
    event_types=EVENT_TYPES,
    initial_state=Game(),
    decide=decide,
    evolve=evolve,
    legal_commands=legal_commands,
    view=view,
    to_act=to_act,
    is_terminal=lambda game: game.phase == "over",
    result=result,
    visibility=visibility,
    secrets=secrets,
    describe=describe,
    render=render,
    bots={"random": random_bot, "greedy": greedy_bot},
)

registry.register(RULESET)

__all__ = ["RULESET"]
