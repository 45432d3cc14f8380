"""Parsing each file of a pack into the content model, refusing anything off the schema."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from domain.games.peloponnes.content.model import (
    ADOPTABLE,
    BLANK,
    DISASTERS,
    SETS,
    Civilization,
    EndChoice,
    IncomeRow,
    SeaTile,
    Tile,
)
from domain.games.peloponnes.content.reader import Reader
from domain.games.peloponnes.goods import NOTHING

TILES_FILE = "tiles.json"
CIVILIZATIONS_FILE = "civilizations.json"
SEA_TILES_FILE = "sea_tiles.json"
TABLE_FILE = "table.json"
TILE_ID = re.compile(r"^[A-Z][0-9]{2}$")
TILE_FIELDS = ("id", "set", "type", "bid", "pp", "once", "income")
TILE_OPTIONAL = ("name", "cost", "choice_income", "protects", "supply", "abilities", "adopted")
ABILITIES = ("free_placement", "taking_loses", "end_choice")


def parse_tiles(data: Any) -> dict[str, Tile]:
    r = Reader(TILES_FILE)
    top = r.obj(data, "$", ("tiles",))
    tiles: dict[str, Tile] = {}
    for i, raw in enumerate(r.items(top["tiles"], "$.tiles", min_len=1)):
        tile = _tile(r, raw, f"$.tiles[{i}]")
        r.check(tile.id not in tiles, f"$.tiles[{i}].id", f"{tile.id} appears twice")
        tiles[tile.id] = tile
    return tiles


def _tile(r: Reader, raw: Any, path: str) -> Tile:
    t = r.obj(raw, path, TILE_FIELDS, (*TILE_OPTIONAL, "note"))
    tile_id = r.text(t["id"], f"{path}.id")
    r.check(bool(TILE_ID.match(tile_id)), f"{path}.id", "must be a letter and two digits")
    kind = r.choice(t["type"], f"{path}.type", ("land", "building"))
    building = kind == "building"
    r.check(("cost" in t) == building, path, "a building has a cost, a land none")
    r.check(("name" in t) == building, path, "a building has a name, a land none")
    income = r.goods(t["income"], f"{path}.income", "WSFCPL")
    protects = t.get("protects")
    if protects is not None:
        r.choice(protects, f"{path}.protects", DISASTERS)
    free, loses, choices = _abilities(r, t.get("abilities", {}), f"{path}.abilities")
    tile = Tile(
        id=tile_id,
        name=r.text(t["name"], f"{path}.name") if building else "",
        set=r.choice(t["set"], f"{path}.set", SETS),
        kind="building" if building else "land",
        bid=r.integer(t["bid"], f"{path}.bid", 0, 20),
        pp=r.integer(t["pp"], f"{path}.pp", 0, 20),
        cost=r.goods(t["cost"], f"{path}.cost", "WSF") if building else NOTHING,
        once=r.goods(t["once"], f"{path}.once", "CWSFLP", low=-5),
        income=income,
        choice_income=r.integer(t.get("choice_income", 0), f"{path}.choice_income", 0, 3),
        protects=next((d for d in DISASTERS if d == protects), None),
        supply=r.flag(t.get("supply", False), f"{path}.supply"),
        free_placement=free,
        taking_loses=loses,
        end_choice=choices,
        adopted=_adopted(r, t, path),
        note=r.text(t["note"], f"{path}.note") if "note" in t else "",
    )
    if not building:
        r.check(bool(tile.produces), f"{path}.income", "a land produces wood, stone or food")
    return tile


def _abilities(r: Reader, raw: Any, path: str) -> tuple[bool, Any, tuple[EndChoice, ...]]:
    a = r.obj(raw, path, (), ABILITIES)
    free = r.flag(a.get("free_placement", False), f"{path}.free_placement")
    loses = r.goods(a.get("taking_loses", {}), f"{path}.taking_loses", "P")
    choices: list[EndChoice] = []
    if "end_choice" in a:
        for i, side in enumerate(r.items(a["end_choice"], f"{path}.end_choice", min_len=2)):
            c = r.obj(side, f"{path}.end_choice[{i}]", (), ("pp", "P"))
            r.check(len(c) == 1, f"{path}.end_choice[{i}]", "one reward per side")
            choices.append(
                EndChoice(
                    pp=r.integer(c.get("pp", 0), f"{path}.end_choice[{i}].pp", 0, 20),
                    inhabitants=r.integer(c.get("P", 0), f"{path}.end_choice[{i}].P", 0, 20),
                )
            )
    return free, loses, tuple(choices)


def _adopted(r: Reader, t: Mapping[str, Any], path: str) -> frozenset[str]:
    fields = r.items(t.get("adopted", []), f"{path}.adopted")
    for i, name in enumerate(fields):
        r.choice(name, f"{path}.adopted[{i}]", ADOPTABLE)
        r.check(name in t, f"{path}.adopted[{i}]", f"the tile has no {name}")
    return frozenset(fields)


def parse_civilizations(data: Any) -> dict[str, Civilization]:
    r = Reader(CIVILIZATIONS_FILE)
    top = r.obj(data, "$", ("civilizations",))
    civs: dict[str, Civilization] = {}
    for i, raw in enumerate(r.items(top["civilizations"], "$.civilizations", min_len=1)):
        path = f"$.civilizations[{i}]"
        c = r.obj(raw, path, ("name", "order", "set", "start", "income"))
        civ = Civilization(
            name=r.text(c["name"], f"{path}.name"),
            order=r.integer(c["order"], f"{path}.order", 1, 99),
            set=r.choice(c["set"], f"{path}.set", SETS),
            start=r.goods(c["start"], f"{path}.start", "CWSFLP"),
            income=r.goods(c["income"], f"{path}.income", "CWSFLP"),
        )
        r.check(civ.name not in civs, f"{path}.name", f"{civ.name} appears twice")
        r.check(all(o.order != civ.order for o in civs.values()), f"{path}.order", "orders differ")
        civs[civ.name] = civ
    return civs


def parse_sea_tiles(data: Any) -> dict[int, SeaTile]:
    r = Reader(SEA_TILES_FILE)
    top = r.obj(data, "$", ("sea_tiles",))
    tiles: dict[int, SeaTile] = {}
    for i, raw in enumerate(r.items(top["sea_tiles"], "$.sea_tiles", min_len=1)):
        path = f"$.sea_tiles[{i}]"
        s = r.obj(raw, path, ("id", "cost", "pp", "once"))
        tile = SeaTile(
            id=r.integer(s["id"], f"{path}.id", 1, 99),
            cost=r.goods(s["cost"], f"{path}.cost", "CWSF"),
            pp=r.integer(s["pp"], f"{path}.pp", 0, 20),
            once=r.goods(s["once"], f"{path}.once", "CWSFLP"),
        )
        r.check(tile.id not in tiles, f"{path}.id", f"sea tile {tile.id} appears twice")
        tiles[tile.id] = tile
    return tiles


def parse_table(
    data: Any,
) -> tuple[tuple[IncomeRow, ...], tuple[str, ...], dict[str, int], dict[str, int]]:
    """The population income table, the stack letter of each round, tiles per round and
    the disaster chits."""
    r = Reader(TABLE_FILE)
    top = r.obj(data, "$", ("population_income", "rounds", "tiles_per_round", "chits"))
    table = r.obj(top["population_income"], "$.population_income", ("rows",), ("status",))
    rows: list[IncomeRow] = []
    for i, raw in enumerate(r.items(table["rows"], "$.population_income.rows", min_len=1)):
        path = f"$.population_income.rows[{i}]"
        row = r.obj(raw, path, ("from", "to", "coins", "luxury"))
        low = r.integer(row["from"], f"{path}.from", 0, 99)
        r.check(
            low == (rows[-1].high + 1 if rows else 0),
            f"{path}.from",
            "rows must be contiguous from 0",
        )
        rows.append(
            IncomeRow(
                low=low,
                high=r.integer(row["to"], f"{path}.to", low, 99),
                coins=r.integer(row["coins"], f"{path}.coins", 0, 20),
                luxury=r.integer(row["luxury"], f"{path}.luxury", 0, 20),
            )
        )
    rounds = tuple(
        r.text(letter, f"$.rounds[{i}]")
        for i, letter in enumerate(r.items(top["rounds"], "$.rounds", 1))
    )
    per_round = r.obj(top["tiles_per_round"], "$.tiles_per_round", SETS)
    tiles_per_round = {s: r.integer(per_round[s], f"$.tiles_per_round.{s}", 1, 12) for s in SETS}
    chits = r.obj(top["chits"], "$.chits", (*DISASTERS, BLANK))
    counts = {k: r.integer(v, f"$.chits.{k}", 0, 20) for k, v in chits.items()}
    return tuple(rows), rounds, tiles_per_round, counts
