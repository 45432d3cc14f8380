"""The application layer: the one path from a request to appended events.

``act`` loads a game, folds it, decides the command and appends the decision with the
expected version. The API, the CLI and the tests all go through this class.
"""

from __future__ import annotations

import dataclasses
import hashlib
from collections.abc import Callable, Mapping, Sequence
from typing import Any
from uuid import UUID

from domain.core import SYSTEM, RuleViolation, SetUp, registry
from domain.core.codec import encode
from domain.core.luck import Luck
from domain.core.registry import command_to_json
from service.application import live
from service.application.deciding import (
    MAX_SYSTEM_DECISIONS,
    decision_of,
    owed_after,
    result_of,
    system_decision,
)
from service.application.errors import NotASeat
from service.application.forking import Forked, SeatsGiven, child_record, fork_opening, plan_fork
from service.application.idempotency import Keys
from service.application.loading import Loaded, Loader
from service.application.lobby import require_seated
from service.application.outcomes import Outcome, new_seed, result_json, view_json
from service.application.parsing import as_json, parse_command
from service.application.reactions import OutboxReader, Reaction, tell
from service.application.seating import grants_of, secrets_for
from service.application.staleness import check_expected
from service.application.visibility import parse_game_id, revealed_in, visible_events
from service.clock import Clock, SystemClock
from service.notices import with_notices
from service.store import (
    Appended,
    Decision,
    GameRecord,
    SeatRecorder,
    Store,
    StoredEvent,
    VersionConflict,
)
from service.store.credentials import Secrets
from service.store.records import canonical_json

MAX_RETRIES = 16


class Application:
    def __init__(
        self,
        store: Store,
        seeds: Callable[[], str] = new_seed,
        tokens: SeatRecorder | None = None,
        clock: Clock | None = None,
    ) -> None:
        self.store = store
        self.clock: Clock = clock if clock is not None else SystemClock()
        """Stamps every decision with the time it was taken (docs/live-play.md)."""
        self.loader = Loader(store)
        self.seeds = seeds
        self.tokens = tokens if tokens is not None else store.tokens
        self.keys = Keys(store)
        self.reactions: list[Reaction] = []
        """Called after every commit (see ``service.composition``): bots, live wake-ups."""
        self.outbox_readers: list[OutboxReader] = []
        """Called after a commit that may have written outbox rows: the webhook deliverer."""

    def seats_changed(self, game_id: UUID) -> None:
        """A seat was taken (an invite, the lobby): a game waiting for it may start now, and
        if it was the last open seat the store wrote the opening notices with it."""
        tell(game_id, [reader.noticed for reader in self.outbox_readers])
        self._committed(game_id)

    def _committed(self, game_id: UUID) -> None:
        """Tell every reaction that ``game_id`` moved on."""
        tell(game_id, [reaction.committed for reaction in self.reactions])

    def _outboxed(self, game_id: UUID, appended: Appended) -> Appended:
        """Wake the outbox's readers right after an append that wrote outbox rows. Most
        moves carry notices (each one that brings a seat to act), but in a game no hook
        hears they write none, and waking the deliverer for them cost it a claim a move
        (issue #26); the store counts the rows its append wrote."""
        if appended.outboxed:
            tell(game_id, [reader.noticed for reader in self.outbox_readers])
        return appended

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
        game_id: UUID | None = None,
        players: Sequence[UUID] = (),
        secrets: Secrets | None = None,
    ) -> Outcome:
        """Set a new game up; ``seed`` is drawn fresh unless given (tests, simulations).

        A game is created under the newest rules version unless ``rules_version`` names an
        older one still registered (a league season may keep the rules it started with).
        ``game_id`` is given when the game was named before it exists (a league's fixture,
        recorded first); creating it twice raises ``GameExists``. ``players[i]`` is the
        account seat i is bound to (a league's game): their webhooks hear the game from its
        opening decision on. ``secrets`` (``seating.secrets_for``) are stored with the game.
        """
        ruleset = registry.get(ruleset_id, rules_version)
        command = SetUp(
            seats=seats,
            seed=seed or self.seeds(),
            options=dict(options or {}),
            setup=setup,
            content=ruleset.content_hash,
        )
        events = ruleset.decide(ruleset.initial_state, command, self.clock.now_ms())
        created = events[0]
        game = GameRecord.new(
            ruleset.id,
            ruleset.rules_version,
            created.content_hash,
            seats,
            seat_info=[dict(s) for s in seat_info],
            options=encode(created.options),
        )
        if game_id is not None:
            game = dataclasses.replace(game, game_id=game_id)
        state = ruleset.fold(events)
        opening = with_notices(
            self._decision(ruleset, events, SYSTEM, command),
            ruleset,
            ruleset.initial_state,
            state,
            events,
            len(events),
        )
        # The system's decisions due after the set-up are decided now and written with it,
        # in the game's one transaction: each stays a decision of its own in the log.
        then, after = owed_after(ruleset, state, len(events), self.clock)
        created = self.store.create_game(game, opening, players, secrets, then)
        stored = self._outboxed(game.game_id, created).events
        opened = Loaded(game, ruleset, state, len(events), stored[len(events) - 1].hash)
        if then:
            self.loader.after_append(opened, stored[len(events) :], after)
        self._committed(game.game_id)
        return Outcome(game.game_id, stored[-1].seq, stored, False)

    def act(
        self,
        game_id: UUID | str,
        seat: int,
        command: Mapping[str, Any] | Any,
        expected_version: int | None = None,
        idempotency_key: str | None = None,
        check: Callable[[Loaded, int], None] | None = None,
    ) -> Outcome:
        """Decide ``command`` for ``seat`` and append it, with the system's decisions then due
        in the same commit; retried on conflicts if unversioned.

        A command without ``expected_version`` is re-decided against the fresh state after a
        conflict, up to MAX_RETRIES times. One with it gets the conflict back if what the
        seat may do changed since that version (``staleness.check_expected``). With an
        ``idempotency_key``, the key's first outcome, refusal included, answers every retry
        and nothing is appended again (``service.application.idempotency``).
        ``check(loaded, seat)`` runs on the loaded game before deciding (the API's turn
        check); whatever it raises is a refusal like the ruleset's own.

        The first attempt decides on this process's cached state, with no query: if another
        process appended since, the append fails on its expected version. Any refusal of a
        decision made on an unconfirmed state is therefore retried on a fresh load, so only
        the store's current state ever refuses a command.
        """
        game_id = parse_game_id(game_id)
        request = canonical_json({"seat": seat, "command": as_json(command)})
        request_hash = hashlib.sha256(request.encode()).hexdigest()
        loaded = self.loader.load_cached(game_id)
        # A malformed command is refused as such before anything about the game is judged;
        # parsed once, as a game's rules (and so what parses) stay the same when reloaded.
        parsed = parse_command(loaded.ruleset, command, seat)
        for _ in range(MAX_RETRIES):
            try:
                loaded = live.time_out_due(self, loaded)
                if loaded.ruleset.system_command(loaded.state) is not None:
                    # left waiting on the system by a fault: it decides before any seat
                    loaded = self._settle(loaded)[1]
                require_seated(self.store, loaded)
                if expected_version is not None:
                    check_expected(self.store, self.loader, loaded, seat, expected_version)
                if check is not None:
                    check(loaded, seat)
                outcome = self._decide_and_append(
                    loaded, seat, parsed, idempotency_key, request_hash
                )
                self._committed(game_id)
                return outcome
            except (VersionConflict, RuleViolation, NotASeat) as refused:
                if not loaded.is_confirmed:
                    # Decided on this process's cached state, which another process may have
                    # moved on: only a refusal on the state read now stands.
                    loaded = self.loader.load(game_id)
                    continue
                # A retry of a command that was applied (or is being applied right now) is
                # refused by the state it moved on, and a retry of any keyed command by the
                # key's unique row when appending again: then the answer is the first outcome,
                # applied or refused. The key is looked up only on refusal, so a fresh command
                # pays no extra query.
                key = idempotency_key
                prior = self.keys.applied(game_id, key, request_hash)
                if prior is not None:
                    return self._replayed(game_id, prior)
                if not isinstance(refused, VersionConflict) or expected_version is not None:
                    # raised, unless a copy of this keyed command was applied first
                    first = self.keys.refused(game_id, key, request_hash, refused)
                    return self._replayed(game_id, first)
                loaded = self.loader.load(game_id)
        raise VersionConflict(game_id, -1, self.store.version(game_id))

    def _decide_and_append(
        self,
        loaded: Loaded,
        seat: int,
        parsed: Any,
        idempotency_key: str | None,
        request_hash: str,
    ) -> Outcome:
        ruleset = loaded.ruleset
        if not 0 <= seat < loaded.game.seats:
            raise NotASeat(f"seat {seat} is not a seat of this game")
        events, state = ruleset.step(loaded.state, parsed, self.clock.now_ms())
        version = loaded.version + len(events)
        decision = with_notices(
            self._decision(ruleset, events, f"seat:{seat}", parsed),
            ruleset,
            loaded.state,
            state,
            events,
            version,
        )
        # The system's decisions due after the seat's are decided now and appended with it,
        # in one commit: each stays a decision of its own in the log.
        then, after = owed_after(ruleset, state, version, self.clock)
        to_act = sorted(ruleset.to_act(after))
        # The key's record keeps the whole answer, so a retry is told the same seats.
        response = {"version": version, "from": loaded.version + 1, "to": version, "to_act": to_act}
        appended = self.store.append(
            loaded.game.game_id,
            loaded.version,
            loaded.head_hash,
            decision,
            idempotency=(idempotency_key, request_hash, response) if idempotency_key else None,
            result=result_of(ruleset, state),
            then=then,
        )
        stored = self._outboxed(loaded.game.game_id, appended).events
        self.loader.after_append(loaded, stored, after)
        terminal = ruleset.is_terminal(after)
        return Outcome(loaded.game.game_id, stored[-1].seq, stored, terminal, to_act=tuple(to_act))

    def settle(self, game_id: UUID | str) -> list[StoredEvent]:
        """Take every decision the system owes this game now; the events it appended.

        ``act`` and ``create_game`` write the system's decisions due with their own, and
        ``fork`` settles right after it appends; this is for whatever finds a game still
        waiting on the system (a process that died between a seat's decision and the
        system's, say).
        """
        game_id = parse_game_id(game_id)
        appended = self._settle(self.loader.load(game_id))[0]
        if appended:
            self._committed(game_id)
        return appended

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
            decision, after, _ = system_decision(
                ruleset, state, loaded.version, due, self.clock.now_ms()
            )
            try:
                written = self.store.append(
                    loaded.game.game_id,
                    loaded.version,
                    loaded.head_hash,
                    decision,
                    result=result_of(ruleset, after),
                )
            except VersionConflict:
                loaded = self.loader.load(loaded.game.game_id)
                continue
            stored = self._outboxed(loaded.game.game_id, written).events
            self.loader.after_append(loaded, stored, after)
            loaded = Loaded(loaded.game, ruleset, after, stored[-1].seq, stored[-1].hash)
            appended += stored
        raise RuntimeError(f"{loaded.ruleset.id}: the system kept deciding without end")

    def _replayed(self, game_id: UUID, first: dict[str, Any]) -> Outcome:
        """An applied keyed command's outcome again, from its idempotency record."""
        self.settle(game_id)  # what the system owed after it, if a fault interrupted that
        return self.keys.outcome(game_id, first)

    def _decision(self, ruleset: Any, events: Sequence[Any], actor: str, command: Any) -> Decision:
        return decision_of(ruleset, events, actor, command)

    def fork(
        self,
        game_id: UUID | str,
        at: int,
        luck: str = "reshuffle",
        seats: SeatsGiven = None,
        token: str | None = None,
        seed: str | None = None,
    ) -> Forked:
        """A new game whose first events copy the parent's; the parent is untouched.

        Every rule of who may fork what is checked first (``forking.plan_fork``), so the API
        and the CLI refuse the same forks. ``at`` must fall between two decisions; at 0 the
        parent's opening decision is copied. "same" luck keeps the parent's hidden order;
        "reshuffle" re-draws every hidden order from a new seed. Human seats of the fork get
        fresh tokens, open seats invites, in the returned grants.
        """
        parent = self.store.game(parse_game_id(game_id))
        plan = plan_fork(self.store, self.tokens, parent, at, luck, seats, token)
        loaded = self.loader.load(parent.game_id, at=plan.copied)
        ruleset = loaded.ruleset
        decision = Decision((), SYSTEM, None)
        first: tuple[Any, ...] = ()
        opening = fork_opening(
            ruleset, loaded.state, luck, lambda: seed or self.seeds(), plan.forker
        )
        if opening is not None:
            first = ruleset.decide(loaded.state, opening, self.clock.now_ms())
            decision = self._decision(ruleset, first, SYSTEM, opening)
        game = child_record(parent, plan.copied, plan.seats)
        # A fork taken at the end of a finished game is finished from its first moment.
        state = ruleset.fold(first, loaded.state)
        terminal = ruleset.is_terminal(state)
        if terminal:
            game = dataclasses.replace(
                game, status="finished", result=result_json(ruleset.result(state))
            )
        made = secrets_for(plan.seats)
        stored = self._outboxed(game.game_id, self.store.create_game(game, decision, secrets=made))
        grants = grants_of(plan.seats, made)
        head = stored.events[-1]
        last = self._settle(Loaded(game, ruleset, state, head.seq, head.hash))[1]
        self._committed(game.game_id)
        return Forked(game.game_id, parent.game_id, plan.copied, last.version, grants, terminal)

    # -- reading ---------------------------------------------------------------------------

    def load(self, game_id: UUID | str, at: int | None = None) -> Loaded:
        return self.loader.load(parse_game_id(game_id), at)

    def view(
        self, game_id: UUID | str, viewer: int | None, at: int | None = None
    ) -> dict[str, Any]:
        loaded = self.load(game_id, at)
        clocks = live.live_view(loaded.ruleset, loaded.state, self.clock.now_ms())
        return view_json(loaded, viewer) | {"live": clocks}

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
