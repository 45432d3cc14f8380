"""The shortcuts Five Peaks' rollouts take for speed give what the plain forms give.

``python -m bench.rollout_fingerprint`` holds whole rollouts to the code before the speed
work; these tests hold each shortcut to its plain form on its own, so a failure names the
one that drifted: the legal commands that pass every ``Move`` without asking ``problem``,
``legal_moves``, and the breadth-first walk over cell numbers (``walks.reach``).
"""

from __future__ import annotations

from collections import deque
from dataclasses import replace
from functools import cache
from itertools import pairwise
from types import MappingProxyType
from typing import Any

import pytest

from domain.games.five_peaks import RULESET, boards
from domain.games.five_peaks import board as b
from domain.games.five_peaks import kept_commands as kept
from domain.games.five_peaks.boards import board_of, with_peak, with_tile
from domain.games.five_peaks.checks import problem
from domain.games.five_peaks.commands import Move, Pass
from domain.games.five_peaks.decider import SETTLE_LIMIT, _settle, consequences
from domain.games.five_peaks.evolve import evolve
from domain.games.five_peaks.flow import stage
from domain.games.five_peaks.geometry import (
    Board,
    Cell,
    Placement,
    build_board,
)
from domain.games.five_peaks.outlooks import OUTLOOK, lookouts, move_worth, outlook
from domain.games.five_peaks.rules import (
    candidates,
    legal_commands,
    legal_moves,
)
from domain.games.five_peaks.state import Reward, changed
from domain.games.five_peaks.walks import Graph, distances, graph
from domain.games.five_peaks.worths import memo_of, space_worth
from tests.support.play import play


@cache
def positions(bot: str) -> tuple[Any, ...]:
    """Every position of a seeded 2-seat game, the start's setup step left out."""
    return tuple(step.state for step in play(RULESET, 2, label=f"fast-{bot}", bot=bot))[1:]


def plain_legal(game: Any, seat: int) -> tuple[Any, ...]:
    """``legal_commands`` as its definition reads: every candidate ``problem`` passes."""
    if game.phase != "play" or seat != game.turn or not 0 <= seat < game.seats:
        return ()
    return tuple(c for c in candidates(game, seat) if problem(game, c) is None)


@pytest.mark.parametrize("bot", ["greedy", "random"])
def test_legal_commands_and_moves_are_the_plain_filter_at_every_position(bot):
    moving = 0
    for game in positions(bot):
        for seat in range(game.seats):
            legal = legal_commands(game, seat)
            assert legal == plain_legal(game, seat)
            moves = tuple(c for c in legal if isinstance(c, Move))
            assert legal_moves(game, seat) == moves
            moving += bool(moves)
    assert moving > 20  # the move stages were reached, so the shortcut was taken


def plain_distances(board: Board, start: Cell, within: int) -> list[tuple[Cell, int]]:
    """A breadth-first walk over ``Board.links`` itself, in the order it finds cells."""
    seen = {start: 0}
    queue = deque([start])
    while queue:
        at = queue.popleft()
        if seen[at] == within:
            continue
        for near in board.links.get(at, ()):
            if near not in seen:
                seen[near] = seen[at] + 1
                queue.append(near)
    return list(seen.items())


def test_distances_and_lookouts_walk_the_links_as_the_plain_walk_does():
    boards = {id(bd): bd for bd in (b.board(g) for g in positions("greedy"))}
    assert len(boards) > 5  # tiles and peaks were placed: several boards
    kinds = ("peak", "exchange", "container")
    for board in boards.values():
        starts = [*board.links, Cell(99, 99)]  # and a cell with no links at all
        for start in starts:
            for within in (1, OUTLOOK):
                plain = plain_distances(board, start, within)
                assert list(distances(board, start, within).items()) == plain
            wanted = tuple(
                (at, d)
                for at, d in plain_distances(board, start, OUTLOOK)
                if d > 0 and board.spaces[at].kind in kinds
            )
            cells = graph(board).cells
            assert tuple((cells[n], s - 1) for n, s in lookouts(board, start)) == wanted


def blocked_variants(game: Any, seat: int) -> list[Any]:
    """``game`` with each thing that must come before a move: a backpack over its limit, a
    campfire draw to choose from, a reward to resolve (rare at a move stage in real games,
    so made here)."""
    hiker = game.hiker(seat)
    full = MappingProxyType({"mushroom": b.backpack_limit(game, seat) + 1})
    return [
        game.with_hiker(seat, replace(hiker, backpack=full)),
        game.with_hiker(seat, replace(hiker, drawn=b.content(game).fire_cards()[:2])),
        replace(game, rewards=(Reward("market"),)),
    ]


def test_no_move_is_legal_while_something_must_come_first():
    moving = [g for g in positions("greedy") if legal_moves(g, g.turn)][:10]
    assert moving
    for game in moving:
        for variant in blocked_variants(game, game.turn):
            assert legal_commands(variant, game.turn) == plain_legal(variant, game.turn)
            assert legal_moves(variant, game.turn) == ()


def test_a_stage_begins_as_replace_would_make_it_and_refuses_unknown_fields():
    bases = {g.stage for g in positions("greedy")}
    assert len(bases) > 10
    changes = {"steps": (1,), "again": 0, "at": Cell(1, 2), "resolved": True, "count": 2}
    for base in bases:
        made = stage(0, "move", base, **changes).stage
        assert made == replace(base, kind="move", **changes)
        assert vars(made) == vars(replace(base, kind="move", **changes))
    with pytest.raises(TypeError, match="sideways"):
        stage(0, "move", None, sideways=1)


def steps(bot: str) -> list[tuple[Any, Any]]:
    """(before, after) of each position that placed one tile or one peak."""
    games = positions(bot)
    return [
        (g, h)
        for g, h in pairwise(games)
        if (len(h.placements) == len(g.placements) + 1 and h.peaks == g.peaks)
        or (h.placements == g.placements and len(h.peaks) == len(g.peaks) + 1)
    ]


def built(game: Any) -> Board:
    return build_board(b.content(game), game.placements, game.peak_cells())


@pytest.mark.parametrize("bot", ["greedy", "random"])
def test_a_board_grown_by_a_tile_or_a_peak_is_the_board_built_from_nothing(bot):
    tiles = peaks = 0
    for before, after in steps(bot):
        parent = built(before)
        if len(after.placements) > len(before.placements):
            grown = with_tile(parent, after.placements)
            tiles += 1
        else:
            grown = with_peak(parent, after.peak_cells())
            peaks += 1
        assert grown == built(after)
        assert grown is not None and grown.placements == after.placements
        assert grown.peaks == after.peak_cells()
    assert tiles > 3 and peaks > 1
    for game in positions(bot):
        assert board_of(b.content(game), game.placements, game.peak_cells()) == built(game)


def test_a_board_is_built_from_nothing_where_a_tile_or_peak_would_overlap():
    before, after = next((g, h) for g, h in steps("greedy") if len(h.peaks) > len(g.peaks))
    parent, (peak, at) = built(before), after.peak_cells()[-1]
    taken = next(iter(parent.spaces))
    assert with_peak(parent, (*before.peak_cells(), (peak, taken))) is None
    tile = after.placements[-1].tile  # a 3x3 terrain tile, laid over the new peak
    over = Placement(tile, at.x - 1, at.y - 1, 0)
    assert with_tile(built(after), (*after.placements, over)) is None


def plain_move(game: Any, seat: int, at: Cell) -> float:
    """A ``Move``'s score as its definition reads: the stop's worth and half its outlook."""
    return space_worth(game, seat, at) + plain_outlook(game, seat, at) * 0.5


def test_a_move_is_worth_what_the_plain_worth_says_as_the_peak_piles_change():
    differ = 0
    for game in positions("greedy")[::5]:
        for seat in range(game.seats):
            emptied = changed(game, peak_piles=MappingProxyType({}))
            for at in b.board(game).spaces:
                assert move_worth(game, seat, at) == plain_move(game, seat, at)
                # the memo comes along with ``changed``; the piles it was kept beside do not
                assert move_worth(emptied, seat, at) == plain_move(emptied, seat, at)
                differ += space_worth(emptied, seat, at) != space_worth(game, seat, at)
    assert differ  # an exchange for a peak is worth less without a peak to place


def settled(bot: str) -> list[tuple[Any, int]]:
    """(position, seat) where the settling asks for the seat's list: after each legal command
    of every tenth position, its consequences folded, before any pass."""
    out = []
    for game in positions(bot)[::10]:
        for seat in range(game.seats):
            for command in legal_commands(game, seat):
                after = game
                for event in consequences(game, command):
                    after = evolve(after, event)
                out.append((after, seat))
    return out


def stuck(game: Any) -> list[Any]:
    """A move stage where passing is all there is: nowhere to stop, or a campfire reward
    owed from an empty campfire deck before any move."""
    return [
        replace(game, stage=replace(game.stage, steps=(99,))),
        replace(game, rewards=(Reward("campfire"),), fire_deck=()),
    ]


def test_a_move_stage_with_no_move_open_can_only_pass():
    moving = [g for g in positions("greedy") if legal_moves(g, g.turn)][:10]
    assert moving
    for game in moving:
        assert legal_commands(game, game.turn) != (Pass(game.turn),)
        for variant in stuck(game):
            assert plain_legal(variant, game.turn) == (Pass(game.turn),)
            assert legal_commands(variant, game.turn) == (Pass(game.turn),)


@pytest.mark.parametrize("bot", ["greedy", "random"])
def test_only_passing_is_what_the_plain_filter_leaves(bot):
    seen = {True: 0, False: 0, "moves": 0}
    for game, seat in [*settled(bot), *((g, g.turn) for g in positions(bot))]:
        listed = plain_legal(game, seat)
        assert legal_commands(changed(game), seat) == listed  # made afresh, not kept
        plain = listed == (Pass(seat),)
        seen[plain] += 1
        seen["moves"] += game.stage.kind == "move" and game.turn == seat
    assert seen[True] > 20 and seen[False] > 20 and seen["moves"] > 20


@pytest.mark.parametrize("bot", ["greedy", "random"])
def test_candidates_kept_across_positions_are_the_ones_made_afresh(bot):
    """The kept groups of commands, asked position after position as a game asks them, are
    what they would be made afresh (each kept under all it is made from)."""
    kept_ones = [candidates(g, s) for g in positions(bot) for s in range(g.seats)]
    fresh = []
    for game in positions(bot):
        for seat in range(game.seats):
            for group in (kept.opening, kept.plays, kept.moves, kept.at_space, kept.basics):
                group.cache_clear()
            fresh.append(candidates(game, seat))
    assert kept_ones == fresh
    assert sum(len(c) for c in fresh) > 1000


def as_cells(found: Graph) -> tuple[dict[Cell, tuple[Cell, ...]], dict[Cell, str]]:
    """A graph by cells, not numbers: each cell's linked cells in order, and its kind."""
    cells = found.cells
    assert all(found.numbers[c] == i for i, c in enumerate(cells))
    linked = {c: tuple(cells[n] for n in found.near[i]) for i, c in enumerate(cells)}
    return linked, dict(zip(cells, found.kinds, strict=True))


@pytest.mark.parametrize("bot", ["greedy", "random"])
def test_a_grown_boards_graph_is_the_graph_built_afresh_by_cells(bot):
    carried = 0
    for before, after in steps(bot):
        parent = built(before)
        graph(parent)  # the parent's graph is built, so the child's is carried
        if len(after.placements) > len(before.placements):
            grown = with_tile(parent, after.placements)
        else:
            grown = with_peak(parent, after.peak_cells())
        assert grown is not None and "graph" in grown.memo
        carried += 1
        # the numbers differ, the cells each cell links to and in what order do not
        afresh = graph(replace(grown, memo={}))
        assert as_cells(graph(grown)) == as_cells(afresh)
        fresh = built(after)  # links in the same sets, perhaps tried in another order
        for start in fresh.links:
            walked = list(distances(grown, start, OUTLOOK).items())
            assert walked == plain_distances(grown, start, OUTLOOK)
            assert dict(walked) == dict(plain_distances(fresh, start, OUTLOOK))
    assert carried > 5


def test_a_carried_graph_takes_the_kind_a_new_tile_gives_a_cell_already_linked():
    """Real tiles only add spaces to cells no path reached before; a parent made to lack the
    space of a linked cell the new tile covers shows the kind is made again too."""
    for before, after in steps("greedy"):
        if len(after.placements) == len(before.placements):
            continue
        parent, new = built(before), after.placements[-1]
        size = b.content(after).tile(new.tile).size
        block = {Cell(new.x + dx, new.y + dy) for dx in range(size) for dy in range(size)}
        linked = [c for c in block if c in parent.links and c in parent.spaces]
        if linked:
            break
    spaces = {c: s for c, s in parent.spaces.items() if c != linked[0]}
    parent = replace(parent, spaces=spaces, memo={})
    graph(parent)
    grown = with_tile(parent, after.placements)
    assert grown is not None
    assert as_cells(graph(grown)) == as_cells(graph(replace(grown, memo={})))


def plain_outlook(game: Any, seat: int, start: Cell) -> float:
    """``outlook`` as its definition reads, over the plain walk and ``Cell``s."""
    board, kinds = b.board(game), ("peak", "exchange", "container")
    seen = [
        space_worth(game, seat, at, near=False) / (1 + d)
        for at, d in plain_distances(board, start, OUTLOOK)
        if d > 0 and board.spaces[at].kind in kinds
    ]
    return max([0.0, *seen])


def test_an_outlook_is_the_plain_one_even_when_the_board_is_built_again():
    """The far worths are kept by cell number: a board built again from nothing (numbered
    afresh) under a memo that outlived the first must not reuse them."""
    renumbered = 0
    for game in positions("greedy")[::7]:
        seat, starts = game.turn, sorted(b.board(game).links)
        for start in starts[::2]:
            assert outlook(game, seat, start, memo_of(game, seat)) == plain_outlook(
                game, seat, start
            )
        first = graph(b.board(game))
        boards._KEPT.clear()  # the same placements and peaks, built again
        again = changed(game, placements=tuple(list(game.placements)))
        second = graph(b.board(again))
        renumbered += first.cells != second.cells
        for start in starts[1::2]:
            found = outlook(again, seat, start, memo_of(again, seat))
            assert found == plain_outlook(game, seat, start)
    assert renumbered > 3


def test_boards_kept_stay_within_their_bound_and_still_equal_the_built_ones(monkeypatch):
    monkeypatch.setattr(boards, "KEPT", 3)
    boards._KEPT.clear()
    for game in positions("greedy")[::3]:
        pack = b.content(game)
        assert boards.board_of(pack, game.placements, game.peak_cells()) == built(game)
        assert len(boards._KEPT) <= 3
    boards._KEPT.clear()


def plain_settle(after: Any, seat: int) -> tuple[tuple[Any, ...], Any]:
    """``decider._settle`` as its rule reads: while passing is all the seat can do, it
    passes (docs/rules/five-peaks.md, Turns), the seat's list made by the plain filter."""
    more: list[Any] = []
    for _ in range(SETTLE_LIMIT):
        if (
            after.phase != "play"
            or after.turn != seat
            or after.stage.kind in ("play", "tile", "camp")
        ):
            break
        if plain_legal(after, seat) != (Pass(seat),):
            break
        passed = consequences(after, Pass(seat))
        more += passed
        for event in passed:
            after = evolve(after, event)
    return tuple(more), after


@pytest.mark.parametrize("bot", ["greedy", "random"])
def test_settling_passes_where_the_plain_rule_does_and_stops_at_a_campfire_draw(bot):
    """The settling's shortcuts (a campfire draw to keep from is never a lone pass, so its
    120 ways to keep are not listed) pass exactly where the plain rule passes."""
    drawn = passed = 0
    for game, seat in [*settled(bot), *((g, g.turn) for g in positions(bot))]:
        events, after = _settle(changed(game), seat)
        assert (events, after) == plain_settle(game, seat)
        passed += bool(events)
        drawn += bool(game.turn == seat and game.hikers[seat].drawn)
    assert drawn > 3 and passed > 20
