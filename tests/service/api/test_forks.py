"""Forks over HTTP: the chain of forks that used to reveal a live game's seed, forks of forks
of forks, and a reshuffled fork at 0 of an explicit Peninsula deck."""

from __future__ import annotations

from typing import Any
from uuid import UUID

import httpx
import pytest

from domain.games.peninsula.cards import canonical, full_deck
from tests.service.api.conftest import Server
from tests.service.api.playing import Table

pytestmark = pytest.mark.storage

PLAYERS = [{"kind": "player", "player": "ann"}, {"kind": "player", "player": "bob"}]


def fork(http: httpx.Client, game_id: str, token: str | None, **body: Any) -> httpx.Response:
    headers = {} if token is None else {"Authorization": f"Bearer {token}"}
    return http.post(f"/games/{game_id}/forks", json=body, headers=headers)


def forked_table(server: Server, http: httpx.Client, response: httpx.Response) -> Table:
    assert response.status_code == 201, response.text
    body = response.json()
    tokens = {s["seat"]: s["token"] for s in body["seats"] if "token" in s}
    return Table(server, http, body["game_id"], tokens)


def sealed_seed(server: Server, game_id: str) -> str:
    stored = server.cairn.store.read(UUID(game_id))
    seed: str = next(e.payload["seed"] for e in stored if e.type == "game.seed_sealed")
    return seed


def public_text(http: httpx.Client, game_id: str) -> str:
    """Everything a caller with no token reads of a game: its view at every event, its
    feed, and the games list."""
    view = http.get(f"/games/{game_id}").json()
    texts = [str(view), http.get(f"/games/{game_id}/events", params={"limit": 1000}).text]
    texts += [
        http.get(f"/games/{game_id}", params={"at": at}).text
        for at in range(1, view["version"] + 1)
    ]
    return "\n".join(texts)


def points(server: Server, game_id: str) -> list[int]:
    """Every fork point of a game: 0 and the end of each decision."""
    events = server.cairn.store.read(UUID(game_id))
    return [0, *(e.seq - 1 for e in events[1:] if e.decision_seq == e.seq), len(events)]


def test_a_finished_fork_of_a_live_game_cannot_be_forked_back_to_its_seed(
    server: Server, http: httpx.Client
) -> None:
    """The issue's attack: fork a live game (any seat may, reshuffled), let the fork end,
    fork the ended fork at 0 or up to its own fork point with "same" luck and no token."""
    live = Table.create(server, http, "counting", PLAYERS)
    live.step()
    live.step()
    seed = sealed_seed(server, live.game_id)
    child = forked_table(server, http, fork(http, live.game_id, live.tokens[1], at=live.version()))
    assert child.view()["seats"] == [{"kind": "bot", "bot": "random"}, PLAYERS[1]]
    child.play_out()
    listed = {g["game_id"]: g for g in http.get("/games", params={"limit": 100}).json()["games"]}
    assert listed[child.game_id]["parent_id"] == live.game_id, "anyone can find the chain"
    fork_at = child.view()["fork_at"]
    for at in [p for p in points(server, child.game_id) if p <= fork_at]:
        refused = fork(http, child.game_id, None, at=at, luck="same")
        assert refused.status_code == 401, refused.text
        refused = fork(http, child.game_id, child.tokens[1], at=at, luck="same")
        assert refused.status_code == 409 and refused.json()["code"] == "fork_refused"
    anyone = fork(http, child.game_id, None, at=fork_at, seats=PLAYERS)
    assert anyone.status_code == 401, "a finished fork of a live game is not public"
    assert seed not in public_text(http, child.game_id)


def test_forks_of_forks_of_forks_of_a_live_game_keep_its_luck_hidden(
    server: Server, http: httpx.Client
) -> None:
    live = Table.create(server, http, "counting", PLAYERS)
    live.step()
    seed = sealed_seed(server, live.game_id)
    parent, token, at = live.game_id, live.tokens[0], live.version()
    lineage: list[Table] = []
    for _ in range(3):
        table = forked_table(server, http, fork(http, parent, token, at=at))
        assert set(table.tokens) == {0}, "only the forking seat is human"
        table.play_out()
        lineage.append(table)
        parent, token, at = table.game_id, table.tokens[0], 0
    for table in lineage:
        for at in points(server, table.game_id):
            same = fork(http, table.game_id, table.tokens[0], at=at, luck="same")
            assert same.status_code == 409, f"{table.game_id} at {at}: {same.text}"
        assert seed not in public_text(http, table.game_id)
    live.play_out()
    # Now every ancestor is over: the whole lineage is public, for anyone, with any luck.
    again = forked_table(
        server, http, fork(http, lineage[-1].game_id, None, at=0, luck="same", seats=PLAYERS)
    )
    assert again.view(0)["view"] == live.view(0, at=1)["view"]


def _explicit_peninsula_deck() -> list[list[str]]:
    """23 cards in a chosen order: the whole pile once 5 are removed and 2 put face up."""
    deck = sorted(full_deck())
    chosen = deck[::-1][:23]
    return [list(card) for card in chosen]


def test_a_reshuffled_fork_at_zero_never_deals_the_parents_explicit_deck(
    server: Server, http: httpx.Client
) -> None:
    deck = _explicit_peninsula_deck()
    created = http.post(
        "/games", json={"ruleset": "peninsula", "seats": PLAYERS, "setup": {"deck": deck}}
    )
    assert created.status_code == 201, created.text
    parent = created.json()
    token = parent["seats"][0]["token"]
    pile = server.cairn.load(parent["game_id"]).state.pile
    assert [list(canonical(c)) for c in pile] == [list(canonical(tuple(c))) for c in deck]
    made = fork(http, parent["game_id"], token, at=0)
    assert made.status_code == 201, made.text
    child = made.json()
    opening = [e for e in server.cairn.store.read(UUID(parent["game_id"])) if e.decision_seq == 1]
    assert child["fork_at"] == len(opening), "a fork at 0 records the opening it copied"
    dealt = server.cairn.store.read(UUID(child["game_id"]), after=child["fork_at"])
    orders = [e.payload["order"] for e in dealt if e.type == "peninsula.pile_shuffled"]
    assert orders, "the fork shuffled its own pile"
    assert sorted(map(tuple, orders[0])) == sorted(map(tuple, deck)), "the same 23 cards"
    same_place = sum(a == b for a, b in zip(orders[0], deck, strict=True))
    assert same_place < len(deck) // 2, "reshuffle means reshuffle"
