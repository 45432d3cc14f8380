"""The state's computed attributes as compiled functions, each its class's property getter.

``state.py`` stays interpreted (its instances are copied through ``__dict__``), so a Python
property there runs a Python frame at every read, even from compiled code; the greedy bot
reads ``Game.map`` hundreds of times a rollout. A property whose getter is compiled here
(``cairn compile``) reads without one. Nothing here imports the state: ``state.py`` imports
this module.
"""

from __future__ import annotations

from typing import Any

from domain.games.peninsula.content import MapSpec


def spec_of(game: Any) -> MapSpec:
    """``Game.map``: the map of a game set up; a game not yet set up has none."""
    spec: MapSpec | None = game.spec
    if spec is None:
        raise ValueError("the game has not been set up")
    return spec
