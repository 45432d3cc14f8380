"""The conformance suite, run over every registered ruleset with seeded bot games.

For every step it checks that refolding the log equals the live state, that the game is
terminal exactly when no seat has a legal command, that events and commands survive
serialisation, and that no view or visible event leaks another seat's secrets.
"""

from __future__ import annotations

from typing import Any

import pytest

from domain.core import PUBLIC, SeedRevealed, can_see, commitment, registry
from domain.core.codec import encode
from domain.core.registry import (
    command_from_json,
    command_to_json,
    event_from_record,
    event_to_record,
)
from service.application.decoding import decode_event
from service.store.records import canonical_json
from tests.support.play import Step, play, seed_for

RULESETS = registry.all_rulesets()


def _seat_counts(ruleset: Any) -> list[int]:
    counts = {
        ruleset.min_seats,
        min(max(2, ruleset.min_seats), ruleset.max_seats),
        min(4, ruleset.max_seats),
    }
    return sorted(counts)


CASES = [
    pytest.param(r, seats, bot, id=f"{r.id}-{seats}-{bot}")
    for r in RULESETS
    for seats in _seat_counts(r)
    for bot in sorted(r.bots)
]


def subtrees(value: Any) -> set[str]:
    """The canonical JSON of every node in a JSON value (to find a secret anywhere in it)."""
    found = {canonical_json(value)}
    if isinstance(value, dict):
        for child in value.values():
            found |= subtrees(child)
    elif isinstance(value, list):
        for child in value:
            found |= subtrees(child)
    return found


def _secrets(ruleset: Any, state: Any, viewer: int | None) -> list[Any]:
    return [s for s in ruleset.secrets(state, viewer) if s not in ("", None, [], {})]


def assert_no_leak(ruleset: Any, state: Any, viewer: int | None, shown: Any) -> None:
    assert_not_in(
        _secrets(ruleset, state, viewer), shown, f"{ruleset.id}: secret shown to {viewer}"
    )


def assert_not_in(secrets: list[Any], shown: Any, message: str) -> None:
    """No secret is a JSON subtree of ``shown``, and no long secret string is inside it.

    A subtree's canonical JSON is a substring of the whole's, so the substring test is a
    cheap filter; only a hit pays for the exact walk over every subtree.
    """
    text = canonical_json(shown)
    for secret in secrets:
        spelled = canonical_json(secret)
        if spelled in text:
            assert spelled not in subtrees(shown), message
        if isinstance(secret, str) and len(secret) >= 16:
            assert secret not in text, message.replace("secret", "secret text")


class Feeds:
    """What each viewer's event feed has shown so far."""

    def __init__(self, ruleset: Any, seats: int) -> None:
        self.ruleset = ruleset
        self.shown: dict[int | None, list[Any]] = {v: [] for v in [None, *range(seats)]}

    def add(self, events: tuple[Any, ...]) -> None:
        for viewer, shown in self.shown.items():
            shown += [encode(e) for e in events if can_see(self.ruleset.visibility(e), viewer)]


REFOLD_EVERY = 10


def check_step(ruleset: Any, step: Step, log: list[Any], seats: int, feeds: Feeds) -> None:
    state = step.state
    terminal = ruleset.is_terminal(state)
    if len(log) % REFOLD_EVERY < len(step.events) or terminal:
        assert ruleset.fold(log) == state, "refolding the log must equal the live state"
    legal = {s: ruleset.legal_commands(state, s) for s in range(seats)}
    assert terminal == (not any(legal.values())), (
        "terminal if and only if no seat has a legal command"
    )
    assert all(legal[s] for s in ruleset.to_act(state)), "a seat to act must have a command"
    for event in step.events:
        name, version, payload = event_to_record(event)
        assert event_from_record(ruleset, name, version, payload) == event
        # a load decodes the stored text on its own fast path: it must build the same value
        loaded = decode_event(ruleset, name, version, canonical_json(payload))
        assert type(loaded) is type(event) and loaded == event
    for seat, commands in legal.items():
        for command in commands[:50]:
            assert command_from_json(ruleset, command_to_json(command), seat=seat) == command
    feeds.add(step.events)
    if terminal:
        return
    viewers = [None, *range(seats)] if seats <= 4 else [None, len(log) % seats]
    for viewer in viewers:
        assert_no_leak(ruleset, state, viewer, encode(dict(ruleset.view(state, viewer))))
        assert_not_in(
            _secrets(ruleset, state, viewer),
            feeds.shown[viewer],
            f"{ruleset.id}: secret shown to {viewer} in the feed",
        )


@pytest.mark.parametrize(("ruleset", "seats", "bot"), CASES)
def test_seeded_bot_game_conforms(ruleset: Any, seats: int, bot: str) -> None:
    label = f"conformance:{ruleset.id}:{seats}:{bot}"
    log: list[Any] = []
    feeds = Feeds(ruleset, seats)
    for step in play(ruleset, seats, label=label, bot=bot):
        log.extend(step.events)
        check_step(ruleset, step, log, seats, feeds)
    final = step.state
    result = ruleset.result(final)
    assert result is not None and len(result.scores) == seats
    assert sorted(result.ranks)[0] == 1
    reveal = [e for e in log if isinstance(e, SeedRevealed)]
    assert reveal and reveal[-1].seed == seed_for(label), "the seed is revealed at the end"
    assert commitment(reveal[-1].seed) == log[0].commitment
    assert ruleset.visibility(reveal[-1]) == PUBLIC


@pytest.mark.parametrize("ruleset", RULESETS, ids=lambda r: r.id)
def test_same_seed_same_game(ruleset: Any) -> None:
    seats = _seat_counts(ruleset)[-1]
    first = [e for s in play(ruleset, seats, label="again") for e in s.events]
    second = [e for s in play(ruleset, seats, label="again") for e in s.events]
    assert first == second


def _first_steps(ruleset: Any, count: int) -> tuple[list[Any], Step]:
    log: list[Any] = []
    for index, step in enumerate(play(ruleset, 2, label="meta")):
        log.extend(step.events)
        if index == count:
            return log, step
    raise AssertionError("game too short")


def test_the_suite_catches_a_leaky_view() -> None:
    from dataclasses import replace

    from tests.support.counting import COUNTING

    leaky = replace(COUNTING, view=lambda state, viewer: {"deck": list(state.deck)})
    log, step = _first_steps(leaky, 1)
    with pytest.raises(AssertionError, match="secret shown"):
        check_step(leaky, step, log, 2, Feeds(leaky, 2))


def test_the_suite_catches_an_impure_evolve() -> None:
    from dataclasses import replace

    from tests.support.counting import COUNTING

    calls = [0]

    def impure(state: Any, event: Any) -> Any:
        # Depends on how often it has been called: refolding then disagrees with live play.
        calls[0] += 1
        after = COUNTING.evolve(state, event)
        return replace(after, count=after.count + (calls[0] % 2))

    drifting = replace(COUNTING, evolve=impure)
    log: list[Any] = []
    feeds = Feeds(drifting, 2)
    with pytest.raises(AssertionError, match="refolding"):
        for step in play(drifting, 2, label="meta-impure", max_steps=200):
            log.extend(step.events)
            check_step(drifting, step, log, 2, feeds)
