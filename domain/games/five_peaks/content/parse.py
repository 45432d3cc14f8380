"""Strict reading of the pack's JSON files: every failure names the file and the JSON path."""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection, Mapping
from dataclasses import dataclass
from typing import Any, NoReturn, cast

from domain.games.five_peaks.content.model import (
    CARD_EFFECTS,
    EDGES,
    FIRE_EFFECTS,
    GAIN_KEYS,
    RESOURCES,
    SPACE_KINDS,
    TERRAINS,
    CardOption,
    CardSpec,
    ContentError,
    Edge,
    FireSpec,
    PanoramaSpec,
    PeakSpec,
    SpaceSpec,
    StoneSpec,
    TileSpec,
)

TILE_COUNTS = {"forest": 6, "alpine": 4, "rocky": 3}
"""Game Components: 1 starting tile, 6 forest, 4 alpine, 3 rocky."""
PEAKS_PER_TERRAIN = 5
CARD_COPIES = {
    "sightsee": 5,
    "run": 4,
    "shortcut": 4,
    "bike": 5,
    "paraglide": 3,
    "small-harvest": 3,
    "large-harvest": 3,
    "mushroom-basket": 3,
    "berry-jar": 3,
    "herb-pouch": 3,
    "observe": 3,
}
"""Hiking Card Descriptions: the number after each title is its copies."""
CAMPFIRE_CARDS = 18
PANORAMAS = 30
RANKS = 6


@dataclass(frozen=True)
class Reader:
    file: str

    def fail(self, path: str, message: str) -> NoReturn:
        raise ContentError(self.file, path, message)

    def check(self, ok: bool, path: str, message: str) -> None:
        if not ok:
            self.fail(path, message)

    def obj(
        self, value: Any, path: str, required: Collection[str], optional: Collection[str] = ()
    ) -> Mapping[str, Any]:
        self.check(isinstance(value, dict), path, "must be an object")
        missing = [k for k in required if k not in value]
        self.check(not missing, path, f"missing field(s): {', '.join(missing)}")
        unknown = sorted(set(value) - set(required) - set(optional))
        self.check(not unknown, path, f"unknown field(s): {', '.join(unknown)}")
        return cast(Mapping[str, Any], value)

    def items(self, value: Any, path: str) -> list[Any]:
        self.check(isinstance(value, list), path, "must be a list")
        return cast(list[Any], value)

    def int_(self, value: Any, path: str, low: int = 0, high: int = 1000) -> int:
        ok = type(value) is int and low <= value <= high
        self.check(ok, path, f"must be a whole number from {low} to {high}")
        return cast(int, value)

    def text(self, value: Any, path: str, choices: Collection[str] = ()) -> str:
        self.check(isinstance(value, str) and value != "", path, "must be a text")
        if choices:
            self.check(value in choices, path, f"must be one of {', '.join(choices)}")
        return cast(str, value)

    def amounts(
        self, value: Any, path: str, keys: Collection[str] = GAIN_KEYS
    ) -> Mapping[str, int]:
        self.check(isinstance(value, dict), path, "must be an object of amounts")
        out = {}
        for key, amount in value.items():
            self.check(key in keys, f"{path}.{key}", f"unknown word; known: {', '.join(keys)}")
            out[key] = self.int_(amount, f"{path}.{key}", 1, 20)
        return out

    def cell(self, value: Any, path: str, size: int) -> tuple[int, int]:
        pair = self.items(value, path)
        self.check(len(pair) == 2, path, "a cell is [column, row]")
        return (
            self.int_(pair[0], f"{path}[0]", 0, size - 1),
            self.int_(pair[1], f"{path}[1]", 0, size - 1),
        )


def parse_tile(read: Reader, raw: Any, path: str) -> TileSpec:
    obj = read.obj(raw, path, ("id", "terrain", "size", "spaces", "paths", "edges"))
    size = read.int_(obj["size"], f"{path}.size", 3, 5)
    terrain = read.text(obj["terrain"], f"{path}.terrain", ("start", *TERRAINS))
    spaces = tuple(
        parse_space(read, s, f"{path}.spaces[{i}]", size)
        for i, s in enumerate(read.items(obj["spaces"], f"{path}.spaces"))
    )
    cells = [s.cell for s in spaces]
    read.check(len(set(cells)) == len(cells), f"{path}.spaces", "two spaces share a cell")
    last = size - 1
    for corner in ((0, 0), (last, 0), (0, last), (last, last)):
        space = next((s for s in spaces if s.cell == corner), None)
        read.check(
            space is not None and space.kind == "half",
            f"{path}.spaces",
            f"corner {list(corner)} must be a half",
        )
    paths = []
    for i, raw_path in enumerate(read.items(obj["paths"], f"{path}.paths")):
        where = f"{path}.paths[{i}]"
        ends = tuple(
            read.cell(c, f"{where}[{j}]", size) for j, c in enumerate(read.items(raw_path, where))
        )
        read.check(
            len(ends) in (2, 3) and len(set(ends)) == len(ends),
            where,
            "a path joins 2 spaces, or 3 where it branches",
        )
        read.check(all(e in cells for e in ends), where, "a path must join spaces")
        paths.append(ends)
    linked = {c for p in paths for c in p}
    read.check(all(c in linked for c in cells), f"{path}.paths", "every space needs a path")
    edges = [
        read.text(e, f"{path}.edges[{i}]", EDGES)
        for i, e in enumerate(read.items(obj["edges"], f"{path}.edges"))
    ]
    return TileSpec(
        id=read.text(obj["id"], f"{path}.id"),
        terrain=cast(Any, terrain),
        size=size,
        spaces=spaces,
        paths=tuple(paths),
        edges=frozenset(cast(list[Edge], edges)),
    )


def parse_space(read: Reader, raw: Any, path: str, size: int) -> SpaceSpec:
    kind = read.text(
        read.obj(raw, path, ("cell", "kind"), ("gives", "pay", "gain"))["kind"],
        f"{path}.kind",
        SPACE_KINDS,
    )
    needs = {
        "resource": ("gives",),
        "half": ("gives",),
        "bike": ("gives",),
        "exchange": ("pay", "gain"),
    }
    obj = read.obj(raw, path, ("cell", "kind", *needs.get(kind, ())))
    plain = (*RESOURCES, "endorphin")
    return SpaceSpec(
        cell=read.cell(obj["cell"], f"{path}.cell", size),
        kind=cast(Any, kind),
        gives=read.amounts(obj.get("gives", {}), f"{path}.gives", plain),
        pay=read.amounts(obj.get("pay", {}), f"{path}.pay", plain),
        gain=read.amounts(obj.get("gain", {}), f"{path}.gain"),
    )


def parse_tiles(raw: Any) -> tuple[TileSpec, dict[str, TileSpec]]:
    read = Reader("tiles.json")
    obj = read.obj(raw, "$", ("start", "tiles"))
    start = parse_tile(read, obj["start"], "$.start")
    read.check(
        start.terrain == "start" and start.size == 5,
        "$.start",
        "the start tile is a 5x5 start tile",
    )
    read.check(any(s.kind == "parking" for s in start.spaces), "$.start", "needs the parking area")
    tiles = {}
    for i, t in enumerate(read.items(obj["tiles"], "$.tiles")):
        tile = parse_tile(read, t, f"$.tiles[{i}]")
        read.check(
            tile.size == 3 and tile.terrain != "start", f"$.tiles[{i}]", "a terrain tile is 3x3"
        )
        read.check(tile.id not in tiles and tile.id != start.id, f"$.tiles[{i}].id", "duplicate id")
        tiles[tile.id] = tile
    counts = Counter(t.terrain for t in tiles.values())
    read.check(dict(counts) == TILE_COUNTS, "$.tiles", f"needs {TILE_COUNTS}")
    return start, tiles


def parse_peaks(raw: Any) -> dict[str, PeakSpec]:
    read = Reader("peaks.json")
    peaks = {}
    for i, p in enumerate(read.items(raw, "$")):
        obj = read.obj(p, f"$[{i}]", ("id", "terrain", "vp", "reward"))
        peak = PeakSpec(
            id=read.text(obj["id"], f"$[{i}].id"),
            terrain=cast(Any, read.text(obj["terrain"], f"$[{i}].terrain", TERRAINS)),
            vp=read.int_(obj["vp"], f"$[{i}].vp", 1, 30),
            reward=read.amounts(
                obj["reward"], f"$[{i}].reward", (*RESOURCES, "endorphin", "market", "campfire")
            ),
        )
        read.check(peak.id not in peaks, f"$[{i}].id", "duplicate id")
        peaks[peak.id] = peak
    counts = Counter(p.terrain for p in peaks.values())
    read.check(
        all(counts[t] == PEAKS_PER_TERRAIN for t in TERRAINS), "$", "5 peaks of each terrain"
    )
    return peaks


def parse_option(read: Reader, raw: Any, path: str) -> CardOption:
    keys = ("steps", "endorphins", "times", "give", "count", "take", "from")
    obj = read.obj(raw, path, ("effect",), keys)
    effect = read.text(obj["effect"], f"{path}.effect", CARD_EFFECTS)
    glide = None
    if "from" in obj:
        table = read.obj(obj["from"], f"{path}.from", (), TERRAINS)
        glide = {
            k: tuple(
                read.text(t, f"{path}.from.{k}", TERRAINS)
                for t in read.items(v, f"{path}.from.{k}")
            )
            for k, v in table.items()
        }
    steps = tuple(
        read.int_(s, f"{path}.steps", 1, 9)
        for s in read.items(obj.get("steps", []), f"{path}.steps")
    )
    read.check(effect != "move" or bool(steps), f"{path}.steps", "a move needs its steps")
    read.check(
        effect != "paraglide" or glide is not None, f"{path}.from", "a glide needs its terrains"
    )
    give, take = obj.get("give", ""), obj.get("take", "")
    if effect == "pack":
        read.text(give, f"{path}.give", RESOURCES)
        read.text(take, f"{path}.take", RESOURCES)
    return CardOption(
        effect=cast(Any, effect),
        steps=steps,
        endorphins=read.int_(obj.get("endorphins", 0), f"{path}.endorphins", 0, 9),
        times=read.int_(obj.get("times", 0), f"{path}.times", 0, 9),
        give=give,
        count=read.int_(obj.get("count", 0), f"{path}.count", 0, 9),
        take=take,
        glide=glide,
    )


def parse_cards(raw: Any) -> dict[str, CardSpec]:
    read = Reader("cards.json")
    cards = {}
    for i, c in enumerate(read.items(raw, "$")):
        path = f"$[{i}]"
        obj = read.obj(c, path, ("id", "title", "starting", "copies", "cost", "options"))
        read.check(type(obj["starting"]) is bool, f"{path}.starting", "must be true or false")
        options = tuple(
            parse_option(read, o, f"{path}.options[{j}]")
            for j, o in enumerate(read.items(obj["options"], f"{path}.options"))
        )
        read.check(bool(options), f"{path}.options", "a card needs an option")
        card = CardSpec(
            id=read.text(obj["id"], f"{path}.id"),
            title=read.text(obj["title"], f"{path}.title"),
            starting=obj["starting"],
            copies=read.int_(obj["copies"], f"{path}.copies", 0, 9),
            cost=read.int_(obj["cost"], f"{path}.cost", 0, 9),
            options=options,
        )
        read.check(card.id not in cards, f"{path}.id", "duplicate id")
        read.check(card.starting == (card.copies == 0), f"{path}.copies", "starting cards only")
        cards[card.id] = card
    read.check(sum(c.starting for c in cards.values()) == 5, "$", "5 starting cards")
    copies = {c.id: c.copies for c in cards.values() if not c.starting}
    read.check(copies == CARD_COPIES, "$", f"hiking card copies must be {CARD_COPIES}")
    return cards


def parse_campfire(raw: Any, cards: Collection[str]) -> dict[str, FireSpec]:
    read = Reader("campfire.json")
    fires = {}
    for i, f in enumerate(read.items(raw, "$")):
        path = f"$[{i}]"
        obj = read.obj(f, path, ("id", "title", "copies", "effect"))
        eff = read.obj(
            obj["effect"],
            f"{path}.effect",
            ("effect",),
            ("resource", "card", "slots", "endorphins", "containers", "from", "to", "points"),
        )
        word = read.text(eff["effect"], f"{path}.effect.effect", FIRE_EFFECTS)
        amount = next((eff[k] for k in ("slots", "endorphins", "points") if k in eff), 0)
        fire = FireSpec(
            id=read.text(obj["id"], f"{path}.id"),
            title=read.text(obj["title"], f"{path}.title"),
            copies=read.int_(obj["copies"], f"{path}.copies", 0, 9),
            effect=cast(Any, word),
            resource=read.text(eff["resource"], f"{path}.effect.resource", RESOURCES)
            if "resource" in eff
            else "",
            card=read.text(eff["card"], f"{path}.effect.card", cards) if "card" in eff else "",
            amount=read.int_(amount, f"{path}.effect", 0, 20),
            containers=tuple(
                read.text(c, f"{path}.effect.containers", RESOURCES)
                for c in read.items(eff.get("containers", []), f"{path}.effect.containers")
            ),
            upgrade=(
                read.int_(eff.get("from", 0), f"{path}.effect.from", 0, 9),
                read.int_(eff.get("to", 0), f"{path}.effect.to", 0, 9),
            ),
        )
        read.check(
            fire.id not in fires and "-" not in fire.id[-2:],
            f"{path}.id",
            "duplicate or ill-formed id",
        )
        fires[fire.id] = fire
    read.check(sum(f.copies for f in fires.values()) == CAMPFIRE_CARDS, "$", "18 campfire cards")
    return fires


def parse_panoramas(raw: Any) -> dict[str, PanoramaSpec]:
    read = Reader("panoramas.json")
    cards = {}
    for i, p in enumerate(read.items(raw, "$")):
        path = f"$[{i}]"
        obj = read.obj(p, path, ("id", "column", "rank", "vp", "seats", "cost", "reward"))
        card = PanoramaSpec(
            id=read.text(obj["id"], f"{path}.id"),
            column=read.text(obj["column"], f"{path}.column"),
            rank=read.int_(obj["rank"], f"{path}.rank", 1, RANKS),
            vp=read.int_(obj["vp"], f"{path}.vp", 0, 50),
            seats=read.int_(obj["seats"], f"{path}.seats", 1, 5),
            cost=read.amounts(obj["cost"], f"{path}.cost", RESOURCES),
            reward=read.amounts(obj["reward"], f"{path}.reward"),
        )
        read.check(card.id not in cards, f"{path}.id", "duplicate id")
        cards[card.id] = card
    read.check(len(cards) == PANORAMAS, "$", "30 panorama cards")
    for column in {c.column for c in cards.values()}:
        own = [c for c in cards.values() if c.column == column]
        read.check(
            sorted(c.rank for c in own) == list(range(1, RANKS + 1)),
            "$",
            f"column {column} needs ranks I to VI",
        )
        read.check(
            len({c.seats for c in own}) == 1, "$", f"column {column} has one player-count mark"
        )
    return cards


def parse_stones(read: Reader, raw: Any) -> tuple[StoneSpec, ...]:
    stones = []
    for i, s in enumerate(read.items(raw, "$.stones")):
        obj = read.obj(s, f"$.stones[{i}]", ("id", "multiplier", "size"))
        stones.append(
            StoneSpec(
                read.text(obj["id"], f"$.stones[{i}].id"),
                read.int_(obj["multiplier"], f"$.stones[{i}]", 1, 9),
                read.int_(obj["size"], f"$.stones[{i}]", 1, 9),
            )
        )
    read.check(
        sorted(s.multiplier for s in stones) == [1, 2, 2, 3, 3],
        "$.stones",
        "the stones are x1, two x2 and two x3",
    )
    read.check(
        len({s.size for s in stones}) == 5 and len({s.id for s in stones}) == 5,
        "$.stones",
        "every stone has its own size and id",
    )
    return tuple(sorted(stones, key=lambda s: s.size))
