"""Compiled analyses (``service.compiled``, ``cairn compile``): a build is used only for the
source it was made from, and the workers that run it give the very graphs and hints the
source gives.

The last test builds the domain for real (a minute or two of one core): mypyc's output is
what is held to the source here, not a stand-in for it.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from service import compiled

ROOT = Path(__file__).resolve().parents[3]


@pytest.fixture
def source(tmp_path: Path) -> Path:
    """A copy of the domain package to edit, as a source root."""
    root = tmp_path / "source"
    shutil.copytree(ROOT / "domain", root / "domain", ignore=shutil.ignore_patterns("__pycache__"))
    return root


def test_the_key_follows_every_file_of_the_source(source: Path) -> None:
    first = compiled.key(source)
    assert compiled.key(source) == first
    rule = source / "domain" / "games" / "peninsula" / "scoring.py"
    rule.write_text(rule.read_text() + "\n# an edit\n")
    edited = compiled.key(source)
    assert edited != first
    content = next((source / "domain").rglob("*.json"))
    content.write_text(content.read_text() + " ")
    assert compiled.key(source) != edited


def test_the_key_ignores_what_python_and_a_build_leave_beside_the_source(source: Path) -> None:
    first = compiled.key(source)
    cache = source / "domain" / "core" / "__pycache__"
    cache.mkdir(exist_ok=True)
    (cache / "luck.cpython-311.pyc").write_bytes(b"bytes")
    (source / "domain" / "core" / "luck.cpython-311-x86_64-linux-gnu.so").write_bytes(b"elf")
    assert compiled.key(source) == first


def test_only_a_whole_build_of_this_very_source_is_used(
    source: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    home = tmp_path / "home"
    assert compiled.built(home, source) is None
    place = home / "compiled" / compiled.key(source)
    place.mkdir(parents=True)
    assert compiled.built(home, source) is None, "a folder without its mark is not a build"
    (place / compiled.MARK).write_text("{}")
    assert compiled.built(home, source) == place
    monkeypatch.setenv(compiled.SWITCH, "0")
    assert compiled.built(home, source) is None, "CAIRN_COMPILED=0 turns builds off"
    monkeypatch.delenv(compiled.SWITCH)
    rule = source / "domain" / "games" / "five_peaks" / "scoring.py"
    rule.write_text(rule.read_text() + "\n# an edit\n")
    assert compiled.built(home, source) is None, "an edited rule makes the build stale"


def test_a_process_that_has_imported_the_source_keeps_it(tmp_path: Path) -> None:
    """Even with a build for this very source there: its domain is already imported."""
    place = tmp_path / "compiled" / compiled.key(compiled.source_root())
    place.mkdir(parents=True)
    (place / compiled.MARK).write_text("{}")
    assert compiled.built(tmp_path) == place
    assert "domain" in sys.modules
    before = list(sys.path)
    assert compiled.activate(tmp_path) is None
    assert sys.path == before and not compiled.is_in_use()


def test_a_build_that_does_not_import_is_set_aside_for_the_source(tmp_path: Path) -> None:
    place = tmp_path / "compiled" / compiled.key(compiled.source_root())
    (place / "domain").mkdir(parents=True)
    (place / "domain" / "__init__.py").write_text("raise ImportError('a broken build')\n")
    (place / compiled.MARK).write_text("{}")
    probe = (
        "import sys; from service.compiled import activate; where = activate();"
        " import domain.games; print(where, domain.games.__file__,"
        f" sum(entry.startswith({str(tmp_path)!r}) for entry in sys.path))"
    )
    # the probe runs from ``tmp_path``: a relative PYTHONPATH (``PYTHONPATH=.``) would name
    # that folder there, so the probe is pointed at this very tree
    env = {
        **os.environ,
        "CAIRN_HOME": str(tmp_path),
        compiled.SWITCH: "1",
        "PYTHONPATH": str(ROOT),
    }
    done = subprocess.run(
        [sys.executable, "-c", probe], cwd=tmp_path, env=env, capture_output=True, text=True
    )
    assert done.returncode == 0, done.stderr
    where, games, left = done.stdout.split()
    assert where == "None" and left == "0"
    assert games == str(ROOT / "domain" / "games" / "__init__.py")
    assert "a broken build" in done.stderr and "using the source" in done.stderr


def _cairn(home: Path, *args: str, switch: str = "1") -> subprocess.CompletedProcess[str]:
    """The installed ``cairn`` command, as a user runs it."""
    env = {**os.environ, "CAIRN_HOME": str(home), compiled.SWITCH: switch}
    return subprocess.run(
        [str(Path(sys.executable).parent / "cairn"), *args],
        env=env,
        capture_output=True,
        text=True,
        stdin=subprocess.DEVNULL,
        timeout=900,
    )


def _graphs(home: Path, switch: str) -> dict[str, object]:
    env = {**os.environ, "CAIRN_HOME": str(home), compiled.SWITCH: switch}
    done = subprocess.run(
        [sys.executable, "-m", "tests.support.compiled_graphs"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        stdin=subprocess.DEVNULL,
        timeout=600,
        check=True,
    )
    found: dict[str, object] = json.loads(done.stdout)
    return found


@pytest.mark.slow
def test_compiled_workers_give_the_graphs_and_hints_of_the_source(tmp_path: Path) -> None:
    missing = compiled.missing_tools()
    if missing:
        pytest.skip("cannot compile here: " + "; ".join(missing))
    home = tmp_path / "home"
    made = _cairn(home, "compile", "--json")
    assert made.returncode == 0, made.stderr
    build = json.loads(made.stdout)
    assert build["reused"] is False and build["modules"] > 100
    again = _cairn(home, "compile", "--json")
    assert json.loads(again.stdout)["reused"] is True
    assert _cairn(home, "compile", "--check").returncode == 0
    assert _cairn(home, "compile", "--check", switch="0").returncode == 1

    source = _graphs(home, switch="0")
    native = _graphs(home, switch="1")
    assert source["workers_compiled"] is False
    assert native["workers_compiled"] is True
    # as text: a result that turned 3 into 3.0 compiled would still compare equal as data
    assert json.dumps(native["results"], sort_keys=True) == json.dumps(
        source["results"], sort_keys=True
    )
