"""``cairn fork`` enforces the application's fork rules, plays the fork's bots and seats
humans with fresh tokens."""

from __future__ import annotations

import json
from uuid import UUID

import pytest
from click.testing import CliRunner, Result

from cli.main import cairn
from service.application import Application
from service.store import EventStore

pytestmark = pytest.mark.storage

PLAYERS = [{"kind": "player", "player": "ann"}, {"kind": "player", "player": "bob"}]
BOTS = [{"kind": "bot", "bot": "random"}, {"kind": "bot", "bot": "greedy"}]


def run(*args: str) -> Result:
    return CliRunner().invoke(cairn, list(args), catch_exceptions=False)


def forked(result: Result) -> dict:  # type: ignore[type-arg]
    assert result.exit_code == 0, result.output
    body: dict = json.loads(result.stdout.splitlines()[0])  # type: ignore[type-arg]
    return body


@pytest.fixture
def app(store: EventStore) -> Application:
    return Application(store)


def live_game(app: Application) -> tuple[UUID, dict[int, str]]:
    """A live counting game of two humans where seat 1 is to act, and their tokens."""
    created = app.create_game("counting", 2, {"target": 10}, seat_info=PLAYERS)
    tokens, _ = app.tokens.issue(created.game_id, [0, 1])
    app.act(created.game_id, 0, {"type": "draw"})
    return created.game_id, tokens


def children(app: Application, parent: UUID) -> list[UUID]:
    return [g.game_id for g in app.store.games(limit=10_000) if g.parent_id == parent]


def test_a_live_game_forks_only_with_a_seat_token_and_fresh_luck(
    app: Application, database_url: str
) -> None:
    game, tokens = live_game(app)
    at = str(app.store.version(game))
    refused = run("fork", str(game), "--at", at)
    assert refused.exit_code == 1 and "seat token" in refused.stderr
    same = run("fork", str(game), "--at", at, "--luck", "same", "--token", tokens[0])
    assert same.exit_code == 1 and "reshuffle" in same.stderr
    human = run("fork", str(game), "--at", at, "--token", tokens[0], "--seat", "1=player:cid")
    assert human.exit_code == 1 and "must be a bot" in human.stderr
    assert children(app, game) == [], "nothing was created"
    child = forked(run("fork", str(game), "--at", at, "--token", tokens[0], "--json"))
    seats = {s["seat"]: s for s in child["seats"]}
    assert seats[1] == {"seat": 1, "kind": "bot", "bot": "random"}
    assert seats[0]["player"] == "ann" and seats[0]["token"] != tokens[0]
    assert app.tokens.seat_for(UUID(child["game_id"]), seats[0]["token"]) == 0
    assert child["bot_commands"] == 1, "the bot seat played its turn; then seat 0 must act"
    assert app.view(child["game_id"], None)["to_act"] == [0]


def test_the_fork_chain_is_refused_through_the_cli_too(app: Application, database_url: str) -> None:
    game, tokens = live_game(app)
    child = forked(
        run("fork", str(game), "--at", str(app.store.version(game)), "--token", tokens[1], "--json")
    )
    child_id = UUID(child["game_id"])
    token = next(s["token"] for s in child["seats"] if s.get("token"))
    app.play_bots(child_id, {0: "random", 1: "random"}, entropy="out")
    assert app.store.game(child_id).is_finished
    for at in ("0", str(child["fork_at"])):
        assert run("fork", str(child_id), "--at", at, "--luck", "same").exit_code == 1
        with_token = run("fork", str(child_id), "--at", at, "--luck", "same", "--token", token)
        assert with_token.exit_code == 1 and "reshuffle" in with_token.stderr
    deeper = forked(run("fork", str(child_id), "--at", "0", "--token", token, "--json"))
    assert deeper["fork_at"] == 3, "a fork at 0 records the opening decision it copied"
    assert children(app, child_id) == [UUID(deeper["game_id"])]


def test_unknown_bots_and_bad_seats_are_usage_errors_and_create_nothing(app: Application) -> None:
    game, tokens = live_game(app)
    at = str(app.store.version(game))
    for seat in ("1=bot:alphazero", "9=bot:random", "1=robot", "1=open:x", "0=player:\x1b[2J"):
        result = run("fork", str(game), "--at", at, "--token", tokens[0], "--seat", seat)
        assert result.exit_code == 2, (seat, result.output)
    assert children(app, game) == []


def test_a_finished_game_forks_with_human_and_bot_seats_that_play(app: Application) -> None:
    created = app.create_game("counting", 2, {"target": 10}, seat_info=BOTS)
    app.play_bots(created.game_id, {0: "random", 1: "greedy"}, entropy="bots")
    assert app.store.game(created.game_id).is_finished
    text = run("fork", str(created.game_id), "--at", "3", "--seat", "0=player:ann")
    assert text.exit_code == 0, text.output
    lines = text.stdout.splitlines()
    child = UUID(lines[0])
    token = next(line.split()[3] for line in lines if line.startswith("seat 0 token"))
    assert app.tokens.seat_for(child, token) == 0, "the printed token is seat 0's"
    assert app.store.game(child).seat_info == [PLAYERS[0], BOTS[1]]
    assert app.view(child, None)["to_act"] == [0], "seat 0 moves first and is human"
    bots = forked(
        run("fork", str(created.game_id), "--at", "3", "--seat", "0=bot:greedy", "--json")
    )
    assert bots["status"] == "finished", "every bot seat, the copied one too, played"
