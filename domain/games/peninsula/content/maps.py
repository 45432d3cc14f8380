"""maps.json: the map sheets, their harbors, landmarks, tickets and lifesavers."""

from __future__ import annotations

import types
from typing import Any, cast

from domain.games.peninsula.content.model import (
    MISSION_ROW,
    TICKET_KINDS,
    TICKET_UNLOCKS,
    Harbor,
    MapSpec,
    TicketKind,
    TicketSlot,
    TicketUnlock,
)
from domain.games.peninsula.content.reader import Reader
from domain.games.peninsula.hexes import Hex, are_adjacent

FILE = "maps.json"
TERRAINS = ("land", "sea", "lake")
_MAP_FIELDS = ("id", "name", "rows", "start", "harbors", "landmarks", "tickets", "lifesavers")
_LANDMARKS = tuple(range(1, 7))


def parse_maps(data: Any) -> dict[str, MapSpec]:
    read = Reader(FILE)
    top = read.obj(data, "$", ("legend", "maps"))
    legend = read.legend(top["legend"], "$.legend", TERRAINS)
    maps: dict[str, MapSpec] = {}
    for i, raw in enumerate(read.items(top["maps"], "$.maps", min_len=1)):
        spec = _map(read, raw, f"$.maps[{i}]", legend)
        read.check(spec.id not in maps, f"$.maps[{i}].id", f"duplicate map id {spec.id}")
        maps[spec.id] = spec
    return maps


def _map(read: Reader, raw: Any, path: str, legend: Any) -> MapSpec:
    fields = read.obj(raw, path, _MAP_FIELDS)
    cells = read.grid(fields["rows"], f"{path}.rows", legend)
    land = frozenset(cells.get("land", set()))
    sea = frozenset(cells.get("sea", set()))
    read.check(bool(land), f"{path}.rows", "a map needs land hexes")
    start = read.hex(fields["start"], f"{path}.start")
    read.check(start in land, f"{path}.start", f"the start hex {start} is not land")
    landmarks = _landmarks(read, land, start, fields["landmarks"], f"{path}.landmarks")
    return MapSpec(
        id=read.text(fields["id"], f"{path}.id"),
        name=read.text(fields["name"], f"{path}.name"),
        land=land,
        sea=sea,
        lake=frozenset(cells.get("lake", set())),
        start=start,
        harbors=_harbors(read, land, sea, fields["harbors"], f"{path}.harbors"),
        landmarks=types.MappingProxyType(landmarks),
        tickets=_tickets(read, fields["tickets"], f"{path}.tickets"),
        lifesavers=read.integer(fields["lifesavers"], f"{path}.lifesavers", 0, 12),
    )


def _landmarks(
    read: Reader, land: frozenset[Hex], start: Hex, raw: Any, path: str
) -> dict[int, Hex]:
    fields = read.obj(raw, path, tuple(str(n) for n in _LANDMARKS))
    landmarks: dict[int, Hex] = {}
    for number in _LANDMARKS:
        where = f"{path}.{number}"
        h = read.hex(fields[str(number)], where)
        read.check(h in land, where, f"landmark {number} at {h} is not on land")
        # rulebook, Landmarks: "The first time you move onto a landmark hex" unlocks it, so a
        # landmark on the start hex could never be moved onto first.
        read.check(h != start, where, "a landmark cannot be the start hex")
        read.check(h not in landmarks.values(), where, f"two landmarks share {h}")
        landmarks[number] = h
    return landmarks


def _harbors(
    read: Reader, land: frozenset[Hex], sea: frozenset[Hex], raw: Any, path: str
) -> tuple[Harbor, ...]:
    harbors: list[Harbor] = []
    # Harbor tickets move from one harbor hex to another, so fewer than 2 would be useless.
    for i, item in enumerate(read.items(raw, path, min_len=2)):
        where = f"{path}[{i}]"
        fields = read.obj(item, where, ("sea", "land"))
        harbor = Harbor(
            sea=read.hex(fields["sea"], f"{where}.sea"),
            land=read.hex(fields["land"], f"{where}.land"),
        )
        read.check(harbor.sea in sea, f"{where}.sea", f"{harbor.sea} is not a sea hex")
        read.check(harbor.land in land, f"{where}.land", f"{harbor.land} is not land")
        adjacent = are_adjacent(harbor.sea, harbor.land)
        read.check(adjacent, where, f"{harbor.sea} and {harbor.land} are not adjacent")
        taken = harbor.land in {h.land for h in harbors}
        read.check(not taken, f"{where}.land", f"two harbors share {harbor.land}")
        harbors.append(harbor)
    return tuple(harbors)


def _tickets(read: Reader, raw: Any, path: str) -> tuple[TicketSlot, ...]:
    tickets = tuple(
        _ticket(read, item, f"{path}[{i}]") for i, item in enumerate(read.items(raw, path))
    )
    ids = [t.id for t in tickets]
    read.check(len(set(ids)) == len(ids), path, "ticket ids must be unique")
    pairs = [t.between for t in tickets if t.between is not None]
    read.check(len(set(pairs)) == len(pairs), path, "two tickets sit between the same missions")
    unlocks = [t.unlock for t in tickets]
    # rulebook, Filling Icons, Forest: the 3rd and the 5th filled forest each give a balloon.
    for unlock in ("forest3", "forest5"):
        read.check(unlocks.count(unlock) == 1, path, f"needs exactly one {unlock} ticket")
    read.check("start" in unlocks, path, "needs at least one ticket available at the start")
    return tickets


def _ticket(read: Reader, raw: Any, path: str) -> TicketSlot:
    fields = read.obj(raw, path, ("id", "kind", "unlock"), ("between",))
    kind = cast(TicketKind, read.choice(fields["kind"], f"{path}.kind", TICKET_KINDS))
    unlock = cast(TicketUnlock, read.choice(fields["unlock"], f"{path}.unlock", TICKET_UNLOCKS))
    balloon = unlock in ("forest3", "forest5")
    read.check((kind == "balloon") == balloon, path, "balloon tickets are the forest tickets")
    between = None
    if unlock == "missions":
        read.check("between" in fields, path, "a mission ticket needs 'between'")
        pair = read.items(fields["between"], f"{path}.between")
        read.check(len(pair) == 2, f"{path}.between", "must name two mission positions")
        first = read.integer(pair[0], f"{path}.between[0]", 0, MISSION_ROW - 2)
        second = read.integer(pair[1], f"{path}.between[1]", 0, MISSION_ROW - 1)
        # rulebook, Missions: "2 missions that show a ticket between them" are neighbours.
        read.check(second == first + 1, f"{path}.between", "positions must be adjacent (i, i+1)")
        between = (first, second)
    else:
        read.check("between" not in fields, path, "'between' is only for mission tickets")
    return TicketSlot(
        id=read.text(fields["id"], f"{path}.id"), kind=kind, unlock=unlock, between=between
    )
