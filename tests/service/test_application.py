"""The application layer end to end, with the test-only counting ruleset."""

from __future__ import annotations

import threading
from typing import Any

import pytest

from domain.core import RuleViolation, commitment
from service.application import Application, MalformedCommand, NotASeat, Outcome
from service.application.errors import IdempotencyKeyReused
from service.application.loading import Loaded
from service.store import VersionConflict
from tests.support.counting import Add

pytestmark = pytest.mark.storage

SEED = "5e" * 32


def _game(app: Application, target: int = 10) -> Outcome:
    return app.create_game("counting", seats=2, seed=SEED, options={"target": target})


def test_create_commits_to_the_seed_and_hides_it(app: Application) -> None:
    game = _game(app)
    created, sealed, shuffled = game.events
    assert created.payload["commitment"] == commitment(SEED)
    assert (sealed.visibility, shuffled.visibility) == ("server", "server")
    feed = app.events_since(game.game_id, viewer=None)
    assert [e["type"] for e in feed] == ["game.created"]
    assert SEED not in repr(feed)
    assert "hash" not in feed[0]


def test_act_folds_decides_and_appends(app: Application) -> None:
    game = _game(app)
    outcome = app.act(game.game_id, 0, {"type": "add", "amount": 2})
    assert outcome.version == game.version + 1
    assert app.view(game.game_id, None)["view"]["count"] == 2
    assert app.legal_commands(game.game_id, 1)[0] == {"type": "add", "seat": 1, "amount": 1}
    assert app.legal_commands(game.game_id, 0) == []


def test_a_rejected_command_appends_nothing(app: Application) -> None:
    game = _game(app)
    with pytest.raises(RuleViolation) as raised:
        app.act(game.game_id, 1, {"type": "add", "amount": 1})
    assert raised.value.code == "not_your_turn"
    with pytest.raises(MalformedCommand) as malformed:  # no command of the game: a 400
        app.act(game.game_id, 0, {"type": "add", "amount": 7})
    assert malformed.value.code == "invalid_command"
    with pytest.raises(NotASeat):
        app.act(game.game_id, 5, {"type": "add", "amount": 1})
    assert app.store.version(game.game_id) == game.version


def test_a_malformed_command_is_refused_as_such_before_anything_about_the_game(
    app: Application,
) -> None:
    # Parsed once per act, before the loop: out of turn, with a stale version and a turn
    # check of the caller's, a body that is no command is still a 400, nothing judged.
    game = _game(app)
    app.act(game.game_id, 0, {"type": "add", "amount": 1})

    def judged(loaded: Loaded, seat: int) -> None:
        raise AssertionError("the game was judged before the command was parsed")

    for body in ({"type": "add", "amount": 7}, {"type": "fly"}, {"type": "draw", "x": 1}):
        with pytest.raises(MalformedCommand) as malformed:
            app.act(game.game_id, 0, body, expected_version=game.version, check=judged)
        assert malformed.value.code == "invalid_command"
    with pytest.raises(NotASeat) as other:  # a command object naming another seat
        app.act(game.game_id, 0, Add(seat=1, amount=1), expected_version=0, check=judged)
    assert other.value.code == "not_a_seat"
    assert app.store.version(game.game_id) == game.version + 1


def test_a_stale_expected_version_gets_the_conflict_back(app: Application) -> None:
    game = _game(app)
    app.act(game.game_id, 0, {"type": "add", "amount": 1}, expected_version=game.version)
    with pytest.raises(VersionConflict) as raised:
        app.act(game.game_id, 1, {"type": "add", "amount": 1}, expected_version=game.version)
    assert raised.value.actual == game.version + 1


def test_an_unversioned_command_is_redecided_after_a_conflict(app: Application) -> None:
    game = _game(app, target=20)
    # Two processes' worth of applications race on the same game; each seat only acts on
    # its own turn, so every command must eventually be decided against fresh state.
    apps = [Application(app.store) for _ in range(2)]
    errors: list[Exception] = []

    def play(seat: int) -> None:
        done = 0
        while done < 4:
            try:
                apps[seat].act(game.game_id, seat, {"type": "add", "amount": 1})
                done += 1
            except RuleViolation as exc:
                if exc.code != "not_your_turn":
                    errors.append(exc)
                    return

    threads = [threading.Thread(target=play, args=(s,)) for s in (0, 1)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []
    assert app.view(game.game_id, None)["view"]["count"] == 8


def test_a_decision_on_a_stale_cached_state_stands_only_if_the_current_state_agrees(
    app: Application,
) -> None:
    game = _game(app)
    add = {"type": "add", "amount": 1}
    mine, theirs = Application(app.store), Application(app.store)  # two processes
    mine.act(game.game_id, 0, add)  # mine caches: seat 1 to act
    theirs.act(game.game_id, 1, add)  # seat 0 to act now; mine does not know
    # refused by the stale cache (not seat 0's turn there), accepted by the current state
    assert mine.act(game.game_id, 0, add).version == game.version + 3
    theirs.act(game.game_id, 1, add)
    # accepted by the stale cache (seat 1's turn there), refused by the current state
    with pytest.raises(RuleViolation) as refused:
        mine.act(game.game_id, 1, add)
    assert refused.value.code == "not_your_turn"
    assert app.store.version(game.game_id) == game.version + 4
    assert app.view(game.game_id, None)["view"]["count"] == 4


def test_a_keyed_retry_is_answered_with_its_first_outcome_even_when_legal_again(
    app: Application,
) -> None:
    game = _game(app)
    add = {"type": "add", "amount": 1}
    first = app.act(game.game_id, 0, add, idempotency_key="once")
    # refused by the state it moved on (seat 1 is to act): answered with the first outcome
    refused = app.act(game.game_id, 0, add, idempotency_key="once")
    app.act(game.game_id, 1, add)
    # seat 0's turn again: the same command would be legal, but its key's row refuses it
    legal_again = app.act(game.game_id, 0, add, idempotency_key="once")
    for retry in (refused, legal_again):
        assert retry.replayed and retry.version == first.version
        assert [e.seq for e in retry.events] == [e.seq for e in first.events]
    assert app.store.version(game.game_id) == first.version + 1
    assert app.view(game.game_id, None)["view"]["count"] == 2


def test_a_keyed_refusal_is_the_keys_outcome_even_once_the_command_is_legal(
    app: Application,
) -> None:
    game = _game(app)
    add = {"type": "add", "amount": 1}
    with pytest.raises(RuleViolation) as first:
        app.act(game.game_id, 1, add, idempotency_key="early")  # seat 0 is to act
    app.act(game.game_id, 0, add)
    # seat 1's turn now: the command is legal, but its key's first outcome was a refusal
    with pytest.raises(RuleViolation) as again:
        app.act(game.game_id, 1, add, idempotency_key="early")
    assert (again.value.code, again.value.message) == (first.value.code, first.value.message)
    assert app.store.version(game.game_id) == game.version + 1, "nothing appended for it"
    with pytest.raises(IdempotencyKeyReused):
        app.act(game.game_id, 1, {"type": "draw"}, idempotency_key="early")
    applied = app.act(game.game_id, 1, add, idempotency_key="later")
    assert applied.version == game.version + 2 and not applied.replayed


def test_a_keyed_stale_version_is_remembered_with_the_head_it_named(app: Application) -> None:
    game = _game(app)
    add = {"type": "add", "amount": 1}
    app.act(game.game_id, 0, add)
    with pytest.raises(VersionConflict) as first:
        app.act(game.game_id, 1, add, expected_version=game.version, idempotency_key="v")
    app.act(game.game_id, 1, add)
    with pytest.raises(VersionConflict) as again:
        app.act(game.game_id, 1, add, expected_version=game.version, idempotency_key="v")
    assert again.value.actual == first.value.actual == game.version + 1


def test_a_refusal_is_kept_for_a_bounded_time(app: Application) -> None:
    game = _game(app)
    add = {"type": "add", "amount": 1}
    with pytest.raises(RuleViolation):
        app.act(game.game_id, 1, add, idempotency_key="old")
    app.act(game.game_id, 0, add)
    with app.store.pool.connection() as conn:
        conn.execute(
            "UPDATE idempotency SET created_at = now() - interval '25 hours'"
            " WHERE game_id = %s AND key = 'old'",
            (game.game_id,),
        )
    assert app.keys.forget_expired() >= 1
    decided_afresh = app.act(game.game_id, 1, add, idempotency_key="old")
    assert not decided_afresh.replayed and decided_afresh.version == game.version + 2


def test_a_key_reused_for_another_command_is_refused_and_appends_nothing(
    app: Application,
) -> None:
    game = _game(app)
    app.act(game.game_id, 0, {"type": "add", "amount": 1}, idempotency_key="mine")
    app.act(game.game_id, 1, {"type": "add", "amount": 1})
    with pytest.raises(IdempotencyKeyReused):
        app.act(game.game_id, 0, {"type": "add", "amount": 2}, idempotency_key="mine")
    assert app.store.version(game.game_id) == game.version + 2


def test_private_events_reach_only_their_seat_until_the_end(app: Application) -> None:
    game = _game(app, target=5)
    app.act(game.game_id, 0, {"type": "draw"})
    mine = app.events_since(game.game_id, viewer=0)
    theirs = app.events_since(game.game_id, viewer=1)
    assert "counting.card_drawn" in [e["type"] for e in mine]
    assert "counting.card_drawn" not in [e["type"] for e in theirs]
    assert app.view(game.game_id, 1)["view"]["hand"] == []
    for amount in (2, 2, 1):
        seat = app.view(game.game_id, None)["to_act"][0]
        app.act(game.game_id, seat, {"type": "add", "amount": amount})
    everything = app.events_since(game.game_id, viewer=None)
    assert [e["type"] for e in everything][-1] == "game.seed_revealed"
    assert everything[-1]["payload"]["seed"] == SEED
    assert all("hash" in e for e in everything)
    assert app.store.game(game.game_id).status == "finished"


def test_the_system_decision_due_after_a_command_is_appended_with_it_in_one_commit(
    app: Application, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The command that ends a game is followed by the system's reveal of the seed, in the
    same append: no other process can take the reveal in between, and the first answer
    equals every keyed retry's."""
    game = _game(app, target=5)
    for seat in (0, 1):
        app.act(game.game_id, seat, {"type": "add", "amount": 2})
    real_append = app.store.append
    appends: list[list[str | None]] = []

    def counted(game_id: Any, *args: Any, **kwargs: Any) -> Any:
        then = kwargs.get("then", ())
        appends.append([args[2].actor, *(decision.actor for decision, _ in then)])
        return real_append(game_id, *args, **kwargs)

    monkeypatch.setattr(app.store, "append", counted)
    first = app.act(game.game_id, 0, {"type": "add", "amount": 1}, idempotency_key="end")
    monkeypatch.undo()
    assert appends == [["seat:0", "system"]]
    assert Application(app.store).settle(game.game_id) == []
    again = app.act(game.game_id, 0, {"type": "add", "amount": 1}, idempotency_key="end")
    assert (first.version, [e.seq for e in first.events], first.is_terminal) == (
        again.version,
        [e.seq for e in again.events],
        again.is_terminal,
    )
    assert first.is_terminal and [e.type for e in first.events][-1] == "game.seed_revealed"
