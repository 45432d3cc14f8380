"""What the platform asks of a state at every decision: what the system must decide now,
whether the game is over, and which seats act.

``Ruleset`` answers these with the functions here (its methods of the same names delegate):
``ruleset.py`` is left interpreted (a generic dataclass), and a rollout asks the three at
every decision, so compiled (``cairn compile``) they run as C, and ``play_out`` calls them
directly rather than through the interpreted methods.
"""

from __future__ import annotations

from typing import Any

from domain.core import liveplay
from domain.core.contract import Seat
from domain.core.lifecycle import RevealSeed


def system_command(ruleset: Any, state: Any) -> Any | None:
    """What the system must decide now: the game's own due command, else the seed's
    reveal once the game is over; None while only seats (or nobody) can act."""
    if not state.is_set_up:
        return None
    if state.live.ending is None:
        due = ruleset.rules.system_command(state)
        if due is not None:
            return due
    if liveplay.is_over(ruleset, state) and not state.seed_revealed:
        return RevealSeed()
    return None


def is_terminal(ruleset: Any, state: Any) -> bool:
    """Over, and audit-ready: the game ended (by its rules, or resigned, timed out or
    abandoned) and its seed is public."""
    return liveplay.is_over(ruleset, state) and bool(state.seed_revealed)


def to_act(ruleset: Any, state: Any) -> frozenset[Seat]:
    """The seats that must act now: none once live play has ended the game."""
    if state.live.ending is not None:
        return frozenset()
    seats: frozenset[Seat] = ruleset.players.to_act(state)
    return seats
