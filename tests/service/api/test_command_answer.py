"""A command's answer names the seats to act next (docs/api.md, ``CommandAccepted``): a
client playing a game need not read the game again to learn whose turn it is."""

from __future__ import annotations

import random

import httpx
import pytest

from tests.service.api.conftest import Server
from tests.service.api.playing import Table

pytestmark = pytest.mark.storage

PLAYERS = [{"kind": "player", "player": "ann"}, {"kind": "player", "player": "bob"}]


@pytest.mark.parametrize("ruleset", ["five-peaks", "peloponnes", "peninsula"])
def test_every_answer_names_the_seats_the_game_then_waits_for(
    server: Server, http: httpx.Client, ruleset: str
) -> None:
    """Five Peaks passes the turn about every other move, and Peloponnes' answers include
    the system's decisions after the seat's: each answer's ``to_act`` is the game's own."""
    table = Table.create(server, http, ruleset, PLAYERS)
    rng = random.Random(ruleset)
    to_act = table.view()["to_act"]
    changes = 0
    for _ in range(40):
        seat = rng.choice(to_act)
        answer = table.send(seat, rng.choice(table.legal(seat)))
        assert answer.status_code == 200, answer.text
        body = answer.json()
        view = table.view()
        assert body["to_act"] == view["to_act"] and body["version"] == view["version"]
        changes += body["to_act"] != to_act
        to_act = body["to_act"]
        if body["is_terminal"]:
            assert to_act == []
            break
    assert changes > 0, "the turn never moved: the check above compared nothing that changes"


def test_a_replayed_answer_names_the_seats_the_first_named(
    server: Server, http: httpx.Client
) -> None:
    """A retry's answer is the first request's answer again (docs/api.md, "Idempotency"),
    seats to act included, even once the game has moved on."""
    table = Table.create(server, http, "five-peaks", PLAYERS)
    seat = table.view()["to_act"][0]
    command = table.legal(seat)[0]
    first = table.send(seat, command, headers={"Idempotency-Key": "answer-1"})
    assert first.status_code == 200 and first.json()["to_act"] == table.view()["to_act"]
    named = first.json()["to_act"]
    for _ in range(50):  # the game moves on until the turn has passed
        if table.view()["to_act"] != named:
            break
        acting = table.view()["to_act"][0]
        assert table.send(acting, table.legal(acting)[0]).status_code == 200
    assert table.view()["to_act"] != named, "the turn never passed: the replay proves nothing"
    again = table.send(seat, command, headers={"Idempotency-Key": "answer-1"})
    assert again.status_code == 200 and again.json()["replayed"]
    assert again.json()["to_act"] == named
