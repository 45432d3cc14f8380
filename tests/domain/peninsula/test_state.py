"""The fold's fast copies build the same frozen values ``dataclasses.replace`` would."""

from __future__ import annotations

from dataclasses import FrozenInstanceError, replace

import pytest

from domain.games.peninsula.cards import ICONS
from domain.games.peninsula.state import ONE_ICON, SPENT, USED_UP, Allowance, Game, copied
from service.application.snapshots import decode_state, encode_state
from tests.domain.peninsula.scenario import H, drafted


def _same(fast: object, slow: object) -> None:
    assert type(fast) is type(slow)
    assert fast == slow and repr(fast) == repr(slow)
    # Stored as a snapshot is stored (snapshots were pickles; now msgpack by type hints).
    assert decode_state(type(fast), encode_state(fast)) == slow


def test_game_copies_equal_replace_and_share_the_other_seats():
    game = drafted().game
    sheet = game.sheets[1]
    moved = replace(sheet, location=H("C4"))
    spent = game.with_allowance(1, SPENT)
    _same(spent, replace(game, allowances=(game.allowances[0], SPENT)))
    _same(
        game.with_sheet_changes(1, {"location": H("C4")}),
        replace(game, sheets=(game.sheets[0], moved)),
    )
    both = game.with_seat_changes(1, {"location": H("C4")}, USED_UP)
    _same(
        both,
        replace(game, sheets=(game.sheets[0], moved), allowances=(game.allowances[0], USED_UP)),
    )
    assert both.sheets[0] is game.sheets[0] and both.allowances[0] is game.allowances[0]


def test_copies_stay_frozen():
    copy = copied(Game(), {"round": 2})
    with pytest.raises(FrozenInstanceError):
        copy.round = 3  # type: ignore[misc]


def test_shared_allowances_are_the_ones_a_seat_would_be_given():
    assert Allowance(hand=(), uses=0, must_draw=False, done=False) == USED_UP
    for icon in ICONS:
        built = Allowance(hand=(icon,), uses=1, must_draw=False, done=False)
        _same(ONE_ICON[icon], built)
        assert hash(ONE_ICON[icon]) == hash(built)
