"""A new game's opening in one exchange on PostgreSQL (``appending.opened``): the very rows
the opening and one append a system decision wrote before, every column; and a refusal by
the database anywhere in the block leaves nothing and the connection idle."""

from __future__ import annotations

import uuid
from collections.abc import Sequence
from typing import Any

import psycopg
import pytest
from psycopg.pq import TransactionStatus

from domain.core import registry
from service.application import app as app_module
from service.application.app import Application
from service.clock import ManualClock
from service.store import (
    Appended,
    Decision,
    EventStore,
    GameRecord,
    UnknownGame,
    appending,
    opening,
)
from service.store.credentials import Secrets
from service.store.recorders import FollowUp
from service.store.records import GENESIS_HASH
from tests.support.appending import decision

SEED = "0bed" * 16
GAME_ROW = "SELECT to_jsonb(g) - 'game_id' - 'created_at' FROM games g WHERE game_id = %s"
EVENT_ROWS = (
    "SELECT to_jsonb(e) - 'game_id' - 'recorded_at' - 'tx' - 'global_position' FROM events e"
    " WHERE game_id = %s ORDER BY seq"
)
SECRET_ROWS = (
    "SELECT token_hash, seat, purpose FROM seat_tokens WHERE game_id = %(g)s"
    " UNION ALL SELECT token_sha256, NULL, 'creator' FROM game_creators WHERE game_id = %(g)s"
    " ORDER BY 1"
)


def rows(store: EventStore, game_id: uuid.UUID) -> list[list[Any]]:
    with store.connection() as conn:
        return [
            [
                tuple(r.values())
                for r in conn.execute(sql, {"g": game_id} if "%(g)" in sql else (game_id,))
            ]
            for sql in (GAME_ROW, EVENT_ROWS, SECRET_ROWS)
        ]


def in_steps(
    self: EventStore,
    game: GameRecord,
    decision: Decision,
    seated: Sequence[uuid.UUID] = (),
    secrets: Secrets | None = None,
    then: Sequence[FollowUp] = (),
) -> Appended:
    """``create_game`` by the steps a fork or a league game takes, whatever the game."""
    moved = [each for each in ((decision, None), *then) if each[0].events]
    with self.connection() as conn:
        return self._create_in_steps(conn, game, moved, seated, secrets)


@pytest.mark.parametrize("ruleset_id", sorted(r.id for r in registry.all_rulesets()))
def test_the_opening_writes_every_column_the_separate_commits_wrote(
    store: EventStore, ruleset_id: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    ruleset = registry.get(ruleset_id)
    seats = [{"kind": "player", "player": f"p{i}"} for i in range(ruleset.min_seats)]
    made = Secrets.new(range(len(seats)), [0], creator=True)  # an invite too

    def created() -> uuid.UUID:
        app = Application(store, seeds=lambda: SEED, clock=ManualClock())
        game_id = app.create_game(ruleset_id, len(seats), seat_info=seats, secrets=made).game_id
        app.settle(game_id)  # what the old opening left to the system (nothing now)
        return game_id

    together = created()
    # as before: the opening alone, its rows by psycopg's statements (``insert_game``,
    # ``insert_secrets``), then the system's decisions one append each
    monkeypatch.setattr(app_module, "owed_after", lambda _ruleset, state, _v, _c: ([], state))
    monkeypatch.setattr(EventStore, "create_game", in_steps)
    apart = created()
    assert rows(store, together) == rows(store, apart)
    assert len(rows(store, together)[1]) == store.version(together)


def test_a_refusal_in_the_block_leaves_nothing_and_the_connection_idle(
    store: EventStore, database_url: str
) -> None:
    game = GameRecord.new("counting", "1", "none", 2, seat_info=[{"kind": "player"}] * 2)
    twins = Secrets({0: "same token", 1: "same token"}, {}, "creator")  # one hash twice
    with pytest.raises(psycopg.errors.UniqueViolation):
        store.create_game(game, decision(0), secrets=twins)
    with pytest.raises(UnknownGame):
        store.game(game.game_id)
    assert rows(store, game.game_id) == [[], [], []]
    with psycopg.connect(database_url, autocommit=True) as conn:
        call = appending.decisions_call(game.game_id, 1, GENESIS_HASH, [(decision(0), None)], None)
        with pytest.raises(psycopg.errors.UniqueViolation):
            appending.opened(conn, opening.statements(game, twins), call, "NOTIFY x")
        assert conn.info.transaction_status == TransactionStatus.IDLE
        assert conn.execute("SELECT 1").fetchone() == (1,)
    assert rows(store, game.game_id) == [[], [], []]
