"""The cairn game commands through click's runner, against real PostgreSQL."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import uuid
from collections.abc import Iterator
from pathlib import Path

import psycopg
import pytest
from click.testing import CliRunner, Result
from psycopg import sql

from cli.main import cairn
from service.application import Application
from service.store.migrate import upgrade
from tests.support.replaying import finished_game, fork_points

pytestmark = pytest.mark.storage
ROOT = Path(__file__).resolve().parents[2]
COMMANDS = [
    "rulesets",
    "games",
    "show",
    "replay",
    "audit",
    "fork",
    "diff",
    "export",
    "import",
    "simulate",
]
RULESET = "peninsula"  # the CLI is generic; tests/service covers the other rulesets


def run(*args: str, input: str | None = None) -> Result:
    return CliRunner().invoke(cairn, list(args), input=input, catch_exceptions=False)


def json_lines(result: Result) -> list[dict]:  # type: ignore[type-arg]
    return [json.loads(line) for line in result.stdout.splitlines() if line.strip()]


@pytest.fixture(scope="module")
def game(store: object) -> str:
    return str(finished_game(Application(store), RULESET, "cli"))  # type: ignore[arg-type]


@pytest.mark.parametrize("command", COMMANDS)
def test_every_command_explains_itself_with_an_example(command: str) -> None:
    result = run(command, "--help")
    assert result.exit_code == 0
    assert "Example" in result.stdout


def test_simulate_prints_one_json_line_per_game_and_repeats_with_a_seed(database_url: str) -> None:
    args = ["simulate", RULESET, "--games", "3", "--bot", "greedy", "--seed", "7", "--json"]
    first, again = run(*args), run(*args)
    assert first.exit_code == 0, first.output
    games = json_lines(first)
    assert len(games) == 3
    for line in games:
        assert set(line) == {"game_id", "seats", "events", "result"}
        assert set(line["result"]) == {"scores", "ranks", "breakdown"}
    assert [g["result"] for g in games] == [g["result"] for g in json_lines(again)]
    listed = {g["game_id"] for g in json_lines(run("games", "--ruleset", RULESET, "--json"))}
    assert {g["game_id"] for g in games} <= listed
    audited = run("audit", *(g["game_id"] for g in games), "--json")
    assert audited.exit_code == 0, audited.output
    assert [r["verdict"] for r in json_lines(audited)] == ["clean"] * 3


def test_simulate_refuses_a_bad_option_with_a_reason(database_url: str) -> None:
    result = run("simulate", RULESET, "--games", "1", "--option", "nonsense=1")
    assert result.exit_code == 1
    assert "unknown option" in result.stderr


def test_show_draws_the_board_with_the_score_breakdown(game: str) -> None:
    text = run("show", game)
    assert text.exit_code == 0, text.output
    assert "final result" in text.stdout and "rank 1" in text.stdout
    assert "as spectator (the whole log is public)" in text.stdout
    assert "organiser" not in text.stdout and "{'" not in text.stdout, "no Python reprs"
    assert text.stdout.count("legend:") == 1 and "total" in text.stdout
    shown = json_lines(run("show", game, "--at", "3", "--seat", "0", "--json"))[0]
    assert (shown["at"], shown["viewer"], shown["result"]) == (3, 0, None)
    assert shown["board"] and "view" in shown
    assert run("show", game, "--seat", "0", "--spectator").exit_code == 2


def test_replay_tells_each_event_and_steps_interactively(game: str) -> None:
    told = json_lines(run("replay", game, "--from", "2", "--to", "4", "--json"))
    assert [s["seq"] for s in told] == [2, 3, 4]
    assert all(s["text"] for s in told)
    text = run("replay", game, "--to", "3").stdout.splitlines()
    assert text[0].split()[:2] == ["1", "system:"], "the system set the game up"
    assert all("running scores:" in line for line in text[2:])
    # single keys: n and space step on, b steps back, j asks for an event, q quits
    stepped = run("replay", game, "--step", input="n bj5\nq")
    assert stepped.exit_code == 0, stepped.output
    shown = [line.split()[1] for line in stepped.stdout.splitlines() if line.startswith("event ")]
    assert shown == ["1", "2", "3", "2", "5"]
    assert "Peninsula, map" in stepped.stdout, "the board at every step"
    assert stepped.stdout.rstrip().endswith("(replay closed)")


@pytest.fixture
def empty_database(database_url: str, monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """A database of its own, so that --all sees only this test's games."""
    info = psycopg.conninfo.conninfo_to_dict(database_url)
    name = f"cairn_cli_{uuid.uuid4().hex[:12]}"
    admin = psycopg.conninfo.make_conninfo(**{**info, "dbname": "postgres"})
    with psycopg.connect(admin, autocommit=True) as conn:
        conn.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(name)))
    url = psycopg.conninfo.make_conninfo(**{**info, "dbname": name})
    upgrade(url)
    monkeypatch.setenv("DATABASE_URL", url)
    yield url
    with psycopg.connect(admin, autocommit=True) as conn:
        conn.execute(sql.SQL("DROP DATABASE {} WITH (FORCE)").format(sql.Identifier(name)))


def test_audit_all_checks_every_stored_game(empty_database: str) -> None:
    assert run("audit", "--all").exit_code == 0
    assert run("simulate", RULESET, "--games", "2", "--seed", "1").exit_code == 0
    result = run("audit", "--all", "--json")
    assert result.exit_code == 0, result.output
    assert [r["verdict"] for r in json_lines(result)] == ["clean", "clean"]
    assert run("audit").exit_code == 2


def test_fork_with_bots_plays_on_and_diff_finds_the_divergence(game: str, store: object) -> None:
    app = Application(store)  # type: ignore[arg-type]
    at = fork_points(app, uuid.UUID(game))["middle"]
    bots = [f"--seat={seat}=bot:greedy" for seat in range(app.store.game(uuid.UUID(game)).seats)]
    forked = run("fork", game, "--at", str(at), *bots, "--json")
    assert forked.exit_code == 0, forked.output
    child = json_lines(forked)[0]
    assert child["status"] == "finished" and child["parent_id"] == game
    found = json_lines(run("diff", game, child["game_id"], "--json"))[0]
    assert found["common_prefix"] == at and found["diverges_at"] == at + 1
    assert found["first"][1]["actor"] == "system", "the fork's reseed parts them first"
    moves = found["moves_apart"]
    assert moves, "the reshuffled fork's bots played other moves"
    for apart in moves:
        for side in ("a", "b"):
            assert apart[side] is None or apart[side]["actor"].startswith("seat:"), apart
    assert [s["seat"] for s in found["scores"]] == list(range(len(found["scores"])))
    text = run("diff", game, child["game_id"])
    assert f"first divergence at event {at + 1}" in text.stdout
    assert f"{len(moves)} move(s) apart after the prefix" in text.stdout
    assert "scores at the end (A vs B):" in text.stdout
    assert run("fork", game, "--at", "2", "--seat", "9=bot:random").exit_code == 2


def test_export_import_and_audit_a_file_without_a_database(
    game: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "game.ndjson"
    exported = json_lines(run("export", game, "-o", str(path), "--json"))[0]
    assert exported["lines"] == path.read_text().count("\n")
    again = json_lines(run("import", str(path), "--json"))[0]
    assert again == {**again, "game_id": game, "imported": False, "audit": "clean"}
    assert run("export", game).stdout == path.read_text()
    monkeypatch.setenv("DATABASE_URL", "postgresql://nobody@127.0.0.1:1/none")
    audited = run("audit", str(path), "--json")
    assert audited.exit_code == 0, audited.output
    assert json_lines(audited)[0]["verdict"] == "clean"
    replayed = run("replay", str(path))
    assert replayed.exit_code == 0 and replayed.stdout.count("\n") >= 3


def test_a_truncated_file_is_refused_with_its_line(game: str, tmp_path: Path) -> None:
    path = tmp_path / "cut.ndjson"
    text = run("export", game).stdout
    header = json.loads(text.split("\n")[0])
    header["game_id"] = str(uuid.uuid4())
    lines = [json.dumps(header, sort_keys=True, separators=(",", ":")), *text.split("\n")[1:]]
    path.write_text("\n".join(lines[:4]) + "\n")
    result = run("import", str(path))
    assert result.exit_code == 1
    assert "line 5" in result.stderr
    assert run("show", header["game_id"]).exit_code == 3
    assert run("audit", str(path)).exit_code == 1


def test_errors_have_meaningful_exit_codes(game: str) -> None:
    unknown = run("show", str(uuid.uuid4()))
    assert unknown.exit_code == 3 and "no game" in unknown.stderr
    assert len(unknown.stderr.strip().splitlines()) == 1
    assert run("simulate", "no-such-game", "--games", "1").exit_code == 3
    assert run("fork", game, "--at", "10000").exit_code == 2
    missing = run("audit", "nowhere/game.ndjson")
    assert missing.exit_code == 3 and "missing: no file" in missing.stdout


def test_the_cairn_executable_runs_as_a_subprocess(game: str, database_url: str) -> None:
    env = {**os.environ, "PYTHONPATH": str(ROOT), "DATABASE_URL": database_url}

    def cairn_process(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [sys.executable, "-m", "cli.main", *args],
            cwd=ROOT,
            env=env,
            capture_output=True,
            text=True,
            timeout=120,
            check=False,
        )

    listed = cairn_process("games", "--json")
    assert listed.returncode == 0, listed.stderr
    assert game in {json.loads(line)["game_id"] for line in listed.stdout.splitlines()}
    exported = cairn_process("export", game)
    assert exported.returncode == 0 and exported.stdout == run("export", game).stdout
    missing = cairn_process("export", str(uuid.uuid4()))
    assert missing.returncode == 3 and missing.stderr.strip().count("\n") == 0


def test_simulate_refuses_a_bot_the_ruleset_does_not_register(database_url: str) -> None:
    result = CliRunner().invoke(cairn, ["simulate", RULESET, "--games", "1", "--bot", "alphazero"])
    assert result.exit_code == 2, result.output
    assert "has no bot 'alphazero'" in result.output and "greedy" in result.output
    listed = json_lines(run("games", "--ruleset", RULESET, "--json"))
    assert all(g.get("seats") != [{"kind": "bot", "bot": "alphazero"}] for g in listed)


def test_rulesets_lists_each_ruleset_with_its_bots_and_versions() -> None:
    result = run("rulesets", "--json")
    assert result.exit_code == 0, result.output
    listed = {line["ruleset"]: line for line in json_lines(result)}
    assert listed["peninsula"]["versions"] == ["1", "2"]
    assert listed["peninsula"]["rules_version"] == "2"
    assert {"random", "greedy"} <= set(listed["peninsula"]["bots"])
    # the metadata is the registration's plain data, the hidden parts as declared
    assert listed["peninsula"]["information"] == "perfect"
    assert listed["peninsula"]["chance"] == "seeded"
    assert listed["peninsula"]["hidden"] == {"pile": "server"}
    assert listed["five-peaks"]["hidden"]["hikers.SEAT.hand"] == "seat"
