"""``cairn compile`` as a user meets it: what is missing said before anything is built, and
Ctrl-C leaving nothing half built (``tests/service/analysis/test_compiled.py`` builds for
real and holds a build's results to the source's)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

CAIRN = str(Path(sys.executable).parent / "cairn")


def _env(home: Path, **more: str) -> dict[str, str]:
    return {**os.environ, "CAIRN_HOME": str(home), "CAIRN_COMPILED": "1", **more}


def test_a_machine_without_a_c_compiler_is_told_so_and_nothing_is_built(tmp_path: Path) -> None:
    bare = tmp_path / "bin"
    bare.mkdir()
    done = subprocess.run(
        [CAIRN, "compile"],
        env=_env(tmp_path, PATH=str(bare)),
        capture_output=True,
        text=True,
        stdin=subprocess.DEVNULL,
        timeout=60,
    )
    assert done.returncode == 1
    assert "cannot compile, missing: a C compiler" in done.stderr
    assert "apt-get install gcc" in done.stderr
    assert not (tmp_path / "compiled").exists()


def _children_building(scratch_root: Path) -> list[str]:
    found = []
    for proc in Path("/proc").iterdir():
        try:
            line = (proc / "cmdline").read_bytes().replace(b"\0", b" ").decode()
        except OSError:
            continue
        if "service.compiled" in line and str(scratch_root) in line:
            found.append(line)
    return found


def test_ctrl_c_stops_a_build_and_leaves_nothing_behind(tmp_path: Path) -> None:
    running = subprocess.Popen(
        [CAIRN, "compile"],
        env=_env(tmp_path),
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    assert running.stderr is not None
    try:
        started = running.stderr.readline()  # the first stage's line: the build is under way
        assert "checking the rules' types" in started, started
        time.sleep(1.0)
        assert _children_building(tmp_path / "compiled"), "mypyc runs in a process of its own"
        running.send_signal(signal.SIGINT)
        rest = running.communicate(timeout=60)[1]
    finally:
        if running.poll() is None:
            running.kill()
            running.wait()
    assert running.returncode == 130
    assert rest.strip().splitlines()[-1] == "Error: interrupted: nothing was built"
    assert list((tmp_path / "compiled").iterdir()) == [], "no scratch and no build is left"
    assert _children_building(tmp_path / "compiled") == []


def test_cairn_analyse_says_when_its_workers_run_the_compiled_rules(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from cli.analyse import _label
    from service import compiled

    monkeypatch.setenv("CAIRN_HOME", str(tmp_path))
    assert _label() == "rollouts", "no build for this source"
    place = tmp_path / "compiled" / compiled.key(compiled.source_root())
    place.mkdir(parents=True)
    (place / compiled.MARK).write_text("{}")
    assert _label() == "rollouts (compiled rules)"
    monkeypatch.setenv("CAIRN_COMPILED", "0")
    assert _label() == "rollouts"


def test_cairn_serve_says_what_analyses_run_and_that_a_later_build_is_taken_up(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    # the fork server asks again before each analysis (``_renew_fork_server``): the start
    # line must not promise the source for the whole of the server's life
    from cli.serve import _analyses_run
    from service import compiled

    monkeypatch.setenv("CAIRN_COMPILED", "1")
    monkeypatch.setattr(compiled, "built", lambda *a, **k: None)
    assert "from the next analysis on, without a restart" in _analyses_run()
    monkeypatch.setattr(compiled, "built", lambda *a, **k: tmp_path)
    assert _analyses_run() == f"run the compiled rules ({tmp_path}) while this source is unchanged"
    monkeypatch.setenv("CAIRN_COMPILED", "0")
    assert _analyses_run() == "run the Python source (CAIRN_COMPILED=0)"
