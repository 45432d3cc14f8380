"""The HTTP benchmark's client counts the reads it makes before each move (``reads_per_move``
in every line): checked against a fake server, no socket."""

from __future__ import annotations

import json

import httpx
import pytest

from bench import http

TOKENS = ("zero", "one")


class Table:
    """A two-seat game whose seats act in the order ``turns`` gives, one command each."""

    def __init__(self, turns: list[int], names_next: bool) -> None:
        self.turns = turns
        self.played = 0
        self.names_next = names_next

    def handle(self, request: httpx.Request) -> httpx.Response:
        if request.method == "POST" and request.url.path == "/games":
            seats = [{"token": token} for token in TOKENS]
            return httpx.Response(201, json={"game_id": "g", "seats": seats})
        seat = TOKENS.index(request.headers["Authorization"].removeprefix("Bearer "))
        if request.url.path.endswith("/legal-commands"):
            mine = self.played < len(self.turns) and self.turns[self.played] == seat
            return httpx.Response(200, json={"commands": [{"type": "go"}] if mine else []})
        assert json.loads(request.content)["command"] == {"type": "go"}
        assert self.turns[self.played] == seat, "a seat moved out of turn"
        self.played += 1
        following = self.turns[self.played : self.played + 1]
        # As sendCommand answers: the seats to act next, or null for a replayed answer.
        to_act = following if self.names_next else None
        return httpx.Response(200, json={"is_terminal": False, "to_act": to_act})


@pytest.fixture(params=[True, False], ids=["answers-name-the-next-seat", "answers-replayed"])
def client(
    monkeypatch: pytest.MonkeyPatch, request: pytest.FixtureRequest
) -> tuple[http.CairnClient, Table]:
    # A Five Peaks-like run of turns: seat 1 takes four decisions in a row, then seat 0 two.
    table = Table([0, 1, 1, 1, 1, 0, 0], names_next=request.param)
    real = httpx.Client

    def fake(**kwargs: object) -> httpx.Client:
        return real(base_url="http://cairn.test", transport=httpx.MockTransport(table.handle))

    monkeypatch.setattr(http.httpx, "Client", fake)
    return http.CairnClient("http://cairn.test", 0, "five-peaks"), table


def test_every_read_before_a_move_is_counted(client: tuple[http.CairnClient, Table]) -> None:
    player, table = client
    for _ in table.turns:
        player.move()
    assert table.played == 7
    if table.names_next:
        # Each answer names the next seat, asked first: one read a move, as a player told
        # by the answer that it is its turn makes.
        assert player.reads == 7
    else:
        # With no seat named, seat 0 is asked first: one read for each of its three moves,
        # two for each of seat 1's four. A wrong count would skew every reads_per_move.
        assert player.reads == 3 + 2 * 4
    assert player.moves == 7
