"""Loading a game: its record, its events decoded, and its state folded (with caches).

Two caches make long games cheap, and neither can change a result:
* an in-process LRU of the latest folded state per game, topped up with only the events
  appended since (by any process);
* stored snapshots every ``SNAPSHOT_EVERY`` events, keyed by the engine fingerprint (ruleset
  id, rules version and a hash of the rules' source), so a code change never reuses them.
"""

from __future__ import annotations

import hashlib
import threading
from collections import OrderedDict
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any
from uuid import UUID

from domain.core import Ruleset, registry
from service.application.decoding import decode_events
from service.application.errors import RulesVersionMismatch
from service.application.snapshots import decode_state, encode_state
from service.store import GameRecord, Store, StoredEvent
from service.store.records import GENESIS_HASH, Snapshot

SNAPSHOT_EVERY = 200
CACHE_SIZE = 4096


@dataclass(frozen=True)
class Loaded:
    game: GameRecord
    ruleset: Ruleset[Any, Any, Any]
    state: Any
    version: int
    head_hash: str
    is_confirmed: bool = True
    """False for a cached state not checked against the store: another process may have
    appended since."""


def current_engines() -> tuple[str, ...]:
    """The fingerprints of every registered ruleset version: the snapshots a load may use."""
    return tuple(engine_fingerprint(r.id, r.rules_version) for r in registry.every_version())


@cache
def engine_fingerprint(ruleset_id: str, rules_version: str | None = None) -> str:
    """Identifies the exact rules code and content: snapshots from others are never reused.

    It covers the game package's source and data files (its content packs) and the core's.
    """
    ruleset = registry.get(ruleset_id, rules_version)
    digest = hashlib.sha256(f"{ruleset.id}:{ruleset.rules_version}".encode())
    module = __import__(ruleset.rules.decide.__module__, fromlist=["_"])
    package = Path(module.__file__ or "").parent
    core = Path(registry.__file__).parent
    sources = [*package.rglob("*.py"), *package.rglob("*.json"), *core.rglob("*.py")]
    for source in sorted(sources):
        digest.update(source.read_bytes())
    return f"{ruleset.id}:{ruleset.rules_version}:{digest.hexdigest()[:16]}"


def ruleset_for(game: GameRecord) -> Ruleset[Any, Any, Any]:
    """The rules a game was recorded under, with the content it was created with.

    Every registered version stays playable; a game of a version or content pack this
    engine does not have cannot be replayed exactly, so it is refused (exit 5, a 409).
    """
    try:
        ruleset = registry.get(game.ruleset, game.rules_version)
    except registry.UnknownRuleset:
        known = ", ".join(registry.versions(game.ruleset)) or "none"
        raise RulesVersionMismatch(
            f"game {game.game_id} was recorded under {game.ruleset} rules"
            f" {game.rules_version}; this engine plays versions {known}"
        ) from None
    if not ruleset.has_pack(game.content_hash):
        raise RulesVersionMismatch(
            f"game {game.game_id} was recorded with {game.ruleset} content"
            f" {game.content_hash[:12]}, which this engine does not have"
        )
    return ruleset


class Loader:
    """Folds games from the store, reusing cached states and snapshots where it can."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self._cache: OrderedDict[UUID, tuple[int, str, Any, GameRecord]] = OrderedDict()
        self._lock = threading.Lock()

    def load(self, game_id: UUID, at: int | None = None) -> Loaded:
        if at is None:
            with self._lock:
                cached = self._cache.get(game_id)
            if cached is not None:
                return self._top_up(cached)
        # A cold load: the record and the latest snapshot come in one query, then the events
        # after the snapshot in another.
        game, snapshot = self.store.opening(game_id, current_engines(), at)
        ruleset = ruleset_for(game)
        target = game.version if at is None else min(at, game.version)
        version, head, state = self._start(game, ruleset, target, snapshot)
        if version < target:
            version, head, state = self._fold(game, ruleset, (version, head, state), target)
        if at is None:
            self.remember(game, version, head, state)
        return Loaded(game, ruleset, state, version, head)

    def load_cached(self, game_id: UUID) -> Loaded:
        """The game as this process last saw it, with no query; a full load if unseen.

        For deciding optimistically: an append after a stale state fails on its expected
        version, so a caller that retries with ``load`` on any refusal loses nothing.
        """
        with self._lock:
            cached = self._cache.get(game_id)
        if cached is None:
            return self.load(game_id)
        version, head, state, game = cached
        return Loaded(game, ruleset_for(game), state, version, head, is_confirmed=False)

    def _top_up(self, cached: tuple[int, str, Any, GameRecord]) -> Loaded:
        """A cached game plus whatever any process appended since: one query.

        The game's record is immutable but for its status, which the state itself says.
        """
        version, head, state, game = cached
        ruleset = ruleset_for(game)
        version, head, state = self._fold(game, ruleset, (version, head, state), None)
        self.remember(game, version, head, state)
        return Loaded(game, ruleset, state, version, head)

    def _fold(
        self,
        game: GameRecord,
        ruleset: Ruleset[Any, Any, Any],
        start: tuple[int, str, Any],
        target: int | None,
    ) -> tuple[int, str, Any]:
        version, _, state = start
        rows = self.store.read_facts(game.game_id, after=version, until=target)
        if not rows:
            return start
        events = decode_events(ruleset, [(name, v, text) for _, name, v, text, _ in rows])
        state = ruleset.fold(events, state)
        self._maybe_snapshot(game.game_id, ruleset, rows[-1][0], state, rows[0][0])
        return rows[-1][0], rows[-1][4], state

    def _start(
        self,
        game: GameRecord,
        ruleset: Ruleset[Any, Any, Any],
        target: int,
        snapshot: Snapshot | None,
    ) -> tuple[int, str, Any]:
        with self._lock:
            cached = self._cache.get(game.game_id)
        if cached is not None and cached[0] <= target:
            return cached[:3]
        if snapshot is not None and snapshot.seq <= target:
            # A snapshot that does not decode is ignored: it is only a cache.
            state = decode_state(type(ruleset.initial_state), snapshot.state)
            if state is not None:
                return snapshot.seq, snapshot.head, state
        return 0, GENESIS_HASH, ruleset.initial_state

    def cached_record(self, game_id: UUID) -> GameRecord | None:
        """The game's record as last loaded in this process, with no query (its status and
        seat names may have changed since)."""
        with self._lock:
            cached = self._cache.get(game_id)
        return None if cached is None else cached[3]

    def remember(self, game: GameRecord, version: int, head: str, state: Any) -> None:
        with self._lock:
            current = self._cache.get(game.game_id)
            if current is None or current[0] <= version:
                self._cache[game.game_id] = (version, head, state, game)
                self._cache.move_to_end(game.game_id)
            while len(self._cache) > CACHE_SIZE:
                self._cache.popitem(last=False)

    def forget(self) -> None:
        with self._lock:
            self._cache.clear()

    def after_append(self, loaded: Loaded, stored: list[StoredEvent], state: Any) -> None:
        version, head = stored[-1].seq, stored[-1].hash
        self.remember(loaded.game, version, head, state)
        self._maybe_snapshot(loaded.game.game_id, loaded.ruleset, version, state, stored[0].seq)

    def _maybe_snapshot(
        self, game_id: UUID, ruleset: Ruleset[Any, Any, Any], version: int, state: Any, first: int
    ) -> None:
        # A snapshot is taken whenever a multiple of SNAPSHOT_EVERY was crossed, unless the
        # state holds takeback checkpoints (whole game states, which a snapshot cannot type).
        crossed = version // SNAPSHOT_EVERY > (first - 1) // SNAPSHOT_EVERY
        if crossed and state.live.is_snapshot_safe:
            blob = encode_state(state)
            engine = engine_fingerprint(ruleset.id, ruleset.rules_version)
            self.store.save_snapshot(game_id, engine, version, blob)
