"""domain/ stays pure: no I/O, clock, randomness or framework imports (DESIGN.md, layers)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

DOMAIN = Path(__file__).resolve().parents[3] / "domain"
FORBIDDEN_MODULES = {
    "random", "time", "datetime", "uuid", "secrets", "socket", "os", "sys", "io",
    "pathlib", "shutil", "subprocess", "threading", "asyncio", "tempfile", "urllib",
    "http", "sqlite3", "psycopg", "psycopg_pool", "litestar", "sqlalchemy", "alembic",
    "msgspec", "structlog", "click", "requests", "httpx", "uvicorn", "pgserver", "service",
    "cli", "numpy",
}  # fmt: skip
FORBIDDEN_CALLS = {"open", "print", "input", "exec", "eval", "__import__"}
CLOCK_READS = {"now", "utcnow", "today", "time", "time_ns", "monotonic", "perf_counter"}
"""Reading a wall clock through any object (``datetime.now()``, an injected ``clock.now()``):
live play's times enter only as stamped facts (docs/live-play.md)."""


def _sources() -> list[Path]:
    return sorted(DOMAIN.rglob("*.py"))


def violations(tree: ast.AST) -> list[str]:
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [a.name for a in node.names if a.name.split(".")[0] in FORBIDDEN_MODULES]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            if node.module.split(".")[0] in FORBIDDEN_MODULES:
                found.append(node.module)
        elif (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Name)
            and node.func.id in FORBIDDEN_CALLS
        ):
            found.append(f"{node.func.id}()")
        elif (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr in CLOCK_READS
        ):
            found.append(f".{node.func.attr}()")
    return found


@pytest.mark.parametrize("source", _sources(), ids=lambda p: str(p.relative_to(DOMAIN)))
def test_domain_module_is_pure(source: Path) -> None:
    assert violations(ast.parse(source.read_text(), str(source))) == []


@pytest.mark.parametrize(
    "snippet",
    ["import random", "from time import monotonic", "import os.path", "open('x')",
     "from datetime import datetime", "import psycopg", "clock.now()",
     "state.at.monotonic()"],
)  # fmt: skip
def test_the_check_catches_impurity(snippet: str) -> None:
    assert violations(ast.parse(snippet)) != []


def drawing_imports(tree: ast.AST) -> list[str]:
    """Imports of a drawing: the rules never import their browser drawing (a ruleset names
    it in ``Presentation.drawing``, and only the viewer imports it)."""
    found = []
    for node in ast.walk(tree):
        names = []
        if isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            module = node.module or ""
            names = [module, *(f"{module}.{a.name}" for a in node.names)]
        found += [n for n in names if "drawing" in n.split(".")]
    return found


def _rules_sources() -> list[Path]:
    """Every module but the drawings: a ``drawing`` module, or any module in a ``drawing``
    package (the core's helpers, or a game's drawing in several modules)."""
    return [p for p in _sources() if "drawing" not in (p.stem, *p.relative_to(DOMAIN).parts[:-1])]


@pytest.mark.parametrize("source", _rules_sources(), ids=lambda p: str(p.relative_to(DOMAIN)))
def test_the_rules_never_import_a_drawing(source: Path) -> None:
    assert drawing_imports(ast.parse(source.read_text(), str(source))) == []


@pytest.mark.parametrize(
    "snippet",
    ["from domain.games.peninsula import drawing", "import domain.games.peninsula.drawing",
     "from domain.core.drawing.svg import text", "from . import drawing"],
)  # fmt: skip
def test_the_check_catches_a_drawing_import(snippet: str) -> None:
    assert drawing_imports(ast.parse(snippet)) != []


def test_the_clock_modules_are_checked() -> None:
    checked = {p.name for p in _sources()}
    assert {"clocks.py", "live.py", "liveplay.py", "endings.py"} <= checked
