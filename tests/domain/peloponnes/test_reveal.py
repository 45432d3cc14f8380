"""Reveal (reference, A round 1; expansion, Peloponnes with 6 Players): how many tiles, from
which stack, into which row."""

from __future__ import annotations

import pytest

from domain.games.peloponnes.events import TilesRevealed
from tests.domain.peloponnes.play import play


def _reveals(seats, options=None):
    _, events = play(seats, "random", f"reveal-{seats}-{options}", options)
    return [e for e in events if isinstance(e, TilesRevealed)]


def test_stack_a_serves_rounds_one_to_three_b_four_to_six_c_seven_and_eight():  # reference
    assert [r.stack for r in _reveals(2)] == list("AAABBBCC")


@pytest.mark.parametrize(
    ("seats", "options", "auction", "conquest"),
    [
        (2, {}, 2, 3),  # 5 tiles: as many as seats to auction, the rest conquest
        (3, {}, 3, 2),
        (5, {}, 5, 0),
        (6, {}, 6, 0),  # expansion: 6 tiles, "The Conquest Tile is not used"
        (4, {"six_player_tiles": "yes"}, 4, 2),  # "the remaining tiles forming the Conquest Row"
        (2, {"six_player_tiles": "yes"}, 2, 4),
        (1, {}, 5, 0),  # solo: every tile is offered at its printed price
        (1, {"six_player_tiles": "yes"}, 6, 0),
    ],
)
def test_the_rows_take_as_many_tiles_as_seats_and_the_rest(seats, options, auction, conquest):
    for reveal in _reveals(seats, options):
        assert (len(reveal.auction), len(reveal.conquest)) == (auction, conquest)


def test_every_tile_of_the_game_is_revealed_once():
    reveals = _reveals(3, {"six_player_tiles": "yes"})
    tiles = [t for r in reveals for t in (*r.auction, *r.conquest)]
    assert len(tiles) == len(set(tiles)) == 48
