"""A served process records a finished league game's result by itself, with no reader."""

from __future__ import annotations

import time
import uuid
from uuid import UUID

import pytest

from service.application import Application
from service.composition import assemble
from service.leagues import league_service
from service.store import Store
from tests.service.leagues.season import play_game, sign_up
from tests.support.appending import append_with_retry, new_game


def test_the_served_follower_records_results_without_being_asked(any_store: Store) -> None:
    served = assemble(any_store, bots=False, sweep_every=3600)
    served.start()
    try:
        service = league_service(served.cairn)
        tag = uuid.uuid4().hex[:6]
        boss, _ = service.accounts.create(f"boss-{tag}", organiser=True)
        members = sign_up(service, ("ann", "bob"), tag)
        league = service.leagues.create(boss, "Followed", "counting", 2, options={"target": 5})
        for m in members.values():
            service.leagues.add_member(league, boss, m.player)
        (fixture,) = service.leagues.schedule(league, boss)
        by_id = {str(m.player.player_id): m.token for m in members.values()}
        play_game(served.cairn, UUID(fixture.game_id), [by_id[p] for p in fixture.players], 0)
        deadline = time.monotonic() + 20
        while service.leagues.load(league).state.has_open_fixtures():
            assert time.monotonic() < deadline, "the follower did not record the result"
            time.sleep(0.05)
    finally:
        served.close()


def test_a_catch_up_reads_the_feed_as_it_stood_not_the_games_committing_meanwhile(
    any_store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Under steady play every page read finds new events behind it; a catch-up that read
    on until a page came back empty chased them for most of a second on a served process
    (issue #26). A page that comes back short read all there was: the rest is the next
    pass's."""
    service = league_service(Application(any_store))
    service.catch_up()
    game = new_game(any_store)
    pages: list[int] = []
    read = any_store.feed_games

    def feed_games(after: str | None = None, limit: int = 1000) -> list[tuple[UUID, str]]:
        page = read(after, limit)
        pages.append(len(page))
        if len(pages) < 50:
            append_with_retry(any_store, game, len(pages))  # a move committed meanwhile
        return page

    monkeypatch.setattr(any_store, "feed_games", feed_games)
    service.catch_up(wait=0)
    assert len(pages) == 1 and 0 < pages[0] < 1000
