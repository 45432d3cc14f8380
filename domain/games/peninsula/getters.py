"""The state's computed attributes as compiled functions: property getters, and the bodies of
the sheet's derived sets.

``state.py`` stays interpreted (its instances are copied through ``__dict__``), so a Python
property there runs a Python frame at every read, even from compiled code; the greedy bot
reads ``Game.map`` hundreds of times a rollout. A property whose getter is compiled here
(``cairn compile``) reads without one. A method cannot take a compiled function (it would
not bind ``self``), so the sheet's ``unused_landmarks`` and ``available_tickets`` call the
functions below, and compiled callers call them directly. Nothing here imports the state:
``state.py`` imports this module.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from domain.games.peninsula.content import MapSpec

if TYPE_CHECKING:
    from domain.games.peninsula.state import Sheet


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
