"""No hidden information: a live game's analysis, asked by a seat, is the same in two stored
worlds that differ only in what that seat cannot see (the pile's undrawn order, the seed)."""

from __future__ import annotations

import hashlib
from typing import Any
from uuid import UUID

import pytest

from domain.core import Luck
from domain.games.peninsula.cards import full_deck
from service.analysis import Request, compute, prepare
from service.application import Application

pytestmark = pytest.mark.storage

PLAYERS = [{"kind": "player", "player": "ann"}, {"kind": "player", "player": "bob"}]
OPTIONS = {"missions": "a_to_f", "bonuses": "first_six"}
SHARED = 12
"""The first cards of both piles: the part of the order play reaches in this test."""


def setups() -> tuple[dict[str, Any], dict[str, Any]]:
    cards = [list(card) for card in sorted(full_deck())]
    removed, face_up, deck = cards[:5], cards[5:7], cards[7:]
    first = {"removed": removed, "face_up": face_up, "deck": deck, "start_seat": 0}
    other = {**first, "deck": deck[:SHARED] + deck[SHARED:][::-1]}
    return first, other


def twin_games(app: Application) -> tuple[UUID, UUID]:
    """The same commands in both worlds, as long as they draw only the shared cards."""
    first, other = setups()
    games = [
        app.create_game("peninsula", 2, OPTIONS, setup, PLAYERS, seed=seed).game_id
        for setup, seed in ((first, "1e" * 32), (other, "e1" * 32))
    ]
    for step in range(400):
        state = app.load(games[0]).state
        if len(state.pile) < len(first["deck"]) - SHARED + 4:
            break
        ruleset = app.load(games[0]).ruleset
        seat = min(ruleset.to_act(state))
        entropy = hashlib.sha256(f"twin:{step}".encode()).hexdigest()
        command = ruleset.bots["greedy"](state, seat, Luck(entropy))
        for game in games:
            app.act(game, seat, command)
    return games[0], games[1]


def analysed(app: Application, game: UUID, viewer: int | None, **asked: Any) -> dict[str, Any]:
    request = Request(**{"bot": "random", "rollouts": 1, "seed": "twins", **asked})
    result = compute(prepare(app.store, game, viewer, request), jobs=1)
    result.pop("game_id")
    return result


def test_a_live_games_analysis_is_blind_to_what_its_asker_cannot_see(app: Application) -> None:
    first, other = twin_games(app)
    one, two = app.load(first), app.load(other)
    assert one.state.pile != two.state.pile, "the worlds differ"
    for viewer in (0, 1, None):
        assert app.view(first, viewer)["view"] == app.view(other, viewer)["view"]
    graph = analysed(app, first, 0)
    assert graph["viewer"] == "seat:0" and len(graph["points"]) > 10
    assert analysed(app, other, 0) == graph
    assert analysed(app, other, None) == analysed(app, first, None)
    mine = [p["at"] for p in graph["points"] if p["seat"] == 0]
    hints = analysed(app, first, 0, kind="hints", at=mine[-1])
    assert analysed(app, other, 0, kind="hints", at=mine[-1]) == hints
    assert any(h["played"] for h in hints["hints"])
