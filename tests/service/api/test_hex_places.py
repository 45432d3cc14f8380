"""Peninsula's places over HTTP since ``Hex`` is a tuple (branch ``pen-hex``): the legal
commands, the commands sent and the events written carry each place as the object
``{"q": .., "r": ..}``, and a place in any other shape is refused as the codec refused it
when ``Hex`` was a dataclass (tests/domain/peninsula/test_hex_tuple.py holds those errors
to the dataclass's; tests/service/test_hex_boundaries.py the stored forms)."""

from __future__ import annotations

import json
from typing import Any
from uuid import UUID

import httpx

from tests.service.api.conftest import Server
from tests.service.api.playing import Table, seats_for
from tests.support.places import is_place, places

PLACED_MOVES = 6


def _play_places(table: Table) -> list[dict[str, Any]]:
    """Seats play, a command naming a place whenever one is legal: the commands sent."""
    sent: list[dict[str, Any]] = []
    for _ in range(400):
        view = table.view()
        if view["is_terminal"] or sum(1 for c in sent if any(places(c))) >= PLACED_MOVES:
            break
        seat = view["to_act"][0]
        legal = table.legal(seat)
        assert all(is_place(p) for c in legal for p in places(c)), legal
        placed = [c for c in legal if any(places(c))]
        command = placed[len(sent) % len(placed)] if placed else legal[0]
        response = table.send(seat, command)
        assert response.status_code == 200, response.text
        sent.append(command)
    return sent


def test_places_cross_the_edge_as_objects_and_are_stored_so(
    any_server: Server, any_http: httpx.Client
) -> None:
    table = Table.create(any_server, any_http, "peninsula", seats_for("peninsula", bots=0))
    sent = _play_places(table)
    assert sum(1 for c in sent if any(places(c))) >= PLACED_MOVES
    events = table.all_events()
    written = [p for e in events for p in places(e.get("payload"))]
    assert len(written) >= PLACED_MOVES and all(is_place(p) for p in written)
    stored = any_server.cairn.store.read_facts(UUID(table.game_id), after=0, until=None)
    texts = [text for _, name, _, text, _ in stored if name.startswith("peninsula.")]
    found = [p for text in texts for p in places(json.loads(text))]
    assert len(found) == len(written) and all(is_place(p) for p in found)
    assert sum(text.count('{"q":') for text in texts) == len(found)


def test_a_place_in_another_shape_is_refused_as_before(
    any_server: Server, any_http: httpx.Client
) -> None:
    table = Table.create(any_server, any_http, "peninsula", seats_for("peninsula", bots=0))
    _play_places(table)
    version = table.version()
    seat = table.view()["to_act"][0]
    for place, detail in (
        ([2, 3], "command.to: must be an object"),
        ({"q": 2}, "command.to: missing field: r"),
        ({"q": 2, "r": 3, "s": 1}, "command.to: unknown field(s): s"),
        ({"q": "2", "r": 3}, "command.to.q: must be an integer"),
        ({"q": 2, "r": 3.5}, "command.to.r: must be an integer"),
        ("C4", "command.to: must be an object"),
    ):
        command = {"type": "move_architect", "to": place, "by": "boot"}
        response = table.send(seat, command)
        assert response.status_code == 400, response.text
        body = response.json()
        assert body["code"] == "invalid_command" and detail in body["detail"], body
    assert table.version() == version
