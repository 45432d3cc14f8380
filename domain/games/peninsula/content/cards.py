"""missions.json, bonus_cards.json and lifesavers.json."""

from __future__ import annotations

import string
import types
from collections.abc import Mapping
from typing import Any, cast

from domain.games.peninsula.content.model import BONUSES, Bonus, BonusCard, MissionSpec
from domain.games.peninsula.content.reader import Reader
from domain.games.peninsula.hexes import Hex, canonical

MISSIONS_FILE = "missions.json"
BONUS_FILE = "bonus_cards.json"
LIFESAVERS_FILE = "lifesavers.json"
MISSION_MARKS = ("ticked", "crossed", "none")
# rulebook, Components: "26 Mission Cards (A-Z)" and "20 Landmark Bonus Cards".
MISSION_LETTERS = tuple(string.ascii_uppercase)
BONUS_CARD_COUNT = 20
PLAYER_COUNTS = (1, 2, 3, 4)


def parse_missions(data: Any) -> tuple[MissionSpec, ...]:
    read = Reader(MISSIONS_FILE)
    top = read.obj(data, "$", ("legend", "missions"))
    legend = read.legend(top["legend"], "$.legend", MISSION_MARKS)
    raw = read.items(top["missions"], "$.missions")
    count = len(MISSION_LETTERS)
    read.check(len(raw) == count, "$.missions", f"must list exactly {count} missions")
    missions = tuple(_mission(read, item, f"$.missions[{i}]", legend) for i, item in enumerate(raw))
    shapes: dict[tuple[tuple[Hex, ...], ...], str] = {}
    for i, (mission, letter) in enumerate(zip(missions, MISSION_LETTERS, strict=True)):
        where = f"$.missions[{i}]"
        read.check(mission.letter == letter, f"{where}.letter", f"must be {letter} (A-Z order)")
        # rulebook, Missions: "each showing a unique arrangement of hexes", and arrangements
        # "may be rotated and mirrored", so no two may be the same shape up to symmetry.
        shape = canonical(mission.ticked, mission.crossed)
        twin = shapes.get(shape)
        read.check(twin is None, f"{where}.pattern", f"same arrangement as mission {twin}")
        shapes[shape] = letter
    return missions


def _mission(read: Reader, raw: Any, path: str, legend: Mapping[str, str]) -> MissionSpec:
    fields = read.obj(raw, path, ("letter", "name", "vp", "pattern"))
    cells = read.grid(fields["pattern"], f"{path}.pattern", legend)
    ticked = frozenset(cells.get("ticked", set()))
    read.check(bool(ticked), f"{path}.pattern", "a mission needs at least one ticked hex")
    return MissionSpec(
        letter=read.choice(fields["letter"], f"{path}.letter", MISSION_LETTERS),
        name=read.text(fields["name"], f"{path}.name"),
        vp=read.integer(fields["vp"], f"{path}.vp", 1, 30),
        ticked=ticked,
        crossed=frozenset(cells.get("crossed", set())),
    )


def parse_bonus_cards(data: Any) -> tuple[BonusCard, ...]:
    read = Reader(BONUS_FILE)
    top = read.obj(data, "$", ("cards",))
    raw = read.items(top["cards"], "$.cards")
    read.check(len(raw) == BONUS_CARD_COUNT, "$.cards", f"must list {BONUS_CARD_COUNT} cards")
    cards: list[BonusCard] = []
    for i, item in enumerate(raw):
        where = f"$.cards[{i}]"
        fields = read.obj(item, where, ("id", "bonus", "name"))
        card = BonusCard(
            id=read.text(fields["id"], f"{where}.id"),
            bonus=cast(Bonus, read.choice(fields["bonus"], f"{where}.bonus", BONUSES)),
            name=read.text(fields["name"], f"{where}.name"),
        )
        read.check(card.id not in {c.id for c in cards}, f"{where}.id", f"duplicate {card.id}")
        cards.append(card)
    missing = [b for b in BONUSES if b not in {c.bonus for c in cards}]
    # rulebook, Components and Landmark Bonuses: the 20 cards cover all 12 listed bonuses.
    read.check(not missing, "$.cards", f"no card for bonus(es): {', '.join(missing)}")
    return tuple(cards)


def parse_lifesaver_chart(data: Any, printed: int) -> Mapping[int, int]:
    """Players -> lifesavers crossed off; never more than the fewest printed on a map."""
    read = Reader(LIFESAVERS_FILE)
    top = read.obj(data, "$", ("crossed_off_by_players",))
    path = "$.crossed_off_by_players"
    raw = read.obj(top["crossed_off_by_players"], path, tuple(str(n) for n in PLAYER_COUNTS))
    chart = {n: read.integer(raw[str(n)], f"{path}.{n}", 0, printed) for n in PLAYER_COUNTS}
    return types.MappingProxyType(chart)
