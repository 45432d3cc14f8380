"""The bots: both play only legal commands; the greedy bot beats the random one clearly."""

from __future__ import annotations

import statistics

from domain.core import Luck
from domain.games.peloponnes import RULESET
from domain.games.peloponnes.events import Fed
from tests.domain.peloponnes.play import decisions, play, seed_for


def test_both_bots_are_registered_and_play_legal_commands():
    assert set(RULESET.bots) == {"random", "greedy"}
    state = None
    for step in decisions(3, ("greedy", "random", "greedy"), "bots-legal", {"sea_tiles": True}):
        if step.seat is not None:
            assert step.command in RULESET.legal_commands(state, step.seat)
        state = step.state


def test_the_greedy_bot_is_deterministic():
    first = [d.command for d in decisions(2, "greedy", "bots-same")]
    second = [d.command for d in decisions(2, "greedy", "bots-same")]
    assert first == second


def test_the_greedy_bot_beats_the_random_bot_clearly():  # issue: "beat the random bot clearly"
    wins = 0
    greedy_scores, random_scores = [], []
    games = 12
    for n in range(games):
        seats = 2 + n % 3
        bots = tuple("greedy" if s == n % seats else "random" for s in range(seats))
        game, _ = play(seats, bots, f"bots-versus-{n}")
        result = RULESET.presentation.result(game)
        assert result is not None
        greedy = n % seats
        wins += result.ranks[greedy] == 1
        greedy_scores.append(result.scores[greedy])
        random_scores += [s for i, s in enumerate(result.scores) if i != greedy]
    assert wins >= 9, f"greedy won {wins} of {games}"
    assert statistics.mean(greedy_scores) > 2 * statistics.mean(random_scores)


def test_the_greedy_bot_feeds_its_people_better_than_the_random_bot():
    starved = {"greedy": 0, "random": 0}
    for n in range(6):
        for bot in starved:
            _, events = play(1, bot, f"bots-food-{n}")
            starved[bot] += sum(e.starved for e in events if isinstance(e, Fed))
    assert starved["greedy"] < starved["random"]


def test_a_bot_refuses_to_act_for_a_seat_with_nothing_to_do():
    game, _ = play(1, "greedy", "bots-over")
    for name, bot in RULESET.bots.items():
        try:
            bot(game, 0, Luck(seed_for(name)))
        except ValueError:
            continue
        raise AssertionError(f"{name} acted in a finished game")
