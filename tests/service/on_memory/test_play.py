"""Create, act, refuse, retry, view, fork, audit, export and import every ruleset's games
through the one application layer, on the in-memory store."""

from __future__ import annotations

import pytest

from domain.core import RuleViolation
from service.application import Application, MalformedCommand, NotASeat
from service.audit import audit_game
from service.replays import export_game, import_replay
from service.store.memory import MemoryStore
from service.trail import trail_from_store
from tests.service.on_memory.conftest import RULESETS
from tests.support.replaying import finished_game, fork_points, seed_for


@pytest.mark.parametrize("ruleset", RULESETS)
def test_a_bot_game_ends_audits_clean_and_moves_to_another_store_unchanged(
    memory_app: Application, ruleset: str
) -> None:
    game_id = finished_game(memory_app, ruleset)
    assert audit_game(memory_app.store, game_id).is_clean
    text = export_game(memory_app.store, game_id)
    elsewhere = MemoryStore()
    imported = import_replay(elsewhere, text)
    assert imported.created and not import_replay(elsewhere, text).created
    hashes = [e.hash for e in memory_app.store.read(game_id)]
    assert [e.hash for e in elsewhere.read(game_id)] == hashes
    assert export_game(elsewhere, game_id) == text
    assert Application(elsewhere).view(game_id, None) == memory_app.view(game_id, None)


@pytest.mark.parametrize("ruleset", RULESETS)
def test_refused_commands_append_nothing_and_a_keyed_retry_appends_once(
    memory_app: Application, ruleset: str
) -> None:
    created = memory_app.create_game(ruleset, 2, seed=seed_for(ruleset))
    game_id, version = created.game_id, created.version
    loaded = memory_app.load(game_id)
    seat = sorted(loaded.ruleset.to_act(loaded.state))[0]
    command = memory_app.legal_commands(game_id, seat)[0]
    with pytest.raises(NotASeat):
        memory_app.act(game_id, 2, command)
    with pytest.raises((MalformedCommand, RuleViolation)):
        memory_app.act(game_id, seat, {"type": "no-such-command"})
    assert memory_app.store.version(game_id) == version
    answers = [memory_app.act(game_id, seat, command, idempotency_key="once") for _ in range(3)]
    assert [a.replayed for a in answers] == [False, True, True]
    assert len({(a.version, tuple(e.hash for e in a.events)) for a in answers}) == 1
    assert memory_app.store.version(game_id) == answers[0].version > version


@pytest.mark.parametrize("ruleset", RULESETS)
def test_a_spectator_sees_no_server_event_until_the_end(
    memory_app: Application, ruleset: str
) -> None:
    created = memory_app.create_game(ruleset, 2, seed=seed_for(f"{ruleset}:spectator"))
    live = memory_app.events_since(created.game_id, viewer=None)
    stored = memory_app.store.read(created.game_id)
    hidden = [e.seq for e in stored if e.visibility != "public"]
    assert hidden, "every shipped ruleset deals or seals something at set-up"
    assert not {e["seq"] for e in live} & set(hidden)
    memory_app.play_bots(created.game_id, {0: "random", 1: "random"}, seed_for("end"))
    after = memory_app.events_since(created.game_id, viewer=None, limit=100_000)
    assert [e["seq"] for e in after] == [e.seq for e in memory_app.store.read(created.game_id)]


@pytest.mark.parametrize("ruleset", RULESETS)
@pytest.mark.parametrize("luck", ["same", "reshuffle"])
def test_a_finished_game_forks_from_its_middle_and_both_audit_clean(
    memory_app: Application, ruleset: str, luck: str
) -> None:
    parent = finished_game(memory_app, ruleset)
    at = fork_points(memory_app, parent)["middle"]
    forked = memory_app.fork(parent, at=at, luck=luck, seed=seed_for("fork"))
    copied = trail_from_store(memory_app.store, forked.game_id).events[:at]
    assert [e.hash for e in copied] == [e.hash for e in memory_app.store.read(parent, until=at)]
    memory_app.play_bots(
        forked.game_id, {0: "random", 1: "random"}, seed_for("fork-out"), max_commands=10_000
    )
    assert memory_app.store.game(forked.game_id).is_finished
    assert audit_game(memory_app.store, forked.game_id).is_clean
    assert audit_game(memory_app.store, parent).is_clean
