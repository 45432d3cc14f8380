"""A player's or a league's webhooks in memory: the memory store's ``SubscriptionRecorder``.

As on PostgreSQL (``service.store.subscriptions``), an owner's hook is copied into the
per-game hooks of every game it hears, so a decision's notices reach it from the game's own
hooks: ``Tables.adopt_game`` copies a game's owners' hooks when its seats are bound, and
``register`` copies a new hook into its owner's active games. One lock over every table
does what the owners' advisory locks do there: no game is missed by both sides.
"""

from __future__ import annotations

from datetime import UTC, datetime
from uuid import UUID, uuid4

from service.store.memory_tables import OwnerHookRow, Tables
from service.store.subscriptions import OwnerHook, OwnerKind


class MemorySubscriptions:
    def __init__(self, tables: Tables) -> None:
        self.tables = tables

    def register(self, kind: OwnerKind, owner: str, url: str, secret: str) -> OwnerHook:
        hook_id = uuid4()
        row = OwnerHookRow(kind, owner, url, secret, datetime.now(UTC))
        with self.tables.lock:
            self.tables.owner_hooks[hook_id] = row
            for game_id, game in self.tables.games.items():
                if game.status != "active":
                    continue
                for owner_kind, found, seats in self.tables.owners(game_id):
                    if (owner_kind, found) == (kind, owner):
                        self.tables.copy_hook(game_id, hook_id, row, seats)
        return OwnerHook(hook_id, kind, owner, url, row.created_at)

    def hooks(self, kind: OwnerKind, owner: str) -> list[OwnerHook]:
        with self.tables.lock:
            found = [
                OwnerHook(hook_id, row.owner_kind, row.owner, row.url, row.created_at)
                for hook_id, row in self.tables.owner_hooks.items()
                if (row.owner_kind, row.owner) == (kind, owner) and not row.revoked
            ]
        return sorted(found, key=lambda h: (h.created_at, h.hook_id.bytes))

    def settle(self, older_than: float = 60.0) -> int:
        """In memory a registration or a revocation is one step, copies included: none is
        ever left half done, so there is nothing to settle."""
        return 0

    def revoke(self, kind: OwnerKind, owner: str, hook_id: UUID) -> bool:
        with self.tables.lock:
            row = self.tables.owner_hooks.get(hook_id)
            if row is None or row.revoked or (row.owner_kind, row.owner) != (kind, owner):
                return False
            row.revoked = True
            for (_, copied), hook in self.tables.hooks.items():
                if copied == hook_id:
                    hook.revoked = True
        return True
