"""Move hints: the acting seat's commands at a position, each scored by rollouts.

A command is scored by the rollouts that play it first and let the bot finish the game, on
the same redrawn worlds for every command (``playouts``), so their differences are the
commands' and not the luck's. Best first: the seat's win share, then its mean score.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from domain.analysis.estimates import SeatEstimate, estimate
from domain.analysis.rollouts import Playout, derived_seed
from domain.core import Luck, Ruleset, Seat

BOT_LOOKS = 4
"""How many draws of the bot's own luck, per candidate wanted, to collect its favourites."""


@dataclass(frozen=True)
class Hint:
    command: Any
    estimate: SeatEstimate
    """The acting seat's prospects after this command."""
    rollouts: int
    refused: int
    """Rollouts in whose redrawn world this command was not legal (so not counted)."""
    played: bool


def candidates(
    ruleset: Ruleset[Any, Any, Any],
    state: Any,
    seat: Seat,
    *,
    bot: str,
    top: int,
    seed: str,
    played: Any | None = None,
) -> tuple[Any, ...]:
    """The commands worth scoring: every legal one if there are at most ``top``; else the
    bot's own ordering, its choices under several draws of its luck in the order it first
    made them, filled up from the legal list. The played command is always among them."""
    legal = ruleset.legal_commands(state, seat)
    if len(legal) <= top:
        return legal
    chosen: list[Any] = []
    choose = ruleset.bots[bot]
    for look in range(top * BOT_LOOKS):
        if len(chosen) >= top:
            break
        pick = choose(state, seat, Luck(derived_seed(seed, "candidates", look)))
        if pick not in chosen:
            chosen.append(pick)
    for command in legal:
        if len(chosen) >= top:
            break
        if command not in chosen:
            chosen.append(command)
    if played is not None and played in legal and played not in chosen:
        chosen.append(played)
    return tuple(chosen)


def rank_hints(
    scored: Sequence[tuple[Any, Sequence[Playout], int]],
    seat: Seat,
    seats: int,
    played: Any | None = None,
) -> list[Hint]:
    """``(command, its playouts, refused)`` as hints, best first for ``seat``; ties keep the
    candidates' order (the bot's favourites first)."""
    hints = [
        Hint(command, estimate(done, seats)[seat], len(done), refused, command == played)
        for command, done, refused in scored
    ]
    order = sorted(
        range(len(hints)), key=lambda i: (-hints[i].estimate.win, -hints[i].estimate.score, i)
    )
    return [hints[i] for i in order]
