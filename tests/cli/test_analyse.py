"""``cairn analyse`` through click's runner, against real PostgreSQL."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner, Result

from cli.main import cairn
from service.application import Application
from service.store import EventStore

pytestmark = pytest.mark.storage


def run(*args: str) -> Result:
    return CliRunner().invoke(cairn, list(args), catch_exceptions=False)


@pytest.fixture(scope="module")
def game(store: EventStore) -> str:
    app = Application(store)
    bots = [{"kind": "bot", "bot": "greedy"}, {"kind": "bot", "bot": "random"}]
    created = app.create_game("peloponnes", 2, seat_info=bots, seed="c1" * 32)
    app.play_bots(created.game_id, {0: "greedy", 1: "random"}, entropy="cli-analyse")
    return str(created.game_id)


def test_analyse_explains_itself_with_an_example() -> None:
    result = run("analyse", "--help")
    assert result.exit_code == 0
    assert "Example" in result.stdout


def test_the_graph_as_json_repeats_and_is_read_back(game: str) -> None:
    args = ["analyse", game, "--rollouts", "3", "--bot", "random", "--jobs", "1", "--json"]
    first = run(*args, "--seed", "cli")
    assert first.exit_code == 0, first.output
    graph = json.loads(first.stdout)
    assert graph["kind"] == "graph" and graph["rollouts"] == 3
    assert graph["points"][-1]["seat"] is None  # the end, known for certain
    again = run(*args, "--seed", "cli")
    assert again.stdout == first.stdout
    assert "rollouts" not in again.stderr, "a cached analysis plays no rollout"


def test_hints_mark_the_played_command(game: str) -> None:
    graph = json.loads(run("analyse", game, "--rollouts", "1", "--bot", "random", "--json").stdout)
    at = graph["points"][1]["at"]
    result = run("analyse", game, "--at", str(at), "--rollouts", "2", "--bot", "random")
    assert result.exit_code == 0, result.output
    assert result.stdout.count("<- played") == 1


def test_a_bad_request_is_refused_in_one_line(game: str) -> None:
    result = CliRunner().invoke(cairn, ["analyse", game, "--bot", "alphazero"])
    assert result.exit_code == 2
    assert "no bot 'alphazero'" in result.output
    events = CliRunner().invoke(cairn, ["analyse", game, "--at", "1"])
    assert events.exit_code != 0
