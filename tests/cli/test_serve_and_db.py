"""`cairn db` manages the schema; `cairn serve` refuses what it cannot start with in one
line and its documented exit code, and stops the embedded PostgreSQL it started."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx
import pytest
from click.testing import CliRunner

from cli.main import cairn
from service.api.asgi import RESOLVED_URL
from service.api.config import ADMIN_TOKEN, ADMIN_TOKEN_FILE, CORS_ORIGINS, TICKET_SECRET
from service.store.migrate import current_revision, head_revision
from tests.service.api.conftest import free_port
from tests.support.databases import scratch_database

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(autouse=True)
def serve_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    """``cairn serve`` hands its options to workers through the environment; in process,
    each test starts from none and leaves none behind."""
    for name in (CORS_ORIGINS, ADMIN_TOKEN, ADMIN_TOKEN_FILE, TICKET_SECRET, RESOLVED_URL):
        monkeypatch.delenv(name, raising=False)


pytestmark = pytest.mark.storage


def test_db_upgrade_then_status(database_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    with scratch_database(database_url, "cairn_cli") as url:
        monkeypatch.setenv("DATABASE_URL", url)
        runner = CliRunner()
        before = runner.invoke(cairn, ["db", "status"])
        assert before.exit_code == 0 and "cairn db upgrade" in before.output
        upgraded = runner.invoke(cairn, ["db", "upgrade"])
        assert upgraded.exit_code == 0, upgraded.output
        assert current_revision(url) == head_revision()
        after = runner.invoke(cairn, ["db", "status"])
        assert "up to date" in after.output


def test_serve_refuses_a_stale_schema_naming_the_command(
    database_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    with scratch_database(database_url, "cairn_cli") as url:
        monkeypatch.setenv("DATABASE_URL", url)
        result = CliRunner().invoke(cairn, ["serve", "--no-migrate", "--port", "1"])
        assert result.exit_code == 1
        assert "run `cairn db upgrade` first" in result.output
        assert current_revision(url) is None


def test_an_unreachable_database_is_a_one_line_error(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DATABASE_URL", "postgresql://nobody@127.0.0.1:1/none?connect_timeout=2")
    for command in (["db", "status"], ["games"], ["serve", "--port", str(free_port())]):
        result = CliRunner().invoke(cairn, command)
        assert result.exit_code == 4, (command, result.output)
        assert "cannot reach PostgreSQL" in result.output
        assert len(result.output.strip().splitlines()) == 1, result.output


@pytest.mark.parametrize("url", ["not-a-url", "mysql://root@localhost/cairn", "host='unterminated"])
def test_a_malformed_database_url_is_one_line_and_exit_2(
    monkeypatch: pytest.MonkeyPatch, url: str
) -> None:
    monkeypatch.setenv("DATABASE_URL", url)
    for command in (["serve", "--port", str(free_port())], ["db", "upgrade"], ["games"]):
        result = CliRunner().invoke(cairn, command)
        assert result.exit_code == 2, (command, result.output)
        assert "DATABASE_URL" in result.output and "Traceback" not in result.output
        assert len(result.output.strip().splitlines()) == 1, result.output


def test_a_busy_port_is_refused_before_claiming_to_serve(database_url: str) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        result = CliRunner().invoke(cairn, ["serve", "--port", str(port)])
    assert result.exit_code == 1, result.output
    assert result.output.strip() == f"Error: cannot listen on 127.0.0.1:{port}: the port is in use"


@pytest.mark.parametrize(
    ("option", "why"),
    [
        (["--cors-origin", "localhost:5173/"], "not an origin"),
        (["--admin-token-file", "/nonexistent/token"], "cannot read"),
    ],
)
def test_bad_serve_options_are_usage_errors(database_url: str, option: list[str], why: str) -> None:
    result = CliRunner().invoke(cairn, ["serve", "--port", str(free_port()), *option])
    assert result.exit_code == 2 and why in result.output, result.output


def test_a_short_admin_token_is_refused(database_url: str, tmp_path: Path) -> None:
    token = tmp_path / "token"
    token.write_text("short\n")
    result = CliRunner().invoke(
        cairn, ["serve", "--port", str(free_port()), "--admin-token-file", str(token)]
    )
    assert result.exit_code == 2 and "at least 16 characters" in result.output


@pytest.mark.slow
def test_serve_stops_the_embedded_postgresql_it_started_on_sigterm() -> None:
    home = Path(tempfile.mkdtemp(prefix="cairn-serve-home-"))
    home.chmod(0o755)  # readable by the user pgserver runs PostgreSQL as under root
    env = {k: v for k, v in os.environ.items() if k != "DATABASE_URL"}
    env.update(CAIRN_HOME=str(home), PYTHONPATH=str(ROOT))
    port = free_port()
    process = subprocess.Popen(
        [sys.executable, "-m", "cli.main", "serve", "--port", str(port)],
        cwd=ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        deadline = time.monotonic() + 90
        while True:
            assert process.poll() is None, process.stderr.read() if process.stderr else ""
            assert time.monotonic() < deadline, "cairn serve did not become healthy"
            try:
                if httpx.get(f"http://127.0.0.1:{port}/health", timeout=2).status_code == 200:
                    break
            except httpx.TransportError:
                time.sleep(0.2)
        postmaster = int((home / "pgdata" / "postmaster.pid").read_text().split()[0])
        process.send_signal(signal.SIGTERM)
        assert process.wait(30) == 0
    finally:
        if process.poll() is None:
            process.kill()
    assert "cairn: stopped" in (process.stderr.read() if process.stderr else "")
    deadline = time.monotonic() + 30
    while _is_running(postmaster):
        assert time.monotonic() < deadline, "the embedded PostgreSQL is still running"
        time.sleep(0.2)


def _is_running(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return Path(f"/proc/{pid}").exists() and "zombie" not in _state(pid)


def _state(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/status").read_text().lower()
    except OSError:
        return "zombie"
