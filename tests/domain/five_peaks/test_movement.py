"""Movement (Starting Cards: Walk, March; Hiking Card Descriptions: Sightsee, Run, Shortcut,
Bike, Paraglide)."""

from __future__ import annotations

import pytest

from domain.core import RuleViolation
from domain.games.five_peaks.board import board as board_of_game
from domain.games.five_peaks.commands import Collect, Move, PlayCard
from domain.games.five_peaks.events import PawnMoved, ResourcesMoved
from domain.games.five_peaks.geometry import Cell
from tests.domain.five_peaks.scenario import act, board, fresh, hiker, legal, pawns, peaks, stage


def moves(game):  # the cells a Move may reach now
    return {c.to for c in legal(game) if isinstance(c, Move)}


def agnes_and_camille():
    # Start tile with forest-1 on its north-east corner: the square (2, 2) joins them
    game = board(fresh(2), ("forest-1", 2, 2, 0))
    return pawns(game, Cell(1, 1), Cell(2, 2))


def test_agnes_walks_through_camilles_pawn_and_takes_a_mushroom():
    """Walk example: entering Camille's space does not count; she moves on and stops on
    an empty mushroom space, which she resolves."""
    game = agnes_and_camille()
    _, game = act(game, PlayCard(0, "walk"))
    assert Cell(2, 2) not in moves(game)
    assert {Cell(3, 2), Cell(2, 3), Cell(0, 0)} == moves(game)
    _, game = act(game, Move(0, Cell(3, 2)))
    events, game = act(game, Collect(0))
    assert ResourcesMoved(0, {}, {"mushroom": 1}) in events
    assert game.hiker(0).held("mushroom") == 1


def test_a_walk_cannot_stop_on_a_pawn():
    """Walk: "you must keep moving ... until you enter a space without a pawn"."""
    game = agnes_and_camille()
    _, game = act(game, PlayCard(0, "walk"))
    with pytest.raises(RuleViolation) as caught:
        act(game, Move(0, Cell(2, 2)))
    assert caught.value.code == "illegal_action"


def test_camilles_march_reuses_a_branching_path():
    """March example: on rocky terrain one path branches to two spaces; Camille may enter
    both, reusing part of the path, but never the same space twice."""
    game = board(fresh(2), ("forest-1", 2, 2, 0), ("rocky-1", 4, 4, 0))
    # rocky-1's centre is (5, 5); its branching path joins the centre, west (4, 5), north (5, 6)
    game = pawns(game, Cell(5, 5), Cell(0, 0))
    _, game = act(game, PlayCard(0, "march"))
    assert Cell(5, 6) in moves(game)  # centre -> west -> north along the branch
    assert Cell(5, 5) not in moves(game)  # no space twice: never back to the start


def test_march_without_the_branch_cannot_reach_the_far_branch_end():
    """The control: on forest-1, whose centre has no branching path, north is one step
    from the centre and not two."""
    game = pawns(board(fresh(2), ("forest-1", 2, 2, 0)), Cell(3, 3), Cell(0, 0))
    _, game = act(game, PlayCard(0, "march"))
    assert Cell(3, 4) not in moves(game)


def test_run_is_exactly_four_spaces():
    """Run: "Move your pawn exactly 4 spaces"."""
    game = pawns(board(fresh(2), ("forest-1", 2, 2, 0)), Cell(0, 0), Cell(-2, -2))
    game = hiker(game, 0, hand=(*game.hiker(0).hand, "run"))
    _, game = act(game, PlayCard(0, "run"))
    reached = moves(game)
    # (1, 1), the square (2, 2), forest-1's south (3, 2) or west (2, 3), then a fourth
    assert {Cell(4, 2), Cell(2, 4), Cell(3, 3)} <= reached
    assert not reached & {Cell(1, 1), Cell(2, 2), Cell(3, 2), Cell(2, 3)}


def test_sightsee_stops_after_one_or_two():
    game = pawns(board(fresh(2), ("forest-1", 2, 2, 0)), Cell(0, 0), Cell(-2, -2))
    game = hiker(game, 0, hand=(*game.hiker(0).hand, "sightsee"))
    _, game = act(game, PlayCard(0, "sightsee"))
    assert {Cell(1, 1), Cell(2, 2), Cell(-1, 1)} <= moves(game)


def test_a_move_with_nowhere_to_go_passes():
    """A card may always be played; a move that cannot end anywhere does nothing."""
    # on the start tile, (1, 1) has no space north, south, east or west of it
    game = pawns(board(fresh(2)), Cell(1, 1), Cell(0, 0))
    game = hiker(game, 0, hand=(*game.hiker(0).hand, "shortcut"))
    events, game = act(game, PlayCard(0, "shortcut"))
    # passing is all that is left, so the turn ends by itself (docs/rules/five-peaks.md)
    assert not any(isinstance(e, PawnMoved) for e in events)
    assert game.turn == 1 and game.hiker(0).played == ("shortcut",)


def shortcut_board():
    # forest-2 has no path on its north edge; a peak sits beyond it at (3, 5)
    game = board(fresh(2), ("forest-2", 2, 2, 0))
    game = peaks(game, ("forest-peak-1", Cell(3, 5), ()))
    game = pawns(game, Cell(3, 4), Cell(2, 4))
    return hiker(game, 0, hand=(*game.hiker(0).hand, "shortcut"))


def test_marios_shortcut_goes_north_despite_the_broken_path_or_east():
    """Shortcut example: the peak north (no path joins them), the space east; not west,
    where an opponent's pawn stands."""
    game = shortcut_board()
    assert Cell(3, 5) not in board_of_game(game).links.get(Cell(3, 4), frozenset())
    _, game = act(game, PlayCard(0, "shortcut"))
    reached = moves(game)
    assert Cell(3, 5) in reached and Cell(4, 4) in reached
    assert Cell(2, 4) not in reached
    assert reached <= {Cell(3, 5), Cell(4, 4), Cell(3, 3)}


def test_shortcut_never_goes_diagonally_or_off_the_board():
    game = shortcut_board()
    _, game = act(game, PlayCard(0, "shortcut"))
    with pytest.raises(RuleViolation):
        act(game, Move(0, Cell(4, 5)))


def glide_board(at: Cell):
    game = board(fresh(2), ("forest-1", 2, 2, 0), ("rocky-1", 4, 4, 0))
    game = pawns(game, at, Cell(-2, -2))
    return hiker(game, 0, hand=(*game.hiker(0).hand, "paraglide"))


def test_marios_paraglide_from_rocky_reaches_forest_endorphin_spaces_only():
    """Paraglide example: from a rocky space, any empty alpine or forest space that gives an
    endorphin; never the rocky space with 2 endorphins."""
    game = glide_board(Cell(5, 5))
    _, game = act(game, PlayCard(0, "paraglide"))
    reached = moves(game)
    assert {Cell(3, 4), Cell(2, 3)} <= reached  # forest-1: endorphin, berry and endorphin
    assert Cell(5, 4) not in reached  # rocky-1's 2-endorphin space
    assert all("forest" in board_of_game(game).spaces[c].terrains for c in reached)


def test_paraglide_from_forest_goes_nowhere():
    game = glide_board(Cell(3, 3))
    _, game = act(game, PlayCard(0, "paraglide"))
    assert moves(game) == set()


def test_bike_goes_to_any_other_empty_bike_space():
    game = board(fresh(2), ("forest-1", 2, 2, 0), ("forest-2", -4, 2, 0))
    game = pawns(game, Cell(0, 0), Cell(-3, 2))  # seat 1 on forest-2's bike space
    game = hiker(game, 0, hand=(*game.hiker(0).hand, "bike"))
    _, game = act(game, PlayCard(0, "bike"))
    assert moves(game) == {Cell(4, 3)}  # forest-1's bike; forest-2's is taken
    events, _ = act(game, Move(0, Cell(4, 3)))
    assert PawnMoved(0, Cell(4, 3)) in events


def test_stage_guard_names_the_problem():
    game = stage(agnes_and_camille(), "play")
    with pytest.raises(RuleViolation) as caught:
        act(game, Move(0, Cell(3, 2)))
    assert caught.value.code == "wrong_phase"
