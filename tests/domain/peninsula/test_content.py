"""The cairn-original content pack: counts from the rulebook, map sanity, strict validation.

rulebook, Components: 26 Mission Cards (A-Z), 6 Landmark Hex Cards (1-6), 20 Landmark Bonus
Cards, Map (M1, M2). CONTENT.md: "The second has a lake".
"""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from typing import Any

import pytest

from domain.games.peninsula.content import (
    BONUSES,
    FILES,
    PACKS,
    ContentError,
    MapSpec,
    build,
    content_hash,
    load,
    read_pack,
)
from domain.games.peninsula.hexes import are_adjacent, parse_hex

CONTENT = load()
# Pinned on purpose: every GameCreated records this hash, so any change to the shipped
# content must be deliberate (update this value and docs/rules/peninsula.md together).
PINNED_HASH = "9e53234b54436a3e3bf8cd10c77317395b87096fc96c94b972db0cad1d2598b6"


def test_load_is_cached_and_the_default_pack_is_known() -> None:
    assert load() is CONTENT
    assert PACKS == ("cairn-original", "cairn-original-2")
    assert CONTENT.pack == "cairn-original"


def test_a_pack_extends_another_and_differs_only_in_its_own_files() -> None:
    """docs/rules-versions.md: cairn-original-2 keeps every file but missions.json."""
    first, second = load("cairn-original"), load("cairn-original-2")
    assert first.content_hash != second.content_hash
    assert (first.maps, first.bonus_cards, first.challenges) == (
        second.maps,
        second.bonus_cards,
        second.challenges,
    )
    assert [(m.letter, m.name, m.ticked, m.crossed) for m in first.missions] == [
        (m.letter, m.name, m.ticked, m.crossed) for m in second.missions
    ]
    assert sorted(m.vp for m in first.missions) == sorted(m.vp for m in second.missions)
    assert {m.letter: m.vp for m in second.missions}["I"] < {
        m.letter: m.vp for m in second.missions
    }["N"]


def test_unknown_pack_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown content pack"):
        load("no-such-pack")


def test_26_missions_a_to_z() -> None:  # rulebook: Components, "26 Mission Cards (A-Z)"
    assert [m.letter for m in CONTENT.missions] == [chr(ord("A") + i) for i in range(26)]
    assert len({m.name for m in CONTENT.missions}) == 26


def test_mission_vp_rises_with_difficulty() -> None:  # rulebook: Missions; docs: mission VP
    vps = [m.vp for m in CONTENT.missions]
    assert (min(vps), max(vps)) == (2, 12)
    # A harder arrangement (more ticked hexes) is never worth less than an easier one with
    # the same crossed hexes.
    for a in CONTENT.missions:
        for b in CONTENT.missions:
            if len(a.ticked) < len(b.ticked) and len(a.crossed) <= len(b.crossed):
                assert a.vp <= b.vp, (a.letter, b.letter)


def test_no_mission_needs_more_than_five_icons_of_a_type() -> None:
    # docs, Missions: a seat draws about 24 icons of 6 types, so 6 of one type is too many.
    assert max(len(m.ticked) for m in CONTENT.missions) == 5


def test_easy_first_game_missions_a_to_f_are_the_cheapest() -> None:
    # rulebook, Setup 4: "For an easier first game: ... use the mission cards A-F."
    first = CONTENT.missions[:6]
    assert all(len(m.ticked) <= 3 for m in first)
    assert max(m.vp for m in first) <= min(m.vp for m in CONTENT.missions[6:])


def test_lookup_by_letter_and_card_id() -> None:
    assert CONTENT.mission("C").name == "Stepping Stone"
    assert CONTENT.bonus_card("LB06").bonus == "lighthouse"
    with pytest.raises(KeyError, match="no mission"):
        CONTENT.mission("AA")
    with pytest.raises(KeyError, match="no landmark bonus card"):
        CONTENT.bonus_card("LB21")


def test_20_bonus_cards_cover_all_12_bonuses() -> None:
    # rulebook: Components, "20 Landmark Bonus Cards"; Landmark Bonuses lists 12 bonuses.
    cards = CONTENT.bonus_cards
    assert len(cards) == 20
    assert len({c.id for c in cards}) == 20
    assert {c.bonus for c in cards} == set(BONUSES)
    assert len(BONUSES) == 12


def test_fixed_first_six_bonus_cards_are_six_different_bonuses() -> None:
    # rulebook, Setup 3: "For an easier first game: ... use the landmark bonus cards 1-6."
    assert len({c.bonus for c in CONTENT.bonus_cards[:6]}) == 6


def test_two_maps_and_only_m2_has_a_lake() -> None:  # CONTENT.md: "The second has a lake"
    assert set(CONTENT.maps) == {"M1", "M2"}
    assert not CONTENT.maps["M1"].lake
    assert CONTENT.maps["M2"].lake


@pytest.fixture(params=["M1", "M2"])
def sheet(request: pytest.FixtureRequest) -> MapSpec:
    spec: MapSpec = CONTENT.maps[request.param]
    return spec


def test_terrains_do_not_overlap_and_land_is_sheet_sized(sheet: MapSpec) -> None:
    assert not (sheet.land & sheet.sea or sheet.land & sheet.lake or sheet.sea & sheet.lake)
    assert 45 <= len(sheet.land) <= 60


def test_every_land_hex_is_reachable_on_foot_from_the_start(sheet: MapSpec) -> None:
    # rulebook, Movement: a boot ticket moves "to any adjacent land hex".
    seen, frontier = {sheet.start}, [sheet.start]
    while frontier:
        h = frontier.pop()
        for n in h.neighbours():
            if n in sheet.land and n not in seen:
                seen.add(n)
                frontier.append(n)
    assert seen == sheet.land


def test_start_and_landmarks_1_to_6_are_distinct_land_hexes(sheet: MapSpec) -> None:
    # rulebook: Components, "6 Landmark Hex Cards (1-6)"; Landmarks.
    assert sheet.is_land(sheet.start)
    assert sorted(sheet.landmarks) == [1, 2, 3, 4, 5, 6]
    assert all(sheet.is_land(h) for h in sheet.landmarks.values())
    assert len({*sheet.landmarks.values(), sheet.start}) == 7


def test_harbors_link_a_sea_hex_to_an_adjacent_coastal_land_hex(sheet: MapSpec) -> None:
    # rulebook map terms: Harbor, Harbor hex, Coastal hex. CONTENT.md: a harbor links a sea
    # hex to a coastal land hex.
    assert len(sheet.harbors) >= 2
    for harbor in sheet.harbors:
        assert harbor.sea in sheet.sea
        assert harbor.land in sheet.land
        assert are_adjacent(harbor.sea, harbor.land)
        assert sheet.is_coastal(harbor.land)
    assert len(sheet.harbor_hexes()) == len(sheet.harbors)
    # Our design choice (docs: Harbors): no harbor on a landmark or on the start hex.
    assert not sheet.harbor_hexes() & {*sheet.landmarks.values(), sheet.start}


def test_ticket_layout(sheet: MapSpec) -> None:
    # rulebook, Movement: some tickets available, others dashed until unlocked; Missions:
    # "2 missions that show a ticket between them"; Forest: the 3rd and 5th filled forest.
    kinds: dict[str, list[str]] = {t.unlock: [] for t in sheet.tickets}
    for t in sheet.tickets:
        kinds[t.unlock].append(t.kind)
    assert "boot" in kinds["start"] and "harbor" in kinds["start"]
    assert kinds["forest3"] == ["balloon"] and kinds["forest5"] == ["balloon"]
    for t in sheet.tickets:
        if t.unlock == "missions":
            assert t.between is not None
            first, second = t.between
            assert second == first + 1 and first >= 0 and second <= 5
        else:
            assert t.between is None


def test_maps_can_key_a_cache() -> None:
    again = build("cairn-original", read_pack("cairn-original"))
    assert again.maps["M1"] == CONTENT.maps["M1"]
    assert hash(again.maps["M1"]) == hash(CONTENT.maps["M1"])
    assert len({*CONTENT.maps.values(), *again.maps.values()}) == 2


def test_off_map_counts_as_water_for_cliffs() -> None:
    # rulebook map terms: "(Virtual) Water hex"; Drawing an Icon, Cliffs: "trace a small line
    # segment on every coastal edge". A5 on M1 touches 1 sea hex and 3 off-map hexes.
    m1 = CONTENT.maps["M1"]
    a5 = parse_hex("A5")
    off_map = [n for n in a5.neighbours() if n not in m1.hexes()]
    assert len(off_map) == 3
    assert all(m1.is_water(n) for n in off_map)
    assert m1.water_edges(a5) == 4


def test_a_hex_touching_3_water_hexes_gets_3_cliff_segments() -> None:
    # rulebook, Cliffs: "A hex that touches 3 water hexes, for instance, will get 3 cliff
    # segments." C2 on M1 touches the sea hexes B2, C1 and D1.
    m1 = CONTENT.maps["M1"]
    c2 = parse_hex("C2")
    assert {n for n in c2.neighbours() if m1.is_water(n)} == {
        parse_hex("B2"),
        parse_hex("C1"),
        parse_hex("D1"),
    }
    assert m1.water_edges(c2) == 3


def test_the_lake_is_water_for_cliffs() -> None:
    # rulebook, Cliffs: "coastal = adjacent to any water, including the lake in map M2".
    m2 = CONTENT.maps["M2"]
    d4 = parse_hex("D4")
    assert parse_hex("E4") in m2.lake
    assert m2.is_water(parse_hex("E4"))
    assert m2.water_edges(d4) == sum(1 for n in d4.neighbours() if n in m2.lake) > 0


def test_inland_hex_has_no_cliff_edges() -> None:
    # rulebook, Cliffs: "A hex that touches no water can't have any cliff."
    m1 = CONTENT.maps["M1"]
    assert m1.water_edges(parse_hex("E5")) == 0
    assert not m1.is_coastal(parse_hex("E5"))
    assert m1.water_edges(parse_hex("A1")) == 0  # a sea hex has no cliff segments


def test_lifesaver_chart_reads_the_legible_values() -> None:
    # rulebook, Setup 5: "Players 1 2 3 4 / Chart value 3 3" (see docs: lifesaver chart).
    chart = CONTENT.lifesaver_chart
    assert dict(chart) == {1: 3, 2: 3, 3: 2, 4: 1}
    assert all(0 <= chart[n] <= m.lifesavers for n in chart for m in CONTENT.maps.values())


def test_challenges_use_the_documented_vocabulary() -> None:
    assert len(CONTENT.challenges) >= 3
    assert len({c.id for c in CONTENT.challenges}) == len(CONTENT.challenges)
    for c in CONTENT.challenges:
        assert 1 <= c.seats[0] <= c.seats[1] <= 4
        setup_keys = {"map", "deck", "removed", "face_up", "missions", "bonuses", "start_seat"}
        assert set(c.setup) <= setup_keys
        assert set(c.rules) <= {"remove_cards", "no_lifesavers", "face_up_deck"}
        assert c.win and set(c.win) <= {
            "min_total_vp",
            "min_mission_vp",
            "min_missions",
            "min_landmarks",
            "min_filled",
        }


def test_challenge_setups_are_read_only() -> None:
    setup = CONTENT.challenges[0].setup
    with pytest.raises(TypeError):
        setup["map"] = "M2"  # type: ignore[index]
    assert isinstance(setup["missions"], tuple)


def test_content_hash_is_stable() -> None:
    again = build("cairn-original", read_pack("cairn-original"))
    assert again.content_hash == CONTENT.content_hash == PINNED_HASH
    assert again == CONTENT


def test_content_hash_ignores_formatting_but_not_values() -> None:
    files = read_pack("cairn-original")
    reordered = json.loads(json.dumps(files, sort_keys=False, indent=4))
    assert content_hash("cairn-original", reordered) == CONTENT.content_hash
    changed = copy.deepcopy(files)
    changed["missions.json"]["missions"][0]["vp"] += 1
    assert build("cairn-original", changed).content_hash != CONTENT.content_hash


def _mutated(file: str, change: Callable[[Any], None]) -> dict[str, Any]:
    files = copy.deepcopy(read_pack("cairn-original"))
    change(files[file])
    return files


def _set(path: tuple[Any, ...], value: Any) -> Callable[[Any], None]:
    def change(data: Any) -> None:
        for key in path[:-1]:
            data = data[key]
        data[path[-1]] = value

    return change


def _drop(path: tuple[Any, ...]) -> Callable[[Any], None]:
    def change(data: Any) -> None:
        for key in path[:-1]:
            data = data[key]
        del data[path[-1]]

    return change


BAD_DATA = [
    ("maps.json", _set(("maps", 0, "start"), "A1"), "$.maps[0].start", "not land"),
    ("maps.json", _set(("maps", 0, "start"), "Z99Q"), "$.maps[0].start", "not a hex label"),
    ("maps.json", _set(("maps", 1, "id"), "M1"), "$.maps[1].id", "duplicate map id"),
    ("maps.json", _set(("maps", 0, "rows", 1), "~ ~ . ."), "$.maps[0].rows[1]", "odd row"),
    ("maps.json", _set(("maps", 0, "rows", 2), "~ ? ."), "$.maps[0].rows[2]", "unknown symbol"),
    ("maps.json", _set(("maps", 0, "landmarks", "3"), "A1"), "landmarks.3", "not on land"),
    ("maps.json", _drop(("maps", 0, "landmarks", "6")), "$.maps[0].landmarks", "missing"),
    ("maps.json", _set(("maps", 0, "harbors", 0, "land"), "E5"), "harbors[0]", "not adjacent"),
    ("maps.json", _set(("maps", 0, "harbors", 0, "sea"), "E5"), "harbors[0].sea", "not a sea"),
    ("maps.json", _set(("maps", 0, "tickets", 4, "between"), [0, 2]), "between", "adjacent"),
    ("maps.json", _set(("maps", 0, "tickets", 7, "kind"), "boot"), "tickets[7]", "balloon"),
    ("maps.json", _set(("maps", 0, "tickets", 0, "kind"), "car"), "tickets[0].kind", "one of"),
    ("maps.json", _set(("maps", 0, "lifesavers"), "5"), "lifesavers", "integer"),
    ("maps.json", _set(("maps", 0, "colour"), "red"), "$.maps[0]", "unknown field(s): colour"),
    ("missions.json", _drop(("missions", 25)), "$.missions", "exactly 26"),
    ("missions.json", _set(("missions", 1, "letter"), "C"), "missions[1].letter", "must be B"),
    ("missions.json", _set(("missions", 3, "vp"), 0), "$.missions[3].vp", "between"),
    ("missions.json", _set(("missions", 2, "pattern"), ["x x"]), "pattern", "ticked"),
    ("missions.json", _set(("missions", 1, "pattern"), ["v v"]), "pattern", "as mission A"),
    ("bonus_cards.json", _drop(("cards", 19)), "$.cards", "20 cards"),
    ("bonus_cards.json", _set(("cards", 5, "bonus"), "ferry"), "$.cards", "lighthouse"),
    ("bonus_cards.json", _set(("cards", 1, "id"), "LB01"), "$.cards[1].id", "duplicate"),
    ("lifesavers.json", _set(("crossed_off_by_players", "1"), 9), "players.1", "between"),
    ("challenges.json", _set(("challenges", 0, "setup", "map"), "M9"), "setup.map", "one of"),
    ("challenges.json", _set(("challenges", 0, "rules", "fly"), True), "rules", "unknown"),
    ("challenges.json", _set(("challenges", 0, "setup", "missions"), ["A"]), "missions", "exactly"),
    ("challenges.json", _set(("challenges", 0, "setup", "extra"), 1), "setup", "unknown"),
    (
        "challenges.json",
        _set(("challenges", 1, "setup", "face_up"), [["boat", "forest"]]),
        "$.challenges[1].setup.face_up",
        "solo",
    ),
    (
        "challenges.json",
        _set(("challenges", 1, "setup", "removed"), [["boat", "forest"]]),
        "$.challenges[1].setup.removed",
        "remove_cards",
    ),
    ("challenges.json", _set(("challenges", 0, "win"), {}), "$.challenges[0].win", "at least"),
    ("challenges.json", _set(("challenges", 0, "seats"), [3, 2]), "seats[1]", "between"),
    (
        "challenges.json",
        _set(("challenges", 0, "setup", "removed"), [["boat", "forest"]] * 3),
        "$.challenges[0].setup",
        "deck lacks",
    ),
]


@pytest.mark.parametrize(("file", "change", "path", "words"), BAD_DATA)
def test_bad_data_is_refused_naming_file_and_path(
    file: str, change: Callable[[Any], None], path: str, words: str
) -> None:
    with pytest.raises(ContentError) as caught:
        build("cairn-original", _mutated(file, change))
    message = str(caught.value)
    assert message.startswith(f"{file}: ")
    assert path in message
    assert words in message


def test_a_missing_file_is_refused() -> None:
    files = read_pack("cairn-original")
    del files["lifesavers.json"]
    with pytest.raises(ContentError, match=r"lifesavers.json: \$: file missing"):
        build("cairn-original", files)


def test_content_error_is_a_value_error() -> None:
    assert issubclass(ContentError, ValueError)
    assert set(FILES) == set(read_pack("cairn-original"))
