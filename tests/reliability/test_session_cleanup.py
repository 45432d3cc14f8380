"""Whatever the test suite starts, it stops: a pytest session's embedded PostgreSQL does
not outlive the session, whether it ends, is interrupted (Ctrl-C, SIGTERM) or has its
xdist worker killed (issue #27: one was found running an hour after a passing run).
Each case runs a one-test session (tests/support/session_probe.py) in a subprocess."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import psutil
import pytest

# Not "storage": it never touches the server at DATABASE_URL (the child sessions start their
# own embedded one), so the storage pass on 127.0.0.1:5432 (.ci/run) need not run it again.
pytestmark = pytest.mark.reliability

ROOT = Path(__file__).resolve().parents[2]
PROBE = "tests/support/session_probe.py"
WAIT = 120.0
"""Seconds any step may take at most: starting PostgreSQL, stopping it, a session ending."""


def postgres_serving(pgdata: str) -> list[psutil.Process]:
    """Running postgres processes whose command line names ``pgdata``."""
    found = []
    for proc in psutil.process_iter(attrs=["name", "cmdline"]):
        cmdline = proc.info["cmdline"] or []
        if proc.info["name"] == "postgres" and any(pgdata in part for part in cmdline):
            found.append(proc)
    return found


def _until(check: Any, what: str) -> Any:
    deadline = time.monotonic() + WAIT
    while time.monotonic() < deadline:
        found = check()
        if found:
            return found
        time.sleep(0.2)
    raise AssertionError(f"not within {WAIT:.0f} s: {what}")


def _session(
    tmp_path: Path, workers: str, wait: bool
) -> tuple[subprocess.Popen[bytes], dict[str, Any]]:
    """A probe session started in a subprocess, with its own embedded PostgreSQL (no
    DATABASE_URL), once its database is up: the process and what the probe reported."""
    report = tmp_path / "probe.json"
    env = {k: v for k, v in os.environ.items() if k != "DATABASE_URL"}
    env.update(CAIRN_PROBE_REPORT=str(report), CAIRN_PROBE_WAIT="1" if wait else "0")
    session = subprocess.Popen(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-n", workers, PROBE],
        cwd=ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    _until(lambda: report.exists() or session.poll() is not None, "the probe reported")
    assert report.exists(), f"the probe session ended ({session.returncode}) before its test"
    said: dict[str, Any] = json.loads(report.read_text())
    assert len(said["pgdata"]) == 1 and postgres_serving(said["pgdata"][0]), "it is running"
    report.with_suffix(".go").touch()  # a session not waiting to be interrupted may end now
    return session, said


@pytest.mark.parametrize(
    ("workers", "interrupt"),
    [
        ("0", None),  # a session that ends
        ("0", signal.SIGINT),  # Ctrl-C
        ("0", signal.SIGTERM),  # a kill, no teardown at all
        ("1", "worker"),  # an xdist worker killed outright (SIGKILL)
    ],
    ids=["ended", "sigint", "sigterm", "xdist-worker-killed"],
)
def test_no_postgres_outlives_the_session(tmp_path: Path, workers: str, interrupt: Any) -> None:
    session, said = _session(tmp_path, workers, wait=interrupt is not None)
    pgdata = said["pgdata"][0]
    try:
        if interrupt == "worker":
            os.kill(said["pid"], signal.SIGKILL)
            session.send_signal(signal.SIGTERM)
        elif interrupt is not None:
            session.send_signal(interrupt)
        session.wait(WAIT)
        _until(lambda: not postgres_serving(pgdata), f"no postgres serves {pgdata}")
        home = Path(pgdata).parents[1]  # cairn-test-pg-*/cairn-home/pgdata
        assert home.name.startswith("cairn-test-pg-")
        _until(lambda: not home.exists(), f"{home} is removed")
    finally:
        if session.poll() is None:
            session.kill()
