"""The store contract for the play path's companions: seat tokens and invites, kept
refusals, creators, player accounts and the lobby, per-game webhooks and their outbox, and
the game lock (service/store/recorders.py, ``Store``)."""

from __future__ import annotations

import threading
import uuid

import pytest

from service.store import Decision, GameRecord, NewEvent, Store
from service.store.credentials import Secrets, token_hash
from service.store.players import PlayerExists, SeatedAlready, UnknownPlayer
from service.store.webhooks import CLAIMED
from tests.support.appending import append_with_retry, decision, new_game


def _seated_game(store: Store, seat_info: list[dict[str, str]]) -> uuid.UUID:
    game = GameRecord.new("counting", "1", "none", len(seat_info), seat_info=seat_info)
    store.create_game(game, decision(0))
    return game.game_id


def test_a_seat_token_names_one_seat_of_one_game(any_store: Store) -> None:
    game_id, other = new_game(any_store), new_game(any_store)
    tokens, invites = any_store.tokens.issue(game_id, [0], [1])
    assert set(tokens) == {0} and set(invites) == {1}
    assert any_store.tokens.seat_for(game_id, tokens[0]) == 0
    assert any_store.tokens.seat_for(other, tokens[0]) is None
    assert any_store.tokens.seat_for(game_id, invites[1]) is None  # an invite is no token
    assert any_store.tokens.seat_for(game_id, "made-up") is None
    assert any_store.tokens.holders(game_id, 0) == [token_hash(tokens[0])]
    assert any_store.tokens.holders(game_id, 1) == []  # an invite acts for nobody


def test_an_invite_is_redeemed_once_for_a_fresh_token(any_store: Store) -> None:
    game_id = _seated_game(any_store, [{"kind": "player", "player": "ann"}, {"kind": "open"}])
    _, invites = any_store.tokens.issue(game_id, [0], [1])
    seat, token = any_store.tokens.redeem(game_id, invites[1], "bea") or (None, "")
    assert seat == 1 and any_store.tokens.seat_for(game_id, token) == 1
    assert any_store.game(game_id).seat_info[1] == {"kind": "player", "player": "bea"}
    assert any_store.tokens.redeem(game_id, invites[1], "cy") is None


def test_a_finished_games_invite_seats_nobody(any_store: Store) -> None:
    """A game that ended while a seat was open (abandoned, say) keeps that seat open."""
    game_id = _seated_game(any_store, [{"kind": "player", "player": "ann"}, {"kind": "open"}])
    _, invites = any_store.tokens.issue(game_id, [0], [1])
    any_store.finish(game_id, {"winners": []})
    assert any_store.tokens.redeem(game_id, invites[1], "bea") is None
    assert any_store.game(game_id).seat_info[1] == {"kind": "open"}


def test_redeeming_the_last_open_seat_writes_the_opening_notices(private_store: Store) -> None:
    """Only the taking that leaves no open seat writes them (as a lobby take does)."""
    store, hooks = private_store, private_store.webhooks  # claiming sees every game's
    game_id = _seated_game(store, [{"kind": "open"}, {"kind": "open"}])
    _, invites = store.tokens.issue(game_id, [], [0, 1])
    hooks.register(game_id, "http://a.test/", "s1", "creator", "", None)
    opening = ({"kind": "your_turn", "seats": [0], "body": {"version": 1, "seats": [0]}},)
    assert store.tokens.redeem(game_id, invites[0], "ann", opening) is not None
    assert hooks.claim(30) == [], "seat 1 is still open"
    assert store.tokens.redeem(game_id, invites[1], "bea", opening) is not None
    assert [(o.kind, o.body) for o in hooks.claim(30)] == [("your_turn", opening[0]["body"])]


def test_a_refusal_is_kept_unless_the_key_has_an_outcome_already(private_store: Store) -> None:
    any_store = private_store  # forgetting refusals forgets every game's
    game_id = new_game(any_store)
    refusals = any_store.refusals
    first = refusals.remember(game_id, "r", "h1", {"refused": "rule_violation", "code": "a"})
    again = refusals.remember(game_id, "r", "h2", {"refused": "rule_violation", "code": "b"})
    assert first == again == ("h1", {"refused": "rule_violation", "code": "a"})
    assert any_store.idempotent_response(game_id, "r") == first
    version, head = any_store.head(game_id)
    applied = {"version": 2, "from": 2, "to": 2}
    any_store.append(game_id, version, head, decision(1), idempotency=("k", "h3", applied))
    assert refusals.remember(game_id, "k", "h4", {"refused": "x"}) == ("h3", applied)
    assert refusals.forget_older_than(3600) == 0
    assert refusals.forget_older_than(-1) >= 1  # kept refusals go; applied outcomes never do
    assert any_store.idempotent_response(game_id, "r") is None
    assert any_store.idempotent_response(game_id, "k") == ("h3", applied)


def test_only_the_creators_token_is_the_creators(any_store: Store) -> None:
    game_id = new_game(any_store)
    token = any_store.creators.issue(game_id)
    assert any_store.creators.is_creator(game_id, token)
    assert not any_store.creators.is_creator(game_id, token + "x")
    assert not any_store.creators.is_creator(new_game(any_store), token)


def test_a_new_games_secrets_are_stored_with_it(any_store: Store) -> None:
    seat_info = [{"kind": "player", "player": "ann"}, {"kind": "open"}]
    game = GameRecord.new("counting", "1", "none", 2, seat_info=seat_info)
    made = Secrets.new([0], [1], creator=True)
    any_store.create_game(game, decision(0), secrets=made)
    assert any_store.tokens.seat_for(game.game_id, made.tokens[0]) == 0
    assert any_store.tokens.seat_for(game.game_id, made.invites[1]) is None
    assert made.creator is not None and any_store.creators.is_creator(game.game_id, made.creator)
    seat, token = any_store.tokens.redeem(game.game_id, made.invites[1], "bea") or (None, "")
    assert seat == 1 and any_store.tokens.seat_for(game.game_id, token) == 1


def test_a_game_refused_at_creation_keeps_none_of_its_secrets(any_store: Store) -> None:
    """The secrets go in with the game or not at all: here the seat bound to no account is
    found after the game row and its secrets are written, inside the same transaction."""
    game = GameRecord.new("counting", "1", "none", 2, seat_info=[{"kind": "open"}] * 2)
    made = Secrets.new([0], [1], creator=True)
    with pytest.raises(UnknownPlayer):
        any_store.create_game(game, decision(0), [uuid.uuid4(), uuid.uuid4()], made)
    assert made.creator is not None
    assert not any_store.creators.is_creator(game.game_id, made.creator)
    assert any_store.tokens.seat_for(game.game_id, made.tokens[0]) is None
    assert any_store.tokens.redeem(game.game_id, made.invites[1], "bea") is None


def test_player_accounts_keep_one_name_and_one_live_token(any_store: Store) -> None:
    players = any_store.players
    name = f"ann-{uuid.uuid4().hex[:8]}"
    ann, token = players.create(name, organiser=True)
    with pytest.raises(PlayerExists):
        players.create(name)
    assert players.by_token(token) == ann and players.by_name(name) == players.get(ann.player_id)
    assert ann.is_organiser and players.names([ann.player_id, uuid.uuid4()]) == {
        ann.player_id: name
    }
    fresh = players.rotate(ann.player_id)
    assert players.by_token(token) is None and players.by_token(fresh) == ann
    players.revoke(ann.player_id)
    assert players.by_token(fresh) is None and players.get(ann.player_id).is_revoked
    with pytest.raises(UnknownPlayer):
        players.by_name(f"nobody-{uuid.uuid4().hex}")
    with pytest.raises(UnknownPlayer):
        players.rotate(uuid.uuid4())


def test_a_player_takes_an_open_seat_and_acts_there_with_their_token(any_store: Store) -> None:
    game_id = _seated_game(
        any_store, [{"kind": "open"}, {"kind": "bot", "bot": "random"}, {"kind": "open"}]
    )
    _, invites = any_store.tokens.issue(game_id, [], [0, 2])
    bea, token = any_store.players.create(f"bea-{uuid.uuid4().hex[:8]}")
    assert any_store.players.take_open_seat(game_id, bea, 1) is None  # a bot's seat
    assert any_store.players.take_open_seat(game_id, bea, None) == 0  # the lowest open one
    assert any_store.tokens.seat_for(game_id, token) == 0
    assert any_store.tokens.redeem(game_id, invites[0], "someone") is None
    assert any_store.game(game_id).seat_info[0] == {"kind": "player", "player": bea.name}
    with pytest.raises(SeatedAlready) as seated:  # one player token acts for one seat
        any_store.players.take_open_seat(game_id, bea, 2)
    assert seated.value.seat == 0
    assert any_store.tokens.holders(game_id, 0) == [token_hash(token)]
    fresh = any_store.players.rotate(bea.player_id)
    assert any_store.tokens.seat_for(game_id, fresh) == 0
    assert any_store.tokens.seat_for(game_id, token) is None
    assert any_store.tokens.holders(game_id, 0) == [token_hash(fresh)]
    any_store.players.revoke(bea.player_id)
    assert any_store.tokens.holders(game_id, 0) == []
    any_store.finish(game_id, {"winners": []})
    assert any_store.players.take_open_seat(game_id, bea, 2) is None  # finished: no lobby


def test_the_game_lock_has_one_holder_at_a_time(any_store: Store) -> None:
    game_id = new_game(any_store)
    seen: list[bool] = []
    with any_store.game_lock(game_id) as held:
        other = threading.Thread(target=lambda: seen.append(_try(any_store, game_id)))
        other.start()
        other.join()
        assert held
        assert _try(any_store, new_game(any_store))  # another game's lock is free
    assert seen == [False] and _try(any_store, game_id)


def _try(store: Store, game_id: uuid.UUID) -> bool:
    with store.game_lock(game_id) as held:
        return held


def _noticed(store: Store, game_id: uuid.UUID, seats: list[int]) -> None:
    _told(store, game_id, ("your_turn", seats))


def _told(store: Store, game_id: uuid.UUID, *told: tuple[str, list[int]]) -> None:
    """One decision giving these notices (kind, seats)."""
    version, head = store.head(game_id)
    notices = tuple({"kind": k, "seats": s, "body": {"version": version + 1}} for k, s in told)
    event = NewEvent("t", 1, {}, "public")
    store.append(game_id, version, head, Decision((event,), None, None, notices=notices))


def test_notices_reach_the_hooks_that_hear_them_until_delivered(private_store: Store) -> None:
    store, hooks = private_store, private_store.webhooks
    game_id = new_game(store)
    assert hooks.next_due() is None and hooks.claim(30) == []
    seat_hook = hooks.register(game_id, "http://a.test/", "s1", "seat", "1", 1)
    hooks.register(game_id, "http://b.test/", "s2", "creator", "", None)
    _noticed(store, game_id, [0])  # the creator's hook hears every seat, seat 1's only its own
    _noticed(store, game_id, [1])
    assert seat_hook is not None and hooks.next_due() == 0
    owed = hooks.claim(30)
    assert sorted((o.url, o.body["version"]) for o in owed) == [
        ("http://a.test/", 3),
        ("http://b.test/", 2),
        ("http://b.test/", 3),
    ]
    assert {o.attempts for o in owed} == {0} and hooks.claim(30) == []  # leased
    first, second, third = owed
    hooks.delivered(first)
    hooks.failed(second, "refused", retry_in=0)
    hooks.failed(third, "refused", retry_in=3600)
    again = hooks.claim(30)
    assert [(o.notice_id, o.attempts) for o in again] == [(second.notice_id, 1)]
    due = hooks.next_due()
    assert due is not None and 0 < due <= 3600
    append_with_retry(store, game_id, 9)  # a decision with no notices owes nothing
    assert hooks.claim(0) == []


def test_the_outbox_reads_back_what_each_hook_was_written(private_store: Store) -> None:
    """By game or by hook, oldest first and one decision's by kind, sent or not."""
    store, hooks = private_store, private_store.webhooks
    game_id, other = new_game(store), new_game(store)
    seat = hooks.register(game_id, "http://a.test/", "s1", "seat", "1", 1)
    creator = hooks.register(game_id, "http://b.test/", "s2", "creator", "", None)
    elsewhere = hooks.register(other, "http://c.test/", "s3", "creator", "", None)
    assert hooks.notices(game_id=game_id) == []
    _noticed(store, game_id, [0])
    _noticed(store, other, [1])
    _told(store, game_id, ("game_ended", [0, 1]), ("timed_out", [1]))  # given out of order
    heard = [(n.game_id, n.kind, n.body["version"]) for n in hooks.notices(hook_id=creator)]
    assert heard == [
        (game_id, "your_turn", 2),
        (game_id, "timed_out", 3),
        (game_id, "game_ended", 3),
    ]
    assert [n.kind for n in hooks.notices(hook_id=seat)] == ["timed_out", "game_ended"]
    in_game = hooks.notices(game_id=game_id)
    assert {n.hook_id for n in in_game} == {seat, creator} and len(in_game) == 5
    (there,) = hooks.notices(game_id=other)
    assert (there.hook_id, there.body, there.delivered) == (elsewhere, {"version": 2}, False)
    assert hooks.notices(game_id=other, hook_id=creator) == []
    sent = hooks.claim(30)[0]
    hooks.delivered(sent)
    done = [n.notice_id for n in hooks.notices() if n.delivered]
    assert done == [sent.notice_id] and len(hooks.notices()) == 6


def test_claimed_notices_come_oldest_first_and_one_decisions_in_its_order(
    private_store: Store,
) -> None:
    """A receiver hears a game's notices in the order the game gave them: by decision, and
    within one decision as ``NOTICE_ORDER`` (a timeout before the turn it hands over), never
    by the notices' random ids; each claim takes at most ``CLAIMED`` of them."""
    store, hooks = private_store, private_store.webhooks
    game_id = new_game(store)
    hooks.register(game_id, "http://b.test/", "s2", "creator", "", None)
    _noticed(store, game_id, [0])
    for _ in range(3):
        _told(store, game_id, ("game_ended", [0, 1]), ("your_turn", [1]), ("timed_out", [1]))
    owed = []
    while claimed := hooks.claim(30):
        assert len(claimed) <= CLAIMED
        owed += claimed
    heard = [(o.body["version"], o.kind) for o in owed]
    later = [(v, k) for v in (3, 4, 5) for k in ("timed_out", "your_turn", "game_ended")]
    assert heard == [(2, "your_turn"), *later]
    hooks.failed(owed[0], "refused", retry_in=0)  # due again now, and older than what follows
    for notice in owed[1:]:
        hooks.delivered(notice)
    _noticed(store, game_id, [1])
    assert [(o.body["version"], o.attempts) for o in hooks.claim(30)] == [(2, 1), (6, 0)]


def test_the_outbox_reads_back_each_notices_tries_and_why_the_last_failed(
    private_store: Store,
) -> None:
    store, hooks = private_store, private_store.webhooks
    game_id = new_game(store)
    hooks.register(game_id, "http://a.test/", "s1", "creator", "", None)
    _noticed(store, game_id, [0])
    _noticed(store, game_id, [1])
    assert [(n.attempts, n.last_error) for n in hooks.notices(game_id=game_id)] == [(0, None)] * 2
    first, second = sorted(hooks.claim(30), key=lambda o: o.body["version"])
    hooks.failed(first, "refused: 503", retry_in=0)
    hooks.failed(second, "x" * 600, retry_in=3600)
    hooks.failed(hooks.claim(30)[0], "timed out", retry_in=0)
    hooks.delivered(hooks.claim(30)[0])
    tried = [(n.attempts, n.last_error, n.delivered) for n in hooks.notices(game_id=game_id)]
    assert tried == [(3, "timed out", True), (1, "x" * 500, False)], "the error is cut to 500"
