"""The state's computed attributes and small queries as compiled functions.

``state.py`` stays interpreted (its instances are copied through ``__dict__``), so a Python
property or method there runs a Python frame at every call, even from compiled code; the
greedy bot reads ``Game.map`` hundreds of times a rollout. A property whose getter is
compiled here (``cairn compile``) reads without one. A method cannot take a compiled
function (it would not bind ``self``), so ``Sheet.unused_landmarks``, ``available_tickets``
and ``holds`` and ``Game.mission`` call the functions below, and compiled callers call them
directly. Nothing here imports the state at run time: ``state.py`` imports this module.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from domain.games.peninsula.cards import Icon
from domain.games.peninsula.content import MapSpec, MissionSpec
from domain.games.peninsula.hexes import Hex

if TYPE_CHECKING:
    from domain.games.peninsula.state import Game, Sheet


def spec_of(game: Any) -> MapSpec:
    """``Game.map``: the map of a game set up; a game not yet set up has none."""
    spec: MapSpec | None = game.spec
    if spec is None:
        raise ValueError("the game has not been set up")
    return spec


def unused_landmarks(sheet: Sheet) -> frozenset[int]:
    """``Sheet.unused_landmarks``: the landmarks unlocked whose bonus is not yet spent."""
    return sheet.landmarks - sheet.used_landmarks


def available_tickets(sheet: Sheet) -> frozenset[str]:
    """``Sheet.available_tickets``: the tickets unlocked and not yet used."""
    return sheet.tickets - sheet.used_tickets


def holds(sheet: Sheet, icon: Icon) -> frozenset[Hex]:
    """``Sheet.holds``: hexes holding ``icon``, filled or not (cliffs share a hex with another
    icon)."""
    if icon == "cliffs":
        return frozenset(sheet.cliffs)
    return frozenset(h for h, i in sheet.icons.items() if i == icon)


def mission(game: Game, letter: str) -> MissionSpec | None:
    """``Game.mission``: the game's mission of that letter, if it has one."""
    return next((m for m in game.missions if m.letter == letter), None)
