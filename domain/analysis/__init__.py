"""Analysis of positions by rollouts: pure functions over a ruleset, its bots and its luck.

Nothing here reads a clock, counts cores or draws real randomness: every rollout's luck is
derived from an analysis seed, so the same seed gives the same numbers (docs/analysis.md).
Orchestration (which points, processes, jobs, caching) is ``service.analysis``.
"""

from domain.analysis.estimates import SeatEstimate, estimate, win_shares
from domain.analysis.hints import Hint, candidates, rank_hints
from domain.analysis.rollouts import (
    NoRollout,
    Playout,
    derived_seed,
    play_out,
    playouts,
    reshuffled,
)

__all__ = [
    "Hint",
    "NoRollout",
    "Playout",
    "SeatEstimate",
    "candidates",
    "derived_seed",
    "estimate",
    "play_out",
    "playouts",
    "rank_hints",
    "reshuffled",
    "win_shares",
]
