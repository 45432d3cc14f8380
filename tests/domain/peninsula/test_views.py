"""Views, hidden information, words for events, and the fast and used-cards variants."""

from __future__ import annotations

import json

from domain.core import PUBLIC, SERVER, SeedSealed
from domain.core.registry import command_to_json
from domain.games.peninsula import RULESET
from domain.games.peninsula.commands import DraftCard, DrawIcon, EndActions
from domain.games.peninsula.events import IconDrawn, PileShuffled
from domain.games.peninsula.state import changed
from domain.games.peninsula.views import place
from tests.domain.peninsula.scenario import H, drafted, given


def test_the_pile_order_never_shows():  # rulebook: Setup 2, "face down in a pile"
    game = given().game
    shown = json.dumps(RULESET.view(game, 0))
    assert json.dumps([list(c) for c in game.pile]) not in shown
    assert RULESET.view(game, None)["pile_size"] == len(game.pile)
    assert RULESET.view(game, None)["next_card"] is None
    assert game.luck.seed not in shown
    assert game.luck.seed in RULESET.secrets(game, 0)


def test_only_the_seed_and_the_pile_are_hidden_events():
    assert RULESET.visibility(SeedSealed(seed="0" * 64)) == SERVER
    assert RULESET.visibility(PileShuffled(order=(), counter=0)) == SERVER
    drawn = IconDrawn(seat=0, icon="boat", at=H("C4"), arrow=H("C5"), segments=0)
    assert RULESET.visibility(drawn) == PUBLIC


def test_maps_removed_and_drafted_cards_are_public():  # Cairn: views
    view = RULESET.view(drafted().game, None)
    assert len(view["removed"]) == 5 and len(view["sheets"]) == 2
    assert view["used_cards"] == [{"seat": 0, "card": ["village", "boat"]}]


def test_used_cards_face_up_shows_every_drafted_card():  # rulebook: Used Cards Face-Up
    g = given(options={"used_cards_face_up": True})
    g = g.after(DraftCard(seat=0, card=0, keep="village"), EndActions(seat=0), EndActions(seat=1))
    g = g.after(DraftCard(seat=1, card=0, keep="forest"), EndActions(seat=0), EndActions(seat=1))
    g = g.after(DraftCard(seat=0, card=0, keep="village"))
    assert len(RULESET.view(g.game, None)["used_cards"]) == 3
    plain = changed(g.game, options={**g.game.options, "used_cards_face_up": False})
    assert len(RULESET.view(plain, None)["used_cards"]) == 2


def test_fast_play_each_seat_picks_either_icon():  # rulebook: Play Faster
    g = given(seats=3, options={"fast": True})
    first, second = g.game.face_up[0]
    g.when(draw(0, first, "E4")).then_includes()
    g.when(draw(1, second, "E4")).then_includes()
    once = g.after(draw(2, first, "E4"))
    once.when(draw(2, second, "D4")).rejected("illegal_action", "already used")


def draw(seat, icon, at):
    arrow = H("E5") if icon in ("village", "boat") else None
    return DrawIcon(seat=seat, icon=icon, at=H(at), arrow=arrow)


def test_events_read_in_words():
    event = IconDrawn(seat=2, icon="village", at=H("C4"), arrow=H("C5"), segments=0)
    assert RULESET.describe(event) == "seat 2 drew a village at C4, street to C5"


def test_render_shows_the_architect_and_icons():
    g = drafted().after(DrawIcon(seat=0, icon="village", at=H("E4"), arrow=H("E5")))
    picture = RULESET.render(g.game, 0)
    assert "@" in picture and " v" in picture and "E4<->E5 street" in picture


def test_a_place_is_written_alike_in_views_commands_and_content():  # Cairn: coordinates
    g = drafted().after(DrawIcon(seat=0, icon="village", at=H("E4"), arrow=H("E5")))
    sheet = RULESET.view(g.game, None)["sheets"][0]
    location = g.game.sheets[0].location
    assert sheet["location"] == {"q": location.q, "r": location.r}
    assert sheet["icons"] == [{"q": H("E4").q, "r": H("E4").r, "icon": "village", "filled": False}]
    assert sheet["arrows"] == [{"start": place(H("E4")), "end": place(H("E5")), "kind": "street"}]
    drafted_view = RULESET.view(drafted().game, 0)["sheets"][0]
    commands = [command_to_json(c) for c in RULESET.legal_commands(drafted().game, 0)]
    targets = [c["at"] for c in commands if c["type"] == "draw_icon"]
    assert targets and all(set(t) == {"q", "r"} for t in targets)
    labels = {
        (h["q"], h["r"]): h["label"]
        for m in RULESET.presentation.content(RULESET.pack(None))["maps"]
        for h in m["hexes"]
    }
    location = drafted_view["location"]
    assert labels[(location["q"], location["r"])] == str(drafted().game.sheets[0].location)
