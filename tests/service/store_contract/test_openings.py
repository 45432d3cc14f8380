"""The store contract for a new game's opening (``Store.create_game`` with ``then``): the
set-up, the system's decisions due after it and the game's secrets in one commit, writing
exactly what the opening alone and then one append a system decision wrote before (issue
#26), or nothing at all."""

from __future__ import annotations

import dataclasses
import uuid
from typing import Any

import pytest

from domain.core import registry
from service.application import app as app_module
from service.application.app import Application
from service.application.seating import secrets_for
from service.clock import ManualClock
from service.store import (
    Decision,
    GameExists,
    GameRecord,
    NewEvent,
    NonIntegerNumber,
    Store,
    StoredEvent,
    UnknownGame,
)
from service.store.credentials import Secrets
from service.store.players import Player
from service.store.records import canonical_json
from tests.support.appending import decision

SEED = "5eed" * 16
RULESETS = sorted(r.id for r in registry.all_rulesets())


def told(n: int, *seats: int) -> Decision:
    """A system decision of two events telling ``seats`` to act."""
    events = tuple(NewEvent("test.settled", 1, {"n": n, "i": i}, "public") for i in range(2))
    notices = ({"kind": "your_turn", "seats": list(seats), "body": {"n": n}},)
    return Decision(events, "system", {"type": "settle", "n": n}, notices=notices)


def row(event: StoredEvent) -> dict[str, Any]:
    """An event's columns but the game's id and the commit's time."""
    return {k: v for k, v in vars(event).items() if k not in ("game_id", "recorded_at")}


def opened(store: Store, ruleset_id: str, apart: bool) -> tuple[uuid.UUID, Any, Secrets]:
    ruleset = registry.get(ruleset_id)
    app = Application(store, seeds=lambda: SEED, clock=ManualClock())
    seats = [{"kind": "player", "player": f"p{i}"} for i in range(ruleset.min_seats)]
    made = secrets_for(seats, creator=True)
    outcome = app.create_game(ruleset_id, len(seats), seat_info=seats, secrets=made)
    if apart:
        outcome = dataclasses.replace(outcome, events=outcome.events + app.settle(outcome.game_id))
    return outcome.game_id, outcome, made


@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_an_opening_writes_what_the_set_up_and_its_settling_wrote(
    any_store: Store, ruleset_id: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    together, outcome, made = opened(any_store, ruleset_id, apart=False)
    with monkeypatch.context() as patched:
        patched.setattr(app_module, "owed_after", lambda _ruleset, state, _v, _c: ([], state))
        apart, _, _ = opened(any_store, ruleset_id, apart=True)
    stored = any_store.read(together)
    # the events answered are the ones stored (built, not read back), every column
    assert outcome.events == stored and outcome.version == stored[-1].seq
    assert [row(e) for e in stored] == [row(e) for e in any_store.read(apart)]
    assert all(e.hash == e.expected_hash() for e in stored)
    game, before = any_store.game(together), any_store.game(apart)
    ignored = {"game_id": None, "created_at": None}
    assert dataclasses.replace(game, **ignored) == dataclasses.replace(before, **ignored)
    assert made.creator is not None and any_store.creators.is_creator(together, made.creator)
    assert all(any_store.tokens.seat_for(together, t) == s for s, t in made.tokens.items())
    if ruleset_id == "peloponnes":  # its set-up is followed by the system's decisions
        assert len({e.decision_seq for e in stored}) >= 2


def test_an_opening_with_follow_ups_is_one_commit(any_store: Store) -> None:
    game = GameRecord.new("counting", "1", "none", 2)
    woken: list[tuple[uuid.UUID, int]] = []
    listeners = getattr(any_store, "listeners", None)
    if listeners is not None:
        listeners.append(lambda game_id, seq: woken.append((game_id, seq)))
    created = any_store.create_game(
        game, decision(0, size=2), then=[(told(1, 0), None), (told(2, 1), {"winners": [1]})]
    )
    stored = any_store.read(game.game_id)
    assert created.events == stored and created.outboxed == 0  # no hook hears this game
    assert [e.decision_seq for e in stored] == [1, 1, 3, 3, 5, 5]
    assert [e.actor for e in stored] == ["seat:0"] * 2 + ["system"] * 4
    assert all(e.hash == e.expected_hash() for e in stored)
    record = any_store.game(game.game_id)
    assert (record.status, record.result, record.version) == ("finished", {"winners": [1]}, 6)
    if listeners is not None:
        assert woken == [(game.game_id, 6)]


def _seated(store: Store, players: list[Player]) -> GameRecord:
    seat_info = [{"kind": "player", "player": p.name} for p in players]
    return GameRecord.new("counting", "1", "none", len(players), seat_info=seat_info)


def _owed(store: Store, game_id: uuid.UUID) -> list[tuple[str, str]]:
    """The game's outbox rows (each hook's copy has an id of its own in each game)."""
    notices = store.webhooks.notices(game_id=game_id)
    return sorted((n.kind, canonical_json(n.body)) for n in notices)


def test_a_league_games_opening_notifies_as_the_separate_appends_did(
    private_store: Store,
) -> None:
    store = private_store
    players = [store.players.create(f"p{i}-{uuid.uuid4().hex[:6]}")[0] for i in range(2)]
    for i, player in enumerate(players):
        store.subscriptions.register("player", str(player.player_id), f"http://{i}.test/", "s" * 16)
    ids = [p.player_id for p in players]
    together, apart = _seated(store, players), _seated(store, players)
    opening = dataclasses.replace(told(0, 0, 1), actor="system")
    created = store.create_game(together, opening, ids, then=[(told(1, 1), None)])
    first = store.create_game(apart, opening, ids)
    version, head = store.head(apart.game_id)
    later = store.append(apart.game_id, version, head, told(1, 1))
    assert created.outboxed == first.outboxed + later.outboxed == 3  # 2 hear 0, 1; 1 hears 1
    assert _owed(store, together.game_id) == _owed(store, apart.game_id)
    assert [row(e) for e in store.read(together.game_id)] == [
        row(e) for e in store.read(apart.game_id)
    ]


def test_an_opening_refused_anywhere_leaves_nothing(any_store: Store) -> None:
    game = GameRecord.new("counting", "1", "none", 2, seat_info=[{"kind": "open"}] * 2)
    made = Secrets.new([0], [1], creator=True)
    fraction = Decision((NewEvent("test.settled", 1, {"x": 0.5}, "public"),), "system", None)
    with pytest.raises(NonIntegerNumber):
        any_store.create_game(
            game, decision(0), secrets=made, then=[(told(1, 0), None), (fraction, None)]
        )
    with pytest.raises(UnknownGame):
        any_store.game(game.game_id)
    assert any_store.read(game.game_id) == []
    assert made.creator is not None and not any_store.creators.is_creator(
        game.game_id, made.creator
    )
    assert any_store.tokens.seat_for(game.game_id, made.tokens[0]) is None
    # and the id is free: the same game goes in whole
    assert len(any_store.create_game(game, decision(0), secrets=made).events) == 1


def test_a_taken_id_is_game_exists_and_writes_nothing(any_store: Store) -> None:
    game = GameRecord.new("counting", "1", "none", 2, seat_info=[{"kind": "open"}] * 2)
    first = Secrets.new([0], [1], creator=True)
    any_store.create_game(game, decision(0), secrets=first)
    before = any_store.read(game.game_id)
    again = Secrets.new([0], [1], creator=True)
    with pytest.raises(GameExists):
        any_store.create_game(game, decision(5, size=3), secrets=again, then=[(told(1, 0), None)])
    assert any_store.read(game.game_id) == before
    assert first.creator is not None and any_store.creators.is_creator(game.game_id, first.creator)
    assert again.creator is not None and not any_store.creators.is_creator(
        game.game_id, again.creator
    )
    assert any_store.tokens.seat_for(game.game_id, again.tokens[0]) is None
    assert any_store.tokens.seat_for(game.game_id, first.tokens[0]) == 0
