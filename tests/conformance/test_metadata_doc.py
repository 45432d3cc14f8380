"""The table of shipped rulesets in docs/ruleset-contract.md says what their registrations
say: the metadata is plain data, and the page cannot drift from it. The longest game is
given per rules version (they differ); every other column is the newest version's."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from domain.core import registry
from domain.games import load_all

DOC = Path(__file__).parents[2] / "docs" / "ruleset-contract.md"
HEADER = "| id | rules versions | seats | dynamics | information | chance | longest | bots |"


def _documented() -> dict[str, list[str]]:
    lines = DOC.read_text().splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith(HEADER))
    rows: dict[str, list[str]] = {}
    for line in lines[start + 2 :]:
        if not line.startswith("|"):
            break
        cells = [c.strip() for c in line.strip("|").split("|")]
        rows[cells[0].strip("`")] = cells[1:]
    return rows


def _longest(ruleset: Any) -> str:
    longest = ruleset.game_type.longest
    return "none" if longest is None else str(longest)


def _registered(ruleset_id: str) -> list[str]:
    ruleset = registry.get(ruleset_id)
    kind = ruleset.game_type
    return [
        ", ".join(registry.versions(ruleset_id)),
        f"{kind.min_seats}-{kind.max_seats}",
        kind.dynamics,
        kind.information,
        kind.chance,
        ", ".join(_longest(registry.get(ruleset_id, v)) for v in registry.versions(ruleset_id)),
        ", ".join(sorted(ruleset.bots)),
        str(len(ruleset.options)),
    ]


def test_the_table_of_shipped_rulesets_matches_their_registrations() -> None:
    load_all()
    shipped = {
        r.id for r in registry.all_rulesets() if r.rules.decide.__module__.startswith("domain.")
    }
    documented = _documented()
    assert set(documented) == shipped
    for ruleset_id, cells in documented.items():
        assert cells == _registered(ruleset_id), ruleset_id
