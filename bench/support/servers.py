"""Servers the HTTP benchmarks start on loopback: ``cairn serve`` and the bare baseline app,
both run by uvicorn with the same worker count, each in a process group of its own."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import httpx

ROOT = Path(__file__).resolve().parents[2]


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


@dataclass(frozen=True)
class Running:
    url: str
    pid: int


@contextmanager
def running(command: Sequence[str], env: dict[str, str], log: Path) -> Iterator[Running]:
    """Start ``command`` (with ``{port}`` filled in), wait for /health, yield where it is."""
    port = free_port()
    with log.open("a") as out:
        process = subprocess.Popen(
            [part.format(port=port) for part in command],
            cwd=ROOT,
            env={**os.environ, "PYTHONPATH": str(ROOT), **env},
            stdout=out,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
    url = f"http://127.0.0.1:{port}"
    try:
        _wait_healthy(url, process, log)
        yield Running(url, process.pid)
    finally:
        stop(process)


def stop(process: subprocess.Popen[bytes]) -> None:
    if process.poll() is None:
        os.killpg(process.pid, signal.SIGINT)
        try:
            process.wait(20)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait(10)


def _wait_healthy(url: str, process: subprocess.Popen[bytes], log: Path) -> None:
    deadline = time.monotonic() + 90
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"server exited early:\n{log.read_text()[-3000:]}")
        try:
            if httpx.get(f"{url}/health", timeout=2).status_code == 200:
                return
        except httpx.TransportError:
            pass
        time.sleep(0.1)
    raise RuntimeError(f"server did not become healthy:\n{log.read_text()[-3000:]}")


def cairn_command(workers: int) -> list[str]:
    serve = [sys.executable, "-m", "cli.main", "serve", "--port", "{port}"]
    return [*serve, "--workers", str(workers)]


def bare_command(workers: int) -> list[str]:
    serve = [sys.executable, "-m", "bench.support.bare", "--port", "{port}"]
    return [*serve, "--workers", str(workers)]


def rss_kib(pid: int, field: str = "VmRSS") -> int:
    """A process's resident set (VmRSS) or its peak (VmHWM), from /proc."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith(f"{field}:"):
            return int(line.split()[1])
    raise LookupError(field)
