"""Every input the CLI refuses is refused with one clear line and its exit code, never
clamped; with --json, the failure is also a JSON line on stdout."""

from __future__ import annotations

import json
import uuid
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from cli.main import cairn
from service.application import Application
from tests.support.replaying import HOSTILE, finished_game, with_hostile_payload

pytestmark = pytest.mark.storage
RULESET = "peninsula"


def run(*args: str) -> Result:
    return CliRunner().invoke(cairn, list(args), catch_exceptions=False)


@pytest.fixture(scope="module")
def game(store: object) -> str:
    return str(finished_game(Application(store), RULESET, "cli-refusals"))  # type: ignore[arg-type]


def refused(result: Result, code: int, words: str) -> None:
    assert result.exit_code == code, result.output
    assert words in result.stderr, result.stderr
    assert len(result.stderr.strip().splitlines()) == 1, result.stderr


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["show", "--at", "99999"], "event 99999 is past the end"),
        (["show", "--seat", "7"], "seat 7 is not a seat of this game"),
        (["replay", "--from", "50", "--to", "10"], "the range is backwards"),
        (["replay", "--seat", "9"], "seat 9 is not a seat of this game"),
        (["replay", "--from", "99999"], "past the end"),
        (["replay", "--to", "99999"], "past the end"),
    ],
)
def test_out_of_range_positions_and_seats_are_usage_errors(
    game: str, args: list[str], words: str
) -> None:
    refused(run(args[0], game, *args[1:]), 2, words)


def test_a_replay_file_is_checked_the_same_way(game: str, tmp_path: Path) -> None:
    path = tmp_path / "game.ndjson"
    path.write_text(run("export", game).stdout)
    refused(run("replay", str(path), "--seat", "9"), 2, "seat 9 is not a seat")
    refused(run("replay", str(path), "--from", "9", "--to", "3"), 2, "backwards")


def test_with_json_a_failure_is_also_a_json_line(game: str) -> None:
    result = run("show", game, "--seat", "7", "--json")
    assert result.exit_code == 2
    error = json.loads(result.stdout.strip())["error"]
    assert error == {**error, "code": "usage", "exit_code": 2}
    assert "seat 7" in error["message"]
    missing = run("show", str(uuid.uuid4()), "--json")
    assert missing.exit_code == 3
    assert json.loads(missing.stdout)["error"]["code"] == "not_found"
    usage = run("show", game, "--at", "-1", "--json")
    assert usage.exit_code == 2 and json.loads(usage.stdout)["error"]["code"] == "usage"


def test_audit_reports_every_target_once_and_the_missing_one(game: str, tmp_path: Path) -> None:
    absent = str(uuid.uuid4())
    not_replay = tmp_path / "notes.ndjson"
    not_replay.write_text("hello\n")
    result = run("audit", game, absent, str(not_replay), "--json")
    assert result.exit_code == 1, result.output  # one failed: the worst verdict decides
    *reports, closing = [json.loads(line) for line in result.stdout.splitlines()]
    assert [r["verdict"] for r in reports] == ["failed", "clean", "missing"]
    assert closing["error"]["exit_code"] == 1
    assert "not a replay file" in reports[0]["reason"]
    text = run("audit", game, absent)
    assert text.exit_code == 3, "a missing game, the other audited"
    assert text.stdout.count(absent) == 1 and "clean" in text.stdout
    assert text.stderr.strip().endswith("Error: audited 2: 1 clean, 1 missing")


def test_an_active_game_is_not_yet_auditable(store: object) -> None:
    app = Application(store)  # type: ignore[arg-type]
    live = app.create_game("counting", 2).game_id
    result = run("audit", str(live))
    assert result.exit_code == 0, result.output
    assert "not yet auditable" in result.stdout and "clean" not in result.stdout


def test_games_lists_players_and_bots_and_filters_by_player(store: object) -> None:
    app = Application(store)  # type: ignore[arg-type]
    name = f"lister-{uuid.uuid4().hex[:6]}"
    seats = [{"kind": "player", "player": name}, {"kind": "bot", "bot": "greedy"}]
    made = app.create_game("counting", 2, seat_info=seats).game_id
    listed = run("games", "--player", name)
    assert listed.exit_code == 0, listed.output
    header, *rows = listed.stdout.splitlines()
    assert header.split()[:3] == ["game", "ruleset", "status"], "the table has a header"
    assert rows == [line for line in rows if str(made) in line]
    assert f"{name}, bot:greedy" in listed.stdout
    # each column starts under its header (they drifted apart before)
    (row,) = rows
    for column, value in (("ruleset", "counting"), ("status", "active"), ("seats", name)):
        assert row.index(value) == header.index(column), (header, row)
    assert run("games", "--player", "nobody-plays-this").stdout.strip() == "no games"


@pytest.mark.parametrize("hostile", sorted(HOSTILE))
def test_a_hostile_file_is_refused_in_one_line_with_exit_1(
    game: str, tmp_path: Path, hostile: str
) -> None:
    """README "CLI": a refused file is 1; never a traceback (the reader once crashed)."""
    text = run("export", game).stdout
    for name, changed in {
        "event.ndjson": with_hostile_payload(text, 3, HOSTILE[hostile]),
        "header.ndjson": HOSTILE[hostile] + "\n" + text.partition("\n")[2],
    }.items():
        path = tmp_path / name
        path.write_text(changed)
        audited = run("audit", str(path))
        assert audited.exit_code == 1, audited.output
        assert audited.stdout.strip().startswith(f"{path}: failed: "), audited.stdout
        assert len(audited.stdout.strip().splitlines()) == 1
        refused(run("import", str(path)), 1, "refused: ")
