"""Seat tokens: issued once, stored hashed, and a known token's seat remembered."""

from __future__ import annotations

import pytest
from psycopg.rows import tuple_row
from psycopg_pool import ConnectionPool

from service.application import Application
from service.store.credentials import token_hash
from service.store.seats import SeatTokens

pytestmark = pytest.mark.storage


def _game(app: Application) -> object:
    return app.create_game("counting", 2, options={"target": 10}).game_id


def test_a_token_names_its_seat_in_its_own_game_only(
    app: Application, pool: ConnectionPool
) -> None:
    tokens = SeatTokens(pool)
    game, other = _game(app), _game(app)
    issued, _ = tokens.issue(game, [0, 1])
    assert tokens.seat_for(game, issued[1]) == 1
    assert tokens.seat_for(game, issued[1]) == 1  # remembered, same answer
    assert tokens.seat_for(other, issued[1]) is None
    assert tokens.seat_for(game, "not a token") is None


def test_only_hashes_are_stored(app: Application, pool: ConnectionPool) -> None:
    tokens = SeatTokens(pool)
    game = _game(app)
    issued, _ = tokens.issue(game, [0])
    with pool.connection() as conn, conn.cursor(row_factory=tuple_row) as cur:
        stored = cur.execute(
            "SELECT token_hash FROM seat_tokens WHERE game_id = %s", (game,)
        ).fetchall()
    assert stored == [(token_hash(issued[0]),)]


def test_an_unknown_token_is_not_remembered_so_a_later_redeemed_one_works(
    app: Application, pool: ConnectionPool
) -> None:
    tokens = SeatTokens(pool)
    game = _game(app)
    _, invites = tokens.issue(game, [0], invites=[1])
    looked_up_before = tokens.seat_for(game, invites[1])  # an invite is not a seat token
    assert looked_up_before is None
    redeemed = tokens.redeem(game, invites[1], "ada")
    assert redeemed is not None
    seat, token = redeemed
    assert tokens.seat_for(game, token) == seat == 1
    # another process's SeatTokens, which never saw this token, finds it in the table
    assert SeatTokens(pool).seat_for(game, token) == 1
