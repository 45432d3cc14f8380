"""``cairn show`` and ``cairn replay`` say live play in words: clocks, takebacks, timeouts,
resignations (docs/live-play.md)."""

from __future__ import annotations

import pytest
from click.testing import CliRunner, Result

from cli.live_words import live_lines
from cli.main import cairn
from domain.core.live import Resign, TakeBack
from service.application import Application, live
from service.clock import ManualClock
from service.store import EventStore

pytestmark = pytest.mark.storage

PLAYERS = [{"kind": "player", "player": "ann"}, {"kind": "player", "player": "bob"}]
DECK = {"deck": [9, 8, 7, 6, 5, 4, 3, 2, 1]}


def run(*args: str) -> Result:
    return CliRunner().invoke(cairn, list(args), catch_exceptions=False)


def test_show_and_replay_say_clocks_takebacks_and_timeouts(store: EventStore) -> None:
    clock = ManualClock()
    app = Application(store, clock=clock)
    options = {"target": 20, "time_control": "fischer", "bank_seconds": 90, "takebacks": "free"}
    game = app.create_game("counting", 2, options, setup=DECK, seat_info=PLAYERS).game_id
    clock.advance(30)
    app.act(game, 0, {"type": "add", "amount": 1})
    shown = run("show", str(game))
    assert shown.exit_code == 0, shown.output
    assert "clocks (fischer): seat 0 1:05, seat 1 1:30 (running)" in shown.stdout
    app.act(game, 1, {"type": "add", "amount": 1})
    clock.advance(200)
    live.time_out(app, game)
    shown = run("show", str(game))
    assert "ended early: timed out" in shown.stdout
    replayed = run("replay", str(game))
    assert replayed.exit_code == 0, replayed.output
    assert "Seat 0 ran out of time and forfeits; the game ends" in replayed.stdout
    assert "time left: seat 0: 1:05, seat 1: 1:30" in replayed.stdout


def test_replay_says_a_takeback_and_a_resignation(store: EventStore) -> None:
    app = Application(store)
    game = app.create_game(
        "counting", 2, {"target": 20, "takebacks": "free"}, setup=DECK, seat_info=PLAYERS
    ).game_id
    app.act(game, 0, {"type": "add", "amount": 2})
    app.act(game, 0, TakeBack(seat=0))
    app.act(game, 0, Resign(seat=0))
    replayed = run("replay", str(game))
    assert "Seat 0 takes back its last 1 decision(s)" in replayed.stdout
    assert "Seat 0 resigns; the game ends" in replayed.stdout


def test_a_game_without_live_play_says_nothing_of_it() -> None:
    assert live_lines({"time_control": "none", "clocks": [], "running": []}) == []
