"""Nothing a seat may not see leaves through any endpoint, at any step of any ruleset's game.

At every step of a full game, every endpoint is called as every seat and as a spectator, and
each response is walked as JSON: none of ``ruleset.secrets(state, viewer)`` may appear as a
subtree (nor a long secret string inside a text), and the seed never appears before the end.
"""

from __future__ import annotations

import json
from dataclasses import replace
from typing import Any
from uuid import uuid4

import httpx
import pytest

from domain.core import can_see, registry
from service.review import diff
from service.store import StoredEvent
from service.trail import Trail
from tests.service.api.conftest import RULESETS, Server
from tests.service.api.playing import Table, assert_hidden, read_stream

pytestmark = pytest.mark.storage


def seed_of(server: Server, table: Table) -> str:
    stored = server.cairn.store.read(server.host.game(table.game_id).game_id)
    seed: str = next(e.payload["seed"] for e in stored if e.type == "game.seed_sealed")
    return seed


class Walker:
    """Calls every endpoint as one viewer and checks each response against its secrets.

    The event feed and the stream are read incrementally (what became visible since the
    last step), and the whole feed, earlier positions and the games list every few steps,
    so that long games stay quick to walk.
    """

    def __init__(self, server: Server, table: Table, seat: int | None) -> None:
        self.server, self.table, self.seat = server, table, seat
        self.seen = 0  # the feed's next_after for this viewer
        self.streamed: int | None = None  # the stream's Last-Event-ID for this viewer

    def check(self, secrets: list[Any], step: int, version: int) -> None:
        table, seat, http = self.table, self.seat, self.table.http
        auth = table.auth(seat)
        game = f"/games/{table.game_id}"
        feed = http.get(f"{game}/events", headers=auth, params={"after": self.seen})
        responses = [http.get(game, headers=auth), feed]
        if seat is not None:
            responses += [
                http.get(f"{game}/legal-commands", headers=auth),
                table.send(seat, {"type": "no_such_command"}),
            ]
        if step % FULL_EVERY == 0:
            responses += [
                http.get(game, headers=auth, params={"at": max(1, version // 2)}),
                http.get(f"{game}/events", headers=auth, params={"limit": 1000}),
                http.get("/games", params={"limit": 100}),
            ]
            if seat is not None:
                responses.append(table.send(seat, {"type": "x"}, expected_version=0))
                # the viewer's choices: the legal commands, each in words
                responses.append(http.get(f"{game}/choices", headers=auth))
        if step % STEPS_EVERY == 0:
            # the viewer's steps: every visible event in words, with scores (a whole fold
            # each, so less often)
            responses.append(http.get(f"{game}/steps", headers=auth))
        for response in responses:
            assert response.status_code < 500, response.text
            where = f"step {step}, seat {seat}: {response.request.url}"
            assert_hidden(response.text, secrets, where)
        self.seen = feed.json()["next_after"]
        self._check_stream(secrets, f"step {step}, seat {seat}: stream", feed.json()["events"])

    def _check_stream(self, secrets: list[Any], where: str, new: list[dict[str, Any]]) -> None:
        if not new:
            return
        messages = read_stream(self.table, self.seat, self.streamed, new[-1]["seq"])
        assert [m["data"] for m in messages] == new, "the stream shows what the feed shows"
        for message in messages:
            assert_hidden(json.dumps(message["data"]), secrets, where)
        self.streamed = int(messages[-1]["id"])


FULL_EVERY = 10
STEPS_EVERY = 50


@pytest.mark.parametrize("ruleset", RULESETS)
def test_no_endpoint_leaks_hidden_information(
    server: Server, http: httpx.Client, ruleset: str
) -> None:
    rules = registry.get(ruleset)
    count = min(max(rules.min_seats, 2), rules.max_seats)
    seats = [{"kind": "player", "player": f"p{i}"} for i in range(count)]
    table = Table.create(server, http, ruleset, seats)
    seed = seed_of(server, table)
    walkers = [Walker(server, table, seat) for seat in [None, *range(count)]]
    step = 0
    while True:
        loaded = server.cairn.load(table.game_id)
        if rules.is_terminal(loaded.state):
            break
        for walker in walkers:
            secrets = [seed, *rules.secrets(loaded.state, walker.seat)]
            walker.check(secrets, step, loaded.version)
        assert server.cairn.load(table.game_id).version == loaded.version, "nothing appended"
        assert table.step()
        step += 1
    assert table.events()["log_is_public"]
    events = table.all_events()
    assert any(seed in str(e["payload"]) for e in events), "the seed is revealed at the end"


def test_the_leak_detector_finds_subtrees_and_embedded_strings() -> None:
    secret_order = [3, 1, 2]
    with pytest.raises(AssertionError):
        assert_hidden(json.dumps({"a": [{"deck": [3, 1, 2]}]}), [secret_order], "probe")
    with pytest.raises(AssertionError):
        assert_hidden(json.dumps({"detail": "the seed is abcdef123"}), ["abcdef123"], "probe")
    with pytest.raises(AssertionError):
        assert_hidden(json.dumps([{"k": {"x": 1}}]), [{"x": 1}], "probe")
    assert_hidden(json.dumps({"deck": [3, 1], "n": 2}), [secret_order, [1, 3]], "probe")


DIFF_STEPS = 24
"""Steps of each game checked one by one before both are played out (then at each end)."""


def seeds_of(server: Server, game_id: str) -> list[str]:
    """Every seed sealed in a game's stream: a fork holds its parent's and its own."""
    stored = server.cairn.store.read(server.host.game(game_id).game_id)
    return [e.payload["seed"] for e in stored if e.type == "game.seed_sealed"]


def diff_secrets(server: Server, tables: list[Table]) -> list[Any]:
    """What a spectator may not see of either game: the seeds of a game whose log is not
    public yet, and what the ruleset hides from a spectator in its position now."""
    secrets: list[Any] = []
    for table in tables:
        game = server.host.game(table.game_id).game_id
        if server.cairn.is_log_public(game):
            continue
        loaded = server.cairn.load(game)
        secrets += [*seeds_of(server, table.game_id), *loaded.ruleset.secrets(loaded.state, None)]
    return secrets


def check_diffs(server: Server, tables: list[Table], where: str) -> None:
    secrets = diff_secrets(server, tables)
    a, b = tables
    for mine, theirs in ((a, b), (b, a)):
        answer = mine.http.get(f"/games/{mine.game_id}/diff", params={"other": theirs.game_id})
        assert answer.status_code == 200, answer.text
        assert_hidden(answer.text, secrets, f"{where}: {answer.request.url}")


@pytest.mark.parametrize("ruleset", RULESETS)
def test_a_diff_of_a_game_and_its_fork_leaks_neither_s_hidden_information(
    server: Server, http: httpx.Client, ruleset: str
) -> None:
    """GET /games/{id}/diff is told as a spectator sees both games: at every step of a live
    game and its reshuffled fork, and at the end of each, it shows no seat's hand, no
    undrawn order and no seed of a game whose log is not public."""
    rules = registry.get(ruleset)
    count = min(max(rules.min_seats, 2), rules.max_seats)
    seats = [{"kind": "player", "player": f"p{i}"} for i in range(count)]
    parent = Table.create(server, http, ruleset, seats)
    for _ in range(3):
        parent.step()
    forked = http.post(
        f"/games/{parent.game_id}/forks",
        json={"at": parent.version()},
        headers=parent.auth(0),
    )
    assert forked.status_code == 201, forked.text
    body = forked.json()
    tokens = {s["seat"]: s["token"] for s in body["seats"] if "token" in s}
    fork = Table(server, http, body["game_id"], tokens)
    assert seeds_of(server, fork.game_id)[-1] not in seeds_of(server, parent.game_id)
    tables = [parent, fork]
    for step in range(DIFF_STEPS):
        check_diffs(server, tables, f"step {step}")
        moved = [table.step() for table in tables]
        if not any(moved):
            break
    fork.play_out()
    check_diffs(server, tables, "the fork finished, its parent live")
    parent.play_out()
    check_diffs(server, tables, "both finished")
    assert not diff_secrets(server, tables), "both logs are public at the end"


def hidden_altered(trail: Trail) -> Trail:
    """The same game as a spectator sees it, with what a spectator may not see changed: the
    command of every hidden decision and every hash from the first hidden event on (as the
    chain would change them)."""
    altered: list[StoredEvent] = []
    chain_moved = False
    for event in trail.events:
        hidden = not can_see(event.visibility, None)
        chain_moved = chain_moved or hidden
        command = {"type": "something_else"} if hidden and event.command else event.command
        hashes = {"prev_hash": "p" + event.prev_hash, "hash": "h" + event.hash}
        altered.append(replace(event, command=command, **(hashes if chain_moved else {})))
    return Trail(replace(trail.game, game_id=uuid4()), tuple(altered))


@pytest.mark.parametrize("ruleset", RULESETS)
def test_a_diff_tells_nothing_of_whether_two_games_hidden_decisions_differ(
    server: Server, http: httpx.Client, ruleset: str
) -> None:
    """Two live games alike to a spectator get the same diff whether or not their hidden
    decisions and the hashes over them differ: the diff reads a command or a hash only once
    its event is revealed (comparing them earlier would leak a bit of a seat's secret)."""
    rules = registry.get(ruleset)
    count = min(max(rules.min_seats, 2), rules.max_seats)
    seats = [{"kind": "player", "player": f"p{i}"} for i in range(count)]
    table = Table.create(server, http, ruleset, seats)
    store = server.cairn.store
    game_id = server.host.game(table.game_id).game_id
    # a few decisions in, with at least one hidden from spectators, the game still live
    for _ in range(3):
        table.step()
    game = store.game(game_id)
    trail = Trail(game, tuple(store.read(game_id)))
    if not any(not can_see(e.visibility, None) for e in trail.events):
        pytest.skip(f"{ruleset} hides nothing from a spectator in its first decisions")
    assert not game.is_finished
    same = Trail(replace(game, game_id=uuid4()), trail.events)
    told = {
        name: {k: v for k, v in diff(store, trail, other).to_json().items() if k != "games"}
        for name, other in (("same", same), ("altered", hidden_altered(trail)))
    }
    assert told["altered"] == told["same"]
    assert told["same"]["diverges_at"] is None and told["same"]["moves_apart"] == []
