"""Rollouts, estimates and hints, on positions folded in memory (no database)."""

from __future__ import annotations

import dataclasses
import hashlib
import itertools
from typing import Any

import pytest

from domain.analysis import (
    Playout,
    candidates,
    estimate,
    playouts,
    rank_hints,
    reshuffled,
    win_shares,
)
from domain.analysis.estimates import wilson
from domain.analysis.rollouts import play_out
from domain.core import Luck, Ruleset, SetUp, registry
from domain.core.contract import nothing_to_forget
from tests.support.counting import Add, Draw
from tests.support.rulesets import newest

SEED = "9d" * 32


def opened(ruleset: Ruleset[Any, Any, Any], seed: str = SEED, **setup: Any) -> Any:
    command = SetUp(seats=2, seed=seed, options={}, setup=setup or None, content=None)
    return ruleset.fold(ruleset.decide(ruleset.initial_state, command))


def played(
    ruleset: Ruleset[Any, Any, Any], bots: tuple[str, str], seed: str = SEED
) -> list[tuple[Any, int, Any]]:
    """Every seat decision of a bot game: (state before it, seat, command)."""
    state, decisions = opened(ruleset, seed), []
    while True:
        due = ruleset.system_command(state)
        if due is None:
            if ruleset.is_terminal(state):
                return decisions
            seat = min(ruleset.to_act(state))
            entropy = hashlib.sha256(f"{len(decisions)}".encode()).hexdigest()
            due = ruleset.bots[bots[seat]](state, seat, Luck(entropy))
            decisions.append((state, seat, due))
        state = ruleset.fold(ruleset.decide(state, due), state)


def test_win_shares_split_a_tie_for_first() -> None:
    assert win_shares(Playout((5, 5, 3), (1, 1, 3))) == (0.5, 0.5, 0.0)
    assert win_shares(Playout((2, 7), (2, 1))) == (0.0, 1.0)


def test_an_estimate_holds_its_mean_inside_its_interval() -> None:
    done = [Playout((s, 10 - s), (1, 2) if s > 5 else (2, 1)) for s in (3, 6, 8, 9)]
    first, second = estimate(done, 2)
    assert (first.win, second.win) == (0.75, 0.25)
    assert first.win_low < 0.75 < first.win_high
    assert first.score == 6.5 and first.score_low < 6.5 < first.score_high
    assert wilson(1.0, 100)[1] == 1.0 and 0.96 < wilson(1.0, 100)[0] < 0.97


# Those two games' endgames (a game greedy led throughout is decided at its last seat
# decision) are what this tests, not a property every ruleset shares.
@pytest.mark.parametrize("ruleset_id", ["peninsula", "peloponnes"])
def test_a_decided_position_gives_its_leader_probability_one(ruleset_id: str) -> None:
    ruleset = registry.get(ruleset_id)
    decisions = played(ruleset, ("greedy", "random"))
    state, _, _ = decisions[-1]  # the last decision of a game greedy led throughout
    done, _ = playouts(
        ruleset, state, keep=None, bot="greedy", seed="x", point=1, indices=range(20)
    )
    leader, trailer = estimate(done, 2)
    assert leader.win == 1.0 and leader.win_high == 1.0
    assert trailer.win == 0.0
    assert leader.score > trailer.score


def late(ruleset: Ruleset[Any, Any, Any]) -> Any:
    """A position three quarters through a random game: short rollouts, whatever the game,
    with something still to draw."""
    decisions = played(ruleset, ("random", "random"))
    state, _, _ = decisions[3 * len(decisions) // 4]
    return state


@pytest.mark.parametrize("ruleset", newest(seats=2))
def test_the_same_seed_gives_the_same_rollouts(ruleset: Ruleset[Any, Any, Any]) -> None:
    state = late(ruleset)

    def run(seed: str) -> list[Playout]:
        done, _ = playouts(
            ruleset, state, keep=None, bot="random", seed=seed, point=10, indices=range(4)
        )
        return done

    first, other = run("a"), run("b")
    assert run("a") == first
    if len({*first, *other}) > 1:  # the outcome is not settled: the seed decides it
        assert other != first


def another_world(ruleset: Ruleset[Any, Any, Any], state: Any, keep: int) -> Any:
    """The same position with everything hidden from ``keep`` drawn again from another
    seed, without ``forget``: the real hidden order is read, so this is another world that
    ``keep`` cannot tell from the first (the ruleset's ``reshuffle`` promises as much)."""
    careless = careless_about(ruleset)
    return reshuffled(careless, state, keep, "5a" * 32)


def careless_about(ruleset: Ruleset[Any, Any, Any]) -> Ruleset[Any, Any, Any]:
    """The ruleset with a ``forget`` that forgets nothing."""
    return dataclasses.replace(
        ruleset, rules=dataclasses.replace(ruleset.rules, forget=nothing_to_forget)
    )


@pytest.mark.parametrize("ruleset", newest(seats=2))
def test_rollouts_depend_on_nothing_a_seat_cannot_see(ruleset: Ruleset[Any, Any, Any]) -> None:
    state = late(ruleset)
    other = another_world(ruleset, state, 0)
    assert other != state
    assert ruleset.view(other, 0) == ruleset.view(state, 0)
    assert ruleset.view(other, None) == ruleset.view(state, None)

    def run(world: Any, rules: Ruleset[Any, Any, Any]) -> list[Playout]:
        done, _ = playouts(rules, world, keep=0, bot="random", seed="w", point=6, indices=range(4))
        return done

    assert run(other, ruleset) == run(state, ruleset)
    if ruleset.forget(state, 0) != state:
        # The control, where there is a hidden order to forget: without ``forget`` the
        # reshuffle reads the real order, and the two worlds' rollouts differ.
        careless = careless_about(ruleset)
        assert run(other, careless) != run(state, careless)


def counting_at_eight() -> Any:
    """Counting to 10: seat 0 holds 1, seat 1 holds 6, the count is 8 and seat 0 is to act.
    Adding 2 ends the game at once with seat 0 behind whatever card seat 1 holds (seat 0
    cannot see it, but every other card is higher than 1): a certain loss; drawing, or
    adding 1 and hoping, can still win."""
    ruleset = registry.get("counting", "1")
    state = opened(ruleset, deck=[1, 6, 5, 2, 3, 4, 7, 8, 9])
    for command in (Draw(0), Draw(1), Add(0, 2), Add(1, 2), Add(0, 2), Add(1, 2)):
        state = ruleset.fold(ruleset.decide(state, command), state)
    assert (state.count, state.turn, state.hands) == (8, 0, ((1,), (6,)))
    return ruleset, state


def test_a_known_blunder_is_ranked_last() -> None:
    ruleset, state = counting_at_eight()
    chosen = candidates(ruleset, state, 0, bot="random", top=8, seed="c")
    assert set(chosen) == {Add(0, 1), Add(0, 2), Draw(0)}
    scored = []
    for command in chosen:
        done, refused = playouts(
            ruleset,
            state,
            keep=0,
            bot="random",
            seed="c",
            point=8,
            indices=range(40),
            first=command,
        )
        scored.append((command, done, refused))
    hints = rank_hints(scored, 0, 2, played=Draw(0))
    assert hints[-1].command == Add(0, 2)
    # adding 1 nearly always loses too (seat 1 ends the game next), but not by as much
    assert hints[-1].estimate.win == 0.0 and hints[-1].estimate.score < hints[-2].estimate.score
    assert hints[0].command == Draw(0) and hints[0].played
    assert [h.rollouts for h in hints] == [40, 40, 40]


def test_candidates_past_top_follow_the_bot_and_keep_the_played_command() -> None:
    ruleset, state = counting_at_eight()
    chosen = candidates(ruleset, state, 0, bot="random", top=1, seed="c", played=Add(0, 2))
    assert len(chosen) == 2 and chosen[-1] == Add(0, 2)
    assert chosen[0] in ruleset.legal_commands(state, 0)


@pytest.mark.parametrize("ruleset", newest(seats=2))
def test_forget_changes_nothing_its_seat_can_see(ruleset: Ruleset[Any, Any, Any]) -> None:
    """``Rules.forget`` may only reorder what ``keep`` cannot see: ``keep``'s view and legal
    commands stay as they were, and forgetting twice is forgetting once."""
    decisions = played(ruleset, ("random", "random"))
    for state, _, _ in decisions[:: max(1, len(decisions) // 6)]:
        for keep in (0, 1, None):
            forgotten = ruleset.forget(state, keep)
            assert ruleset.view(forgotten, keep) == ruleset.view(state, keep)
            assert ruleset.forget(forgotten, keep) == forgotten
            if keep is not None:
                assert ruleset.legal_commands(forgotten, keep) == ruleset.legal_commands(
                    state, keep
                )


@pytest.mark.parametrize("ruleset", newest(seats=2))
def test_every_bot_of_every_ruleset_plays_rollouts_to_the_end(
    ruleset: Ruleset[Any, Any, Any],
) -> None:
    state = late(ruleset)
    for bot in sorted(ruleset.bots):
        for keep in (None, 0):
            done, refused = playouts(
                ruleset, state, keep=keep, bot=bot, seed=bot, point=1, indices=range(2)
            )
            assert refused == 0 and len(done) == 2
            assert all(len(p.scores) == len(p.ranks) == 2 and 1 in p.ranks for p in done)


@pytest.mark.parametrize("ruleset", newest(seats=2))
def test_a_bot_s_companion_hears_every_step_and_changes_no_rollout(
    ruleset: Ruleset[Any, Any, Any],
) -> None:
    """``Players.companions``: made once per rollout from its starting state, told each
    step as (the state before, its events, the state after), in order to the end; the
    rollout ends as it does without one."""
    state = late(ruleset)
    bot = sorted(ruleset.bots)[0]
    made: list[Any] = []
    heard: list[tuple[Any, tuple[Any, ...], Any]] = []

    def make(start: Any) -> Any:
        made.append(start)
        return lambda before, events, after: heard.append((before, events, after))

    players = dataclasses.replace(ruleset.players, companions={bot: make})
    listened = dataclasses.replace(ruleset, players=players)
    world = reshuffled(ruleset, state, None, hashlib.sha256(b"companion").hexdigest())
    ending = play_out(listened, world, bot, "bots")
    assert ending == play_out(ruleset, world, bot, "bots")
    assert made == [world] and heard and heard[0][0] is world
    for (_, _, after), (before, _, _) in itertools.pairwise(heard):
        assert before is after
    for before, events, after in heard:
        assert ruleset.fold(events, before) == after
    assert ruleset.is_terminal(heard[-1][2])
    # a companion's maker may say it would not pay: the rollout then plays without one
    players = dataclasses.replace(ruleset.players, companions={bot: lambda start: None})
    assert play_out(dataclasses.replace(ruleset, players=players), world, bot, "bots") == ending
