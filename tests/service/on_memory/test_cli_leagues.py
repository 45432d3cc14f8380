"""``cairn player``, ``cairn league``, ``cairn projections`` and ``cairn analyse`` on the
in-memory store: a league round from sign-up to standings, ratings and a rebuild, a
player's webhook that their league game's notice reaches, and an analysis run and read back
from its cache. The same on PostgreSQL: tests/cli/test_leagues.py and test_analyse.py."""

from __future__ import annotations

import json
import uuid
from typing import Any
from uuid import UUID

from click.testing import CliRunner, Result

from cli.main import cairn
from service.application import Application
from service.leagues import league_service
from service.store.memory import MemoryStore
from service.webhooks import Deliverer
from tests.service.leagues.season import play_game
from tests.service.leagues.tiebreaks import recomputed_table
from tests.support.counting import Add
from tests.support.receiver import Receiver


def run(*args: str, token: str | None = None) -> Result:
    env = {"CAIRN_TOKEN": token} if token else {}
    return CliRunner(env=env).invoke(cairn, list(args), catch_exceptions=False)


def lines(result: Result) -> list[dict[str, Any]]:
    assert result.exit_code == 0, result.output
    return [json.loads(line) for line in result.stdout.splitlines() if line.strip()]


def _league(
    tag: str, names: tuple[str, ...] = ("ann", "bob")
) -> tuple[dict[str, Any], list[dict[str, Any]], str]:
    (boss,) = lines(run("player", "create", f"boss-{tag}", "--organiser", "--json"))
    members = [lines(run("player", "create", f"{n}-{tag}", "--json"))[0] for n in names]
    created = run(
        "league", "create", f"Spring {tag}", "--ruleset", "counting", "--seats", "2",
        "--option", "target=5", "--json", token=boss["token"],
    )  # fmt: skip
    lid: str = lines(created)[0]["league_id"]
    added = run("league", "add-player", lid, *(m["name"] for m in members), token=boss["token"])
    assert added.exit_code == 0, added.output
    return boss, members, lid


def test_a_league_round_from_the_command_line(cli_store: MemoryStore) -> None:
    tag = uuid.uuid4().hex[:6]
    boss, (ann, bob), lid = _league(tag)
    refused = run("league", "schedule", lid, "--json", token=ann["token"])
    assert refused.exit_code == 1 and "not_organiser" in refused.output
    (fixture,) = lines(run("league", "schedule", lid, "--json", token=boss["token"]))
    seat_of = {ann["name"]: ann["token"], bob["name"]: bob["token"]}
    tokens = [seat_of[name] for name in fixture["players"]]
    play_game(Application(cli_store), UUID(fixture["game_id"]), tokens, winner=0)

    table = lines(run("league", "standings", lid, "--json"))
    assert [(r["name"], r["points"], r["wins"]) for r in table] == [
        (fixture["players"][0], 3, 1),
        (fixture["players"][1], 0, 0),
    ]
    rated = lines(run("league", "ratings", lid, "--json"))
    assert rated[0]["name"] == fixture["players"][0] and rated[0]["provisional"]
    (played,) = lines(run("league", "fixtures", lid, "--json"))
    assert played["status"] == "played" and played["places"] == [1, 2]
    history = lines(run("player", "history", ann["name"], "--json"))[0]
    assert history["games"][0]["rating_change"] is not None
    (over_time,) = lines(run("player", "ratings", ann["name"], "--json"))
    assert [r["ruleset"] for r in over_time["rulesets"]] == ["counting"]

    status = {s["name"]: s for s in lines(run("projections", "status", "--json"))}
    assert status["leagues"]["applied"] == cli_store.leagues.count() > 0
    (rebuilt,) = lines(run("projections", "rebuild", "--json"))
    assert rebuilt["applied"] == status["leagues"]["applied"]
    assert lines(run("league", "standings", lid, "--json")) == table


def test_the_standings_show_the_tiebreaks_in_columns_and_in_json(cli_store: MemoryStore) -> None:
    """#25: ``--json`` rows carry the tie-break numbers recomputed from the games
    (tests/service/leagues/tiebreaks.py), and the table shows them under their names."""
    boss, members, lid = _league(uuid.uuid4().hex[:6], ("ann", "bob", "cyd", "dee"))
    token_of = {m["name"]: m["token"] for m in members}
    for winner in (0, None):  # seat 0 wins every game, then every game is shared
        for fixture in lines(run("league", "schedule", lid, "--json", token=boss["token"])):
            tokens = [token_of[name] for name in fixture["players"]]
            play_game(Application(cli_store), UUID(fixture["game_id"]), tokens, winner)
    drawn = league_service(Application(cli_store)).leagues.load(UUID(lid)).state.season_orders[1]
    expected = recomputed_table(lines(run("league", "fixtures", lid, "--json")), drawn)
    table = lines(run("league", "standings", lid, "--json"))
    assert [{k: row[k] for k in expected[0]} for row in table] == expected

    shown = run("league", "standings", lid)
    assert shown.exit_code == 0, shown.output
    head, *rows, legend = shown.stdout.splitlines()
    breaks = [t["tiebreak"] for t in table[0]["tiebreaks"]]
    assert head.split() == ["#", "player", "pts", "played", "won", "score", "forfeits", *breaks]
    for row, line in zip(table, rows, strict=True):
        cells = line.split()
        assert cells[:3] == [str(row["place"]), row["name"], str(row["points"])]
        assert cells[7:] == [str(t["value"]) for t in row["tiebreaks"]]
    assert legend == "draw: the place in the season's seeded draw (1 goes first)"


def test_a_players_webhook_hears_their_league_game(cli_store: MemoryStore) -> None:
    tag = uuid.uuid4().hex[:6]
    receiver = Receiver().start()
    try:
        boss, (ann, _), lid = _league(tag)
        (hook,) = lines(run("player", "webhook", "add", ann["name"], receiver.url, "--json"))
        assert [
            h["hook_id"] for h in lines(run("player", "webhook", "list", ann["name"], "--json"))
        ] == [hook["hook_id"]]
        (fixture,) = lines(run("league", "schedule", lid, "--json", token=boss["token"]))
        seat = fixture["players"].index(ann["name"])
        if seat == 1:  # the opening decision told seat 0; one move makes it ann's turn
            Application(cli_store).act(UUID(fixture["game_id"]), 0, Add(seat=0, amount=1))
        assert Deliverer(cli_store.webhooks, retry_first=0.05).deliver_due() >= 1
        assert receiver.arrived.wait(5)
        notices = [json.loads(body) for _, body in receiver.seen]
        assert {(n["game_id"], tuple(n["seats"])) for n in notices} == {
            (fixture["game_id"], (seat,))
        }
        assert cli_store.webhooks.claim(30) == [], "delivered, so owed no more"
    finally:
        receiver.stop()


def test_an_analysis_is_run_then_read_back(cli_store: MemoryStore) -> None:
    app = Application(cli_store)
    bots = [{"kind": "bot", "bot": "greedy"}, {"kind": "bot", "bot": "random"}]
    created = app.create_game("peloponnes", 2, seat_info=bots, seed="c1" * 32)
    app.play_bots(created.game_id, {0: "greedy", 1: "random"}, entropy="memory-analyse")
    args = ["analyse", str(created.game_id), "--rollouts", "2", "--bot", "random", "--jobs", "1"]
    first = run(*args, "--seed", "memory", "--json")
    assert first.exit_code == 0, first.output
    graph = json.loads(first.stdout)
    assert graph["kind"] == "graph" and graph["rollouts"] == 2
    again = run(*args, "--seed", "memory", "--json")
    assert again.stdout == first.stdout
    assert "rollouts" not in again.stderr, "a cached analysis plays no rollout"
