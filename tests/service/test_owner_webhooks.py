"""A player's and a league's webhooks: heard in every game of theirs, those created after
registration and those already under way, and nowhere else; signed with the registered (or
generated) secret; silent once removed (docs/live-play.md, "Turn notices"). On both stores,
but for a registration or a revocation cut short half-way, which only PostgreSQL's can be."""

from __future__ import annotations

import hashlib
import hmac
import json
import uuid
from collections.abc import Iterator
from typing import Any
from uuid import UUID

import pytest

from domain.core.live import Resign
from service.application import Application, live
from service.application.lobby import take_seat
from service.clock import ManualClock
from service.leagues import LeagueService, league_service
from service.store import EventStore, Store
from service.store.players import Player, UnknownPlayer
from service.webhooks import Deliverer
from tests.support import sealed
from tests.support.receiver import Receiver

SECRET = "a-players-shared-secret"
DECK = {"deck": [9, 8, 7, 6, 5, 4, 3, 2, 1]}
ADD = {"type": "add", "amount": 1}


@pytest.fixture
def service(any_store: Store) -> LeagueService:
    return league_service(Application(any_store))


@pytest.fixture
def deliverer(service: LeagueService) -> Deliverer:
    """Sends what is owed when asked (``deliver_due``), so each test says when. Other
    tests' owed notices may be sent (or fail) too: tests look at their own receivers."""
    return Deliverer(service.leagues.cairn.store.webhooks, retry_first=0.05)


@pytest.fixture
def receivers() -> Iterator[list[Receiver]]:
    made = [Receiver().start() for _ in range(3)]
    yield made
    for receiver in made:
        receiver.stop()


def _players(service: LeagueService, *names: str) -> list[Player]:
    tag = uuid.uuid4().hex[:6]
    return [service.accounts.create(f"{name}-{tag}")[0] for name in names]


def _game(service: LeagueService, *players: Player) -> UUID:
    """A game whose seats are bound to these accounts, as a league's are."""
    seats = [{"kind": "player", "player": p.name} for p in players]
    created = service.leagues.cairn.create_game(
        "counting",
        len(players),
        {"target": 20},
        setup=DECK,
        seat_info=seats,
        players=[p.player_id for p in players],
    )
    return created.game_id


def _owed(store: Store, hook_id: UUID) -> list[tuple[UUID, str, list[int]]]:
    """Every notice written for the hook, in any game: (game, kind, seats)."""
    return [(n.game_id, n.kind, n.body["seats"]) for n in store.webhooks.notices(hook_id=hook_id)]


def _notices(receiver: Receiver, secret: str) -> list[dict[str, Any]]:
    """What the receiver got, each signature checked against ``secret``."""
    got = []
    for headers, body in receiver.seen:
        expected = "sha256=" + hmac.new(secret.encode(), body, hashlib.sha256).hexdigest()
        assert headers["X-Cairn-Signature"] == expected
        got.append(json.loads(body))
    return got


def test_a_players_hook_hears_their_seats_in_old_and_new_games_and_nothing_else(
    service: LeagueService, deliverer: Deliverer, receivers: list[Receiver]
) -> None:
    cairn, hooks = service.leagues.cairn, service.hooks
    ann, bob, cy = _players(service, "ann", "bob", "cy")
    before = _game(service, ann, bob)  # ann sits in seat 0
    elsewhere = _game(service, bob, cy)
    hook, shown = hooks.add_for_player(ann, receivers[0].url, SECRET)
    assert shown is None, "a secret given is not answered back"
    after = _game(service, bob, ann)  # created after registering: ann sits in seat 1

    cairn.act(before, 0, ADD)
    cairn.act(before, 1, ADD)  # ann's turn again in the older game
    cairn.act(after, 0, ADD)  # ann's turn in the newer one
    cairn.act(elsewhere, 0, ADD)
    cairn.act(elsewhere, 1, ADD)
    cairn.act(elsewhere, 0, Resign(seat=0))  # a game ann does not sit in ends

    store = cairn.store
    assert _owed(store, hook.hook_id) == [
        (before, "your_turn", [0]),
        (after, "your_turn", [1]),
    ]
    deliverer.deliver_due()
    got = _notices(receivers[0], SECRET)
    assert sorted((n["game_id"], n["kind"], n["seats"]) for n in got) == sorted(
        [(str(before), "your_turn", [0]), (str(after), "your_turn", [1])]
    ), "delivered in no particular order"
    cairn.act(after, 1, Resign(seat=1))
    assert _owed(store, hook.hook_id)[-1] == (after, "game_ended", [0, 1])
    assert [h.hook_id for h in hooks.of_player(ann)] == [hook.hook_id]
    assert hooks.of_player(bob) == []


def test_a_leagues_hook_hears_every_notice_of_its_games_and_the_end(
    service: LeagueService, deliverer: Deliverer, receivers: list[Receiver]
) -> None:
    tag = uuid.uuid4().hex[:6]
    boss, _ = service.accounts.create(f"boss-{tag}", organiser=True)
    members = _players(service, "ann", "bob")
    league = service.leagues.create(boss, f"Hooked {tag}", "counting", 2, options={"target": 5})
    for member in members:
        service.leagues.add_member(league, boss, member)
    hook, secret = service.hooks.add_for_league(boss, league, receivers[1].url, None)
    assert secret is not None and len(secret) >= 32, "a generated secret, shown once"
    (fixture,) = service.leagues.schedule(league, boss)
    game = UUID(fixture.game_id)
    service.leagues.cairn.act(game, 0, Resign(seat=0))

    kinds = [(g, kind) for g, kind, _ in _owed(service.leagues.cairn.store, hook.hook_id)]
    assert kinds == [(game, "your_turn"), (game, "game_ended")], "from its opening decision on"
    deliverer.deliver_due()
    got = _notices(receivers[1], secret)
    assert sorted((n["game_id"], n["kind"], n["seats"]) for n in got) == [
        (str(game), "game_ended", [0, 1]),
        (str(game), "your_turn", [0]),
    ]


def test_a_hook_on_a_league_already_playing_hears_its_active_games(
    service: LeagueService, deliverer: Deliverer, receivers: list[Receiver]
) -> None:
    tag = uuid.uuid4().hex[:6]
    boss, _ = service.accounts.create(f"boss-{tag}", organiser=True)
    league = service.leagues.create(boss, f"Late {tag}", "counting", 2, options={"target": 5})
    for member in _players(service, "ann", "bob"):
        service.leagues.add_member(league, boss, member)
    (fixture,) = service.leagues.schedule(league, boss)
    game = UUID(fixture.game_id)
    hook, _ = service.hooks.add_for_league(boss, league, receivers[1].url, SECRET)
    service.leagues.cairn.act(game, 0, ADD)
    assert _owed(service.leagues.cairn.store, hook.hook_id) == [(game, "your_turn", [1])]


def test_a_player_taking_a_lobby_seat_is_heard_there(
    service: LeagueService, receivers: list[Receiver]
) -> None:
    cairn = service.leagues.cairn
    (ann,) = _players(service, "ann")
    hook, _ = service.hooks.add_for_player(ann, receivers[0].url, SECRET)
    created = cairn.create_game(
        "counting", 2, {"target": 20}, setup=DECK, seat_info=[{"kind": "bot", "bot": "random"},
                                                                {"kind": "open"}],
    )  # fmt: skip
    assert take_seat(service.leagues.players, cairn.load(created.game_id), ann) == 1
    cairn.act(created.game_id, 0, ADD)
    assert _owed(cairn.store, hook.hook_id) == [(created.game_id, "your_turn", [1])]


def test_the_seat_that_moves_first_hears_its_turn_when_the_last_seat_is_taken(
    service: LeagueService, receivers: list[Receiver]
) -> None:
    """Play starts when the last open seat is taken, with no decision: the taking writes
    the first ``your_turn``, and only then (an earlier seat taken writes nothing)."""
    cairn = service.leagues.cairn
    ann, bob = _players(service, "ann", "bob")
    hook, _ = service.hooks.add_for_player(ann, receivers[0].url, SECRET)
    created = cairn.create_game(
        "counting", 2, {"target": 20}, setup=DECK, seat_info=[{"kind": "open"}] * 2
    )
    players = service.leagues.players
    assert take_seat(players, cairn.load(created.game_id), ann) == 0
    assert _owed(cairn.store, hook.hook_id) == [], "the game still waits for seat 1"
    assert take_seat(players, cairn.load(created.game_id), bob) == 1
    assert _owed(cairn.store, hook.hook_id) == [(created.game_id, "your_turn", [0])]


def test_a_removed_hook_hears_nothing_new_and_sends_nothing_owed(
    service: LeagueService, deliverer: Deliverer, receivers: list[Receiver]
) -> None:
    cairn, hooks = service.leagues.cairn, service.hooks
    ann, bob = _players(service, "ann", "bob")
    game = _game(service, bob, ann)
    kept, _ = hooks.add_for_player(ann, receivers[0].url, SECRET)
    removed, _ = hooks.add_for_player(ann, receivers[2].url, SECRET)
    cairn.act(game, 0, ADD)  # owed to both
    hooks.remove_for_player(ann, str(removed.hook_id))
    cairn.act(game, 1, ADD)
    cairn.act(game, 0, ADD)  # ann's turn again: heard by the kept hook only
    assert [k for _, k, _ in _owed(cairn.store, removed.hook_id)] == ["your_turn"]
    assert [k for _, k, _ in _owed(cairn.store, kept.hook_id)] == ["your_turn", "your_turn"]
    deliverer.deliver_due()
    assert receivers[2].seen == [], "what was owed to it before its removal is not sent"
    assert len(receivers[0].seen) == 2
    assert [h.hook_id for h in hooks.of_player(ann)] == [kept.hook_id]
    new_game = _game(service, ann, bob)
    cairn.act(new_game, 0, ADD)
    cairn.act(new_game, 1, ADD)
    assert [g for g, _, _ in _owed(cairn.store, removed.hook_id)] == [game]


def test_a_players_hook_hears_their_seat_time_out_and_the_game_end(
    any_store: Store, receivers: list[Receiver]
) -> None:
    store = any_store
    clock = ManualClock()
    service = league_service(Application(store, clock=clock))
    ann, bob = _players(service, "ann", "bob")
    hook, _ = service.hooks.add_for_player(bob, receivers[0].url, SECRET)
    seats = [{"kind": "player", "player": p.name} for p in (ann, bob)]
    game = service.leagues.cairn.create_game(
        "counting",
        2,
        {"target": 20, "time_control": "fischer", "bank_seconds": 60},
        setup=DECK,
        seat_info=seats,
        players=[ann.player_id, bob.player_id],
    ).game_id
    service.leagues.cairn.act(game, 0, ADD)  # bob's clock runs
    clock.advance(61)
    assert live.time_out(service.leagues.cairn, game), "bob's time ran out"
    assert _owed(store, hook.hook_id) == [
        (game, "your_turn", [1]),
        (game, "timed_out", [1]),
        (game, "game_ended", [0, 1]),
    ]


def test_a_turn_in_a_simultaneous_phase_names_the_hooks_own_seat(
    service: LeagueService, deliverer: Deliverer, receivers: list[Receiver]
) -> None:
    # issue #25: every seat acts at once, and each player's hook heard "seats": [0, 1]
    sealed.install()
    ann, bob = _players(service, "ann", "bob")
    for player, receiver in zip((ann, bob), receivers, strict=False):
        service.hooks.add_for_player(player, receiver.url, SECRET)
    created = service.leagues.cairn.create_game(
        "sealed",
        2,
        {"rounds": 2},
        seat_info=[{"kind": "player", "player": p.name} for p in (ann, bob)],
        players=[ann.player_id, bob.player_id],
    )
    game = created.game_id
    loaded = service.leagues.cairn.load(game)
    assert loaded.ruleset.to_act(loaded.state) == frozenset({0, 1})
    # a seat's own hook (the third receiver) is narrowed the same way
    service.leagues.cairn.store.webhooks.register(game, receivers[2].url, SECRET, "seat", "1", 1)
    for seat in (0, 1):  # the round resolves; both seats are to act again at once
        service.leagues.cairn.act(game, seat, {"type": "seal", "word": f"w{seat}"})
    deliverer.deliver_due()
    for receiver, own in zip(receivers, ([0], [1], [1]), strict=True):
        turns = [n["seats"] for n in _notices(receiver, SECRET) if n["kind"] == "your_turn"]
        assert turns and all(seats == own for seats in turns), (own, turns)


# -- a registration or a revocation cut short (one game per transaction, docs/scaling.md) --
# On PostgreSQL only: the memory store registers and revokes a hook in one step under its
# one lock (``MemorySubscriptions``), so neither can be cut short and it has nothing to settle.


@pytest.mark.storage
def test_a_registration_cut_short_after_its_row_is_finished_by_the_sweeps_settle(
    store: EventStore, monkeypatch: pytest.MonkeyPatch, receivers: list[Receiver]
) -> None:
    service = league_service(Application(store))
    cairn, hooks = service.leagues.cairn, service.hooks
    subscriptions = hooks.subscriptions
    ann, bob = _players(service, "ann", "bob")
    game = _game(service, ann, bob)
    with monkeypatch.context() as died:
        # the process dies once the hook's row is committed, before any game's copy
        died.setattr(subscriptions, "_spread", lambda *args: None)
        hook, _ = hooks.add_for_player(ann, receivers[0].url, SECRET)
    assert [h.hook_id for h in hooks.of_player(ann)] == [hook.hook_id]
    cairn.act(game, 0, ADD)
    cairn.act(game, 1, ADD)
    assert _owed(cairn.store, hook.hook_id) == [], "no copy in the game yet"
    assert subscriptions.settle(older_than=60) == 0, "too young: its registration may be running"
    assert subscriptions.settle(older_than=0) == 1
    assert subscriptions.settle(older_than=0) == 0, "settled once"
    cairn.act(game, 0, ADD)
    cairn.act(game, 1, ADD)
    assert _owed(cairn.store, hook.hook_id) == [(game, "your_turn", [0])]


@pytest.mark.storage
def test_a_revocation_cut_short_after_its_row_sends_nothing_more(
    store: EventStore, monkeypatch: pytest.MonkeyPatch, receivers: list[Receiver]
) -> None:
    service = league_service(Application(store))
    deliverer = Deliverer(service.leagues.cairn.store.webhooks, retry_first=0.05)
    cairn, hooks = service.leagues.cairn, service.hooks
    subscriptions = hooks.subscriptions
    ann, bob = _players(service, "ann", "bob")
    game = _game(service, bob, ann)
    hook, _ = hooks.add_for_player(ann, receivers[1].url, SECRET)
    with monkeypatch.context() as died:
        # the process dies once the hook's row is marked, before any game's copy is
        died.setattr(subscriptions, "_withdraw", lambda *args: None)
        hooks.remove_for_player(ann, str(hook.hook_id))
    assert hooks.of_player(ann) == []
    cairn.act(game, 0, ADD)  # the game's copy still writes what it owes
    assert [k for _, k, _ in _owed(cairn.store, hook.hook_id)] == ["your_turn"]
    deliverer.deliver_due()
    assert receivers[1].seen == [], "a revoked hook is sent nothing, whatever its copies say"
    # the game's copy of the hook is a table only PostgreSQL's two-step revocation leaves
    # behind unmarked: no interface reads it
    with store.connection() as conn:
        copy = conn.execute(
            "SELECT revoked_at IS NOT NULL AS revoked FROM webhooks WHERE hook_id = %s",
            (hook.hook_id,),
        ).fetchall()
    assert [r["revoked"] for r in copy] == [True], "the delivery marked the game's copy"
    cairn.act(game, 1, ADD)
    cairn.act(game, 0, ADD)
    assert len(_owed(cairn.store, hook.hook_id)) == 1
    assert subscriptions.settle(older_than=0) == 1
    assert subscriptions.settle(older_than=0) == 0


def test_binding_a_seat_to_no_account_is_refused(service: LeagueService) -> None:
    ghost = Player(uuid.uuid4(), "ghost", False, False)
    with pytest.raises(UnknownPlayer):
        _game(service, *_players(service, "ann"), ghost)
