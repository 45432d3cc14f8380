"""The store contract for a player's and a league's webhooks: registered, listed and
revoked per owner, copied into every game the owner has (the games made or joined after,
and the active ones already under way), heard for the owner's seats only, and silent once
revoked (service/store/recorders.py, ``SubscriptionRecorder``). Concurrent registration
and game creation is PostgreSQL's to test (tests/service/test_owner_webhooks.py)."""

from __future__ import annotations

import dataclasses
import uuid

from service.store import Decision, GameRecord, NewEvent, Store
from service.store.leagues import GENESIS_HASH
from service.store.players import Player
from tests.service.store_contract.test_leagues import league_decision
from tests.support.appending import decision


def _player(store: Store, name: str) -> Player:
    return store.players.create(f"{name}-{uuid.uuid4().hex[:6]}")[0]


def _bound_game(store: Store, players: list[Player]) -> uuid.UUID:
    seat_info = [{"kind": "player", "player": p.name} for p in players]
    game = GameRecord.new("counting", "1", "none", len(players), seat_info=seat_info)
    store.create_game(game, decision(0), seated=[p.player_id for p in players])
    return game.game_id


def _noticed(store: Store, game_id: uuid.UUID, seats: list[int]) -> None:
    version, head = store.head(game_id)
    notice = {"kind": "your_turn", "seats": seats, "body": {"version": version + 1}}
    event = NewEvent("t", 1, {}, "public")
    store.append(game_id, version, head, Decision((event,), None, None, notices=(notice,)))


def _heard(store: Store) -> list[tuple[str, uuid.UUID, int, list[int] | None]]:
    """Every owed notice (url, game, version, the seats a player's hook hears), delivered."""
    owed = store.webhooks.claim(30)
    for o in owed:
        store.webhooks.delivered(o)
    return sorted((o.url, o.game_id, o.body["version"], o.seats) for o in owed)


def test_an_owners_hooks_are_listed_oldest_first_until_revoked(any_store: Store) -> None:
    owner = str(uuid.uuid4())
    subscriptions = any_store.subscriptions
    first = subscriptions.register("player", owner, "http://a.test/", "secret-one-16chars")
    second = subscriptions.register("player", owner, "http://b.test/", "secret-two-16chars")
    assert (first.owner_kind, first.owner, first.url) == ("player", owner, "http://a.test/")
    assert [h.hook_id for h in subscriptions.hooks("player", owner)] == [
        first.hook_id,
        second.hook_id,
    ]
    assert subscriptions.hooks("league", owner) == []  # another kind of owner
    assert not subscriptions.revoke("league", owner, first.hook_id)  # not that owner's
    assert subscriptions.revoke("player", owner, first.hook_id)
    assert not subscriptions.revoke("player", owner, first.hook_id)  # revoked already
    assert [h.hook_id for h in subscriptions.hooks("player", owner)] == [second.hook_id]


def test_a_players_hook_hears_their_seats_of_every_game_of_theirs(private_store: Store) -> None:
    store = private_store
    ann, bob = _player(store, "ann"), _player(store, "bob")
    before = _bound_game(store, [ann, bob])  # under way when the hook is registered
    store.subscriptions.register("player", str(ann.player_id), "http://ann.test/", "s" * 16)
    after = _bound_game(store, [bob, ann])  # made after: ann sits in seat 1
    elsewhere = _bound_game(store, [bob, bob])
    for game_id in (before, after, elsewhere):
        _noticed(store, game_id, [0])
        _noticed(store, game_id, [1])
    assert _heard(store) == sorted(
        [("http://ann.test/", before, 2, [0]), ("http://ann.test/", after, 3, [1])]
    )


def test_a_player_who_takes_an_open_seat_brings_their_hooks(private_store: Store) -> None:
    store = private_store
    ann = _player(store, "ann")
    store.subscriptions.register("player", str(ann.player_id), "http://ann.test/", "s" * 16)
    game = GameRecord.new("counting", "1", "none", 2, seat_info=[{"kind": "open"}] * 2)
    store.create_game(game, decision(0))
    _noticed(store, game.game_id, [1])
    assert _heard(store) == []  # not ann's game yet
    assert store.players.take_open_seat(game.game_id, ann, 1) == 1
    _noticed(store, game.game_id, [0])
    _noticed(store, game.game_id, [1])
    assert _heard(store) == [("http://ann.test/", game.game_id, 4, [1])]


def test_a_leagues_hook_hears_every_seat_of_its_games(private_store: Store) -> None:
    store = private_store
    league, head = uuid.uuid4(), GENESIS_HASH
    head = store.leagues.append(league, 0, head, league_decision(0), create=True)[-1].hash
    ann, bob = _player(store, "ann"), _player(store, "bob")
    game = GameRecord.new("counting", "1", "none", 2, seat_info=[{"kind": "open"}] * 2)
    store.leagues.append(league, 1, head, league_decision(1), games=[game.game_id])
    hook = store.subscriptions.register("league", str(league), "http://lg.test/", "s" * 16)
    seat_info = [{"kind": "player", "player": p.name} for p in (ann, bob)]
    bound = dataclasses.replace(game, seat_info=seat_info)
    store.create_game(bound, decision(0), seated=[ann.player_id, bob.player_id])
    _noticed(store, game.game_id, [0])
    _noticed(store, game.game_id, [1])
    assert _heard(store) == [
        ("http://lg.test/", game.game_id, 2, None),
        ("http://lg.test/", game.game_id, 3, None),
    ]
    assert store.subscriptions.revoke("league", str(league), hook.hook_id)
    _noticed(store, game.game_id, [0])
    assert _heard(store) == [] and store.webhooks.next_due() is None


def test_a_revoked_hook_is_silent_in_every_game(private_store: Store) -> None:
    store = private_store
    ann, bob = _player(store, "ann"), _player(store, "bob")
    hook = store.subscriptions.register("player", str(ann.player_id), "http://a.test/", "s" * 16)
    games = [_bound_game(store, [ann, bob]), _bound_game(store, [bob, ann])]
    _noticed(store, games[0], [0])  # owed, never sent once the hook is revoked
    assert store.subscriptions.revoke("player", str(ann.player_id), hook.hook_id)
    for game_id in games:
        _noticed(store, game_id, [0, 1])
    assert _heard(store) == [] and store.webhooks.next_due() is None
    later = _bound_game(store, [ann, bob])  # nor copied into a game made afterwards
    _noticed(store, later, [0])
    assert _heard(store) == []
