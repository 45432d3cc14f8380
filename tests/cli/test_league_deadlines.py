"""Round deadlines from the command line (issue #25): ``league create --deadline-policy
--round-days``, ``league schedule --deadline/--days``, and ``league settle`` settling what
is past its deadline, once."""

from __future__ import annotations

import time
import uuid
from typing import Any
from uuid import UUID

import pytest

from service.application import Application
from service.clock import ManualClock
from service.leagues import league_service
from service.store import EventStore
from tests.cli.test_leagues import lines, run

pytestmark = pytest.mark.storage

DAY_MS = 86_400_000


def _league(*settings: str) -> tuple[dict[str, Any], dict[str, Any]]:
    tag = uuid.uuid4().hex[:6]
    (boss,) = lines(run("player", "create", f"boss-{tag}", "--organiser", "--json"))
    names = [f"{n}-{tag}" for n in ("ann", "bob")]
    for name in names:
        assert run("player", "create", name).exit_code == 0
    made = run(
        "league", "create", f"Due {tag}", "--ruleset", "counting", "--seats", "2",
        "--option", "target=5", *settings, "--json", token=boss["token"],
    )  # fmt: skip
    assert made.exit_code == 0, made.output
    (league,) = lines(made)
    added = run("league", "add-player", league["league_id"], *names, token=boss["token"])
    assert added.exit_code == 0, added.output
    return boss, league


def test_deadline_settings_and_a_round_with_a_deadline() -> None:
    boss, league = _league("--deadline-policy", "adjudicate", "--round-days", "7")
    assert (league["deadline_policy"], league["round_seconds"]) == ("adjudicate", 7 * 86_400)
    lid = league["league_id"]
    bad = run("league", "schedule", lid, "--deadline", "next friday", token=boss["token"])
    assert bad.exit_code == 1 and "ISO 8601" in bad.output
    shown = run("league", "schedule", lid, "--deadline", "2027-03-01T09:00Z", token=boss["token"])
    assert shown.exit_code == 0, shown.output
    assert "due 2027-03-01T09:00:00Z" in shown.stdout
    (fixture,) = lines(run("league", "fixtures", lid, "--json"))
    assert fixture["deadline"] == "2027-03-01T09:00:00Z"


def test_the_league_duration_gives_a_round_its_deadline() -> None:
    boss, league = _league("--round-days", "2")
    (fixture,) = lines(
        run("league", "schedule", league["league_id"], "--json", token=boss["token"])
    )
    due = time.mktime(time.strptime(fixture["deadline"], "%Y-%m-%dT%H:%M:%SZ")) - time.timezone
    assert abs(due - (time.time() + 2 * 86_400)) < 120


def test_settle_settles_what_is_past_its_deadline_once(store: EventStore) -> None:
    boss, league = _league("--deadline-policy", "void")
    lid = UUID(league["league_id"])
    # scheduled by a process whose clock said two days ago, with a day to play: past now
    two_days_ago = time.time_ns() // 1_000_000 - 2 * DAY_MS
    past = league_service(Application(store, clock=ManualClock(two_days_ago)))
    organiser = past.accounts.find(boss["name"])
    (fixture,) = past.leagues.schedule(lid, organiser, deadline=two_days_ago + DAY_MS)
    assert run("league", "fixtures", str(lid), "--json").exit_code == 0
    settled = run("league", "settle", str(lid), "--json")
    assert settled.exit_code == 0, settled.output
    assert lines(settled) == [{"league_id": str(lid), "settled": 1, "paused": 0}]
    assert "settled 0 games" in run("league", "settle", str(lid)).stdout
    (shown,) = lines(run("league", "fixtures", str(lid), "--json"))
    assert shown["status"] == "abandoned"
    assert past.leagues.cairn.store.game(UUID(fixture.game_id)).is_finished


def test_settle_leaves_a_round_before_its_deadline_alone() -> None:
    boss, league = _league()
    lid = league["league_id"]
    assert run("league", "schedule", lid, "--days", "1", token=boss["token"]).exit_code == 0
    assert lines(run("league", "settle", lid, "--json"))[0]["settled"] == 0
    (shown,) = lines(run("league", "fixtures", lid, "--json"))
    assert shown["status"] == "scheduled"


def test_a_member_takes_a_vacation_from_the_command_line(store: EventStore) -> None:
    tag = uuid.uuid4().hex[:6]
    (boss,) = lines(run("player", "create", f"boss-{tag}", "--organiser", "--json"))
    ann, bob = (lines(run("player", "create", f"{n}-{tag}", "--json"))[0] for n in ("ann", "bob"))
    made = run(
        "league", "create", f"Post {tag}", "--ruleset", "counting", "--seats", "2",
        "--option", "target=5", "--option", "time_control=correspondence",
        "--vacation-days", "5", "--json", token=boss["token"],
    )  # fmt: skip
    (league,) = lines(made)
    lid = league["league_id"]
    assert league["vacation_days"] == 5
    run("league", "add-player", lid, ann["name"], bob["name"], token=boss["token"])
    (fixture,) = lines(run("league", "schedule", lid, "--json", token=boss["token"]))
    taken = run("league", "vacation", lid, "--days", "3", "--json", token=ann["token"])
    assert taken.exit_code == 0, taken.output
    (shown,) = lines(taken)
    assert (shown["days"], shown["left"]) == (3, 2)
    again = run("league", "vacation", lid, "--days", "1", token=ann["token"])
    assert again.exit_code == 1 and "on vacation" in again.output
    stranger = run("league", "vacation", lid, "--days", "1", token=boss["token"])
    assert stranger.exit_code == 1 and "not a member" in stranger.output
    events = store.read(UUID(fixture["game_id"]))
    assert [e.type for e in events].count("live.clock_paused") == 1
    # a game scheduled during the vacation is paused by the sweep, or by league settle
    run("league", "abandon", lid, fixture["game_id"], "--reason", "test", token=boss["token"])
    (later,) = lines(run("league", "schedule", lid, "--json", token=boss["token"]))
    assert lines(run("league", "settle", lid, "--json"))[0]["paused"] == 1
    assert lines(run("league", "settle", lid, "--json"))[0]["paused"] == 0
    events = store.read(UUID(later["game_id"]))
    assert [e.type for e in events].count("live.clock_paused") == 1
