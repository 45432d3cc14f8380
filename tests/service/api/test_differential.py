"""A differential leak test: two games with the same public history and different hidden
state answer every seat and the spectator identically, on every endpoint, at every step.

Both games are counting games set up from one seed with explicit decks that differ only in
cards nobody has drawn yet, and both play the same commands. Whatever differs between any
two responses (once game ids, tokens and clocks are named alike) is information about the
undrawn cards: a leak, whatever shape it takes. Forks of both, taken the same way, are
compared the same way.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from typing import Any

import httpx
import pytest

from tests.service.api.conftest import Server
from tests.service.api.playing import Table, read_stream

pytestmark = pytest.mark.storage

SEED = "d1" * 32
FORK_SEED = "f0" * 32
PLAYERS = [{"kind": "player", "player": "ann"}, {"kind": "player", "player": "bob"}]
# The first four cards are drawn; the rest, which only the server knows, differ.
DECKS = ([1, 2, 3, 4, 5, 6, 7, 8, 9], [1, 2, 3, 4, 9, 8, 7, 6, 5])
DRAW, ADD_ONE, ADD_TWO = (
    {"type": "draw"},
    {"type": "add", "amount": 1},
    {"type": "add", "amount": 2},
)
# Seats take turns from seat 0; the count reaches 10 only with the last command.
SCRIPT = [DRAW, DRAW, ADD_TWO, DRAW, DRAW, ADD_TWO, ADD_TWO, ADD_TWO, ADD_TWO]
CLOCKS = {"recorded_at", "created_at", "finished_at"}
SECRETS = {"token", "invite"}
UUID_TEXT = re.compile(r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}")


def fixed(seed: str) -> Callable[[], str]:
    return lambda: seed


class Twin:
    """One of the two games, and every response its viewers get, in a comparable shape."""

    def __init__(self, table: Table) -> None:
        self.table = table
        self.names: dict[str, str] = {}

    def alias(self, text: str) -> str:
        return self.names.setdefault(text, f"<id{len(self.names)}>")

    def shape(self, value: Any) -> Any:
        """Game ids named by first appearance; tokens and invites hidden; clocks dropped."""
        if isinstance(value, dict):
            return {
                k: "<secret>" if k in SECRETS else self.shape(v)
                for k, v in value.items()
                if k not in CLOCKS
            }
        if isinstance(value, list):
            return [self.shape(v) for v in value]
        if isinstance(value, str):
            return UUID_TEXT.sub(lambda m: self.alias(m.group()), value)
        return value

    def answer(self, response: httpx.Response) -> Any:
        body = json.loads(response.text) if response.text.strip() else None
        return response.status_code, self.shape(body)

    def responses(self, server: Server) -> dict[str, Any]:
        """Every read, and every refused write, as every viewer, at this moment."""
        table, http = self.table, self.table.http
        game = f"/games/{table.game_id}"
        version = table.version()
        listed = http.get("/games", params={"limit": 100}).json()["games"]
        seen: dict[str, Any] = {
            "listed": self.shape(next(g for g in listed if g["game_id"] == table.game_id)),
        }
        for seat in (None, 0, 1):
            auth = table.auth(seat)
            who = f"seat {seat}"
            seen[f"{who} view"] = self.answer(http.get(game, headers=auth))
            for at in range(1, version + 1):
                view = http.get(game, headers=auth, params={"at": at})
                seen[f"{who} view at {at}"] = self.answer(view)
            events = http.get(f"{game}/events", headers=auth, params={"limit": 1000})
            seen[f"{who} events"] = self.answer(events)
            last = events.json()["events"][-1]["seq"]
            stream = read_stream(table, seat, None, last, timeout=10)
            seen[f"{who} stream"] = self.shape([m["data"] for m in stream])
            if seat is None:
                continue
            seen[f"{who} legal"] = self.answer(http.get(f"{game}/legal-commands", headers=auth))
            for name, command, extra in (
                ("unknown", {"type": "no_such_command"}, {}),
                ("illegal", {"type": "add", "amount": 4}, {}),
                ("stale", ADD_ONE, {"expected_version": 1}),
                ("other seat", {**ADD_ONE, "seat": 1 - seat}, {}),
                ("draw", DRAW, {"expected_version": 0}),
            ):
                seen[f"{who} {name}"] = self.answer(table.send(seat, command, **extra))
            seen[f"{who} fork same"] = self.answer(
                http.post(f"{game}/forks", json={"at": version, "luck": "same"}, headers=auth)
            )
        assert table.version() == version, "the refused writes appended nothing"
        return seen


def create(server: Server, http: httpx.Client, deck: list[int]) -> Twin:
    body = {"ruleset": "counting", "seats": PLAYERS, "setup": {"deck": deck}}
    created = http.post("/games", json=body)
    assert created.status_code == 201, created.text
    made = created.json()
    tokens = {s["seat"]: s["token"] for s in made["seats"]}
    return Twin(Table(server, http, made["game_id"], tokens))


def assert_alike(twins: tuple[Twin, Twin], server: Server, step: str) -> None:
    first, second = (twin.responses(server) for twin in twins)
    assert first.keys() == second.keys()
    differing = [key for key in first if first[key] != second[key]]
    assert differing == [], f"{step}: the hidden decks show through {differing[:5]}" + "".join(
        f"\n  {key}:\n    {first[key]}\n    {second[key]}" for key in differing[:3]
    )


def test_games_alike_in_public_answer_alike_until_their_end(
    server: Server, http: httpx.Client, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(server.cairn, "seeds", fixed(SEED))
    twins = (create(server, http, DECKS[0]), create(server, http, DECKS[1]))
    loaded = [server.cairn.load(t.table.game_id).state.deck for t in twins]
    assert loaded[0] != loaded[1], "the hidden state really differs"
    assert_alike(twins, server, "at the start")
    for step, command in enumerate(SCRIPT[:-1]):
        seat = step % 2
        answers = [twin.answer(twin.table.send(seat, command)) for twin in twins]
        assert answers[0] == answers[1], f"step {step}: the command's own answer differs"
        assert answers[0][0] == 200, answers[0]
        assert_alike(twins, server, f"after step {step}")
    # Forks of both, by seat 0, with the same fresh seed: alike too.
    monkeypatch.setattr(server.cairn, "seeds", fixed(FORK_SEED))
    forks = []
    for twin in twins:
        at = twin.table.version()
        response = http.post(
            f"/games/{twin.table.game_id}/forks", json={"at": at}, headers=twin.table.auth(0)
        )
        assert response.status_code == 201, response.text
        made = response.json()
        tokens = {s["seat"]: s["token"] for s in made["seats"] if "token" in s}
        forks.append((twin.answer(response), Twin(Table(server, http, made["game_id"], tokens))))
    server.quiet()
    assert forks[0][0] == forks[1][0], "the fork's creation answer differs"
    assert_alike_forks((forks[0][1], forks[1][1]))
    # The last command ends both games: now their logs are public and may differ.
    ended = [twin.table.send(len(SCRIPT[:-1]) % 2, SCRIPT[-1]).json() for twin in twins]
    assert all(e["is_terminal"] for e in ended)
    assert ended[0]["events"] != ended[1]["events"], "the end reveals what differed"


def assert_alike_forks(twins: tuple[Twin, Twin]) -> None:
    """A fork's seat 1 is a bot (no token): compare what the spectator and seat 0 see."""
    assert all(set(twin.table.tokens) == {0} for twin in twins)
    first, second = (_fork_responses(twin) for twin in twins)
    differing = [key for key in first if first[key] != second[key]]
    assert differing == [], f"forks: the parents' hidden decks show through {differing}"


def _fork_responses(twin: Twin) -> dict[str, Any]:
    table, http = twin.table, twin.table.http
    game = f"/games/{table.game_id}"
    seen: dict[str, Any] = {}
    for seat in (None, 0):
        auth = table.auth(seat)
        seen[f"seat {seat} view"] = twin.answer(http.get(game, headers=auth))
        events = http.get(f"{game}/events", headers=auth, params={"limit": 1000})
        seen[f"seat {seat} events"] = twin.answer(events)
        for at in range(1, table.version() + 1):
            seen[f"seat {seat} at {at}"] = twin.answer(
                http.get(game, headers=auth, params={"at": at})
            )
    seen["legal"] = twin.answer(http.get(f"{game}/legal-commands", headers=table.auth(0)))
    return seen
