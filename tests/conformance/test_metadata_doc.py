"""The tables of docs/ruleset-contract.md say what the registrations say: the metadata is
plain data, and the page cannot drift from it. In the table of shipped rulesets the longest
game is given per rules version (they differ); every other column is the newest version's.
The table of hidden parts gives each part of the newest version's declaration, in its
order, for every shipped ruleset and every test game under tests/support/testgames."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from domain.core import registry
from domain.games import SHIPPED, load_all
from tests.support import testgames

DOC = Path(__file__).parents[2] / "docs" / "ruleset-contract.md"
HEADER = "| id | rules versions | seats | dynamics | information | chance | longest | bots |"
HIDDEN_HEADER = "| id | hidden part | who sees it | pool |"
HOLDERS = {"server": "the server only", "seat": "seat n only"}


def _table(header: str) -> list[list[str]]:
    """The rows of the page's table that starts with ``header``, as cells."""
    lines = DOC.read_text().splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith(header))
    rows = []
    for line in lines[start + 2 :]:
        if not line.startswith("|"):
            break
        rows.append([c.strip() for c in line.strip().strip("|").split("|")])
    return rows


def _documented() -> dict[str, list[str]]:
    return {cells[0].strip("`"): cells[1:] for cells in _table(HEADER)}


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
    documented = _documented()
    assert set(documented) == set(SHIPPED)
    for ruleset_id, cells in documented.items():
        assert cells == _registered(ruleset_id), ruleset_id


def _declared(ruleset: Any) -> list[list[str]]:
    return [
        [
            f"`{ruleset.id}`",
            f"`{part.name}`",
            HOLDERS[part.holder],
            f"`{part.pool}`" if part.pool else "",
        ]
        for part in ruleset.presentation.hidden
    ]


def _newest_test_games() -> list[Any]:
    """The newest version of each test game (``found`` lists them unregistered)."""
    by_id = {r.id: r for r in sorted(testgames.found(), key=lambda r: int(r.rules_version))}
    return list(by_id.values())


def test_the_table_of_hidden_parts_matches_each_declaration() -> None:
    load_all()
    rulesets = [*(registry.get(i) for i in sorted(SHIPPED)), *_newest_test_games()]
    rows = [[c.removesuffix(" (tests)") for c in cells] for cells in _table(HIDDEN_HEADER)]
    assert {cells[0] for cells in rows} == {f"`{r.id}`" for r in rulesets}
    for ruleset in rulesets:
        documented = [cells for cells in rows if cells[0] == f"`{ruleset.id}`"]
        assert documented == _declared(ruleset), ruleset.id
