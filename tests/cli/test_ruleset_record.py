"""``cairn ruleset record``: a golden replay and the viewer's snapshots of it, where the
suites look for them, against real PostgreSQL."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from cli.main import cairn
from service.replays import audit_file, parse
from service.viewer.drawings import draw
from service.viewer.snapshots import board_at, structure
from tests.support.recordings import golden_replays, read, viewer_snapshots

pytestmark = pytest.mark.storage


def run(*args: str) -> Result:
    return CliRunner().invoke(cairn, list(args), catch_exceptions=False)


def test_record_explains_itself_with_an_example() -> None:
    result = run("ruleset", "record", "--help")
    assert result.exit_code == 0 and "Example: cairn ruleset record" in result.stdout


def test_record_writes_a_golden_replay_and_its_snapshots_where_the_suites_find_them(
    database_url: str, tmp_path: Path
) -> None:
    into = tmp_path / "counting"
    result = run("ruleset", "record", "counting", "--into", str(into), "--json")
    assert result.exit_code == 0, result.output
    written = [json.loads(line) for line in result.stdout.splitlines()]
    assert [w["kind"] for w in written] == ["replay", "snapshot", "snapshot"]
    [replay] = golden_replays("counting", tmp_path)
    assert replay.name == "2-seats-greedy.ndjson"
    text = replay.read_text(encoding="utf-8")
    assert audit_file(text).is_clean
    trail = parse(text)
    assert (trail.game.seats, {s["bot"] for s in trail.game.seat_info}) == (2, {"greedy"})
    shots = [read(p) for p in viewer_snapshots("counting", tmp_path)]
    assert sorted(str(s["viewer"]) for s in shots) == ["0", "None"]
    for shot in shots:
        assert shot["replay"] == replay.name and 0 < shot["at"] < len(trail.events)
        drawn = draw(board_at(trail, shot["at"], shot["viewer"]))
        assert shot["structure"] == structure(drawn)


def test_record_refuses_to_overwrite_a_golden_replay_unless_asked(
    database_url: str, tmp_path: Path
) -> None:
    args = ("ruleset", "record", "counting", "--into", str(tmp_path), "--seed", "again")
    assert run(*args).exit_code == 0
    before = (tmp_path / "2-seats-greedy.ndjson").read_text(encoding="utf-8")
    refused = run(*args)
    assert refused.exit_code == 1 and "--replace" in refused.stderr
    assert (tmp_path / "2-seats-greedy.ndjson").read_text(encoding="utf-8") == before
    assert run(*args, "--replace", "--name", "other").exit_code == 0
    assert run(*args, "--replace").exit_code == 0


def test_record_refuses_an_unknown_ruleset_or_bot(database_url: str, tmp_path: Path) -> None:
    assert run("ruleset", "record", "no-such-game", "--into", str(tmp_path)).exit_code == 3
    unknown_bot = run("ruleset", "record", "counting", "--bot", "x", "--into", str(tmp_path))
    assert unknown_bot.exit_code == 2 and "no bot 'x'" in unknown_bot.stderr
    assert list(tmp_path.iterdir()) == []
