"""A league command reads its own writes (the CI failure of 2026-12-04): the feed gives out
a committed league event only once every transaction that took an earlier id has ended
(migrations/versions/0003), so a catch-up right after an append could find nothing yet and
the command then read a projection without its own league. ``LeagueService.catch_up`` now
waits until everything committed before it is applied. PostgreSQL only: the memory store's
feed holds nothing back."""

from __future__ import annotations

import threading
import time
import uuid

import psycopg
import pytest

from service.application import Application
from service.leagues import league_service
from service.projections.reading import summary_of
from service.store import EventStore

pytestmark = pytest.mark.storage

HELD = 0.5
"""Seconds another appender keeps its earlier transaction id open."""


def test_a_catch_up_waits_for_its_own_league_behind_an_earlier_append(
    store: EventStore, database_url: str
) -> None:
    service = league_service(Application(store))
    tag = uuid.uuid4().hex[:6]
    boss, _ = service.accounts.create(f"boss-{tag}", organiser=True)
    service.catch_up()
    with psycopg.connect(database_url) as earlier:
        # an append that took its id first and has not committed yet
        earlier.execute("SELECT cairn_announce_append()")
        league = service.leagues.create(boss, f"Held {tag}", "counting", 2, options={"target": 5})
        ends = threading.Timer(HELD, earlier.rollback)
        ends.start()
        started = time.monotonic()
        try:
            service.catch_up()
        finally:
            ends.join()
    assert summary_of(service, league)["name"] == f"Held {tag}"
    assert time.monotonic() - started >= HELD * 0.9, "it waited for the earlier transaction"
