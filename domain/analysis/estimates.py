"""What many rollouts say of a position: each seat's win share and mean final score, with
95% confidence intervals."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from domain.analysis.rollouts import Playout

Z = 1.959964
"""The normal quantile of a two-sided 95% interval."""
DIGITS = 4


@dataclass(frozen=True)
class SeatEstimate:
    """One seat's prospects from a position: ``win`` is its share of the wins (a tie for
    first splits the win among the tied seats), ``score`` its mean final score, each with
    the bounds of a 95% interval."""

    seat: int
    win: float
    win_low: float
    win_high: float
    score: float
    score_low: float
    score_high: float

    def to_json(self) -> dict[str, float | int]:
        return {
            "seat": self.seat,
            "win": self.win,
            "win_low": self.win_low,
            "win_high": self.win_high,
            "score": self.score,
            "score_low": self.score_low,
            "score_high": self.score_high,
        }


def win_shares(playout: Playout) -> tuple[float, ...]:
    """Each seat's share of this rollout's win: 1 for a sole winner, 1/k for k tied first."""
    first = sum(1 for rank in playout.ranks if rank == 1)
    return tuple(1.0 / first if rank == 1 else 0.0 for rank in playout.ranks)


def estimate(playouts: Sequence[Playout], seats: int) -> tuple[SeatEstimate, ...]:
    """Each seat's estimate over ``playouts`` (none: every value 0 with the widest bounds)."""
    shares = [win_shares(p) for p in playouts]
    return tuple(
        _seat(seat, [s[seat] for s in shares], [p.scores[seat] for p in playouts])
        for seat in range(seats)
    )


def _seat(seat: int, shares: list[float], scores: list[int]) -> SeatEstimate:
    n = len(scores)
    if n == 0:
        return SeatEstimate(seat, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0)
    win = sum(shares) / n
    low, high = wilson(win, n)
    mean = sum(scores) / n
    spread = _half_width(scores, mean)
    return SeatEstimate(
        seat,
        round(win, DIGITS),
        round(low, DIGITS),
        round(high, DIGITS),
        round(mean, DIGITS),
        round(mean - spread, DIGITS),
        round(mean + spread, DIGITS),
    )


def wilson(share: float, n: int) -> tuple[float, float]:
    """Wilson's score interval: unlike the normal one it stays inside [0, 1] and is not
    empty when every rollout agrees (a decided position gives [0.96, 1] at n = 100)."""
    z2 = Z * Z
    centre = share + z2 / (2 * n)
    margin = Z * math.sqrt(max(share * (1 - share), 0.0) / n + z2 / (4 * n * n))
    scale = 1 + z2 / n
    return max(0.0, (centre - margin) / scale), min(1.0, (centre + margin) / scale)


def _half_width(scores: list[int], mean: float) -> float:
    """The normal interval's half width of a mean (Student's t is not worth it past n=30;
    below, the interval is a little narrow, and said so in docs/analysis.md)."""
    n = len(scores)
    if n < 2:
        return 0.0
    variance = sum((s - mean) ** 2 for s in scores) / (n - 1)
    return Z * math.sqrt(variance / n)
