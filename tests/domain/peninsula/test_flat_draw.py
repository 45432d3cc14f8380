"""The flat sheet and the best draw on it (``flat_sheet``, ``flat_draw``, issue #26, branch
pen-draw-flat) held to the real code: along seeded greedy games of 2 and 3 seats on both
maps, each seat's flat sheet is kept fact by fact and must equal the one rebuilt from the
real sheet after every decision; and before every decision, each seat's best draw of every
icon type, from where its architect stands and from a few other hexes, must be the bot's
``best_draw``, the draw and its value float for float."""

from __future__ import annotations

import functools
from types import MappingProxyType
from typing import Any

from domain.games.peninsula import RULESET, bots, filling
from domain.games.peninsula.bots import TARGET_WEIGHT, best_draw
from domain.games.peninsula.cards import ICONS
from domain.games.peninsula.events import LandmarkBonusUsed, LandmarkUnlocked
from domain.games.peninsula.flat_draw import (
    BONUS_DRAW_COST,
    MISSION_LOOKS,
    VILLAGE_TYPES,
    Kept,
    prepared,
)
from domain.games.peninsula.flat_draw import best_draw as flat_best_draw
from domain.games.peninsula.flat_memo import as_draw
from domain.games.peninsula.flat_plan import Last, Table, table_of
from domain.games.peninsula.flat_sheet import (
    CATAPULT,
    DRAW_BONUSES,
    DRAWS,
    FERRY,
    HELD,
    HEXES,
    Board,
    Flat,
    board_of,
    evolved,
    flat_of,
    with_location,
)
from domain.games.peninsula.masks import grid_of
from domain.games.peninsula.outlook import outlook_for
from domain.games.peninsula.state import EMPTY, Game, copied
from tests.support.play import play

GAMES: tuple[tuple[str, int, dict[str, Any]], ...] = (
    ("draw-flat-2a", 2, {}),
    ("draw-flat-3a", 3, {}),
    ("draw-flat-2b", 2, {"map": "M2"}),
    ("draw-flat-3b", 3, {"map": "M2"}),
)
LAND_STEP = 12
"""Besides where it stands, each architect is put on every 12th land hex of the map."""


@functools.cache
def _played() -> tuple[tuple[tuple[Game, tuple[Any, ...], Game], ...], ...]:
    """Each game's steps with sheets: (the state before, the events, the state after)."""
    games = []
    for label, seats, options in GAMES:
        steps, before = [], None
        for step in play(RULESET, seats, label=label, bot="greedy", options=options):
            if before is not None and before.sheets:
                steps.append((before, step.events, step.state))
            before = step.state
        games.append(tuple(steps))
    return tuple(games)


def _tables(game: Game) -> tuple[Table, ...]:
    grid = grid_of(game.map.land)
    cells = len(grid.hexes)
    return tuple(
        table_of(m.vp, m.letter, layout.size, layout.ticked, layout.crossed, cells)
        for m in game.missions
        for layout in (grid.layout(m),)
    )


def test_the_constants_are_the_bot_s() -> None:
    assert (BONUS_DRAW_COST, MISSION_LOOKS) == (bots.BONUS_DRAW_COST, bots.MISSION_LOOKS)
    assert VILLAGE_TYPES == filling.VILLAGE_TYPES


def test_the_flat_sheet_kept_fact_by_fact_is_the_one_rebuilt_from_the_sheet() -> None:
    compared = changed = 0
    maps = set()
    for steps in _played():
        first = steps[0][0]
        board = board_of(first.map.land)
        maps.add(len(board[HEXES]))
        flats = [flat_of(board, first, s) for s in first.sheets]
        for before, events, after in steps:
            game = before
            for event in events:
                seat = getattr(event, "seat", None)
                if seat is not None and 0 <= seat < len(flats):
                    flats[seat] = evolved(board, game, flats[seat], event)
                game = RULESET.fold((event,), game)
            for seat, sheet in enumerate(after.sheets):
                rebuilt = flat_of(board, after, sheet)
                assert flats[seat] == rebuilt, (seat, events)
                changed += rebuilt != flat_of(board, before, before.sheets[seat])
                compared += 1
    # both maps, and enough sheets that changed
    assert maps == {46, 48}, maps
    assert compared > 2_000 and changed > 300, (compared, changed)


def _asked(game: Game, board: Board) -> list[tuple[int, Flat, Any]]:
    """Each seat's flat sheet and real sheet from where it stands and a few other hexes;
    and, where the game deals the catapult or the ferry, the same sheet holding them, from
    where it stands and from every harbor hex (where the ferry draws)."""
    asked = []
    hexes = board[HEXES]
    index = {h: i for i, h in enumerate(hexes)}
    draws = frozenset(n for n, bonus in game.bonuses.items() if bonus in DRAW_BONUSES)
    for seat, sheet in enumerate(game.sheets):
        flat = flat_of(board, game, sheet)
        asked.append((seat, flat, sheet))
        for at in range(0, len(hexes), LAND_STEP):
            moved = copied(sheet, {"location": hexes[at]})
            asked.append((seat, with_location(flat, at), moved))
        # (a sheet no game reaches, as test_greedy_shortcuts asks: filled hexes, no icons)
        bare = copied(sheet, {"icons": EMPTY})
        asked.append((seat, flat_of(board, game, bare), bare))
        if not draws - sheet.unused_landmarks():
            continue
        changes = {"landmarks": sheet.landmarks | draws, "used_landmarks": frozenset()}
        bonused = copied(sheet, changes)
        flat = flat_of(board, game, bonused)
        asked.append((seat, flat, bonused))
        for h in sorted(sheet.harbor_lands):
            moved = copied(bonused, {"location": h})
            asked.append((seat, with_location(flat, index[h]), moved))
    return asked


def test_the_flat_best_draw_is_the_bot_s_at_every_decision() -> None:
    compared = draws = missions_won = 0
    bonus_draws = {"catapult": 0, "ferry": 0}
    maps = set()
    for steps in _played():
        first = steps[0][0]
        board = board_of(first.map.land)
        tables = _tables(first)
        maps.add(len(board[HEXES]))
        # the completions and the searches kept, shared by every sheet of the game
        kept: Kept = {}
        last: Last = {}
        for game, _, _ in steps:
            look = outlook_for(game, TARGET_WEIGHT)
            for seat, flat, sheet in _asked(game, board):
                prep = prepared(board, tables, flat, kept, last)
                for icon in range(len(ICONS)):
                    answer = flat_best_draw(board, flat, prep, icon, TARGET_WEIGHT)
                    real = best_draw(game, sheet, seat, ICONS[icon], look)
                    assert as_draw(board, seat, ICONS[icon], answer) == real, (seat, ICONS[icon])
                    compared += 1
                    draws += real[1] is not None
                    if real[1] is not None and real[1].bonus is not None:
                        bonus_draws[real[1].bonus] += 1
                    won = prep[4].get((prep[5], flat[HELD][icon]))  # the completions asked for
                    if won is not None and answer[2] >= 0:
                        missions_won += won[answer[2]] > 0
    assert maps == {46, 48}, maps
    # enough answers that are draws, some with a bonus, some winning a mission's VP
    assert compared > 20_000 and draws > 10_000, (compared, draws)
    assert min(bonus_draws.values()) > 100 and missions_won > 100, (bonus_draws, missions_won)


def test_a_used_draw_bonus_stays_held_while_another_card_deals_it() -> None:
    """A game may deal a bonus card twice (the seeded games deal no draw bonus twice)."""
    game = _played()[0][0][0]
    bonuses = MappingProxyType({1: "catapult", 2: "catapult", 3: "ferry"})
    game = game.with_changes({"bonuses": bonuses})
    board = board_of(game.map.land)
    flat = flat_of(board, game, game.sheets[0])
    facts = (
        LandmarkUnlocked(seat=0, landmark=1),
        LandmarkUnlocked(seat=0, landmark=2),
        LandmarkBonusUsed(seat=0, landmark=1, bonus="catapult"),
        LandmarkUnlocked(seat=0, landmark=3),
        LandmarkBonusUsed(seat=0, landmark=3, bonus="ferry"),
        LandmarkBonusUsed(seat=0, landmark=2, bonus="catapult"),
    )
    held = []
    for fact in facts:
        flat = evolved(board, game, flat, fact)
        game = RULESET.fold((fact,), game)
        assert flat == flat_of(board, game, game.sheets[0]), fact
        held.append(flat[DRAWS])
    assert held == [CATAPULT, CATAPULT, CATAPULT, CATAPULT | FERRY, CATAPULT, 0]
