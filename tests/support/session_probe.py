"""A one-test pytest session for tests/reliability/test_session_cleanup.py: it starts the
session's database, says where it is and which process holds it, then waits to be
interrupted (CAIRN_PROBE_WAIT=1) or told to end (a file beside its report). Not collected
by the suite (no test_ prefix)."""

from __future__ import annotations

import json
import os
import time
from pathlib import Path

from service.store.database import embedded_servers


def test_holds_the_sessions_database(database_url: str) -> None:
    report = Path(os.environ["CAIRN_PROBE_REPORT"])
    said = {"pgdata": [str(p) for p in embedded_servers()], "pid": os.getpid()}
    report.with_suffix(".tmp").write_text(json.dumps(said))
    report.with_suffix(".tmp").rename(report)
    if os.environ.get("CAIRN_PROBE_WAIT") == "1":
        time.sleep(300)  # the test that started this session interrupts it long before
        return
    # a session that ends by itself ends once the test has seen its database running
    go, deadline = report.with_suffix(".go"), time.monotonic() + 120
    while not go.exists() and time.monotonic() < deadline:
        time.sleep(0.05)
