"""Views, words and drawings: what a client needs to draw the table; nothing hidden shown."""

from __future__ import annotations

import json

from domain.core import registry
from domain.core.codec import encode
from domain.games.peloponnes import RULESET
from domain.games.peloponnes.commands import Bid, DrawChits, Strike
from tests.domain.peloponnes.play import play
from tests.domain.peloponnes.scenario import given

ROW = ["A01", "A05", "A10", "A12", "A07"]


def test_the_view_shows_the_rows_with_their_bids_and_the_tracks():  # issue: clients can draw
    g = given(3, stacks={"A": ROW}).after(
        Bid(seat=0, tile="A01", amount=3), Bid(seat=1, tile="A01", amount=4)
    )
    shown = RULESET.view(g.game, 2)
    assert shown["auction"][0] == {"tile": "A01", "price": 3, "bid": {"seat": 1, "amount": 4}}
    assert shown["conquest"][0] == {"tile": "A12", "price": 4, "bid": None}
    assert shown["bidding"]["outbid"] == {"seat": 0, "amount": 3}
    assert shown["to_act"] == [0] and shown["you"] == 2
    assert shown["seats"][1]["tracks"] == {
        "coins": 7,
        "wood": 0,
        "stone": 0,
        "food": 0,
        "luxury": 0,
        "inhabitants": 1,
    }
    assert shown["stacks"] == {"A": 10, "B": 15, "C": 10}


def test_the_view_shows_the_disaster_state():
    g = given(2).table(phase="disasters", resolved=True, strikes=("plague",), awaiting=())
    g = g.when(Strike()).game
    disasters = RULESET.view(g, None)["disasters"]
    assert disasters["struck"] == ["plague"] and disasters["to_strike"] == 3
    assert disasters["chits_left"] == 16 and set(disasters["chits"]) == {
        "plague",
        "drought",
        "decline",
        "earthquake",
        "tempest",
    }


def _after_a_draw():
    """Round 1's chits drawn: a plague and the blank, with a known pile below them."""
    pile = ["plague", "blank", "drought", "tempest", "decline", "plague"]
    return given(2, chits=pile).table(phase="disasters", resolved=False, awaiting=())


def test_the_chits_just_drawn_are_shown_face_up_in_the_order_drawn():
    # reference, A round 6: "Draw 2 chits. Each goes onto its disaster's tile": drawn at the
    # table, face up for everyone (docs/rules/peloponnes.md, Hidden: "the chits drawn")
    game = _after_a_draw().when(DrawChits()).game
    for viewer in (None, 0, 1):
        disasters = RULESET.view(game, viewer)["disasters"]
        assert disasters["last_drawn"] == ["plague", "blank"]
        assert disasters["chits"]["plague"] == 1 and disasters["chits_left"] == 14
    assert "last drawn: plague, blank" in RULESET.render(game, None).splitlines()


def test_before_any_draw_no_chit_is_shown_drawn():
    assert RULESET.view(_after_a_draw().game, 0)["disasters"]["last_drawn"] == []


def test_the_chits_still_face_down_stay_hidden_after_a_draw():
    game = _after_a_draw().when(DrawChits()).game
    undrawn = list(game.chit_pile)
    assert undrawn[:4] == ["drought", "tempest", "decline", "plague"]
    for viewer in (None, 0, 1):
        shown = json.dumps(encode(dict(RULESET.view(game, viewer))))
        assert json.dumps(undrawn) not in shown
        assert json.dumps(undrawn[:2]) not in shown  # not even the next pair
        assert "drought" not in RULESET.view(game, viewer)["disasters"]["last_drawn"]


def test_no_view_lists_an_undrawn_order():  # issue: "Hidden: stack orders and undrawn chits"
    game = given(3).game
    shown = json.dumps(encode(dict(RULESET.view(game, 0))))
    for rest in game.stacks.values():
        assert json.dumps(list(rest)) not in shown
    assert json.dumps(list(game.chit_pile)) not in shown
    assert list(game.chit_pile) in RULESET.presentation.secrets(game, 0)


def test_every_viewer_sees_the_same_table():  # nothing is a seat's own secret
    game = given(3).game
    views = [dict(RULESET.view(game, v)) for v in (None, 0, 1, 2)]
    for shown in views:
        shown.pop("you")
    assert all(v == views[0] for v in views)


def test_every_event_round_trips_and_reads_in_words():
    _, events = play(3, "greedy", "words", {"sea_tiles": True, "six_player_tiles": "yes"})
    for event in events:
        name, version, payload = registry.event_to_record(event)
        json.dumps(payload)
        assert registry.event_from_record(RULESET, name, version, payload) == event
        assert RULESET.describe(event)


def test_the_terminal_drawing_shows_rows_and_seats_and_the_legend_explains_them():
    g = given(3, stacks={"A": ROW}).after(Bid(seat=0, tile="A01", amount=3))
    drawing = RULESET.render(g.game, 1)
    assert "auction row: (A01 3S) min 3 @0:3" in drawing
    assert "conquest row: [A12 Bridge] min 4" in drawing
    assert "seat 0 Messene: 6C 0W 0S 0F 0L 2P" in drawing
    assert "you are seat 1" in drawing
    assert "[B..] building" in RULESET.presentation.legend
    final, _ = play(2, "greedy", "drawing")
    assert "score" in RULESET.render(final, None)
