"""The content pack: the printed numbers as given, validated at load, with a content hash."""

from __future__ import annotations

import copy

import pytest

from domain.games.peloponnes import RULESET
from domain.games.peloponnes.content import ContentError, build, load, read_pack
from domain.games.peloponnes.goods import Goods

PACK = load()
SHIPPED_HASH = "35cba5ee74cbb171999e6ed7d05b47d0edded6984f246323ecd4007536b9ff12"


def test_the_shipped_pack_is_pinned_by_its_hash():
    assert PACK.content_hash == SHIPPED_HASH
    assert RULESET.content_hash == SHIPPED_HASH


def test_components_are_counted_as_printed():  # reference, Components
    tiles = PACK.tiles.values()
    base = [t for t in tiles if t.set == "base"]
    assert len(base) == 40
    assert (
        sum(t.kind == "land" for t in base) == 20 and sum(t.kind == "building" for t in base) == 20
    )
    assert [len(PACK.stack_tiles(x, frozenset({"base"}))) for x in "ABC"] == [15, 15, 10]
    six = [t for t in tiles if t.set == "six-player"]
    # expansion: "Tiles (4 Building Tiles and 4 Land Tiles)", 3 A, 3 B and 2 C
    assert sum(t.kind == "building" for t in six) == 4 and sum(t.kind == "land" for t in six) == 4
    assert sorted(t.stack for t in six) == ["A", "A", "A", "B", "B", "B", "C", "C"]
    assert len(PACK.civilizations) == 7 and len(PACK.sea_tiles) == 6
    # reference: "16 disaster chits: 3 for each disaster and 1 blank"
    assert sum(PACK.chits.values()) == 16 and PACK.chits["blank"] == 1


def test_tiles_keep_the_printed_numbers():  # peloponnes-data.json, used as given
    barracks = PACK.tile("A11")
    assert (barracks.bid, barracks.pp) == (2, 4)
    assert barracks.cost == Goods(stone=2, wood=1)
    assert barracks.once == Goods(coins=4, inhabitants=-2)
    assert PACK.tile("A15").choice_income == 1 and PACK.tile("A15").protects == "decline"
    assert PACK.tile("B05").supply and PACK.tile("C04").supply
    assert sum(t.supply for t in PACK.tiles.values()) == 2
    assert PACK.tile("C12").income == Goods(wood=1, food=1, stone=1)
    assert PACK.civilizations["Korinth"].start == Goods(coins=7, food=3, inhabitants=3)
    assert PACK.civilizations["Arkadia"].income == Goods(inhabitants=1)
    assert PACK.sea_tiles[2].cost == Goods(stone=6, wood=2)
    assert PACK.population_income_for(6).coins == 3  # "population 6 -> 3 coins"
    assert PACK.population_income_for(15).luxury == 2
    assert PACK.population_income_for(25) == PACK.population_income[-1]


def test_the_special_buildings_are_in_the_effect_vocabulary():  # expansion, Appendix
    stockade = PACK.tile("A16")
    assert stockade.free_placement and stockade.taking_loses == Goods(inhabitants=2)
    assert [(c.pp, c.inhabitants) for c in stockade.end_choice] == [(3, 0), (0, 1)]
    assert PACK.tile("A17").protects == "plague" and "protects" in PACK.tile("A17").adopted
    assert PACK.tile("B17").protects == "tempest" and "protects" in PACK.tile("B17").adopted
    assert PACK.tile("A11").free_placement and "abilities" in PACK.tile("A11").adopted


def _broken(change):
    files = copy.deepcopy(read_pack("standard"))
    change(files)
    return files


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (
            lambda f: f["tiles.json"]["tiles"].append(dict(f["tiles.json"]["tiles"][0])),
            "appears twice",
        ),
        (lambda f: f["tiles.json"]["tiles"].pop(), "has 11 tiles"),
        (lambda f: f["tiles.json"]["tiles"][0].update(income={"C": 2}), "produces wood"),
        (lambda f: f["tiles.json"]["tiles"][0].update(colour="red"), "unknown field"),
        (lambda f: f["tiles.json"]["tiles"][0].update(bid="3"), "must be an integer"),
        (lambda f: f["tiles.json"]["tiles"][0].update(adopted=["protects"]), "has no protects"),
        (lambda f: f["tiles.json"]["tiles"][10].update(protects="flood"), "must be one of"),
        (lambda f: f["table.json"]["chits"].update(plague=4, blank=0), "exactly 3 chits"),
        (lambda f: f["table.json"]["chits"].update(blank=2), "must be 16 chits"),
        (lambda f: f["sea_tiles.json"]["sea_tiles"].pop(), "need 6"),
        (lambda f: f["civilizations.json"]["civilizations"][1].update(order=1), "orders differ"),
        (lambda f: f.pop("table.json"), "file missing"),
    ],
)
def test_bad_content_is_refused_naming_file_and_path(change, message):
    with pytest.raises(ContentError, match=message) as refused:
        build("standard", _broken(change))
    assert str(refused.value).split(":")[0].endswith(".json")


def test_the_content_hook_serves_every_printed_tile():  # issue: clients can draw it
    served = RULESET.presentation.content(PACK)
    assert len(served["tiles"]) == 48 and served["content_hash"] == SHIPPED_HASH
    a11 = next(t for t in served["tiles"] if t["id"] == "A11")
    assert a11["cost"] == {"stone": 2, "wood": 1} and a11["once"] == {"coins": 4, "inhabitants": -2}
    assert {c["name"] for c in served["civilizations"]} >= {"Messene", "Argos"}
    assert [s["id"] for s in served["sea_tiles"]] == [1, 2, 3, 4, 5, 6]
    assert served["population_income"][0] == {"from": 0, "to": 2, "coins": 1, "luxury": 0}
