"""The conformance suite, run over every registered version of every ruleset.

Seeded bot games, checked at every step (``checks.py``): refolding equals live play;
terminal if and only if nothing is legal and nothing is due; legal commands only for the
seats to act, and every one of them accepted; serialisation round trips; the declared game
type matches play; no viewer is shown a secret, derived from the events it may not see;
draws in simultaneous phases do not depend on arrival order. At the end: a result, and the
seed revealed by the system, matching its commitment.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from domain.core import PUBLIC, SYSTEM, RevealSeed, SeedRevealed, commitment
from tests.conformance.checks import Game
from tests.support import counting, sealed, testgames
from tests.support.play import play, seed_for
from tests.support.rulesets import versions

RULESETS = versions()
TEST_GAMES = testgames.found()
"""The test rulesets under tests/support/testgames, which ``versions`` takes in too."""


def _seat_counts(ruleset: Any) -> list[int]:
    counts = {
        ruleset.min_seats,
        min(max(2, ruleset.min_seats), ruleset.max_seats),
        min(4, ruleset.max_seats),
    }
    return sorted(counts)


def _id(ruleset: Any) -> str:
    return f"{ruleset.id}@{ruleset.rules_version}"


CASES = [
    pytest.param(r, seats, bot, id=f"{_id(r)}-{seats}-{bot}")
    for r in RULESETS
    for seats in _seat_counts(r)
    for bot in sorted(r.bots)
]


def test_every_shipped_ruleset_is_checked() -> None:
    from domain.games import SHIPPED

    checked = {r.id for r in RULESETS}
    assert set(SHIPPED) <= checked
    assert "counting" in checked and "sealed" in checked
    assert TEST_GAMES and {r.id for r in TEST_GAMES} <= checked


@pytest.mark.parametrize("ruleset", RULESETS, ids=_id)
def test_a_companion_is_one_of_the_bots(ruleset: Any) -> None:
    """``Players.companions`` are by bot name: a companion of no bot is never made (what it
    does in a rollout: tests/domain/analysis/test_rollouts.py)."""
    assert set(ruleset.players.companions) <= set(ruleset.bots)


@pytest.mark.parametrize(("ruleset", "seats", "bot"), CASES)
def test_seeded_bot_game_conforms(ruleset: Any, seats: int, bot: str) -> None:
    label = f"conformance:{ruleset.id}:{ruleset.rules_version}:{seats}:{bot}"
    game = Game(ruleset, seats, bots=(bot,))
    steps = []
    for step in play(ruleset, seats, label=label, bot=bot):
        game.check(step)
        steps.append(step)
    game.finish()
    final = steps[-1].state
    result = ruleset.result(final)
    assert result is not None and len(result.scores) == seats
    assert sorted(result.ranks)[0] == 1
    reveal = [e for e in game.log if isinstance(e, SeedRevealed)]
    assert reveal and reveal[-1].seed == seed_for(label), "the seed is revealed at the end"
    assert commitment(reveal[-1].seed) == game.log[0].commitment
    assert ruleset.visibility(reveal[-1]) == PUBLIC
    revealing = next(s for s in steps if any(isinstance(e, SeedRevealed) for e in s.events))
    if ruleset.game_reveals_seed:
        assert not isinstance(revealing.command, RevealSeed), "as the ruleset declares"
    else:
        assert isinstance(revealing.command, RevealSeed) and revealing.seat is None, (
            f"the {SYSTEM} reveals the seed in a decision of its own"
        )
    assert revealing is steps[-1], "nothing is decided after the seed is revealed"


@pytest.mark.parametrize("ruleset", RULESETS, ids=_id)
def test_same_seed_same_game(ruleset: Any) -> None:
    seats = _seat_counts(ruleset)[-1]
    first = [e for s in play(ruleset, seats, label="again") for e in s.events]
    second = [e for s in play(ruleset, seats, label="again") for e in s.events]
    assert first == second


def _play_checked(ruleset: Any, seats: int, label: str, max_steps: int = 200) -> None:
    game = Game(ruleset, seats)
    for step in play(ruleset, seats, label=label, max_steps=max_steps):
        game.check(step)
    game.finish()


def test_the_suite_catches_a_leaky_view_that_declares_no_secret() -> None:
    leaky = replace(
        counting.COUNTING,
        presentation=replace(
            counting.COUNTING.presentation,
            view=lambda state, viewer: {"deck": list(state.deck)},
            secrets=lambda state, viewer: (),
            view_type=None,
        ),
    )
    with pytest.raises(AssertionError, match="secret shown"):
        _play_checked(leaky, 2, "meta-leak")


def test_the_suite_catches_a_view_that_does_not_fit_its_published_type() -> None:
    misdeclared = replace(
        counting.COUNTING,
        presentation=replace(
            counting.COUNTING.presentation,
            view=lambda state, viewer: {**counting.view(state, viewer), "count": "ten"},
        ),
    )
    with pytest.raises(AssertionError, match="does not fit its view_type"):
        _play_checked(misdeclared, 2, "meta-shape")


def test_the_suite_catches_an_impure_evolve() -> None:
    calls = [0]
    rules = counting.COUNTING.rules

    def impure(state: Any, event: Any) -> Any:
        # Depends on how often it has been called: refolding then disagrees with live play.
        calls[0] += 1
        after = rules.evolve(state, event)
        return replace(after, count=after.count + (calls[0] % 2))

    drifting = replace(counting.COUNTING, rules=replace(rules, evolve=impure))
    # a drifting count is a public fact: a fork with fresh luck may catch it first
    with pytest.raises(AssertionError, match=r"refolding|changed a public fact"):
        _play_checked(drifting, 2, "meta-impure")


def test_the_suite_catches_a_wrong_declared_dynamics() -> None:
    kind = replace(sealed.SEALED.game_type, dynamics="sequential")
    with pytest.raises(AssertionError, match="sequential"):
        _play_checked(replace(sealed.SEALED, game_type=kind), 2, "meta-dynamics")


def test_the_suite_catches_a_listed_command_decide_refuses() -> None:
    players = counting.COUNTING.players

    def listing_too_much(state: Any, seat: int) -> tuple[Any, ...]:
        listed = players.legal_commands(state, seat)
        return (*listed, counting.Add(seat=seat, amount=3)) if listed else listed

    broken = replace(counting.COUNTING, players=replace(players, legal_commands=listing_too_much))
    with pytest.raises(AssertionError, match="is refused"):
        _play_checked(broken, 2, "meta-listing")


def test_the_suite_catches_a_draw_that_depends_on_arrival_order() -> None:
    with pytest.raises(AssertionError, match="different draws"):
        _play_checked(sealed.STEERABLE, 2, "meta-order")
