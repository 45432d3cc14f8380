"""A league's stream on PostgreSQL is append-only."""

from __future__ import annotations

import uuid

import psycopg
import pytest

from service.store.leagues import GENESIS_HASH, LeagueStore
from tests.service.store_contract.test_leagues import league_decision

pytestmark = pytest.mark.storage


def test_stored_league_events_cannot_be_changed(pool: object) -> None:
    """Chaining, optimism and the feed are the store contract's
    (tests/service/store_contract/test_leagues.py); this is PostgreSQL's own guarantee."""
    store = LeagueStore(pool)
    league = uuid.uuid4()
    store.append(league, 0, GENESIS_HASH, league_decision(0), create=True)
    with pool.connection() as conn:  # type: ignore[attr-defined]
        for statement in ("UPDATE league_events SET payload = '{}'", "DELETE FROM league_events"):
            with pytest.raises(psycopg.errors.InsufficientPrivilege), conn.transaction():
                conn.execute(statement + " WHERE league_id = %s", (league,))
