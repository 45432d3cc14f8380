"""The application layer: the one path from a request to appended events.

``act`` loads a game, folds it, decides the command and appends the decision with the
expected version. The API, the CLI and the tests all go through this class.
"""

from __future__ import annotations

import dataclasses
import hashlib
import secrets
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any
from uuid import UUID

from domain.core import SYSTEM, Reseed, Result, RuleViolation, Score, SetUp, registry
from domain.core.codec import encode
from domain.core.luck import Luck
from domain.core.registry import command_from_json, command_to_json, event_to_record
from service.application.errors import ForkRefused, IdempotencyKeyReused, NotASeat
from service.application.loading import Loaded, Loader, ruleset_for
from service.application.visibility import parse_game_id, revealed_in, visible_events
from service.store import Decision, EventStore, GameRecord, NewEvent, StoredEvent, VersionConflict
from service.store.records import canonical_json

MAX_RETRIES = 16
MAX_SYSTEM_DECISIONS = 1_000
"""More system decisions in a row than any game has: past this, a ruleset is looping."""


def new_seed() -> str:
    """A fresh secret seed: the only place Cairn draws real randomness for a game."""
    return secrets.token_hex(32)


@dataclass(frozen=True)
class Outcome:
    """What one accepted command did: the new version and the events it appended."""

    game_id: UUID
    version: int
    events: list[StoredEvent]
    is_terminal: bool
    replayed: bool = False


def result_json(result: Result | None) -> dict[str, Any] | None:
    return None if result is None else dict(encode(result))


def scores_json(scores: tuple[Score, ...]) -> list[dict[str, Any]]:
    """Running scores as JSON: per seat, its total and points by category."""
    return [
        {"seat": seat, "total": score.total, "breakdown": dict(score.breakdown)}
        for seat, score in enumerate(scores)
    ]


class Application:
    def __init__(self, store: EventStore, seeds: Callable[[], str] = new_seed) -> None:
        self.store = store
        self.loader = Loader(store)
        self.seeds = seeds

    # -- writing ---------------------------------------------------------------------------

    def create_game(
        self,
        ruleset_id: str,
        seats: int,
        options: Mapping[str, Any] | None = None,
        setup: Mapping[str, Any] | None = None,
        seat_info: Sequence[Mapping[str, Any]] = (),
        seed: str | None = None,
        rules_version: str | None = None,
    ) -> Outcome:
        """Set a new game up; ``seed`` is drawn fresh unless given (tests, simulations).

        A game is created under the newest rules version unless ``rules_version`` names an
        older one still registered (a league season may keep the rules it started with).
        """
        ruleset = registry.get(ruleset_id, rules_version)
        command = SetUp(
            seats=seats,
            seed=seed or self.seeds(),
            options=dict(options or {}),
            setup=setup,
            content=ruleset.content_hash,
        )
        events = ruleset.decide(ruleset.initial_state, command)
        created = events[0]
        game = GameRecord.new(
            ruleset.id,
            ruleset.rules_version,
            created.content_hash,
            seats,
            seat_info=[dict(s) for s in seat_info],
            options=encode(created.options),
        )
        stored = self.store.create_game(game, self._decision(ruleset, events, SYSTEM, command))
        state = ruleset.fold(events)
        opened = Loaded(game, ruleset, state, stored[-1].seq, stored[-1].hash)
        settled, last = self._settle(opened)
        return Outcome(game.game_id, last.version, stored + settled, False)

    def act(
        self,
        game_id: UUID | str,
        seat: int,
        command: Mapping[str, Any] | Any,
        expected_version: int | None = None,
        idempotency_key: str | None = None,
        check: Callable[[Loaded, int], None] | None = None,
    ) -> Outcome:
        """Decide ``command`` for ``seat`` and append it; retried on conflicts if unversioned.

        A command without ``expected_version`` is re-decided against the fresh state after a
        conflict, up to MAX_RETRIES times. One with it gets the conflict back. With an
        ``idempotency_key`` a retry returns the first outcome without appending again.
        ``check(loaded, seat)`` runs on the loaded game before deciding (the API's turn
        check); whatever it raises is a refusal like the ruleset's own.

        The first attempt decides on this process's cached state, with no query: if another
        process appended since, the append fails on its expected version. Any refusal of a
        decision made on an unconfirmed state is therefore retried on a fresh load, so only
        the store's current state ever refuses a command.
        """
        game_id = parse_game_id(game_id)
        request = canonical_json({"seat": seat, "command": _as_json(command)})
        request_hash = hashlib.sha256(request.encode()).hexdigest()
        loaded = self.loader.load_cached(game_id)
        for _ in range(MAX_RETRIES):
            try:
                if loaded.ruleset.system_command(loaded.state) is not None:
                    # left waiting on the system by a fault: it decides before any seat
                    loaded = self._settle(loaded)[1]
                if expected_version is not None and expected_version != loaded.version:
                    raise VersionConflict(game_id, expected_version, loaded.version)
                if check is not None:
                    check(loaded, seat)
                return self._decide_and_append(loaded, seat, command, idempotency_key, request_hash)
            except (VersionConflict, RuleViolation, NotASeat) as refused:
                if not loaded.is_confirmed:
                    # Decided on this process's cached state, which another process may have
                    # moved on: only a refusal on the state read now stands.
                    loaded = self.loader.load(game_id)
                    continue
                # A retry of a command that was applied (or is being applied right now) is
                # refused by the state it moved on, or by the key's unique row when appending
                # again: then the answer is the first outcome. The key is looked up only on
                # refusal, so a fresh command pays no extra query.
                prior = self._replay(game_id, idempotency_key, request_hash)
                if prior is not None:
                    return prior
                if not isinstance(refused, VersionConflict) or expected_version is not None:
                    raise
                loaded = self.loader.load(game_id)
        raise VersionConflict(game_id, -1, self.store.version(game_id))

    def _decide_and_append(
        self,
        loaded: Loaded,
        seat: int,
        command: Mapping[str, Any] | Any,
        idempotency_key: str | None,
        request_hash: str,
    ) -> Outcome:
        ruleset = loaded.ruleset
        if not 0 <= seat < loaded.game.seats:
            raise NotASeat(f"seat {seat} is not a seat of this game")
        parsed = _parse(ruleset, command, seat)
        events = ruleset.decide(loaded.state, parsed)
        state = ruleset.fold(events, loaded.state)
        terminal = ruleset.is_terminal(state)
        version = loaded.version + len(events)
        response = {"version": version, "from": loaded.version + 1, "to": version}
        stored = self.store.append(
            loaded.game.game_id,
            loaded.version,
            loaded.head_hash,
            self._decision(ruleset, events, f"seat:{seat}", parsed),
            idempotency=(idempotency_key, request_hash, response) if idempotency_key else None,
            result=result_json(ruleset.result(state)) if terminal else None,
        )
        self.loader.after_append(loaded, stored, state)
        settled, last = self._settle(Loaded(loaded.game, ruleset, state, version, stored[-1].hash))
        terminal = ruleset.is_terminal(last.state)
        return Outcome(loaded.game.game_id, last.version, stored + settled, terminal)

    def settle(self, game_id: UUID | str) -> list[StoredEvent]:
        """Take every decision the system owes this game now; the events it appended.

        ``act``, ``create_game`` and ``fork`` settle by themselves right after they append;
        this is for whatever finds a game still waiting on the system (a process that died
        between a seat's decision and the system's, say).
        """
        return self._settle(self.loader.load(parse_game_id(game_id)))[0]

    def _settle(self, loaded: Loaded) -> tuple[list[StoredEvent], Loaded]:
        """Decide and append, as the ``system`` actor, what the rules resolve by themselves.

        Each is its own decision, appended with the expected version: if another process
        settles the same game at the same time, one append wins and the other reloads and
        finds nothing more due, so each system decision is recorded once.
        """
        appended: list[StoredEvent] = []
        for _ in range(MAX_SYSTEM_DECISIONS):
            ruleset, state = loaded.ruleset, loaded.state
            due = ruleset.system_command(state)
            if due is None:
                return appended, loaded
            events = ruleset.decide(state, due)
            after = ruleset.fold(events, state)
            terminal = ruleset.is_terminal(after)
            try:
                stored = self.store.append(
                    loaded.game.game_id,
                    loaded.version,
                    loaded.head_hash,
                    self._decision(ruleset, events, SYSTEM, due),
                    result=result_json(ruleset.result(after)) if terminal else None,
                )
            except VersionConflict:
                loaded = self.loader.load(loaded.game.game_id)
                continue
            self.loader.after_append(loaded, stored, after)
            loaded = Loaded(loaded.game, ruleset, after, stored[-1].seq, stored[-1].hash)
            appended += stored
        raise RuntimeError(f"{loaded.ruleset.id}: the system kept deciding without end")

    def _replay(self, game_id: UUID, key: str | None, request_hash: str) -> Outcome | None:
        if key is None:
            return None
        prior = self.store.idempotent_response(game_id, key)
        if prior is None:
            return None
        if prior[0] != request_hash:
            raise IdempotencyKeyReused(
                "this idempotency key was already used for a different command"
            )
        first = prior[1]
        self.settle(game_id)  # what the system owed after it, if a fault interrupted that
        # The first answer also carried the system's decisions taken right after it (a few).
        span = first["to"] - first["from"] + 1 + 64
        stored = self.store.read(game_id, after=first["from"] - 1, limit=span)
        end = next(
            (e.seq - 1 for e in stored if e.seq > first["to"] and e.actor != SYSTEM),
            stored[-1].seq,
        )
        terminal = end == stored[-1].seq and self.store.game(game_id).is_finished
        return Outcome(game_id, end, [e for e in stored if e.seq <= end], terminal, replayed=True)

    def _decision(self, ruleset: Any, events: Sequence[Any], actor: str, command: Any) -> Decision:
        new = []
        for event in events:
            name, version, payload = event_to_record(event)
            new.append(NewEvent(name, version, payload, ruleset.visibility(event)))
        return Decision(tuple(new), actor, command_to_json(command))

    def fork(
        self,
        game_id: UUID | str,
        at: int,
        luck: str = "reshuffle",
        seat_info: Sequence[Mapping[str, Any]] | None = None,
        seed: str | None = None,
    ) -> Outcome:
        """A new game whose first ``at`` events copy the parent's; the parent is untouched.

        ``at`` must fall between two decisions. "same" luck keeps the parent's hidden order
        and is refused while the parent is unfinished, since the fork would reveal it.
        "reshuffle" re-draws every hidden future order from a new seed.
        """
        parent = self.store.game(parse_game_id(game_id))
        _check_fork(self.store, parent, at, luck)
        if at == 0:
            return self._fork_from_start(parent, luck, seat_info, seed)
        loaded = self.loader.load(parent.game_id, at=at)
        reseed: tuple[Any, ...] = ()
        command: Any = None
        if luck == "reshuffle":
            command = Reseed(seed=seed or self.seeds())
            reseed = loaded.ruleset.decide(loaded.state, command)
        game = _child(parent, at, seat_info)
        decision = (
            self._decision(loaded.ruleset, reseed, SYSTEM, command)
            if reseed
            else Decision((), SYSTEM, None)
        )
        # A fork taken at the end of a finished game is finished from its first moment.
        state = loaded.ruleset.fold(reseed, loaded.state)
        if loaded.ruleset.is_terminal(state):
            result = result_json(loaded.ruleset.result(state))
            game = dataclasses.replace(game, status="finished", result=result)
        stored = self.store.create_game(game, decision)
        if not stored:
            return Outcome(game.game_id, 0, stored, False)
        settled, last = self._settle(
            Loaded(game, loaded.ruleset, state, stored[-1].seq, stored[-1].hash)
        )
        return Outcome(game.game_id, last.version, stored + settled, False)

    def _fork_from_start(
        self, parent: GameRecord, luck: str, seat_info: Any, seed: str | None
    ) -> Outcome:
        first = self.store.read(parent.game_id, until=1)[0]
        setup = dict(first.command or {})
        seed = setup["seed"] if luck == "same" else (seed or self.seeds())
        # the parent's own rules version and content, never the newest
        ruleset = ruleset_for(parent)
        command = SetUp(
            seats=parent.seats,
            seed=seed,
            options=setup.get("options", {}),
            setup=setup.get("setup"),
            content=parent.content_hash,
        )
        events = ruleset.decide(ruleset.initial_state, command)
        game = _child(parent, 0, seat_info)
        stored = self.store.create_game(game, self._decision(ruleset, events, SYSTEM, command))
        opened = Loaded(game, ruleset, ruleset.fold(events), stored[-1].seq, stored[-1].hash)
        settled, last = self._settle(opened)
        return Outcome(game.game_id, last.version, stored + settled, False)

    # -- reading ---------------------------------------------------------------------------

    def load(self, game_id: UUID | str, at: int | None = None) -> Loaded:
        return self.loader.load(parse_game_id(game_id), at)

    def view(
        self, game_id: UUID | str, viewer: int | None, at: int | None = None
    ) -> dict[str, Any]:
        loaded = self.load(game_id, at)
        ruleset, state = loaded.ruleset, loaded.state
        return {
            "game_id": str(loaded.game.game_id),
            "ruleset": ruleset.id,
            "rules_version": ruleset.rules_version,
            "version": loaded.version,
            "phase": ruleset.presentation.phase(state) if state.is_set_up else "setup",
            "scores": scores_json(ruleset.presentation.scores(state)) if state.is_set_up else [],
            # From the state: a cached game record may predate the game's end.
            "status": "finished" if ruleset.is_terminal(state) else "active",
            "to_act": sorted(ruleset.to_act(state)),
            "is_terminal": ruleset.is_terminal(state),
            "result": result_json(ruleset.result(state)),
            "view": dict(ruleset.view(state, viewer)),
        }

    def legal_commands(self, game_id: UUID | str, seat: int) -> list[dict[str, Any]]:
        return self.legal_commands_of(self.load(game_id), seat)

    def legal_commands_of(self, loaded: Loaded, seat: int) -> list[dict[str, Any]]:
        return [command_to_json(c) for c in loaded.ruleset.legal_commands(loaded.state, seat)]

    def events_since(
        self, game_id: UUID | str, after: int = 0, limit: int = 500, viewer: int | None = None
    ) -> list[dict[str, Any]]:
        """The events after seq ``after`` that ``viewer`` may see, as JSON-ready dicts."""
        game = self.store.game(parse_game_id(game_id))
        stored = self.store.read(game.game_id, after=after, limit=limit)
        return visible_events(self.store, game, stored, viewer)

    def is_log_public(self, game_id: UUID | str) -> bool:
        game = self.store.game(parse_game_id(game_id))
        revealed = revealed_in(self.store, game)
        return revealed(1) or game.version == 0

    # -- bots ------------------------------------------------------------------------------

    def play_bots(
        self,
        game_id: UUID | str,
        bots: Mapping[int, str],
        entropy: str,
        max_commands: int = 100_000,
    ) -> int:
        """Let bot seats act until a human must act or the game ends; returns commands played.

        ``entropy`` is the bots' own randomness: each choice draws from
        sha256(entropy:version:seat), so a simulation with a fixed entropy is reproducible.
        """
        played = 0
        while played < max_commands:
            loaded = self.load(game_id)
            ruleset, state = loaded.ruleset, loaded.state
            ready = sorted(s for s in ruleset.to_act(state) if s in bots)
            if ruleset.is_terminal(state) or not ready:
                return played
            seat = ready[0]
            luck = Luck(hashlib.sha256(f"{entropy}:{loaded.version}:{seat}".encode()).hexdigest())
            choice = ruleset.bots[bots[seat]](state, seat, luck)
            self.act(loaded.game.game_id, seat, choice)
            played += 1
        return played


def _as_json(command: Any) -> Any:
    return command if isinstance(command, Mapping) else command_to_json(command)


def _parse(ruleset: Any, command: Mapping[str, Any] | Any, seat: int) -> Any:
    """A seat's command: one of the types a seat may send, for that seat only."""
    if isinstance(command, Mapping):
        return command_from_json(ruleset, dict(command), seat=seat)
    if type(command) not in ruleset.command_types:
        raise NotASeat(f"a seat cannot send {type(command).__name__}")
    if getattr(command, "seat", seat) != seat:
        raise NotASeat(f"seat {seat} cannot act for seat {command.seat}")
    return command


def _check_fork(store: EventStore, parent: GameRecord, at: int, luck: str) -> None:
    if luck not in ("same", "reshuffle"):
        raise ForkRefused("luck must be 'same' or 'reshuffle'")
    if not 0 <= at <= parent.version:
        raise ForkRefused(f"at must be between 0 and {parent.version}")
    if luck == "same" and not parent.is_finished:
        raise ForkRefused(
            "forking an unfinished game with the same luck would reveal its hidden order;"
            " use reshuffle"
        )
    following = store.read(parent.game_id, after=at, until=at + 1)
    if following and following[0].decision_seq != following[0].seq:
        start = following[0].decision_seq - 1
        raise ForkRefused(f"event {at} is inside a decision; fork at {start} instead")
    if at and not store.read(parent.game_id, after=at - 1, until=at):
        raise ForkRefused(f"the game has no event {at}")


def _child(parent: GameRecord, at: int, seat_info: Any) -> GameRecord:
    return GameRecord.new(
        parent.ruleset,
        parent.rules_version,
        parent.content_hash,
        parent.seats,
        seat_info=[dict(s) for s in seat_info] if seat_info is not None else parent.seat_info,
        options=parent.options,
        parent_id=parent.game_id,
        fork_at=at,
    )
