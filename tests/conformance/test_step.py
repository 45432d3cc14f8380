"""``Ruleset.step`` is ``decide`` then ``fold``, exactly, for every registered ruleset.

The application and analysis rollouts go on from the state ``step`` returns instead of
folding a decision's events themselves; a game whose decide already folds them gives
``Rules.step`` (docs/ruleset-contract.md). Over seeded random and greedy games of every
version of every ruleset, plain and in live play (takebacks and a clock), at every decision
played and, at one position in a few, for every legal command, the system's due command, the
lifecycle's commands (``SetUp``, ``Reseed``, ``RevealSeed``), live play's (resign, takebacks,
timeouts) and commands offered earlier that are stale now: the same events, a reached state
equal to the fold's (the same class, the same fields, nothing more), frozen; or the same
``RuleViolation`` from both, with nothing returned; and the state given left as it was.
"""

from __future__ import annotations

import dataclasses
from dataclasses import replace
from types import MappingProxyType
from typing import Any

import pytest

from domain.core import MAX_COMMANDS_PER_ROUND, Reseed, RevealSeed, RuleViolation, SetUp
from domain.core.codec import encode
from domain.core.live import AnswerTakeback, Resign, ReturnToSeat, TakeBack, TimeOut
from tests.support import counting
from tests.support.play import play, seed_for
from tests.support.rulesets import versions
from tests.support.testgames.lanterns import game as lanterns

RULESETS = versions()
LIVE = {"takebacks": "free", "time_control": "fischer"}
CAP = MAX_COMMANDS_PER_ROUND.name
PROBE_EVERY = 5
"""Every command at one position in this many (and at the first positions)."""
MOST_LEGAL = 12
"""The legal commands probed per seat at a position: the first and the last ones."""
MOST_STEPS = 600
"""The decisions checked in one game; a longer game is left unfinished."""


def _id(ruleset: Any) -> str:
    return f"{ruleset.id}@{ruleset.rules_version}"


def _variants(ruleset: Any) -> list[tuple[int, str, str, dict[str, Any]]]:
    """Two seats (or the nearest count) with each bot, plain; the random bot in live play;
    and four seats (or the most), plain, with the random bot."""
    two = min(max(2, ruleset.min_seats), ruleset.max_seats)
    cheap = "random" if "random" in ruleset.bots else min(ruleset.bots)
    found = [(two, bot, "plain", {}) for bot in sorted(ruleset.bots)]
    found.append((two, cheap, "live", LIVE))
    if min(4, ruleset.max_seats) != two:
        found.append((min(4, ruleset.max_seats), cheap, "plain", {}))
    return found


CASES = [
    pytest.param(r, seats, bot, options, id=f"{_id(r)}-{seats}-{bot}-{name}")
    for r in RULESETS
    for seats, bot, name, options in _variants(r)
]


def assert_step_is_decide_then_fold(ruleset: Any, state: Any, command: Any, at: Any) -> None:
    """``ruleset.step(state, command, at)`` against ``decide`` and ``fold`` on their own."""
    before = encode(state)
    try:
        expected = ruleset.decide(state, command, at)
    except RuleViolation as refused:
        with pytest.raises(RuleViolation) as raised:
            ruleset.step(state, command, at)
        assert (raised.value.code, raised.value.message) == (refused.code, refused.message), (
            f"{ruleset.id}: step refused {command} otherwise than decide"
        )
    else:
        events, reached = ruleset.step(state, command, at)
        assert_same_decision(ruleset, state, command, expected, events, reached, at)
    assert encode(state) == before, f"{ruleset.id}: deciding {command} changed the state given"


def assert_same_decision(
    ruleset: Any,
    state: Any,
    command: Any,
    expected: Any,
    events: Any,
    reached: Any,
    at: int | None = None,
) -> None:
    where = f"{ruleset.id}: step({command})"
    assert isinstance(events, tuple), f"{where}: events as a tuple, as decide gives them"
    assert events == expected, f"{where}: events differ from decide's"
    assert [type(e) for e in events] == [type(e) for e in expected], f"{where}: event classes"
    folded = ruleset.fold(expected, state)
    assert type(reached) is type(folded), f"{where}: a {type(reached)}, the fold a {type(folded)}"
    assert reached == folded, f"{where}: the state differs from the fold's"
    # ``==`` compares the dataclass's fields only: an attribute set beside them (a misspelt
    # field name in a copy) would pass it unseen. A private one is a game's memo (Five
    # Peaks keeps its board beside the values it was built from), which either may lack.
    assert _public(reached) == _public(folded), f"{where}: attributes beyond the fold's"
    assert dataclasses.is_dataclass(reached) and type(reached).__dataclass_params__.frozen
    assert ruleset.step(state, command, at) == (events, reached), f"{where}: again"


def _public(state: Any) -> dict[str, Any]:
    return {name: value for name, value in vars(state).items() if not name.startswith("_")}


def probes(ruleset: Any, state: Any, seats: int, offered: list[Any]) -> list[Any]:
    """Every command worth deciding at ``state``: legal ones, the system's, the lifecycle's,
    live play's, and commands offered before (most of them stale now)."""
    found: list[Any] = []
    for seat in range(seats):
        legal = ruleset.legal_commands(state, seat)
        found += [*legal[: MOST_LEGAL // 2], *legal[MOST_LEGAL // 2 :][-MOST_LEGAL // 2 :]]
    due = ruleset.system_command(state)
    found += [] if due is None else [due]
    found += offered[-MOST_LEGAL:]
    found += [
        SetUp(seats, seed_for("again"), {}, content=ruleset.content_hash),
        Reseed(seed=seed_for("fresh"), keep=None),
        Reseed(seed=seed_for("fresh"), keep=0),
        Reseed(seed=seed_for("fresh"), keep=seats),
        RevealSeed(),
        Resign(seat=seats - 1),
        TakeBack(seat=0),
        AnswerTakeback(seat=1 % seats, accept=True),
        ReturnToSeat(seat=0),
        TimeOut(),
    ]
    return found


def check_game(ruleset: Any, bot: str, options: dict[str, Any], label: str, seats: int = 2) -> int:
    """Play a seeded game, checking ``step`` on the way; how many decisions it checked."""
    checked = 0
    state = ruleset.initial_state
    offered: list[Any] = []
    at = 0
    steps = play(ruleset, seats, label=label, bot=bot, options=options)
    for index, step in zip(range(MOST_STEPS), steps, strict=False):
        # the decision played, as the game played it (no time: play decides without one)
        events, reached = ruleset.step(state, step.command)
        assert_same_decision(ruleset, state, step.command, step.events, events, reached)
        assert reached == step.state
        state = step.state
        at += 7_000
        if index % PROBE_EVERY == 0 or index < 4:
            # with a time and without, in turn (a timeout is due only with one)
            for number, command in enumerate(probes(ruleset, state, seats, offered)):
                when = at if (index + number) % 2 else None
                assert_step_is_decide_then_fold(ruleset, state, command, when)
                checked += 1
            # at the round's cap, a command that adds to the seat's count is refused
            capped = replace(state, options=MappingProxyType({**state.options, CAP: 0}))
            for command in probes(ruleset, capped, seats, [])[:MOST_LEGAL]:
                assert_step_is_decide_then_fold(ruleset, capped, command, None)
        offered += [c for s in range(seats) for c in ruleset.legal_commands(state, s)[:2]]
    # the set-up itself, and after the end (or where the game was left)
    for command in (RevealSeed(), *offered[-MOST_LEGAL:]):
        assert_step_is_decide_then_fold(ruleset, state, command, at)
    setup = SetUp(seats, seed_for(label), options, content=ruleset.content_hash)
    for command in (setup, *offered[:MOST_LEGAL]):  # a game command before the set-up
        assert_step_is_decide_then_fold(ruleset, ruleset.initial_state, command, at)
    return checked


@pytest.mark.parametrize(("ruleset", "seats", "bot", "options"), CASES)
def test_step_is_decide_then_fold(
    ruleset: Any, seats: int, bot: str, options: dict[str, Any]
) -> None:
    label = f"step:{_id(ruleset)}:{seats}:{bot}:{sorted(options)}"
    assert check_game(ruleset, bot, options, label, seats) > 50


# -- the suite catches a step that is not decide then fold ----------------------------------


def _with_step(sound: Any, step: Any) -> Any:
    return replace(sound, rules=replace(sound.rules, step=step))


def _folding(sound: Any) -> Any:
    def step(state: Any, command: Any) -> tuple[tuple[Any, ...], Any]:
        events = sound.rules.decide(state, command)
        after = state
        for event in events:
            after = sound.rules.evolve(after, event)
        return events, after

    return step


def _short_of_the_last_fact(sound: Any) -> Any:
    def step(state: Any, command: Any) -> tuple[tuple[Any, ...], Any]:
        events = sound.rules.decide(state, command)
        after = state
        for event in events[:-1]:
            after = sound.rules.evolve(after, event)
        return events, after

    return step


def _one_fact_less(sound: Any) -> Any:
    def step(state: Any, command: Any) -> tuple[tuple[Any, ...], Any]:
        events, after = _folding(sound)(state, command)
        return events[:-1] if len(events) > 1 else events, after

    return step


def _accepting_everything(sound: Any) -> Any:
    def step(state: Any, command: Any) -> tuple[tuple[Any, ...], Any]:
        try:
            return _folding(sound)(state, command)
        except RuleViolation:
            return (), state

    return step


def _another_refusal(sound: Any) -> Any:
    def step(state: Any, command: Any) -> tuple[tuple[Any, ...], Any]:
        try:
            return _folding(sound)(state, command)
        except RuleViolation as refused:
            raise RuleViolation("illegal_action", refused.message) from None

    return step


def _an_extra_attribute(sound: Any) -> Any:
    def step(state: Any, command: Any) -> tuple[tuple[Any, ...], Any]:
        events, after = _folding(sound)(state, command)
        after = replace(after)
        object.__setattr__(after, "stray", 1)
        return events, after

    return step


def test_a_sound_step_passes() -> None:
    sound = lanterns.LANTERNS_RULESET
    assert check_game(_with_step(sound, _folding(sound)), "random", {}, "step-sound") > 50


def test_a_game_step_keeps_the_lifecycle_part_as_the_fold_does() -> None:
    """A game's evolve that changes the lifecycle's part of the state is overruled by the
    composed fold (domain/core/compose.py); ``step`` overrules its game's fold the same way."""
    sound = lanterns.LANTERNS_RULESET

    def tampering(state: Any, event: Any) -> Any:
        return replace(lanterns.evolve(state, event), rules_version="tampered")

    careless = replace(sound, rules=replace(sound.rules, evolve=tampering))
    assert check_game(_with_step(careless, _folding(careless)), "random", {}, "step-kept") > 50


@pytest.mark.parametrize(
    ("wrong", "message"),
    [
        (_short_of_the_last_fact, "the state differs from the fold's"),
        (_one_fact_less, "events differ from decide's"),
        (_accepting_everything, "DID NOT RAISE"),
        (_another_refusal, "otherwise than decide"),
        (_an_extra_attribute, "attributes beyond the fold's"),
    ],
)
def test_the_suite_catches_a_wrong_step(wrong: Any, message: str) -> None:
    for sound in (lanterns.LANTERNS_RULESET, counting.COUNTING):
        with pytest.raises((AssertionError, pytest.fail.Exception), match=message):
            check_game(_with_step(sound, wrong(sound)), "random", {}, "step-wrong")
