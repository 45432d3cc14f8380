"""The in-memory store's companion recorders: seat tokens, kept refusals, creators, player
accounts and per-game webhooks, over the same ``Tables`` as ``MemoryStore`` (one lock).

Each keeps what its PostgreSQL counterpart keeps (secrets as sha256 hashes only) and
answers as it does; the contract suite (tests/service/store_contract/) holds both to it.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Iterable, Sequence
from datetime import UTC, datetime, timedelta
from typing import Any
from uuid import UUID, uuid4

from service.store.credentials import INVITE, SEAT, Secrets, new_secret, token_hash
from service.store.memory_tables import Hook, Kept, Notice, PlayerRow, Tables, as_json
from service.store.players import Player, PlayerExists, SeatedAlready, UnknownPlayer
from service.store.records import canonical_json
from service.store.webhooks import CLAIMED, NOTICE_ORDER, Owed, Written


def _now() -> datetime:
    return datetime.now(UTC)


def _seat_taken(
    tables: Tables,
    game_id: UUID,
    seat: int,
    taker: dict[str, Any],
    opening: Sequence[dict[str, Any]],
) -> None:
    """Seat ``seat`` becomes ``taker``'s; the ``opening`` notices go out when it was the
    last open seat (as ``statements.seat_taken``; the caller holds the lock)."""
    game = tables.games[game_id]
    seat_info = as_json(game.seat_info)
    seat_info[seat] = taker
    tables.games[game_id] = dataclasses.replace(game, seat_info=seat_info)
    if opening and not any(s.get("kind") == "open" for s in seat_info):
        tables.notify_hooks(game_id, opening, _now())


def put_secrets(tables: Tables, game_id: UUID, made: Secrets) -> None:
    """The hashes of ``made``, the caller holding ``tables.lock``: as the database's
    ``insert_secrets``, a second creator token for a game is refused (its primary key)."""
    if made.creator is not None and game_id in tables.creators:
        raise ValueError(f"game {game_id} has a creator already")
    for digest, seat, purpose in made.seat_rows():
        tables.seat_tokens[(game_id, digest)] = (seat, purpose)
    if made.creator is not None:
        tables.creators[game_id] = token_hash(made.creator)


class MemorySeatTokens:
    def __init__(self, tables: Tables) -> None:
        self.tables = tables

    def issue(
        self, game_id: UUID, seats: Iterable[int], invites: Iterable[int] = ()
    ) -> tuple[dict[int, str], dict[int, str]]:
        made = Secrets.new(seats, invites)
        with self.tables.lock:
            put_secrets(self.tables, game_id, made)
        return dict(made.tokens), dict(made.invites)

    def seat_for(self, game_id: UUID, token: str) -> int | None:
        digest = token_hash(token)
        with self.tables.lock:
            found = self.tables.seat_tokens.get((game_id, digest))
            if found is not None and found[1] == SEAT:
                return found[0]
            # a seat bound to a player account answers to the player's current token
            for (game, seat), player_id in self.tables.seat_players.items():
                row = self.tables.players.get(player_id)
                if game == game_id and row is not None and row.token_hash == digest:
                    return seat
        return None

    def holders(self, game_id: UUID, seat: int) -> list[str]:
        with self.tables.lock:
            hashes = [
                digest
                for (game, digest), (held, purpose) in self.tables.seat_tokens.items()
                if game == game_id and held == seat and purpose == SEAT
            ]
            player_id = self.tables.seat_players.get((game_id, seat))
            row = None if player_id is None else self.tables.players.get(player_id)
        if row is not None and row.token_hash is not None:
            hashes.append(row.token_hash)
        return hashes

    def redeem(
        self, game_id: UUID, code: str, player: str, opening: Sequence[dict[str, Any]] = ()
    ) -> tuple[int, str] | None:
        token = new_secret()
        with self.tables.lock:
            game = self.tables.games.get(game_id)
            found = self.tables.seat_tokens.get((game_id, token_hash(code)))
            if game is None or game.status != "active" or found is None or found[1] != INVITE:
                return None
            seat = found[0]
            del self.tables.seat_tokens[(game_id, token_hash(code))]
            self.tables.seat_tokens[(game_id, token_hash(token))] = (seat, SEAT)
            _seat_taken(self.tables, game_id, seat, {"kind": "player", "player": player}, opening)
        return seat, token


class MemoryRefusals:
    def __init__(self, tables: Tables) -> None:
        self.tables = tables

    def remember(
        self, game_id: UUID, key: str, request_hash: str, refusal: dict[str, Any]
    ) -> tuple[str, dict[str, Any]]:
        with self.tables.lock:
            kept = self.tables.idempotency.setdefault(
                (game_id, key), Kept(request_hash, canonical_json(refusal), True, _now())
            )
        return kept.request_hash, json.loads(kept.response_text)

    def forget_older_than(self, seconds: float) -> int:
        cutoff = _now() - timedelta(seconds=seconds)
        with self.tables.lock:
            doomed = [
                key
                for key, kept in self.tables.idempotency.items()
                if kept.refused and kept.created_at < cutoff
            ]
            for key in doomed:
                del self.tables.idempotency[key]
        return len(doomed)


class MemoryCreators:
    def __init__(self, tables: Tables) -> None:
        self.tables = tables

    def issue(self, game_id: UUID) -> str:
        made = Secrets.new((), (), creator=True)
        with self.tables.lock:
            put_secrets(self.tables, game_id, made)
        assert made.creator is not None
        return made.creator

    def is_creator(self, game_id: UUID, token: str) -> bool:
        with self.tables.lock:
            return self.tables.creators.get(game_id) == token_hash(token)


class MemoryPlayers:
    def __init__(self, tables: Tables) -> None:
        self.tables = tables

    def create(self, name: str, organiser: bool = False) -> tuple[Player, str]:
        token = new_secret()
        player = Player(uuid4(), name, organiser, False)
        with self.tables.lock:
            if any(row.name == name for row in self.tables.players.values()):
                raise PlayerExists(name)
            row = PlayerRow(player.player_id, name, organiser, token_hash(token))
            self.tables.players[player.player_id] = row
        return player, token

    def rotate(self, player_id: UUID) -> str:
        token = new_secret()
        self._set_hash(player_id, token_hash(token))
        return token

    def revoke(self, player_id: UUID) -> None:
        self._set_hash(player_id, None)

    def _set_hash(self, player_id: UUID, digest: str | None) -> None:
        with self.tables.lock:
            row = self.tables.players.get(player_id)
            if row is None:
                raise UnknownPlayer(player_id)
            row.token_hash = digest

    def _find(self, match: Any) -> Player | None:
        with self.tables.lock:
            for row in self.tables.players.values():
                if match(row):
                    return Player(row.player_id, row.name, row.is_organiser, row.token_hash is None)
        return None

    def by_token(self, token: str) -> Player | None:
        digest = token_hash(token)
        return self._find(lambda row: row.token_hash == digest)

    def by_name(self, name: str) -> Player:
        found = self._find(lambda row: row.name == name)
        if found is None:
            raise UnknownPlayer(name)
        return found

    def get(self, player_id: UUID) -> Player:
        found = self._find(lambda row: row.player_id == player_id)
        if found is None:
            raise UnknownPlayer(player_id)
        return found

    def names(self, player_ids: list[UUID]) -> dict[UUID, str]:
        with self.tables.lock:
            rows = [self.tables.players.get(p) for p in player_ids]
        return {row.player_id: row.name for row in rows if row is not None}

    def take_open_seat(
        self,
        game_id: UUID,
        player: Player,
        seat: int | None,
        opening: Sequence[dict[str, Any]] = (),
    ) -> int | None:
        with self.tables.lock:
            game = self.tables.games.get(game_id)
            if game is None or game.status != "active":
                return None
            bound = self.tables.seat_players.items()
            seated = sorted(s for (g, s), p in bound if g == game_id and p == player.player_id)
            if seated:
                # one player token acts for one seat (as ``Players.take_open_seat``)
                raise SeatedAlready(game_id, seated[0])
            free = [i for i, s in enumerate(game.seat_info) if s.get("kind") == "open"]
            chosen = free[0] if seat is None and free else seat
            if chosen not in free:
                return None
            assert chosen is not None
            for key, (held, purpose) in list(self.tables.seat_tokens.items()):
                if key[0] == game_id and held == chosen and purpose == INVITE:
                    del self.tables.seat_tokens[key]
            self.tables.seat_players[(game_id, chosen)] = player.player_id
            self.tables.adopt_game(game_id)  # the player's webhooks hear this game from now on
            taker = {"kind": "player", "player": player.name}
            _seat_taken(self.tables, game_id, chosen, taker, opening)
        return chosen


class MemoryWebhooks:
    def __init__(self, tables: Tables) -> None:
        self.tables = tables

    def register(
        self, game_id: UUID, url: str, secret: str, owner_kind: str, owner: str, seat: int | None
    ) -> UUID:
        hook_id = uuid4()
        with self.tables.lock:
            self.tables.hooks[(game_id, hook_id)] = Hook(url, secret, owner_kind, owner, seat)
        return hook_id

    def _owed(self) -> list[tuple[tuple[UUID, UUID], Hook]]:
        """Undelivered notices of hooks in force (the caller holds the lock)."""
        owed = []
        for key, notice in self.tables.outbox.items():
            hook = self.tables.hooks[(key[0], notice.hook_id)]
            if not notice.delivered and not hook.revoked:
                owed.append((key, hook))
        return owed

    def claim(self, lease_seconds: float) -> list[Owed]:
        now = _now()
        claimed = []
        with self.tables.lock:
            due = [(k, h) for k, h in self._owed() if self.tables.outbox[k].next_at <= now]
            due.sort(key=lambda pair: self._age(self.tables.outbox[pair[0]]))
            for (game_id, notice_id), hook in due[:CLAIMED]:
                notice = self.tables.outbox[(game_id, notice_id)]
                notice.next_at = now + timedelta(seconds=lease_seconds)
                body = json.loads(notice.body_text)
                claimed.append(
                    Owed(
                        game_id,
                        notice_id,
                        notice.kind,
                        body,
                        notice.attempts,
                        hook.url,
                        hook.secret,
                        seat=hook.seat,
                        seats=None if hook.seats is None else list(hook.seats),
                    )
                )
        return claimed

    @staticmethod
    def _age(notice: Notice) -> tuple[datetime, int, int]:
        """Oldest due first, one decision's notices in the order it gave them."""
        return (notice.next_at, notice.decision, NOTICE_ORDER.index(notice.kind))

    def delivered(self, owed: Owed) -> None:
        with self.tables.lock:
            notice = self.tables.outbox[(owed.game_id, owed.notice_id)]
            notice.delivered = True
            notice.attempts += 1

    def failed(self, owed: Owed, error: str, retry_in: float) -> None:
        with self.tables.lock:
            notice = self.tables.outbox[(owed.game_id, owed.notice_id)]
            notice.attempts += 1
            notice.last_error = error[:500]
            notice.next_at = _now() + timedelta(seconds=retry_in)

    def next_due(self) -> float | None:
        with self.tables.lock:
            due = [self.tables.outbox[key].next_at for key, _ in self._owed()]
        if not due:
            return None
        return max(0.0, (min(due) - _now()).total_seconds())

    def notices(self, *, game_id: UUID | None = None, hook_id: UUID | None = None) -> list[Written]:
        with self.tables.lock:
            found = [
                (notice.decision, NOTICE_ORDER.index(notice.kind), key, notice)
                for key, notice in self.tables.outbox.items()
                if game_id in (None, key[0]) and hook_id in (None, notice.hook_id)
            ]
            found.sort(key=lambda f: f[:2])
            written = [
                Written(
                    *key,
                    n.hook_id,
                    n.kind,
                    json.loads(n.body_text),
                    n.delivered,
                    n.attempts,
                    n.last_error,
                )
                for *_, key, n in found
            ]
        return written
