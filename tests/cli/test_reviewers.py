"""What reviewers met at the terminal (#24): logs never reach stdout, a game id may be
shortened to a unique start, Ctrl-C stops an analysis in one line, fork --at past the end
is bad usage."""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import time
import uuid
from pathlib import Path
from uuid import UUID

import pytest
from click.testing import CliRunner, Result

from cli.main import cairn
from service.application import Application
from service.store import EventStore
from service.store.analyses import FAILED
from service.trail import trail_from_store
from tests.support.replaying import decision_starts, finished_game

pytestmark = pytest.mark.storage
ROOT = Path(__file__).resolve().parents[2]


def run(*args: str) -> Result:
    return CliRunner().invoke(cairn, list(args), catch_exceptions=False)


def process(database_url: str, *args: str, **popen: object) -> subprocess.Popen[str]:
    """The real executable, as a shell runs it: nothing configured by the test suite."""
    env = {**os.environ, "PYTHONPATH": str(ROOT), "DATABASE_URL": database_url}
    return subprocess.Popen(  # type: ignore[call-overload, no-any-return]
        [sys.executable, "-m", "cli.main", *args],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        **popen,
    )


@pytest.fixture(scope="module")
def game(store: EventStore) -> UUID:
    return finished_game(Application(store), "peninsula", "reviewers")


def test_fork_json_is_all_that_stdout_holds_and_logs_go_to_stderr(
    game: UUID, store: EventStore, database_url: str
) -> None:
    # a few decisions before the end, so that the fork's bots play (and log) again
    at = decision_starts(trail_from_store(store, game))[-4]
    args = ["fork", str(game), "--at", str(at), "--seat", "0=bot:random", "--seat", "1=bot:random"]
    quiet = process(database_url, *args, "--json")
    out, err = quiet.communicate(timeout=180)
    assert quiet.returncode == 0, err
    forked = json.loads(out)  # one JSON document and nothing else
    assert forked["bot_commands"] > 0 and forked["status"] == "finished"
    assert "bots.played" not in err, "debug logs are off unless asked for"
    loud = process(database_url, "-vv", *args, "--json")
    out, err = loud.communicate(timeout=180)
    assert loud.returncode == 0, err
    assert json.loads(out)["bot_commands"] == forked["bot_commands"]
    assert "bots.played" in err, "-vv logs at debug level, on stderr"


def start_shared_by_two(app: Application) -> str:
    """A one-character start of at least two game ids (made until there is one)."""
    while True:
        starts = [str(g.game_id)[0] for g in app.store.games(limit=10_000)]
        shared = [s for s in set(starts) if starts.count(s) > 1]
        if shared:
            return shared[0]
        app.create_game("counting", 2)


def test_a_game_id_may_be_shortened_to_a_unique_start(game: UUID, store: EventStore) -> None:
    app = Application(store)
    short = str(game)[:8]
    assert store.game_ids_starting(short) == [game]
    shown = run("show", short, "--json")
    assert shown.exit_code == 0, shown.output
    assert json.loads(shown.stdout)["game_id"] == str(game)
    assert run("replay", short.upper(), "--to", "1").exit_code == 0
    assert run("export", short).stdout == run("export", str(game)).stdout
    ambiguous = run("show", start_shared_by_two(app))
    assert ambiguous.exit_code == 2 and "several game ids" in ambiguous.stderr
    assert len(ambiguous.stderr.strip().splitlines()) == 1
    unknown = next(
        p for p in (uuid.uuid4().hex[:6] for _ in range(100)) if not store.game_ids_starting(p)
    )
    for command in (["show", unknown], ["fork", unknown, "--at", "1"], ["analyse", unknown]):
        missing = run(*command)
        assert missing.exit_code == 3 and f"no game {unknown}" in missing.stderr, command
    assert store.game_ids_starting("_%") == [], "LIKE wildcards are not a prefix"


def test_fork_past_the_end_is_bad_usage_like_show(game: UUID, store: EventStore) -> None:
    end = store.version(game)
    for command in ("show", "fork"):
        refused = run(command, str(game), "--at", str(end + 1))
        assert refused.exit_code == 2, (command, refused.output)
        assert "past the end" in refused.stderr


@pytest.mark.parametrize("after", [0.0, 1.0], ids=["while-the-workers-start", "after-1s"])
def test_ctrl_c_stops_an_analysis_in_one_line(
    game: UUID, store: EventStore, database_url: str, after: float
) -> None:
    seed = uuid.uuid4().hex  # a fresh request, never cached
    args = ["analyse", str(game), "--rollouts", "10000", "--jobs", "2", "--seed", seed]
    running = process(database_url, *args)
    assert running.stderr is not None
    try:
        label = running.stderr.readline()  # the progress bar's label: the rollouts started
        assert "rollouts" in label, label
        time.sleep(after)
        running.send_signal(signal.SIGINT)
        rest = running.communicate(timeout=60)[1]
        assert running.returncode == 130
    finally:
        # a failed test leaves no analysis playing 10,000 rollouts on every core
        if running.poll() is None:
            running.kill()
            running.wait()
    assert rest.strip() == "Error: interrupted: the analysis stopped, nothing saved"
    with store.connection() as conn:
        row = conn.execute(
            "SELECT status FROM analyses WHERE game_id = %s AND request->>'seed' = %s",
            (game, seed),
        ).fetchone()
    assert row is not None and row["status"] == FAILED, "the next request starts it over"


def test_hints_are_in_the_words_of_the_board(game: UUID, store: EventStore) -> None:
    """Hints say a command as the viewer's choices do, places by their sheet labels, not
    as its JSON (``draw_icon(icon=village, at={'q': 1, 'r': 5})``)."""
    trail = trail_from_store(store, game)
    drafted = {e.seq for e in trail.events if e.type.endswith("card_drafted")}
    # the first decision of an action phase: after it, a seat draws or moves on its sheet
    at = next(s for s in decision_starts(trail)[1:] if s - 1 in drafted)
    told = run("analyse", str(game), "--at", str(at), "--rollouts", "1", "--jobs", "1", "--json")
    assert told.exit_code == 0, told.output
    texts = [h["text"] for h in json.loads(told.stdout)["hints"]]
    assert texts and not any("(" in t or "{" in t or "_" in t for t in texts), texts
    assert any(re.search(r"\b[A-J][1-9]\b", t) for t in texts), texts
