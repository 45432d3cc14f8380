"""Every golden replay under replays/ audits cleanly, imports, and exports to the same bytes."""

from __future__ import annotations

from pathlib import Path

import pytest

from service.application import Application
from service.replays import audit_file, export_game, import_replay, parse
from tests.support.recordings import golden_replays
from tests.support.shipped import shipped_rulesets

pytestmark = pytest.mark.storage
ROOT = Path(__file__).resolve().parents[2]
GOLDEN = sorted(ROOT.glob("replays/**/*.ndjson"))


@pytest.mark.parametrize("path", GOLDEN, ids=[str(p.relative_to(ROOT)) for p in GOLDEN])
def test_a_golden_replay_audits_imports_and_exports_identically(
    app: Application, path: Path
) -> None:
    text = path.read_text(encoding="utf-8")
    report = audit_file(text)
    assert report.is_clean, report.summary()
    imported = import_replay(app.store, text)
    assert export_game(app.store, imported.game_id) == text


@pytest.mark.parametrize("ruleset_id", shipped_rulesets())
def test_every_shipped_ruleset_has_a_golden_replay_of_its_own(ruleset_id: str) -> None:
    recorded = golden_replays(ruleset_id)
    assert {parse(p.read_text(encoding="utf-8")).game.ruleset for p in recorded} == {ruleset_id}
