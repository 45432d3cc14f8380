"""The shortcuts of branch pen-sheet (issue #26) held to their plain forms: a sheet's icon
masks kept and carried from the sheet one draw before (``masks.held_masks``), the set bits
of a mask a step per bit (``masks.ones``), a layout's held counts carried from one hex
fewer (``Layout.held``), the claims skipping types too small for a mission, the unvisited
landmarks kept, and the Harbor Tickets copy. ``DrawGains``' neighbour pass in line is held
by ``test_greedy_shortcuts``' every draw against ``draw_gain`` (and its sheet variants),
the arrows' ways kept (``movement.led_to``) by ``test_plan_shortcuts``, and the partial
search's single-hex ``still_best`` by ``test_draw_shortcuts``."""

from __future__ import annotations

import random
from dataclasses import replace
from types import MappingProxyType
from typing import Any

import pytest

from domain.games.peninsula import RULESET, masks
from domain.games.peninsula.actions import find_placement
from domain.games.peninsula.cards import ICONS, Icon
from domain.games.peninsula.hexes import Hex
from domain.games.peninsula.masks import _bit_positions, grid_of, held_masks, holdings, ones
from domain.games.peninsula.rules import claims
from domain.games.peninsula.state import Game, Sheet, copied
from domain.games.peninsula.steps import unvisited_landmarks
from tests.domain.peninsula.test_greedy_shortcuts import positions
from tests.support.play import play


def _games_in_order() -> list[Game]:
    """Every state of seeded greedy and random games of 2 and 3 seats, in the order played:
    each sheet follows the one a draw made it from, as in a rollout."""
    return [
        step.state
        for seats in (2, 3)
        for bot in ("greedy", "random")
        for step in play(RULESET, seats, label=f"sheet-{seats}-{bot}", bot=bot)
        if step.state.sheets
    ]


def _plain_masks(game: Game, sheet: Sheet) -> tuple[dict[Icon, int], int]:
    grid = grid_of(game.map.land)
    return holdings(grid, sheet), grid.mask(sheet.icons)


def test_the_kept_icon_masks_are_the_plain_ones_sheet_after_sheet(monkeypatch: Any) -> None:
    """Each seat's sheet at every state of the games in order, so most sheets new to the
    memo are one draw from the last one: their masks are carried from it (counted)."""
    masks._HELD.clear()
    masks._LAST_HELD.clear()
    carried = 0
    one_more = masks._one_more

    def counting(*args: Any) -> Any:
        nonlocal carried
        found = one_more(*args)
        carried += found is not None
        return found

    monkeypatch.setattr(masks, "_one_more", counting)
    compared = 0
    for game in _games_in_order():
        grid = grid_of(game.map.land)
        for sheet in game.sheets:
            assert held_masks(grid, sheet) == _plain_masks(game, sheet)
            compared += 1
    assert compared > 2_000 and carried > 100


def _with_icons(sheet: Sheet, icons: dict[Hex, Icon]) -> Sheet:
    return copied(sheet, {"icons": MappingProxyType(icons)})


def test_a_sheet_that_is_not_one_draw_more_is_worked_out_afresh() -> None:
    """After the last sheet of the same cliffs: one icon more (carried), one icon changed
    and one more, one taken and two more, one changed (same count), cliffs among the icons,
    one more on other cliffs; each against the plain masks."""
    rng = random.Random(26)
    tried = 0
    for game in positions()[::4]:
        grid = grid_of(game.map.land)
        land = sorted(game.map.land)
        for sheet in game.sheets:
            icons = dict(sheet.icons)
            empty = [h for h in land if h not in icons]
            if len(icons) < 2 or len(empty) < 2:
                continue
            a, b = rng.sample(empty, 2)
            first = next(iter(icons))
            other: Icon = "mountain" if icons[first] != "mountain" else "village"
            taken = {h: i for h, i in icons.items() if h != first}
            cases = [
                {**icons, a: "forest"},
                {**icons, first: other, a: "boat"},
                {**taken, a: "tunnel", b: "village"},
                {**icons, first: other},
                {**icons, a: "cliffs"},  # (no sheet's icons hold cliffs: ``holdings`` drops them)
            ]
            for case in cases:
                masks._HELD.clear()
                held_masks(grid, sheet)  # the last sheet of these cliffs and its icon count
                changed = _with_icons(sheet, case)
                assert held_masks(grid, changed) == _plain_masks(game, changed)
                tried += 1
            masks._HELD.clear()
            held_masks(grid, sheet)
            cliffs = MappingProxyType({**sheet.cliffs, b: 1})
            moved = copied(
                sheet, {"icons": MappingProxyType({**icons, a: "forest"}), "cliffs": cliffs}
            )
            assert held_masks(grid, moved) == _plain_masks(game, moved)
    assert tried > 100


@pytest.mark.parametrize("seed", range(4))
def test_the_set_bits_are_the_plain_bit_positions(seed: int) -> None:
    rng = random.Random(seed)
    found = [0, 1, 2, 3, 1 << 47, (1 << 48) - 1, -1, -6, ~(1 << 20)]
    found += [rng.getrandbits(rng.choice((8, 46, 48, 200))) for _ in range(2_000)]
    found += [sum(1 << i for i in rng.sample(range(48), rng.randint(1, 9))) for _ in range(2_000)]
    for mask in found:
        masks._ONES.clear()
        assert ones(mask) == _bit_positions(mask), mask


def test_the_claims_are_the_plain_placements_of_every_type() -> None:
    """Every claim a type may make, against ``find_placement`` for each open mission and
    unspent type (the types too small for a mission are skipped by a count now)."""
    found = 0
    for game in _games_in_order()[::5]:
        land = game.map.land
        for seat, sheet in enumerate(game.sheets):
            spent = set(sheet.missions.values())
            plain = [
                (m.letter, icon, placement)
                for m in game.missions
                if m.letter not in sheet.missions
                for icon in ICONS
                if icon not in spent
                for placement in [find_placement(m, sheet.holds(icon), land)]
                if placement is not None
            ]
            listed = [(c.mission, c.icon, c.placement) for c in claims(game, sheet, seat)]
            assert listed == plain
            found += len(plain)
    assert found > 80


def test_a_held_mask_counted_from_one_hex_fewer_is_counted_afresh() -> None:
    """Every mission of the games on each type's hexes of every sheet, the hexes added one
    at a time in a shuffled order (so each mask finds the one before it kept), then a mask
    with a hex taken out (found from a kept one or counted): ``Layout.held`` against
    ``_counted``, which counts every hex of the mask."""
    rng = random.Random(7)
    carried = compared = 0
    for game in positions()[::3]:
        grid = grid_of(game.map.land)
        for mission in game.missions:
            layout = grid.layout(mission)
            for sheet in game.sheets:
                for mask in holdings(grid, sheet).values():
                    bits = list(ones(mask))
                    rng.shuffle(bits)
                    layout._held.clear()
                    held = 0
                    for i in bits:
                        held |= 1 << i
                        carried += layout._one_more(held) is not None
                        assert layout.held(held) == layout._counted(held)
                        compared += 1
                    if bits:
                        fewer = mask & ~(1 << bits[0])
                        assert layout.held(fewer) == layout._counted(fewer)
    assert compared > 2_000 and carried > 1_000


def test_the_unvisited_landmarks_kept_are_the_plain_ones() -> None:
    """Each seat's sheet at every state of the games, and copies of it that reached no
    landmark, every landmark, and each landmark alone: kept by the landmarks' identity."""
    compared = unvisited = 0
    for game in _games_in_order()[::3]:
        spec = game.map
        numbers = sorted(spec.landmarks)
        for sheet in game.sheets:
            reached = [sheet.landmarks, frozenset(), frozenset(numbers)]
            reached += [frozenset({n}) for n in numbers]
            for landmarks in reached:
                moved = copied(sheet, {"landmarks": landmarks})
                plain = frozenset(h for n, h in spec.landmarks.items() if n not in landmarks)
                assert unvisited_landmarks(spec, moved) == plain
                unvisited += len(plain)
                compared += 1
    assert compared > 1_000 and unvisited > 1_000


def test_a_sheet_boosted_with_harbor_tickets_is_the_replaced_one() -> None:
    """``_harbor_trip``'s copy (``copied``, not ``replace``): the same value, field by field
    the same objects."""
    for game in positions()[::4]:
        for sheet in game.sheets:
            boosted = copied(sheet, {"bonus_harbor_tickets": 2})
            plain = replace(sheet, bonus_harbor_tickets=2)
            assert boosted == plain
            assert all(getattr(boosted, f) is getattr(plain, f) for f in vars(plain))
