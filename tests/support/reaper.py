"""Stops a test session's embedded PostgreSQL and removes its folder once the session's
process is gone, however it went: run as ``python reaper.py HOME`` with a pipe as stdin,
whose other end only that process holds.

pgserver stops its server from an ``atexit`` hook, which never runs when the process is
killed (SIGTERM's default, SIGKILL, an xdist worker torn down): the server was left
running, orphaned, its data in a ``cairn-test-pg-*`` folder (issue #27). This process waits
for end of file on stdin, which comes when the session's process exits or dies, then stops
every postmaster under HOME and removes HOME. It runs in a session of its own and ignores
SIGINT and SIGTERM, so the Ctrl-C or kill that ends a test run does not end it first.

Standard library only: it runs outside the test session's imports.
"""

from __future__ import annotations

import os
import shutil
import signal
import sys
import time
from pathlib import Path

PATIENCE = 20.0
"""Seconds a postmaster gets to shut down fast (SIGINT) before it is killed."""


def postmasters(home: Path) -> list[int]:
    """The pids of the PostgreSQL servers whose data directories are under ``home``."""
    found = []
    for pidfile in home.rglob("postmaster.pid"):
        try:
            found.append(int(pidfile.read_text().split()[0]))
        except (OSError, ValueError, IndexError):
            continue
    return found


def is_alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def stop(pid: int) -> None:
    """Fast shutdown (SIGINT: roll back, disconnect, stop), then SIGKILL if it lingers."""
    if not is_alive(pid):
        return
    os.kill(pid, signal.SIGINT)
    deadline = time.monotonic() + PATIENCE
    while is_alive(pid) and time.monotonic() < deadline:
        time.sleep(0.1)
    if is_alive(pid):
        os.kill(pid, signal.SIGKILL)


def reap(home: Path) -> None:
    for pid in postmasters(home):
        stop(pid)
    shutil.rmtree(home, ignore_errors=True)


def main() -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_IGN)
    home = Path(sys.argv[1])
    while sys.stdin.buffer.read(4096):
        pass  # nothing is ever written: only the end of file matters
    reap(home)


if __name__ == "__main__":
    main()
