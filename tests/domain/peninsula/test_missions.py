"""Mission matching: ticked hexes hold the icon type, crossed hexes do not, under any of the 12
rotations/reflections and any translation.

rulebook, Missions: "White hexes with a green tick: the hex must contain an icon of the chosen
type (filled or not, it doesn't matter)." "Gray hexes with a red cross: the hex cannot contain
an icon of the chosen type. The matching hex can be water, empty, or contain a different icon,
as long as it doesn't contain the icon of the chosen type." "Note: The arrangement may be
rotated and mirrored."
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from domain.games.peninsula.content import MapSpec, MissionSpec, load
from domain.games.peninsula.hexes import SYMMETRIES, Hex, canonical, parse_hex
from domain.games.peninsula.missions import find_placement, orientations, placements

CONTENT = load()
M1 = CONTENT.maps["M1"]
M2 = CONTENT.maps["M2"]


def mission(letter: str) -> MissionSpec:
    return CONTENT.mission(letter)


def at(*labels: str) -> frozenset[Hex]:
    return frozenset(parse_hex(label) for label in labels)


def test_side_by_side_matches_two_adjacent_hexes() -> None:  # rulebook: Missions
    holds = at("E5", "F5")
    assert find_placement(mission("A"), holds, M1.land) == tuple(sorted(holds))


def test_side_by_side_fails_on_two_distant_hexes() -> None:  # rulebook: Missions
    assert find_placement(mission("A"), at("C5", "F5"), M1.land) is None


def test_crossed_hex_must_not_hold_the_type() -> None:  # rulebook: Missions, red cross
    stepping_stone = mission("C")  # v x v
    assert find_placement(stepping_stone, at("C5", "E5"), M1.land) == tuple(sorted(at("C5", "E5")))
    assert find_placement(stepping_stone, at("C5", "D5", "E5"), M1.land) is None


def test_crossed_hexes_may_be_water_or_off_the_map() -> None:
    # rulebook, Missions: "The matching hex can be water, empty, or contain a different icon".
    hermit = mission("B")  # one ticked hex, its 6 neighbours crossed
    a5 = parse_hex("A5")  # coastal and on the map's edge: 1 sea and 3 off-map neighbours
    assert find_placement(hermit, frozenset({a5}), M1.land) == (a5,)
    assert find_placement(hermit, frozenset({a5, parse_hex("B5")}), M1.land) is None


def test_crossed_hexes_may_hold_another_icon() -> None:
    # Only the chosen type's hexes are passed in, so another icon next door is no obstacle.
    assert find_placement(mission("B"), at("E5"), M1.land) == (parse_hex("E5"),)


def test_ticked_hexes_must_be_land() -> None:
    assert find_placement(mission("A"), at("A1", "B1"), M1.land) is None


def test_mirrored_arrangement_matches() -> None:  # rulebook: Missions, "rotated and mirrored"
    hook = mission("P")  # v v v / . . v -- a chiral shape: 12 distinct orientations
    assert len(orientations(hook)) == 12
    origin = min(hook.ticked)
    mirror = SYMMETRIES[6]
    for s in (mirror, SYMMETRIES[2], SYMMETRIES[9]):
        anchor = parse_hex("E5")
        holds = frozenset(anchor + s(h - origin) for h in hook.ticked)
        assert find_placement(hook, holds, M1.land) == tuple(sorted(holds))


def test_placement_is_the_smallest_of_all_placements() -> None:
    holds = at("C5", "D5", "E5", "F5")
    every = placements(mission("A"), holds, M1.land)
    assert len(every) == 3
    assert find_placement(mission("A"), holds, M1.land) == every[0] == tuple(sorted(at("C5", "D5")))


def test_every_mission_orientation_count_divides_twelve() -> None:
    for m in CONTENT.missions:
        assert 12 % len(orientations(m)) == 0
    assert len(orientations(mission("B"))) == 1  # Hermit looks the same every way round


def test_no_two_missions_are_the_same_arrangement() -> None:
    # rulebook, Missions: "26 mission cards, each showing a unique arrangement of hexes",
    # and since arrangements "may be rotated and mirrored", uniqueness is up to symmetry.
    shapes = {canonical(m.ticked, m.crossed) for m in CONTENT.missions}
    assert len(shapes) == 26


def _fits(m: MissionSpec, sheet: MapSpec) -> bool:
    for anchor in sheet.land:
        for form in orientations(m):
            ticked = frozenset(anchor + h for h in form.ticked)
            if ticked <= sheet.land and find_placement(m, ticked, sheet.land) is not None:
                return True
    return False


def test_every_mission_is_achievable_on_both_maps() -> None:
    for sheet in (M1, M2):
        assert [m.letter for m in CONTENT.missions if not _fits(m, sheet)] == []


def _shifted_map(land: frozenset[Hex], s: object, shift: Hex) -> frozenset[Hex]:
    assert callable(s)
    return frozenset(s(h) + shift for h in land)


letters = st.sampled_from([m.letter for m in CONTENT.missions])
small = st.integers(min_value=-6, max_value=6)


@settings(max_examples=150, deadline=None)
@given(
    letters,
    st.frozensets(st.sampled_from(sorted(M1.land)), max_size=14),
    st.sampled_from(SYMMETRIES),
    st.builds(Hex, small, small),
)
def test_matching_is_invariant_under_symmetry_and_translation(
    letter: str, holds: frozenset[Hex], s: object, shift: Hex
) -> None:
    # rulebook, Missions: "The arrangement may be rotated and mirrored", anywhere on the map.
    m = mission(letter)
    before = placements(m, holds, M1.land)
    after = placements(m, _shifted_map(holds, s, shift), _shifted_map(M1.land, s, shift))
    assert callable(s)
    moved = {tuple(sorted(s(h) + shift for h in p)) for p in before}
    assert moved == set(after)
    assert (find_placement(m, holds, M1.land) is None) == (not before)


@settings(max_examples=100, deadline=None)
@given(letters, st.frozensets(st.sampled_from(sorted(M2.land)), max_size=14))
def test_every_placement_really_matches(letter: str, holds: frozenset[Hex]) -> None:
    m = mission(letter)
    for placed in placements(m, holds, M2.land):
        assert set(placed) <= holds and len(placed) == len(m.ticked)
        assert any(
            frozenset(anchor + h for h in form.ticked) == frozenset(placed)
            and not any(anchor + h in holds for h in form.crossed)
            for form in orientations(m)
            for anchor in [placed[0] - form.ticked[0]]
        )
