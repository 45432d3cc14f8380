"""The console script's module imports nothing heavy: an analysis worker spawned from
``cairn serve`` or ``cairn analyse`` imports it before anything else (``cli/entry.py``)."""

from __future__ import annotations

import json
import subprocess
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
HEAVY = ("click", "litestar", "psycopg", "service", "domain", "cli.main")


def test_the_console_script_names_the_light_entry() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())
    assert project["project"]["scripts"]["cairn"] == "cli.entry:main"


def test_importing_the_entry_imports_none_of_the_cli() -> None:
    probe = (
        "import json, sys, cli.entry;"
        f" print(json.dumps(sorted(m for m in sys.modules if m.startswith({HEAVY!r}))))"
    )
    done = subprocess.run(
        [sys.executable, "-c", probe], cwd=ROOT, capture_output=True, text=True, check=True
    )
    assert json.loads(done.stdout) == []


def test_the_entry_runs_the_cli() -> None:
    done = subprocess.run(
        [sys.executable, "-c", "from cli.entry import main; main()", "--help"],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, done.stderr
    assert "analyse" in done.stdout and "serve" in done.stdout
