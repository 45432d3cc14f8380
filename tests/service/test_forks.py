"""Forks through the application: the rules of who may fork what hold for a whole lineage.

The attack these tests guard against (issue "Integrity and security"): fork a live game with
reshuffled luck, let the fork finish, then fork the finished fork at 0, or anywhere up to its
own fork point, with "same" luck. Copying the fork's opening would re-use the live
ancestor's seed, which becomes public once the new game ends.
"""

from __future__ import annotations

from typing import Any
from uuid import UUID

import pytest

from service.application import Application, ForkRefused, NotASeat, SeatTokenNeeded
from service.application.forking import Forked
from service.application.visibility import revealed_in

pytestmark = pytest.mark.storage

SEED = "5e" * 32
OTHER_SEED = "a7" * 32
PLAYERS = [{"kind": "player", "player": "ann"}, {"kind": "player", "player": "bob"}]
OPENING = 3  # counting's opening decision: game.created, game.seed_sealed, deck_shuffled


def seated(
    app: Application, seed: str = SEED, setup: dict[str, Any] | None = None, target: int = 10
) -> tuple[UUID, dict[int, str]]:
    """A live counting game of two human seats, and their tokens."""
    created = app.create_game(
        "counting", 2, {"target": target}, setup, seat_info=PLAYERS, seed=seed
    )
    tokens, _ = app.tokens.issue(created.game_id, [0, 1])
    return created.game_id, tokens


def finish(app: Application, game_id: UUID) -> None:
    app.play_bots(game_id, {0: "random", 1: "random"}, entropy="finish")
    assert app.store.game(game_id).is_finished


def token_of(forked: Forked, seat: int) -> str:
    token = forked.seats[seat].token
    assert token is not None, f"seat {seat} of the fork has no token"
    return token


def public_record(app: Application, game_id: UUID) -> str:
    """Everything anyone may read of a game without a token: its feed and its views."""
    version = app.store.version(game_id)
    feed = app.events_since(game_id, viewer=None, limit=10_000)
    views = [app.view(game_id, None, at) for at in range(1, version + 1)]
    return repr((feed, views))


def decision_points(app: Application, game_id: UUID, until: int) -> list[int]:
    """Every fork point from 0 up to ``until``: 0 and the end of each decision."""
    events = app.store.read(game_id, until=until + 1)
    ends = [e.seq - 1 for e in events if e.decision_seq == e.seq and e.seq > 1]
    return [0, *(p for p in ends if p <= until)]


def test_a_fork_copies_the_prefix_and_leaves_the_parent_alone(app: Application) -> None:
    game, tokens = seated(app)
    app.act(game, 0, {"type": "draw"})
    app.act(game, 1, {"type": "add", "amount": 1})
    before = app.store.read(game)
    forked = app.fork(game, at=5, token=tokens[0])
    child = app.store.read(forked.game_id)
    assert [e.hash for e in child[:5]] == [e.hash for e in before[:5]]
    assert [e.type for e in child[5:7]] == ["game.reseeded", "game.seed_sealed"]
    assert app.store.read(game) == before
    record = app.store.game(forked.game_id)
    assert (record.parent_id, record.fork_at) == (game, 5)
    assert record.seat_info == [PLAYERS[0], {"kind": "bot", "bot": "random"}]
    assert app.tokens.seat_for(forked.game_id, token_of(forked, 0)) == 0
    assert app.tokens.seat_for(forked.game_id, tokens[0]) is None, "a parent's token stays there"


def test_only_a_seat_forks_a_live_game_with_fresh_luck_and_bots(app: Application) -> None:
    game, tokens = seated(app)
    with pytest.raises(SeatTokenNeeded):
        app.fork(game, at=OPENING)
    with pytest.raises(SeatTokenNeeded):
        app.fork(game, at=OPENING, token="not-a-token")
    with pytest.raises(ForkRefused):
        app.fork(game, at=OPENING, luck="same", token=tokens[0])
    with pytest.raises(NotASeat):
        app.fork(game, at=OPENING, seats=PLAYERS, token=tokens[0])
    with pytest.raises(NotASeat):
        app.fork(game, at=OPENING, seats={1: {"kind": "open"}}, token=tokens[0])
    forked = app.fork(
        game, at=OPENING, seats={0: {"kind": "bot", "bot": "greedy"}}, token=tokens[1]
    )
    assert app.store.game(forked.game_id).seat_info == [
        {"kind": "bot", "bot": "greedy"},
        PLAYERS[1],
    ]
    assert app.store.version(game) == OPENING, "refused forks left nothing behind"
    reseed = app.store.read(forked.game_id)[OPENING].command
    assert reseed is not None and reseed["keep"] == 1, "only the forking seat's knowledge stays"


def test_a_finished_fork_of_a_live_game_keeps_the_parents_secrets(app: Application) -> None:
    game, tokens = seated(app)
    forked = app.fork(game, at=OPENING, token=tokens[0])
    finish(app, forked.game_id)
    feed = app.events_since(forked.game_id, viewer=None)
    assert SEED not in public_record(app, forked.game_id), "the live parent's seed leaked"
    assert [e["type"] for e in feed][-1] == "game.seed_revealed"


def test_fork_points_fall_between_decisions(app: Application) -> None:
    game, tokens = seated(app)
    with pytest.raises(ForkRefused, match="inside a decision"):
        app.fork(game, at=1, token=tokens[0])
    with pytest.raises(ForkRefused):
        app.fork(game, at=OPENING + 5, token=tokens[0])


def test_a_fork_at_zero_copies_the_opening_and_records_where_it_forked(app: Application) -> None:
    game, tokens = seated(app)
    finish(app, game)
    same = app.fork(game, at=0, luck="same")
    parent = app.store.read(game)
    assert same.fork_at == OPENING and app.store.game(same.game_id).fork_at == OPENING
    assert [e.hash for e in app.store.read(same.game_id)] == [e.hash for e in parent[:OPENING]]
    fresh = app.fork(game, at=0, token=tokens[0])
    assert fresh.fork_at == OPENING
    reseed = app.store.read(fresh.game_id)[OPENING].command
    assert reseed is not None and reseed["keep"] is None, "a public position: no seat kept"
    types = [e.type for e in app.store.read(fresh.game_id)]
    assert types[OPENING:] == ["game.reseeded", "game.seed_sealed", "counting.deck_shuffled"]


@pytest.mark.parametrize("finished", [False, True], ids=["live", "finished"])
def test_a_reshuffled_fork_at_zero_deals_no_explicit_deck(app: Application, finished: bool) -> None:
    chosen = [9, 8, 7, 6, 5, 4, 3, 2, 1]
    game, tokens = seated(app, setup={"deck": chosen})
    assert list(app.load(game).state.deck) == chosen
    if finished:
        finish(app, game)
    forked = app.fork(game, at=0, token=tokens[0], seed=OTHER_SEED)
    deck = list(app.load(forked.game_id).state.deck)
    assert sorted(deck) == sorted(chosen) and deck != chosen, "reshuffle means reshuffle"
    dealt = app.store.read(forked.game_id, after=forked.fork_at)
    assert [e.payload.get("order") for e in dealt if e.type == "counting.deck_shuffled"] == [deck]


def test_the_fork_chain_never_reproduces_a_live_ancestors_luck(app: Application) -> None:
    """Forks of forks of forks of a live game: no "same" fork, at any point a live ancestor
    still hides, by anyone; every descendant's public record keeps the live seed hidden."""
    live, tokens = seated(app)
    app.act(live, 0, {"type": "draw"})
    app.act(live, 1, {"type": "draw"})
    at = app.store.version(live)
    chain: list[Forked] = []
    parent, token = live, tokens[0]
    for depth in range(3):
        forked = app.fork(parent, at=at if depth == 0 else 0, token=token)
        finish(app, forked.game_id)
        chain.append(forked)
        parent, token = forked.game_id, token_of(forked, 0)
    for forked in chain:
        child = forked.game_id
        assert not revealed_in(app.store, app.store.game(child))(1)
        end = app.store.version(child)
        for point in [*decision_points(app, child, end), end]:
            with pytest.raises(SeatTokenNeeded):
                app.fork(child, at=point, luck="same")
            with pytest.raises(ForkRefused):
                app.fork(child, at=point, luck="same", token=token_of(forked, 0))
        with pytest.raises(SeatTokenNeeded):
            app.fork(child, at=end, seats=PLAYERS)
        with pytest.raises(NotASeat):
            app.fork(child, at=end, seats=PLAYERS, token=token_of(forked, 0))
        assert SEED not in public_record(app, child), f"fork {child} revealed the live seed"
    finish(app, live)
    # Once every ancestor's log is public, so is the lineage: anyone may fork it, same luck.
    again = app.fork(chain[-1].game_id, at=0, luck="same", seats=PLAYERS)
    finish(app, again.game_id)
    assert SEED in public_record(app, again.game_id)
