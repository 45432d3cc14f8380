"""Rules versions (docs/rules-versions.md): a game keeps the rules it was created with.

The test-only counting game ships rules versions 1 and 2, which differ in one rule (version
2 lets a seat add 3), and its ``counting.added`` event changed schema (``amount`` became
``by``). ``tests/support/samples/counting-v1-added-v1.ndjson`` was exported by the engine
before that change: the stored sample of the old schema.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from domain.core import RuleViolation, registry
from domain.core.registry import event_from_record
from service.application import Application, RulesVersionMismatch
from service.application.loading import ruleset_for
from service.application.outcomes import result_json
from service.audit import audit_game
from service.replays import audit_file, import_replay
from tests.support import counting
from tests.support.replaying import play_out

pytestmark = pytest.mark.storage
SAMPLE = Path(__file__).parents[1] / "support" / "samples" / "counting-v1-added-v1.ndjson"


def test_both_versions_are_registered_and_new_games_get_the_newest() -> None:
    assert registry.versions("counting") == ("1", "2")
    assert registry.get("counting").rules_version == "2"
    assert registry.get("counting", "1") is counting.COUNTING


def test_a_game_started_under_version_1_keeps_its_rule(app: Application) -> None:
    old = app.create_game("counting", 2, rules_version="1", seed="11" * 32).game_id
    new = app.create_game("counting", 2, seed="11" * 32).game_id
    with pytest.raises(RuleViolation, match="you may add 1 or 2") as refused:
        app.act(old, 0, {"type": "add", "amount": 3})
    assert refused.value.code == "illegal_action"
    assert app.act(new, 0, {"type": "add", "amount": 3}).version == app.store.version(new)
    assert app.load(old).ruleset.rules_version == "1"
    assert [c["amount"] for c in app.legal_commands(old, 0) if c["type"] == "add"] == [1, 2]
    play_out(app, old)
    play_out(app, new)
    assert audit_game(app.store, old).is_clean and audit_game(app.store, new).is_clean


def test_the_stored_sample_of_the_old_schema_is_read_through_its_upcaster(
    app: Application,
) -> None:
    text = SAMPLE.read_text()
    assert '"schema_version":1,"seq":5,"type":"counting.added"' in text.replace(" ", "")
    assert audit_file(text).is_clean
    imported = import_replay(app.store, text)
    loaded = app.load(imported.game_id)
    assert loaded.ruleset.rules_version == "1"
    assert app.store.game(imported.game_id).result == result_json(
        loaded.ruleset.result(loaded.state)
    )
    stored = [e for e in app.store.read(imported.game_id) if e.type == "counting.added"]
    assert stored and {e.schema_version for e in stored} == {1}
    events = [event_from_record(loaded.ruleset, e.type, 1, e.payload) for e in stored]
    assert sum(e.by for e in events) == loaded.state.count >= 10
    assert audit_game(app.store, imported.game_id).is_clean


def test_a_gap_in_an_upcaster_chain_fails_at_registration() -> None:
    class Added3(counting.Added):
        VERSION = 3

    rules = replace(counting.COUNTING.rules, event_types=(Added3, counting.DeckShuffled))
    broken = replace(counting.COUNTING, id="counting-gap", rules=rules)
    with pytest.raises(ValueError, match=r"no upcaster from version\(s\) \[2\]"):
        registry.register(broken)
    assert "counting-gap" not in registry.versions("counting-gap")


def test_a_game_of_a_version_or_content_this_engine_lacks_is_refused(app: Application) -> None:
    game = app.store.game(app.create_game("counting", 2).game_id)
    with pytest.raises(RulesVersionMismatch, match="plays versions 1, 2"):
        ruleset_for(replace(game, rules_version="9"))
    with pytest.raises(RulesVersionMismatch, match="content"):
        ruleset_for(replace(game, content_hash="f" * 64))
