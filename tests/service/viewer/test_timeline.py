"""The viewer's steps (``service.viewer.timeline``): one line per thing that happened. A
decision's stamp (who decided and the clocks it leaves, docs/live-play.md) is no line of its
own next to the line that says what was decided."""

from __future__ import annotations

from domain.core.live import TakeBack
from service.application import Application
from service.clock import ManualClock
from service.store.memory import MemoryStore
from service.viewer.timeline import steps

PLAYERS = [{"kind": "player", "player": "ann"}, {"kind": "player", "player": "bob"}]
DECK = {"deck": [9, 8, 7, 6, 5, 4, 3, 2, 1]}


def _played(options: dict[str, object]) -> list[str]:
    clock = ManualClock()
    app = Application(MemoryStore(), clock=clock)
    game = app.create_game("counting", 2, options, setup=DECK, seat_info=PLAYERS).game_id
    clock.advance(30)
    app.act(game, 0, {"type": "add", "amount": 1})
    app.act(game, 1, {"type": "add", "amount": 2})
    app.act(game, 1, TakeBack(seat=1))
    told = steps(app.store, app.store.game(game), viewer=None)
    return [s.text for s in told]


def test_a_timed_games_lines_end_with_the_clocks_it_leaves() -> None:
    options = {"target": 20, "time_control": "fischer", "bank_seconds": 90, "takebacks": "free"}
    assert _played(options) == [
        "A game of 2 seat(s) is set up; the seed's sha256 is published"
        " (time left: seat 0: 1:30, seat 1: 1:30)",
        "counting.added (time left: seat 0: 1:05, seat 1: 1:30)",
        "counting.added (time left: seat 0: 1:05, seat 1: 1:35)",
        "Seat 1 takes back its last 1 decision(s) (time left: seat 0: 1:05, seat 1: 1:35)",
    ]


def test_an_untimed_game_with_takebacks_says_each_decision_once() -> None:
    """Before, each decision here had a line "Decided by seat N" of its own."""
    assert _played({"target": 20, "takebacks": "free"}) == [
        "A game of 2 seat(s) is set up; the seed's sha256 is published",
        "counting.added",
        "counting.added",
        "Seat 1 takes back its last 1 decision(s)",
    ]
