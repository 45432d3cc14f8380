"""A new game's row and secrets as libpq statements, for its opening's one exchange.

``EventStore.create_game`` sends them with the opening's decisions in one round trip
(``appending.opened``): the rows ``statements.insert_game`` and ``credentials.insert_secrets``
write, with the values as texts whose types the server takes from the columns (a JSON
column's text is ``json.dumps``' spelling, as psycopg's ``Jsonb`` sends it).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from service.store.appending import Statement
from service.store.credentials import Secrets, token_hash
from service.store.records import GameRecord
from service.store.statements import ANNOUNCE, GAME_INSERT_COLUMNS

GAME_SQL = (
    f"INSERT INTO games ({GAME_INSERT_COLUMNS})"
    " VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)"
).encode()
CREATOR_SQL = b"INSERT INTO game_creators (game_id, token_sha256) VALUES ($1, $2)"


def statements(game: GameRecord, made: Secrets | None) -> list[Statement]:
    """The feed's announce (before anything is written), the game's row, then the hashes of
    ``made``: each seat token and invite in one ``INSERT``, the creator's in another."""
    game_id = str(game.game_id).encode()
    sent: list[Statement] = [(ANNOUNCE.encode(), ()), (GAME_SQL, _game_params(game))]
    if made is None:
        return sent
    rows = made.seat_rows()
    if rows:
        places = ", ".join(
            f"(${4 * i + 1}, ${4 * i + 2}, ${4 * i + 3}, ${4 * i + 4})" for i in range(len(rows))
        )
        params = [text for row in rows for text in _seat_row(game_id, *row)]
        sql = f"INSERT INTO seat_tokens (game_id, token_hash, seat, purpose) VALUES {places}"
        sent.append((sql.encode(), params))
    if made.creator is not None:
        sent.append((CREATOR_SQL, [game_id, token_hash(made.creator).encode()]))
    return sent


def _seat_row(game_id: bytes, digest: str, seat: int, purpose: str) -> list[bytes | None]:
    return [game_id, digest.encode(), str(int(seat)).encode(), purpose.encode()]


def _game_params(game: GameRecord) -> list[bytes | None]:
    return [
        str(game.game_id).encode(),
        game.ruleset.encode(),
        game.rules_version.encode(),
        game.content_hash.encode(),
        str(int(game.seats)).encode(),
        json.dumps(game.seat_info).encode(),
        json.dumps(game.options).encode(),
        game.status.encode(),
        _json(game.result),
        _text(game.parent_id),
        _text(game.fork_at),
        game.created_at.isoformat().encode(),
        None if game.finished_at is None else game.finished_at.isoformat().encode(),
    ]


def _json(value: Any) -> bytes | None:
    return None if value is None else json.dumps(value).encode()


def _text(value: object | None) -> bytes | None:
    return None if value is None else str(value).encode()


__all__: Sequence[str] = ("statements",)
