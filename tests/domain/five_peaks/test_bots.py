"""Bots: seeded games finish; the greedy bot reaches peaks, places stones, buys panoramas in
rank order and brings the end about (issue: "The greedy bot plays a believable game")."""

from __future__ import annotations

from functools import cache

from domain.games.five_peaks import RULESET
from domain.games.five_peaks.content import load
from domain.games.five_peaks.events import EndTriggered, PanoramaBought, PeakPlaced, StonePlaced
from tests.support.play import Playthrough, play


@cache
def game(seats: int, bot: str) -> Playthrough:
    through = Playthrough(RULESET)
    # a seed whose greedy game ends by the rules; some greedy games wander until the
    # 100-turns-per-seat limit instead (docs/rules/five-peaks.md, End and Bots)
    through.steps.extend(play(RULESET, seats, label="try0", bot=bot))
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


def test_the_random_bot_plays_legal_commands_and_sometimes_not_the_greedy_one():
    """Random games are played to their end by the conformance suite (2 and 4 seats)."""
    from domain.core import Luck
    from domain.games.five_peaks.bots import greedy_bot, random_bot
    from domain.games.five_peaks.rules import legal_commands

    state = game(2, "greedy").steps[40].state
    seat = min(RULESET.to_act(state))
    picks = {random_bot(state, seat, Luck("ab" * 32).stream(str(n))) for n in range(40)}
    assert picks <= set(legal_commands(state, seat)) and len(picks) > 1
    assert greedy_bot(state, seat, Luck("ab" * 32)) in picks
