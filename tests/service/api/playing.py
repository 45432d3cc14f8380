"""Test-side helpers: create games over HTTP, act as seats, read the SSE stream, find leaks."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

import httpx

from domain.core import registry
from service.store.records import canonical_json
from tests.service.api.conftest import Server


def seats_for(ruleset_id: str, bots: int) -> list[dict[str, Any]]:
    """Seats for a game of this ruleset: at least two if it allows, the last ``bots`` bots."""
    ruleset = registry.get(ruleset_id)
    count = min(max(ruleset.min_seats, 2), ruleset.max_seats)
    humans = max(count - bots, 0)
    names = sorted(ruleset.bots)
    return [
        {"kind": "player", "player": f"p{i}"}
        if i < humans
        else {"kind": "bot", "bot": names[i % len(names)]}
        for i in range(count)
    ]


@dataclass
class Table:
    """One game seen through HTTP: its id and the tokens of its human seats."""

    server: Server
    http: httpx.Client
    game_id: str
    tokens: dict[int, str]
    rng: random.Random = field(default_factory=lambda: random.Random(7))

    @classmethod
    def create(
        cls, server: Server, http: httpx.Client, ruleset: str, seats: Sequence[dict[str, Any]]
    ) -> Table:
        response = http.post("/games", json={"ruleset": ruleset, "seats": list(seats)})
        assert response.status_code == 201, response.text
        body = response.json()
        tokens = {s["seat"]: s["token"] for s in body["seats"] if "token" in s}
        return cls(server, http, body["game_id"], tokens)

    def auth(self, seat: int | None) -> dict[str, str]:
        return {} if seat is None else {"Authorization": f"Bearer {self.tokens[seat]}"}

    def view(self, seat: int | None = None, **params: Any) -> dict[str, Any]:
        response = self.http.get(f"/games/{self.game_id}", headers=self.auth(seat), params=params)
        assert response.status_code == 200, response.text
        body: dict[str, Any] = response.json()
        return body

    def version(self) -> int:
        return int(self.view()["version"])

    def legal(self, seat: int) -> list[dict[str, Any]]:
        response = self.http.get(f"/games/{self.game_id}/legal-commands", headers=self.auth(seat))
        assert response.status_code == 200, response.text
        commands: list[dict[str, Any]] = response.json()["commands"]
        return commands

    def send(self, seat: int, command: dict[str, Any], **extra: Any) -> httpx.Response:
        headers = {**self.auth(seat), **extra.pop("headers", {})}
        return self.http.post(
            f"/games/{self.game_id}/commands", json={"command": command, **extra}, headers=headers
        )

    def events(self, seat: int | None = None, after: int = 0) -> dict[str, Any]:
        response = self.http.get(
            f"/games/{self.game_id}/events",
            params={"after": after, "limit": 1000},
            headers=self.auth(seat),
        )
        assert response.status_code == 200, response.text
        body: dict[str, Any] = response.json()
        return body

    def all_events(self, seat: int | None = None) -> list[dict[str, Any]]:
        """Every event ``seat`` may see, page by page: a Five Peaks game of bots runs past
        one page of 1,000."""
        events: list[dict[str, Any]] = []
        while True:
            page = self.events(seat, after=events[-1]["seq"] if events else 0)["events"]
            if not page:
                return events
            events += page

    def step(self) -> bool:
        """One human seat to act plays a random legal command; False once the game is over."""
        self.server.quiet()
        view = self.view()
        if view["is_terminal"]:
            return False
        humans = [s for s in view["to_act"] if s in self.tokens]
        assert humans, f"nobody can act: {view['to_act']} with bots settled"
        seat = self.rng.choice(humans)
        command = self.rng.choice(self.legal(seat))
        response = self.send(seat, command)
        assert response.status_code == 200, response.text
        return True

    def play_out(self, max_steps: int = 5000) -> dict[str, Any]:
        for _ in range(max_steps):
            if not self.step():
                return self.view()
        raise AssertionError("the game did not end")


def sse(lines: Iterator[str]) -> Iterator[dict[str, Any]]:
    """Parse server-sent events into {id, event, data} dicts (comments are skipped)."""
    message: dict[str, Any] = {}
    for line in lines:
        if not line:
            if "data" in message:
                message["data"] = json.loads(message["data"])
                yield message
            message = {}
            continue
        if line.startswith(":"):
            continue
        name, _, value = line.partition(":")
        value = value[1:] if value.startswith(" ") else value
        if name == "data" and "data" in message:
            message["data"] += "\n" + value
        else:
            message[name] = value


def read_stream(
    table: Table, seat: int | None, last_id: int | None, until_seq: int, timeout: float = 10.0
) -> list[dict[str, Any]]:
    """Messages of the stream from ``last_id`` until one with id ``until_seq`` (or the end)."""
    headers = table.auth(seat)
    if last_id is not None:
        headers["Last-Event-ID"] = str(last_id)
    out: list[dict[str, Any]] = []
    with table.http.stream(
        "GET", f"/games/{table.game_id}/stream", headers=headers, timeout=timeout
    ) as response:
        assert response.status_code == 200
        for message in sse(response.iter_lines()):
            out.append(message)
            if message.get("event") == "end" or int(message.get("id", -1)) >= until_seq:
                break
    return out


def subtrees(value: Any) -> set[str]:
    """The canonical JSON of every subtree of ``value`` (itself, every item and member)."""
    found = {canonical_json(value)}
    if isinstance(value, dict):
        for key, item in value.items():
            found.add(canonical_json(key))
            found |= subtrees(item)
    elif isinstance(value, list):
        for item in value:
            found |= subtrees(item)
    return found


def assert_hidden(text: str, secrets: Sequence[Any], where: str) -> None:
    """No secret appears as a JSON subtree of the body, nor a long secret string inside it."""
    body = json.loads(text) if text.strip() else None
    trees = subtrees(body)
    for secret in secrets:
        if secret in ("", None, [], {}):
            continue
        assert canonical_json(secret) not in trees, f"{where}: leaked {secret!r}"
        if isinstance(secret, str) and len(secret) >= 6:
            assert secret not in text, f"{where}: leaked {secret!r} inside a string"
