"""Counting games over HTTP: create one, act as a seat, read its whole log."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import httpx

PROBLEM = "application/problem+json"
ADD_ONE = {"type": "add", "amount": 1}


@dataclass(frozen=True)
class Game:
    url: str
    game_id: str
    tokens: dict[int, str]

    @classmethod
    def create(cls, client: httpx.Client, url: str, target: int = 20) -> Game:
        seats = [{"kind": "player", "player": f"p{i}"} for i in range(2)]
        body = {"ruleset": "counting", "seats": seats, "options": {"target": target}}
        response = client.post(f"{url}/games", json=body)
        assert response.status_code == 201, response.text
        return cls.from_created(url, response.json())

    @classmethod
    def from_created(cls, url: str, created: dict[str, Any]) -> Game:
        tokens = {s["seat"]: s["token"] for s in created["seats"]}
        return cls(url, created["game_id"], tokens)

    def send(
        self,
        client: httpx.Client,
        seat: int,
        command: dict[str, Any] = ADD_ONE,
        key: str | None = None,
        expected_version: int | None = None,
    ) -> httpx.Response:
        headers = {"Authorization": f"Bearer {self.tokens[seat]}"}
        if key is not None:
            headers["Idempotency-Key"] = key
        body: dict[str, Any] = {"command": command}
        if expected_version is not None:
            body["expected_version"] = expected_version
        return client.post(f"{self.url}/games/{self.game_id}/commands", json=body, headers=headers)

    def view(self, client: httpx.Client) -> dict[str, Any]:
        response = client.get(f"{self.url}/games/{self.game_id}")
        assert response.status_code == 200, response.text
        body: dict[str, Any] = response.json()
        return body


def is_problem(response: httpx.Response) -> bool:
    return response.headers.get("content-type", "").startswith(PROBLEM)
