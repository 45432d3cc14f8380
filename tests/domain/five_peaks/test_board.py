"""Board Expansion, Board Spaces, Peak Tiles and Stones, Resources on the Board."""

from __future__ import annotations

from dataclasses import replace
from types import MappingProxyType

import pytest

from domain.core import RuleViolation
from domain.games.five_peaks.commands import (
    Collect,
    Convert,
    Discard,
    DrawCampfire,
    Exchange,
    Pass,
    PlacePeak,
    PlaceStone,
    PlaceTile,
    PlayCard,
    TakeCard,
    TakeLeft,
)
from domain.games.five_peaks.events import (
    PeakPlaced,
    ResourcesMoved,
    RewardsDue,
    TilePlaced,
    TileRevealed,
)
from domain.games.five_peaks.geometry import Cell
from domain.games.five_peaks.state import Reward
from tests.domain.five_peaks.scenario import (
    act,
    board,
    fresh,
    hiker,
    legal,
    pawns,
    peaks,
    stage,
)


def stacked(game, *tiles):
    return replace(game, terrain_stack=(*tiles, *(t for t in game.terrain_stack if t not in tiles)))


def test_camilles_discovery_takes_the_new_squares_mushroom_and_berry():
    """Discovery example: she draws the top tile, turns it as she likes, places it at a free
    corner of her pawn's tile and takes the new square space's two halves."""
    game = stacked(pawns(board(fresh(2)), Cell(-1, 1), Cell(1, 1)), "forest-1")
    events, game = act(game, PlayCard(0, "discovery", 0))
    assert TileRevealed(0, "forest-1") in events and game.revealed == "forest-1"
    corners = {c.corner for c in legal(game) if isinstance(c, PlaceTile)}
    assert corners == {Cell(-2, -2), Cell(2, -2), Cell(-2, 2), Cell(2, 2)}
    # north-west corner: the start's berry half and forest-1's mushroom half, turned 3 times
    events, game = act(game, PlaceTile(0, Cell(-2, 2), 3))
    assert TilePlaced(0, "forest-1", -4, 2, 3) in events
    assert ResourcesMoved(0, {}, {"berry": 1, "mushroom": 1}) in events
    assert game.revealed == "" and len(game.placements) == 2


def erica_board():
    # forest-1 (2, 2) on the start, forest-2 (4, 0) and forest-3 (6, 2) beyond it
    game = board(fresh(2), ("forest-1", 2, 2, 0), ("forest-2", 4, 0, 0), ("forest-3", 6, 2, 0))
    return stacked(pawns(game, Cell(3, 3), Cell(0, 0)), "alpine-2")


def test_ericas_tile_makes_two_squares_and_she_takes_only_her_tiles():
    """Erica's example: a second square space is made, but it does not touch her pawn's tile,
    so she gains only the resources of the one that does."""
    game = erica_board()
    _, game = act(game, PlayCard(0, "discovery", 0))
    events, game = act(game, PlaceTile(0, Cell(4, 4), 0))
    # forest-1's north-east herb and alpine-2's south-west mushroom; not the (6, 4) square
    assert ResourcesMoved(0, {}, {"herb": 1, "mushroom": 1}) in events
    from domain.games.five_peaks.board import board as board_now

    spaces = board_now(game).spaces
    assert len(spaces[Cell(6, 4)].tiles) == 2  # the other new square joins alpine-2, forest-3
    assert game.hiker(0).load == 2


def test_agnes_cannot_discover_when_the_tile_would_cover_the_start():
    """Board Expansion example: one open corner, but a tile there would cover the start."""
    game = board(
        fresh(2),
        ("forest-1", 2, 2, 0),
        ("forest-2", 4, 0, 0),
        ("forest-3", 6, 2, 0),
        ("forest-4", 6, -2, 0),
    )
    game = pawns(game, Cell(5, 1), Cell(0, 0))
    with pytest.raises(RuleViolation) as caught:
        act(game, PlayCard(0, "discovery", 0))
    assert "no new tile" in caught.value.message
    assert PlayCard(0, "discovery", 1) in legal(game)  # foraging is still possible


def test_camille_on_a_peak_tile_cannot_discover():
    """Board Expansion example: a peak tile is not a terrain tile and has no corners."""
    game = board(fresh(2), ("forest-1", 2, 2, 0))
    game = peaks(game, ("forest-peak-1", Cell(3, 5), ()))
    game = pawns(game, Cell(3, 5), Cell(0, 0))
    assert PlayCard(0, "discovery", 0) not in legal(game)


def test_no_tile_when_the_stack_is_empty():
    game = replace(pawns(board(fresh(2)), Cell(0, 0), Cell(1, 1)), terrain_stack=())
    assert PlayCard(0, "discovery", 0) not in legal(game)


def test_the_stack_is_forest_then_alpine_then_rocky():
    stack = fresh(2).terrain_stack
    kinds = [t.split("-")[0] for t in stack]
    assert kinds == ["forest"] * 6 + ["alpine"] * 4 + ["rocky"] * 3


def mario_board(endorphins: int):
    # alpine-2's south space at (3, 2): 3 endorphins for a pouch
    game = pawns(board(fresh(2), ("alpine-2", 2, 2, 0)), Cell(3, 2), Cell(0, 0))
    return stage(hiker(game, 0, endorphins=endorphins), "space", at=Cell(3, 2))


def test_mario_trades_9_endorphins_for_3_sacks():
    """Board Spaces example: the same exchange three times in one stop."""
    game = mario_board(9)
    for _ in range(3):
        _, game = act(game, Exchange(0))
    assert game.hiker(0).endorphins == 0 and game.hiker(0).held("pouch") == 3
    with pytest.raises(RuleViolation):
        act(game, Exchange(0))


def test_an_exchange_is_refused_when_the_bank_has_none_of_what_it_trades_for():
    """Board Spaces, Resource spaces: "if the bank has none of a given resource, you cannot
    take it", so the seat does not pay 3 endorphins for a pouch the bank does not have."""
    game = mario_board(30)
    empty = replace(game, bank=MappingProxyType({**game.bank, "pouch": 0}))
    assert Exchange(0) not in legal(empty) and Pass(0) in legal(empty)
    with pytest.raises(RuleViolation) as refused:
        act(empty, Exchange(0))
    assert refused.value.code == "illegal_action"
    assert refused.value.message == "the bank has no pouch left: this exchange gives 1"
    # the bank's last pouch: one exchange, then nothing is left to do and the turn ends
    last = replace(game, bank=MappingProxyType({**game.bank, "pouch": 1}))
    events, last = act(last, Exchange(0))
    assert ResourcesMoved(0, {"endorphin": 3}, {"pouch": 1}) in events
    assert last.turn == 1 and last.hiker(0).endorphins == 27


@pytest.mark.parametrize(
    ("tile", "at", "emptied", "card"),
    [
        ("forest-5", Cell(2, 3), "market", "market"),
        ("rocky-3", Cell(4, 3), "fire_deck", "campfire"),
    ],
)
def test_an_exchange_for_a_card_is_refused_when_there_is_none_to_take(tile, at, emptied, card):
    """Rewards: a free hiking card is taken "from the market", a campfire card from the top of
    the campfire deck; with none there the seat would pay for nothing (as the bank above)."""
    game = pawns(board(fresh(2), (tile, 2, 2, 0)), at, Cell(0, 0))
    game = stage(hiker(game, 0, endorphins=9), "space", at=at)
    assert Exchange(0) in legal(game)
    game = replace(game, **{emptied: ()})
    assert Exchange(0) not in legal(game)
    with pytest.raises(RuleViolation) as refused:
        act(game, Exchange(0))
    assert refused.value.code == "illegal_action"
    assert refused.value.message.endswith(f"this exchange gives a {card} card")


def test_under_rules_version_1_an_exchange_paid_for_what_the_bank_lacked():
    """Version 1 games replay as recorded (docs/rules-versions.md): paid, nothing gained."""
    game = replace(mario_board(30), rules_version="1")
    game = replace(game, bank=MappingProxyType({**game.bank, "pouch": 1}))
    _, game = act(game, Exchange(0))
    assert Exchange(0) in legal(game)
    events, game = act(game, Exchange(0))
    assert ResourcesMoved(0, {"endorphin": 3}, {}) in events
    assert game.hiker(0).held("pouch") == 1 and game.hiker(0).endorphins == 24


def camille_board():
    # forest-1's centre (3, 3) trades a mushroom and 2 herbs for a peak; edges north and east
    game = pawns(board(fresh(2), ("forest-1", 2, 2, 0)), Cell(3, 3), Cell(0, 0))
    game = hiker(game, 0, backpack={"mushroom": 2, "herb": 4})
    return stage(game, "space", at=Cell(3, 3))


def test_camille_places_two_forest_peaks_and_takes_two_badges():
    """Rewards example: she pays 1 mushroom and 2 herbs twice for 2 peaks and 2 badges."""
    game = camille_board()
    spots = set()
    for _ in range(2):
        events, game = act(game, Exchange(0))
        assert RewardsDue(0, (Reward("peak"),)) in events
        spots = {(c.at, c.terrain) for c in legal(game) if isinstance(c, PlacePeak)}
        at = sorted(spots)[0][0]
        events, game = act(game, PlacePeak(0, at, "forest"))
        assert any(isinstance(e, PeakPlaced) for e in events)
    assert spots == {(Cell(5, 3), "forest")}  # the second peak had one gap left
    assert game.hiker(0).badges == ("forest", "forest") and game.hiker(0).load == 0
    assert {p.at for p in game.peaks} == {Cell(3, 5), Cell(5, 3)}


def test_no_peak_exchange_without_a_free_gap():
    game = peaks(
        camille_board(), ("forest-peak-1", Cell(3, 5), ()), ("forest-peak-2", Cell(5, 3), ())
    )
    with pytest.raises(RuleViolation) as caught:
        act(game, Exchange(0))
    assert "no peak" in caught.value.message


def test_a_peak_links_only_to_edges_with_a_path():
    """Peak Tiles: an edge with a path against one without is simply no path."""
    from domain.games.five_peaks.board import board as board_now

    game = peaks(camille_board(), ("forest-peak-1", Cell(3, 5), ()))
    assert Cell(3, 4) in board_now(game).links[Cell(3, 5)]
    game = board(game, ("forest-2", 2, 2, 0))  # forest-2 has no path on its north edge
    assert Cell(3, 5) not in board_now(game).links


def stone_board(stones):
    game = board(fresh(2), ("forest-1", 2, 2, 0))
    game = peaks(game, ("forest-peak-4", Cell(3, 5), stones))  # its reward: a market card
    game = pawns(game, Cell(0, 0), Cell(3, 5))
    return stage(game, "space", seat=1, at=Cell(3, 5))


def test_erica_places_a_smaller_stone_on_marios_and_takes_a_free_card():
    """Peak Tiles example: Mario's x2 is there, so Erica may place only a smaller x2 or the
    x1; the reward comes with the stone."""
    game = stone_board(((0, "x2-large"),))
    allowed = {c.stone for c in legal(game) if isinstance(c, PlaceStone)}
    assert allowed == {"x1", "x2-small"}
    events, game = act(game, PlaceStone(1, "x2-small"))
    assert RewardsDue(1, (Reward("market"),)) in events
    card = game.market[0]
    _, game = act(game, TakeCard(1, 0))
    assert card in game.hiker(1).hand and game.hiker(1).endorphins == 2  # free
    assert game.stack_at(Cell(3, 5)).stones == ((0, "x2-large"), (1, "x2-small"))


def test_one_stone_per_seat_per_peak_and_per_stop():
    game = stone_board(((1, "x1"),))
    assert not any(isinstance(c, PlaceStone) for c in legal(game))
    game = stone_board(())
    _, game = act(game, PlaceStone(1, "x3-large"))
    _, game = act(game, Pass(1))  # forgo the card
    assert not any(isinstance(c, PlaceStone) for c in legal(game))


def test_stopping_on_a_peak_gives_nothing_by_itself():
    game = stone_board(())
    assert game.hiker(1).endorphins == 2 and not game.rewards


def agnes_exchange():
    # alpine-1's north (3, 4): berry, mushroom and a pouch for a campfire card
    game = pawns(board(fresh(2), ("alpine-1", 2, 2, 0)), Cell(3, 4), Cell(0, 0))
    game = hiker(game, 0, backpack={"mushroom": 4, "berry": 3, "herb": 3})
    game = replace(
        game,
        left=MappingProxyType({Cell(3, 4): MappingProxyType({"herb": 2, "pouch": 1, "berry": 1})}),
    )
    return stage(game, "space", at=Cell(3, 4))


def test_agnes_takes_left_resources_discards_then_exchanges():
    """Resources on the Board example: all four taken, the backpack brought back to 10 by
    her choice (a mushroom and three of the new ones), then the exchange."""
    game = agnes_exchange()
    _, game = act(game, TakeLeft(0))
    assert game.hiker(0).load == 14
    assert {type(c) for c in legal(game)} == {Discard}
    for resource in ("mushroom", "herb", "herb", "berry"):
        _, game = act(game, Discard(0, resource))
    assert game.hiker(0).load == 10 and game.hiker(0).held("pouch") == 1
    events, game = act(game, Exchange(0))
    assert RewardsDue(0, (Reward("campfire"),)) in events
    assert DrawCampfire(0) in legal(game)


def test_left_resources_cannot_be_taken_after_resolving():
    """ "The player first decides whether to take the resources, then resolves the space"."""
    game = hiker(agnes_exchange(), 0, backpack={"mushroom": 1, "berry": 1, "pouch": 1})
    _, game = act(game, Exchange(0))
    _, game = act(game, Pass(0))  # forgo the campfire card
    with pytest.raises(RuleViolation):
        act(game, TakeLeft(0))


def test_container_exchange_is_repeatable():
    game = pawns(board(fresh(2), ("forest-3", 2, 2, 0)), Cell(2, 3), Cell(0, 0))
    game = stage(hiker(game, 0, backpack={"basket": 2}), "space", at=Cell(2, 3))
    _, game = act(game, Convert(0, "basket", "jar"))
    _, game = act(game, Convert(0, "basket", "pouch"))
    assert dict(game.hiker(0).backpack) == {"jar": 1, "pouch": 1}
    with pytest.raises(RuleViolation):
        act(game, Convert(0, "jar", "jar"))


def test_a_square_space_yields_both_halves():
    """Board Expansion: a pawn stopping on a square gains both printed resources."""
    game = pawns(board(fresh(2), ("forest-1", 2, 2, 0)), Cell(2, 2), Cell(0, 0))
    events, _ = act(stage(game, "space", at=Cell(2, 2)), Collect(0))
    assert ResourcesMoved(0, {}, {"mushroom": 2}) in events  # start's and forest-1's
