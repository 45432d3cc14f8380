"""Fault-test fixtures: ``cairn serve`` as a real process on loopback, killed and restarted
at will, over the session's test database or a scratch database of its own."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import pytest

from service.store.migrate import upgrade
from tests.support.databases import scratch_database

ROOT = Path(__file__).resolve().parents[2]
# The same click group as ``python -m cli.main``, with the test-only rulesets registered.
WITH_TEST_RULESETS = "tests.support.serve"
SHIPPED_ONLY = "cli.main"


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def environment(database_url: str) -> dict[str, str]:
    return {**os.environ, "DATABASE_URL": database_url, "PYTHONPATH": str(ROOT)}


@dataclass
class Served:
    """One ``cairn serve`` process (and its uvicorn workers, if any) on a loopback port."""

    database_url: str
    log: Path
    module: str = WITH_TEST_RULESETS
    workers: int = 1
    port: int = 0
    process: subprocess.Popen[Any] | None = None
    env: dict[str, str] = field(default_factory=dict)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self, timeout: float = 120.0) -> Served:
        self.port = self.port or free_port()
        command = [sys.executable, "-m", self.module, "serve", "--port", str(self.port)]
        command += ["--workers", str(self.workers)]
        with self.log.open("a") as log:
            self.process = subprocess.Popen(
                command,
                cwd=ROOT,
                env={**environment(self.database_url), **self.env},
                stdout=log,
                stderr=subprocess.STDOUT,
                start_new_session=True,  # SIGKILL to the group takes its workers too
            )
        self._wait_healthy(timeout)
        return self

    def _wait_healthy(self, timeout: float) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            assert self.process is not None and self.process.poll() is None, self.tail()
            try:
                if httpx.get(f"{self.url}/health", timeout=2).status_code == 200:
                    return
            except httpx.TransportError:
                pass
            time.sleep(0.1)
        raise AssertionError(f"cairn serve did not become healthy\n{self.tail()}")

    def kill(self) -> None:
        """SIGKILL the server and every worker: no shutdown hook runs."""
        assert self.process is not None
        os.killpg(self.process.pid, signal.SIGKILL)
        self.process.wait(10)

    def stop(self) -> None:
        if self.process is None or self.process.poll() is not None:
            return
        self.process.send_signal(signal.SIGINT)
        try:
            self.process.wait(15)
        except subprocess.TimeoutExpired:
            os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait(10)

    def tail(self, lines: int = 40) -> str:
        text = self.log.read_text(errors="replace") if self.log.exists() else ""
        return "\n".join(text.splitlines()[-lines:])


@pytest.fixture
def scratch_url(database_url: str) -> Iterator[str]:
    """An empty database of this test's own, migrated to head: `audit --all` sees only it."""
    with scratch_database(database_url, "cairn_reliability") as url:
        upgrade(url)
        yield url


def run_cli(
    database_url: str, *args: str, timeout: float = 120
) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", WITH_TEST_RULESETS, *args],
        cwd=ROOT,
        env=environment(database_url),
        capture_output=True,
        text=True,
        timeout=timeout,
        check=False,
    )
