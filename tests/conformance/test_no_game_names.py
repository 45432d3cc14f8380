"""No shipped game, nor test ruleset of tests/support/testgames, is named in the platform's
code (domain/core, service/, cli/), only in examples in help text: the platform works for
any registered ruleset, so nothing in it may special-case one (docs/ruleset-contract.md)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from domain.core import registry
from domain.games import SHIPPED, load_all
from tests.support import testgames

ROOT = Path(__file__).resolve().parents[2]
PLATFORM = ("domain/core", "service", "cli")
SUFFIXES = {".py", ".js", ".html", ".css", ".sql", ".json", ".mako", ".ini", ".toml"}
EXAMPLE = re.compile(r"\bExample\b|\be\.g\.|\bfor example\b", re.IGNORECASE)
"""A line that gives an example (``Example: cairn simulate peninsula ...``) may name a game."""


def game_names() -> re.Pattern[str]:
    """Every way a shipped game is written: its id, its title, its package's name, with
    ``-``, ``_``, a space or nothing between words; and the id of every test ruleset under
    tests/support/testgames (the two in tests/support, ``counting`` and ``sealed``, are
    words the platform uses for other things)."""
    load_all()
    names = {r.id for r in testgames.found()}
    for ruleset_id, package in SHIPPED.items():
        names |= {ruleset_id, registry.get(ruleset_id).title, package.rsplit(".", 1)[-1]}
    words = {tuple(re.split(r"[-_ ]", name.lower())) for name in names}
    spelled = sorted(r"[-_ ]?".join(map(re.escape, parts)) for parts in words)
    return re.compile(r"\b(" + "|".join(spelled) + r")\b", re.IGNORECASE)


def named_lines(text: str, pattern: re.Pattern[str]) -> list[str]:
    return [
        line.strip()
        for line in text.splitlines()
        if pattern.search(line) and not EXAMPLE.search(line)
    ]


def platform_files() -> list[Path]:
    return sorted(
        path
        for folder in PLATFORM
        for path in (ROOT / folder).rglob("*")
        if path.suffix in SUFFIXES and path.is_file()
    )


@pytest.mark.parametrize("path", platform_files(), ids=lambda p: str(p.relative_to(ROOT)))
def test_the_platform_names_no_game_but_in_examples(path: Path) -> None:
    found = named_lines(path.read_text(encoding="utf-8"), game_names())
    assert found == [], f"{path.relative_to(ROOT)} names a shipped game: {found}"


@pytest.mark.parametrize(
    ("line", "named"),
    [
        ('if ruleset.id == "five-peaks":', True),
        ("from domain.games.five_peaks import RULESET", True),
        ("# Five Peaks draws its legend itself", True),
        ('PAINTERS = {"peninsula": draw}', True),
        ('if ruleset.id == "lanterns":', True),
        ("Example: cairn simulate peninsula --games 2", False),
        ('help="Only games of this ruleset, e.g. peloponnes."', False),
        ("a peninsular coast", False),
    ],
)
def test_the_check_finds_a_game_named_outside_an_example(line: str, named: bool) -> None:
    assert bool(named_lines(line, game_names())) is named
