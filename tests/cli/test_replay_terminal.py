"""``cairn replay --step`` in a real terminal: tmux runs it, sends keys and reads the screen.

Each test runs its own tmux server (``-L``), so nothing else's sessions are touched. It
steps a golden replay file, which needs no database.
"""

from __future__ import annotations

import shlex
import shutil
import subprocess
import sys
import time
import uuid
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
REPLAY = ROOT / "replays" / "peninsula" / "two-seats-greedy-v2.ndjson"
EVENTS = REPLAY.read_text().count("\n") - 1


class Terminal:
    def __init__(self, socket: str, session: str) -> None:
        self.socket, self.session = socket, session

    def tmux(self, *args: str) -> str:
        done = subprocess.run(
            ["tmux", "-L", self.socket, *args], capture_output=True, text=True, timeout=30
        )
        assert done.returncode == 0, done.stderr
        return done.stdout

    def keys(self, *keys: str) -> None:
        self.tmux("send-keys", "-t", self.session, *keys)

    def screen(self) -> str:
        return self.tmux("capture-pane", "-p", "-t", self.session)

    def wait_for(self, seen: Callable[[str], bool], what: str) -> str:
        """The screen once ``seen`` holds; fails, showing the screen, if it never does."""
        deadline = time.monotonic() + 60
        while True:
            screen = self.screen()
            if seen(screen):
                return screen
            assert time.monotonic() < deadline, f"never saw {what}:\n{screen}"
            time.sleep(0.1)


@pytest.fixture
def terminal() -> Iterator[Terminal]:
    if shutil.which("tmux") is None:
        pytest.skip("tmux is not installed (apt-get install tmux)")
    socket, session = f"cairn-test-{uuid.uuid4().hex[:8]}", "replay"
    command = (
        f"PYTHONPATH={shlex.quote(str(ROOT))} {shlex.quote(sys.executable)} -m cli.main"
        f" replay {shlex.quote(str(REPLAY))} --step; echo EXITED:$?; sleep 600"
    )
    subprocess.run(
        [
            "tmux",
            "-L",
            socket,
            "new-session",
            "-d",
            "-s",
            session,
            "-x",
            "150",
            "-y",
            "60",
            "-c",
            str(ROOT),
            command,
        ],
        check=True,
        timeout=30,
    )
    try:
        yield Terminal(socket, session)
    finally:
        subprocess.run(["tmux", "-L", socket, "kill-server"], timeout=30, check=False)


def at_event(n: int) -> Callable[[str], bool]:
    return lambda screen: f"event {n} of {EVENTS}" in screen


def test_arrows_and_space_step_and_q_quits(terminal: Terminal) -> None:
    first = terminal.wait_for(at_event(1), "the first event")
    assert "[q ctrl-c] quit" in first
    terminal.keys("Right")
    terminal.wait_for(at_event(2), "event 2 after the right arrow")
    terminal.keys("Space")
    terminal.wait_for(at_event(3), "event 3 after space")
    terminal.keys("Left")
    screen = terminal.wait_for(at_event(2), "event 2 after the left arrow")
    assert screen.count("event 2 of") == 1, "one screen at a time"
    terminal.keys("j")
    terminal.wait_for(lambda s: "jump to event" in s, "the jump prompt")
    terminal.keys("20", "Enter")
    board = terminal.wait_for(at_event(20), "event 20 after the jump")
    assert "Peninsula, map" in board and "seat 0: at" in board, "the board at every step"
    terminal.keys("q")
    closed = terminal.wait_for(lambda s: "EXITED:" in s, "cairn to exit")
    assert "EXITED:0" in closed and "Traceback" not in closed


def test_ctrl_c_exits_cleanly(terminal: Terminal) -> None:
    terminal.wait_for(at_event(1), "the first event")
    terminal.keys("Right")
    terminal.wait_for(at_event(2), "event 2")
    terminal.keys("C-c")
    closed = terminal.wait_for(lambda s: "EXITED:" in s, "cairn to exit")
    assert "EXITED:0" in closed and "Traceback" not in closed and "(replay closed)" in closed


def test_stepping_past_the_last_event_ends_the_replay(terminal: Terminal) -> None:
    terminal.wait_for(at_event(1), "the first event")
    terminal.keys("End")
    screen = terminal.wait_for(at_event(EVENTS), "the last event after End")
    assert "final" in screen.lower() or "running scores" in screen
    terminal.keys("Right")
    closed = terminal.wait_for(lambda s: "EXITED:" in s, "cairn to exit")
    assert "(end of the game)" in closed and "EXITED:0" in closed
