"""The ``cairn`` review and branching commands over the in-memory store, for every
registered ruleset: one composition root (``assemble``) built on a memory store in place
of ``cli.database.open_service``'s PostgreSQL pool."""

from __future__ import annotations

import json
import uuid
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner, Result

from cli.main import cairn
from domain.core import registry
from service.application import Application
from service.store import Store
from service.store.memory import MemoryStore
from tests.service.on_memory.conftest import RULESETS
from tests.support.replaying import finished_game, fork_points


@pytest.fixture
def store(cli_store: MemoryStore) -> Store:
    return cli_store


def run(*args: str) -> Result:
    return CliRunner().invoke(cairn, list(args), catch_exceptions=False)


def json_lines(result: Result) -> list[dict[str, Any]]:
    assert result.exit_code == 0, result.output
    return [json.loads(line) for line in result.stdout.splitlines() if line.strip()]


@pytest.mark.parametrize("ruleset", RULESETS)
def test_a_finished_game_is_shown_told_audited_forked_and_compared(
    store: Store, ruleset: str, tmp_path: Path
) -> None:
    app = Application(store)
    game = str(finished_game(app, ruleset, "cli"))
    listed = json_lines(run("games", "--ruleset", ruleset, "--json"))
    assert [g["game_id"] for g in listed] == [game]
    shown = json_lines(run("show", game, "--at", "3", "--seat", "0", "--json"))[0]
    assert (shown["at"], shown["viewer"], shown["result"]) == (3, 0, None)
    told = json_lines(run("replay", game, "--from", "2", "--to", "4", "--json"))
    assert [s["seq"] for s in told] == [2, 3, 4] and all(s["text"] for s in told)
    assert [r["verdict"] for r in json_lines(run("audit", game, "--json"))] == ["clean"]
    exported = tmp_path / "game.ndjson"
    assert run("export", game, "-o", str(exported)).exit_code == 0
    assert json_lines(run("audit", str(exported), "--json"))[0]["verdict"] == "clean"
    at = fork_points(app, uuid.UUID(game))["middle"]
    bots = [f"--seat={seat}=bot:random" for seat in range(store.game(uuid.UUID(game)).seats)]
    forked = json_lines(run("fork", game, "--at", str(at), "--luck", "same", *bots, "--json"))
    child = store.game(uuid.UUID(forked[0]["game_id"]))
    assert (child.parent_id, child.fork_at, child.is_finished) == (uuid.UUID(game), at, True)
    assert [r["verdict"] for r in json_lines(run("audit", str(child.game_id), "--json"))] == [
        "clean"
    ]
    compared = run("diff", game, str(child.game_id), "--json")
    assert compared.exit_code == 0, compared.output


@pytest.mark.parametrize("ruleset", RULESETS)
def test_show_prints_the_legend_once_under_the_board(store: Store, ruleset: str) -> None:
    """``cairn show`` printed a legend twice for a game whose ``render`` drew it too."""
    game = str(finished_game(Application(store), ruleset, "legend"))
    legend = registry.get(ruleset).presentation.legend
    for shown_as in ([], ["--seat", "0"], ["--at", "3"]):
        text = run("show", game, *shown_as)
        assert text.exit_code == 0, text.output
        assert text.stdout.count("legend:") == (1 if legend else 0), shown_as
        if legend:
            assert text.stdout.count(legend) == 1, shown_as


@pytest.mark.parametrize("ruleset", RULESETS)
def test_refusals_exit_with_their_documented_codes(store: Store, ruleset: str) -> None:
    game = str(finished_game(Application(store), ruleset, "codes"))
    assert run("show", "0" * 8 + "-0000-0000-0000-" + "0" * 12).exit_code == 3
    past = run("show", game, "--at", "100000")
    assert past.exit_code == 2 and past.stderr.strip()
    assert run("replay", game, "--from", "5", "--to", "2").exit_code == 2
