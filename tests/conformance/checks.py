"""The checks the conformance suite makes at every step of a seeded game, for any ruleset."""

from __future__ import annotations

import functools
from collections import Counter
from dataclasses import dataclass, field, replace
from typing import Any

import jsonschema_rs  # schemathesis's JSON Schema validator

from domain.core import LIFECYCLE_EVENTS, PUBLIC, SERVER, Reseed, RuleViolation, SetUp
from domain.core.codec import encode
from domain.core.registry import (
    command_from_json,
    command_to_json,
    event_from_record,
    event_to_record,
)
from service.application.decoding import decode_event
from service.command_schemas import command_schema, event_schema, type_schema
from service.store.records import canonical_json
from tests.conformance import hidden
from tests.conformance.secrets import Knowledge, assert_not_in, declared
from tests.support.play import Step, seed_for

REFOLD_EVERY = 10
DECIDE_EVERY = 3
"""Every legal command is decided at one step in this many (and at the first steps)."""
ORDER_CHECKS = 6
"""Simultaneous steps per game at which two arrival orders are compared."""
HIDDEN_EVERY = 4
"""The hidden-information checks (hidden.py) run at one step in this many."""


@dataclass
class Game:
    """One seeded game as the suite follows it."""

    ruleset: Any
    seats: int
    bots: tuple[str, ...] = ()
    """The bots checked for determinism and blindness (all the ruleset's when empty)."""
    log: list[Any] = field(default_factory=list)
    knowledge: dict[int | None, Knowledge] = field(default_factory=dict)
    acting: Counter[int] = field(default_factory=Counter)
    seat_facts: int = 0
    private_held: bool = False
    order_checks: int = 0
    bot_checks: int = 0
    redraws: list[int] = field(default_factory=lambda: [0, 0])
    """Reshuffles checked while an undrawn order had two different things, and those that
    drew it again."""
    steps: int = 0
    state: Any = None
    offered: dict[int, list[Any]] = field(default_factory=dict)
    """The commands each seat was offered lately (hidden.check_refusals)."""

    def __post_init__(self) -> None:
        self.knowledge = {v: Knowledge(v) for v in [None, *range(self.seats)]}
        self.bots = self.bots or tuple(sorted(self.ruleset.bots))

    def check(self, step: Step) -> None:
        self.steps += 1
        self.log.extend(step.events)
        for knowledge in self.knowledge.values():
            knowledge.observe(self.ruleset, step.events)
        self.seat_facts += sum(
            1 for e in step.events if self.ruleset.visibility(e) not in (PUBLIC, SERVER)
        )
        before = self.ruleset.initial_state if self.state is None else self.state
        self.state = step.state
        self.private_held = self.private_held or hidden.holds_private(self.ruleset, step.state)
        check_refold(self, step)
        legal = check_turns(self, step.state)
        self.remember(legal)
        if self.steps % DECIDE_EVERY == 1 or self.steps < 10:
            check_legal_commands_decide(self.ruleset, step.state, legal)
            if step.command is not None:
                hidden.check_luck_advances(self, before, step.command, step.state)
        if isinstance(step.command, SetUp):
            check_set_up(self, step.command)
        check_round_trips(self.ruleset, step, legal)
        check_published_shapes(self, step, legal)
        if not self.ruleset.is_terminal(step.state):
            check_no_leak(self, step.state)
            check_arrival_order(self, step.state)
            if self.steps % HIDDEN_EVERY == 1:
                check_hidden(self, step.state)
            elif self.bot_checks < hidden.BOT_CHECKS:
                check_bots(self, step.state)

    def remember(self, legal: dict[int, tuple[Any, ...]]) -> None:
        for seat, commands in legal.items():
            kept = self.offered.setdefault(seat, [])
            for command in commands[:1] + commands[1:][-1:]:
                if command not in kept:
                    kept.append(command)
            del kept[: -hidden.OFFERED]

    def finish(self) -> None:
        check_declared_type(self)
        checked, redrawn = self.redraws
        assert not checked or redrawn, (
            f"{self.ruleset.id}: reshuffle re-drew nothing: an undrawn order stayed as it lay"
            f" in all {checked} forks with fresh luck checked"
        )


def check_set_up(game: Game, setup: SetUp) -> None:
    """The set-up under another seed shows each viewer the same facts, unless it leaves the
    viewer knowing something else (its own hand, the tiles turned face up)."""
    again = replace(setup, seed=seed_for(f"{setup.seed}:again"))
    start = game.ruleset.initial_state
    for viewer in [None, *range(min(game.seats, 4))]:
        hidden.check_feed(game, viewer, (start, setup), (start, again))


def check_bots(game: Game, state: Any) -> None:
    """Between the hidden-information steps, the bots alone (hidden.py, ``check_bots``)."""
    to_act = sorted(game.ruleset.to_act(state))
    if to_act:
        label = f"{game.ruleset.id}:{game.seats}:{game.steps}"
        other = hidden.twin(game.ruleset, state, to_act[0], label)
        hidden.check_bots(game, state, to_act[0], other)


def check_hidden(game: Game, state: Any) -> None:
    """The checks derived from the ruleset's declaration of what is hidden (hidden.py)."""
    ruleset = game.ruleset
    label = f"{ruleset.id}:{game.seats}:{game.steps}"
    to_act = sorted(ruleset.to_act(state))
    seat = to_act[0] if to_act else game.steps % game.seats
    # and a seat not to act, in turn: what the acting seat draws must reach no other seat
    turn = game.steps // HIDDEN_EVERY % max(game.seats - 1, 1)
    watcher = (seat + 1 + turn) % game.seats
    twins: dict[int | None, Any] = {}
    for keep in dict.fromkeys((None, seat, watcher)):
        twins[keep] = hidden.twin(ruleset, state, keep, label)
        if twins[keep] is not None:
            hidden.check_reshuffle(game, state, keep, twins[keep])
            hidden.check_indistinguishable(game, state, keep, twins[keep])
            hidden.check_feed_in_twin(game, state, keep, twins[keep])
            fresh = [Reseed(seed=seed_for(f"{label}:fork:{n}"), keep=keep) for n in (1, 2)]
            hidden.check_feed(game, keep, (state, fresh[0]), (state, fresh[1]))
            if keep is not None:
                hidden.check_refusals(game, state, keep, twins[keep])
        hidden.check_forget(game, state, keep, twins[keep])
    if seat in to_act:
        hidden.check_bots(game, state, seat, twins[seat])


def check_refold(game: Game, step: Step) -> None:
    ruleset = game.ruleset
    terminal = ruleset.is_terminal(step.state)
    if len(game.log) % REFOLD_EVERY < len(step.events) or terminal:
        assert ruleset.fold(game.log) == step.state, "refolding the log must equal the live state"


def check_turns(game: Game, state: Any) -> dict[int, tuple[Any, ...]]:
    """Terminal iff nothing is legal and nothing is due; legal commands only for seats to act."""
    ruleset = game.ruleset
    legal = {s: ruleset.legal_commands(state, s) for s in range(game.seats)}
    due = ruleset.system_command(state)
    terminal = ruleset.is_terminal(state)
    assert terminal == (not any(legal.values()) and due is None), (
        "terminal if and only if no seat has a legal command and nothing is due"
    )
    to_act = ruleset.to_act(state)
    if due is not None:
        assert not to_act, "no seat acts while the system owes a decision"
    for seat in range(game.seats):
        if seat in to_act:
            assert legal[seat], f"seat {seat} is to act but has no legal command"
        else:
            assert not legal[seat], f"seat {seat} is not to act but has legal commands"
    if to_act:
        game.acting[min(len(to_act), 2)] += 1
    return legal


def check_round_trips(ruleset: Any, step: Step, legal: dict[int, tuple[Any, ...]]) -> None:
    for event in step.events:
        name, version, payload = event_to_record(event)
        assert event_from_record(ruleset, name, version, payload) == event
        # a load decodes the stored text on its own fast path: it must build the same value
        loaded = decode_event(ruleset, name, version, canonical_json(payload))
        assert type(loaded) is type(event) and loaded == event
    if step.command is not None:
        stored = command_to_json(step.command)
        types = ruleset.stored_command_types
        assert command_from_json(ruleset, stored, types=types) == step.command
    for seat, commands in legal.items():
        for command in commands[:50]:
            assert command_from_json(ruleset, command_to_json(command), seat=seat) == command


@functools.cache
def _validator(kind: str, shape: Any) -> Any:
    schema = {
        "view": type_schema,
        "event": event_schema,
        "command": command_schema,
    }[kind](shape)
    return jsonschema_rs.validator_for(schema)


def check_published_shapes(game: Game, step: Step, legal: dict[int, tuple[Any, ...]]) -> None:
    """Every event, legal command and view has the shape the OpenAPI document publishes."""
    ruleset = game.ruleset
    for event in step.events:
        name, _, payload = event_to_record(event)
        errors = [e.message for e in _validator("event", type(event)).iter_errors(payload)]
        assert not errors, f"{ruleset.id}: {name} does not fit its schema: {errors[:3]}"
    for commands in legal.values():
        for command in commands[:20]:
            body = command_to_json(command)
            assert _validator("command", type(command)).is_valid(body), body
    view_type = ruleset.presentation.view_type
    if view_type is None or game.steps % DECIDE_EVERY != 1:
        return
    for viewer in [None, *range(min(game.seats, 4))]:
        shown = encode(dict(ruleset.view(step.state, viewer)))
        errors = [e.message for e in _validator("view", view_type).iter_errors(shown)]
        assert not errors, f"{ruleset.id}: a view does not fit its view_type: {errors[:3]}"


def check_legal_commands_decide(
    ruleset: Any, state: Any, legal: dict[int, tuple[Any, ...]]
) -> None:
    for seat, commands in legal.items():
        for command in commands:
            try:
                ruleset.decide(state, command)
            except RuleViolation as refused:
                raise AssertionError(
                    f"{ruleset.id}: seat {seat}'s listed command {command!r} is refused:"
                    f" {refused.code}: {refused.message}"
                ) from None


def check_no_leak(game: Game, state: Any) -> None:
    """No view shows a viewer a secret; no feed shows one the ruleset declares."""
    ruleset = game.ruleset
    viewers = [None, *range(game.seats)] if game.seats <= 4 else [None, game.steps % game.seats]
    for viewer in viewers:
        knowledge = game.knowledge[viewer]
        listed = declared(ruleset, state, viewer)
        parts = hidden.telling_pieces(ruleset, state, viewer)
        shown = encode(dict(ruleset.view(state, viewer)))
        assert_not_in(
            [*knowledge.derived(), *listed, *parts],
            shown,
            f"{ruleset.id}: secret shown to {viewer}",
        )
        # derived secrets are by definition in no event the viewer sees
        private = hidden.telling_pieces(ruleset, state, viewer, private_only=True)
        assert_not_in(
            [*listed, *private],
            knowledge.feed,
            f"{ruleset.id}: secret shown to {viewer} in the feed",
        )


def check_arrival_order(game: Game, state: Any) -> None:
    """No seat can steer another's luck by when its command arrives (docs/draws.md)."""
    ruleset = game.ruleset
    to_act = sorted(ruleset.to_act(state))
    if len(to_act) < 2 or game.order_checks >= ORDER_CHECKS:
        return
    first, second = to_act[0], to_act[1]
    picks = {s: ruleset.legal_commands(state, s)[-1] for s in (first, second)}
    outcomes = []
    for order in ((first, second), (second, first)):
        current, events = state, []
        for seat in order:
            try:
                decided = ruleset.decide(current, picks[seat])
            except RuleViolation:
                return  # the two commands do not commute at all: nothing to compare
            events += [canonical_json(list(event_to_record(e))) for e in decided]
            current = ruleset.fold(decided, current)
        outcomes.append((Counter(events), current.luck))
    game.order_checks += 1
    assert outcomes[0] == outcomes[1], (
        f"{ruleset.id}: seats {first} and {second} get different draws in different orders"
    )


def check_declared_type(game: Game) -> None:
    kind = game.ruleset.game_type
    if game.seats >= 2:
        together, alone = game.acting[2], game.acting[1]
        if kind.dynamics == "sequential":
            assert together == 0, "a sequential game had several seats to act at once"
        elif kind.dynamics == "simultaneous":
            assert together > 0, "a simultaneous game never had several seats to act at once"
        else:
            assert together > 0 and alone > 0, "a mixed game must have both kinds of steps"
    if kind.longest is not None:
        assert game.steps <= kind.longest, (
            f"{game.ruleset.id}: a game took {game.steps} decisions, longer than the longest"
            f" declared ({kind.longest})"
        )
    drawn = game.state is not None and game.state.luck.counter > 0
    assert drawn == (kind.chance == "seeded"), (
        f"{game.ruleset.id}: declared chance {kind.chance}, but the game drew"
        f" {game.state.luck.counter if game.state is not None else 0} words from its seed"
    )
    private = [h.name for h in game.ruleset.hidden if h.holder == "seat"]
    assert (kind.information == "imperfect") == bool(private), (
        f"{game.ruleset.id}: declared {kind.information} information, but its hidden parts"
        f" private to a seat are {private or 'none'} (imperfect means something is private)"
    )
    if kind.information == "perfect":
        assert not game.seat_facts, "a perfect-information game hid a fact from one seat"
    elif game.private_held:
        assert game.seat_facts, (
            f"{game.ruleset.id}: seats held something private, but no fact was hidden from"
            " one seat only (it came in a public or server-only event)"
        )
    assert not set(LIFECYCLE_EVENTS) & set(game.ruleset.rules.event_types), (
        "lifecycle events are the platform's, not the game's"
    )
