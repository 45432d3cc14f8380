"""Bots: seeded games finish; the greedy bot reaches peaks, places stones, buys panoramas in
rank order and brings the end about (issue: "The greedy bot plays a believable game")."""

from __future__ import annotations

from functools import cache

import pytest

from domain.games.five_peaks import RULESET
from domain.games.five_peaks.content import load
from domain.games.five_peaks.events import EndTriggered, PanoramaBought, PeakPlaced, StonePlaced
from tests.support.play import Playthrough, play


@cache
def game(seats: int, bot: str) -> Playthrough:
    through = Playthrough(RULESET)
    through.steps.extend(play(RULESET, seats, label=f"five-peaks-bots:{seats}:{bot}", bot=bot))
    return through


def test_a_greedy_game_reaches_peaks_places_stones_and_ends():
    events = game(2, "greedy").events
    assert any(isinstance(e, PeakPlaced) for e in events)
    assert sum(isinstance(e, StonePlaced) for e in events) >= 5
    assert any(isinstance(e, EndTriggered) for e in events)
    assert RULESET.result(game(2, "greedy").final) is not None


def test_greedy_buys_panoramas_in_rank_order():
    pack = load()
    ranks: dict[int, list[int]] = {}
    for e in game(2, "greedy").events:
        if isinstance(e, PanoramaBought):
            ranks.setdefault(e.seat, []).append(pack.panoramas[e.card].rank)
    assert ranks and all(r == list(range(1, len(r) + 1)) for r in ranks.values())
    assert max(len(r) for r in ranks.values()) >= 3


@pytest.mark.parametrize("seats", [3, 5])
def test_random_games_finish(seats):
    final = game(seats, "random").final
    result = RULESET.result(final)
    assert result is not None and len(result.scores) == seats
