"""The ``Table``'s computed attributes as compiled functions, each a property's getter.

``lifecycle.py`` stays interpreted (``ClassVar``s in its dataclasses), so a Python property
there runs a Python frame at every read, even from compiled code; the platform asks
``Table.is_set_up`` at every decision of a rollout. A property whose getter is compiled here
(``cairn compile``) reads without one. Nothing here imports the lifecycle, which imports
this module.
"""

from __future__ import annotations

from typing import Any


def is_set_up(table: Any) -> bool:
    """``Table.is_set_up``: the game has its seats."""
    seats: int = table.seats
    return seats > 0
