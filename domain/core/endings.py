"""The result of a game the platform ended, or one that went on after a seat left.

A resigned or forfeited game ends with the seats still playing ranked first; an abandoned
one with no winner (every rank 0, "unranked"); a game whose rules ended it after seats left
ranks those seats below every other (docs/live-play.md).
"""

from __future__ import annotations

import dataclasses
from typing import Any

from domain.core.contract import Result, ranks_for
from domain.core.live import Live, verdict_of


def result(ruleset: Any, state: Any) -> Result | None:
    """The result of a finished game, with the platform's ending taken into account."""
    live: Live = state.live
    if live.ending is None:
        ruled: Result | None = ruleset.presentation.result(state)
        if ruled is None or not live.last:
            return ruled
        ranks = _ranks_with_last(ruled.scores, live.last)
        verdict = {**ruled.verdict, "out": sorted(live.out)}
        return dataclasses.replace(ruled, ranks=ranks, verdict=verdict)
    scores = ruleset.presentation.scores(state)
    totals = tuple(s.total for s in scores)
    breakdown = tuple(dict(s.breakdown) for s in scores)
    verdict = {**verdict_of(live), "out": sorted(live.out)}
    if live.ending == "abandoned":
        # No winner: rank 0 is "unranked" (docs/live-play.md).
        return Result(totals, (0,) * state.seats, breakdown, {**verdict, "winner": None})
    ranks = tuple(2 if seat in live.out else 1 for seat in range(state.seats))
    winners = [seat for seat, rank in enumerate(ranks) if rank == 1]
    return Result(totals, ranks, breakdown, {**verdict, "winner": winners[0] if winners else None})


def _ranks_with_last(scores: tuple[int, ...], last: frozenset[int]) -> tuple[int, ...]:
    """Seats still playing ranked by score among themselves; those out below them all."""
    staying = tuple(s for i, s in enumerate(scores) if i not in last)
    leaving = tuple(s for i, s in enumerate(scores) if i in last)
    ahead = iter(ranks_for(staying))
    behind = iter(r + len(staying) for r in ranks_for(leaving))
    return tuple(next(behind) if i in last else next(ahead) for i in range(len(scores)))
