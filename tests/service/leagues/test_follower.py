"""A served process records a finished league game's result by itself, with no reader."""

from __future__ import annotations

import time
import uuid
from uuid import UUID

from service.composition import assemble
from service.leagues import league_service
from service.store import Store
from tests.service.leagues.season import play_game, sign_up


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
