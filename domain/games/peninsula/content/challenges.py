"""challenges.json: a named explicit setup, rule changes and win conditions.

The vocabulary is small on purpose; docs/rules/peninsula.md (Content, Challenges) defines
each key for the engine.
"""

from __future__ import annotations

import types
from collections import Counter
from collections.abc import Collection, Mapping
from itertools import combinations
from typing import Any

from domain.games.peninsula.content.model import (
    FILLABLE_ICONS,
    ICONS,
    MISSION_ROW,
    Challenge,
)
from domain.games.peninsula.content.reader import Reader

FILE = "challenges.json"
MAX_SEATS = 4
DECK_SIZE = 30
# rulebook, Drafting Phase: "every icon appears 10 times, and every possible pair appears 2
# times" -> 15 pairs x 2 = 30 cards.
DECK = Counter(frozenset(pair) for pair in combinations(ICONS, 2) for _ in range(2))
SETUP_KEYS = ("map", "deck", "removed", "face_up", "missions", "bonuses", "start_seat")
RULE_KEYS = ("remove_cards", "no_lifesavers", "face_up_deck")
WIN_KEYS = ("min_total_vp", "min_mission_vp", "min_missions", "min_landmarks", "min_filled")


def parse_challenges(
    data: Any, maps: Collection[str], letters: Collection[str], cards: Collection[str]
) -> tuple[Challenge, ...]:
    read = Reader(FILE)
    top = read.obj(data, "$", ("challenges",))
    raw = read.items(top["challenges"], "$.challenges", min_len=3)
    challenges: list[Challenge] = []
    for i, item in enumerate(raw):
        where = f"$.challenges[{i}]"
        challenge = _challenge(read, item, where, (maps, letters, cards))
        known = {c.id for c in challenges}
        read.check(challenge.id not in known, f"{where}.id", f"duplicate id {challenge.id}")
        challenges.append(challenge)
    return tuple(challenges)


def _challenge(read: Reader, raw: Any, path: str, known: Any) -> Challenge:
    fields = read.obj(raw, path, ("id", "name", "description", "seats", "setup", "rules", "win"))
    seats = read.items(fields["seats"], f"{path}.seats")
    read.check(len(seats) == 2, f"{path}.seats", "must be [min, max]")
    low = read.integer(seats[0], f"{path}.seats[0]", 1, MAX_SEATS)
    high = read.integer(seats[1], f"{path}.seats[1]", low, MAX_SEATS)
    setup = _setup(read, fields["setup"], f"{path}.setup", low, known)
    rules = _rules(read, fields["rules"], f"{path}.rules")
    _consistent(read, setup, rules, path, solo_only=high == 1)
    return Challenge(
        id=read.text(fields["id"], f"{path}.id"),
        name=read.text(fields["name"], f"{path}.name"),
        description=read.text(fields["description"], f"{path}.description"),
        seats=(low, high),
        setup=setup,
        rules=rules,
        win=_win(read, fields["win"], f"{path}.win"),
    )


def _setup(read: Reader, raw: Any, path: str, seats: int, known: Any) -> Mapping[str, Any]:
    maps, letters, cards = known
    fields = read.obj(raw, path, (), SETUP_KEYS)
    if "map" in fields:
        read.choice(fields["map"], f"{path}.map", sorted(maps))
    # rulebook, Setup 3 and 4: 6 bonus cards pair with landmarks 1-6; 6 missions are revealed.
    if "missions" in fields:
        _six_distinct(read, fields["missions"], f"{path}.missions", letters)
    if "bonuses" in fields:
        _six_distinct(read, fields["bonuses"], f"{path}.bonuses", cards)
    if "start_seat" in fields:
        read.integer(fields["start_seat"], f"{path}.start_seat", 0, seats - 1)
    used: Counter[frozenset[str]] = Counter()
    for key in ("deck", "removed", "face_up"):
        if key in fields:
            used.update(_cards(read, fields[key], f"{path}.{key}"))
    extra = used - DECK
    read.check(not extra, path, "deck, removed and face_up use cards the icon deck lacks")
    return _frozen_map(fields)


def _consistent(
    read: Reader, setup: Mapping[str, Any], rules: Mapping[str, Any], path: str, solo_only: bool
) -> None:
    if "removed" in setup and "remove_cards" in rules:
        agree = len(setup["removed"]) == rules["remove_cards"]
        read.check(agree, f"{path}.setup.removed", "must list rules.remove_cards cards")
    # rulebook, Solo Game setup: "Don't reveal any cards from the icon card pile."
    solo_face_up = solo_only and "face_up" in setup
    read.check(not solo_face_up, f"{path}.setup.face_up", "a solo game has no face-up cards")


def _six_distinct(read: Reader, raw: Any, path: str, options: Collection[str]) -> None:
    items = read.items(raw, path)
    read.check(len(items) == MISSION_ROW, path, f"must list exactly {MISSION_ROW} items")
    for i, item in enumerate(items):
        read.choice(item, f"{path}[{i}]", sorted(options))
    read.check(len(set(items)) == len(items), path, "items must be distinct")


def _cards(read: Reader, raw: Any, path: str) -> list[frozenset[str]]:
    cards = []
    for i, card in enumerate(read.items(raw, path)):
        pair = read.items(card, f"{path}[{i}]")
        read.check(len(pair) == 2, f"{path}[{i}]", "an icon card shows two icons")
        for j, icon in enumerate(pair):
            read.choice(icon, f"{path}[{i}][{j}]", ICONS)
        read.check(pair[0] != pair[1], f"{path}[{i}]", "the two icons of a card differ")
        cards.append(frozenset(pair))
    return cards


def _rules(read: Reader, raw: Any, path: str) -> Mapping[str, Any]:
    fields = read.obj(raw, path, (), RULE_KEYS)
    if "remove_cards" in fields:
        read.integer(fields["remove_cards"], f"{path}.remove_cards", 0, DECK_SIZE - 4)
    for key in ("no_lifesavers", "face_up_deck"):
        if key in fields:
            read.flag(fields[key], f"{path}.{key}")
    return _frozen_map(fields)


def _win(read: Reader, raw: Any, path: str) -> Mapping[str, Any]:
    fields = read.obj(raw, path, (), WIN_KEYS)
    read.check(bool(fields), path, "a challenge needs at least one win condition")
    limits = {"min_total_vp": 300, "min_mission_vp": 100, "min_missions": 6, "min_landmarks": 6}
    for key, high in limits.items():
        if key in fields:
            read.integer(fields[key], f"{path}.{key}", 0, high)
    if "min_filled" in fields:
        where = f"{path}.min_filled"
        filled = read.obj(fields["min_filled"], where, (), FILLABLE_ICONS)
        read.check(bool(filled), where, "name at least one icon")
        for icon, count in filled.items():
            read.integer(count, f"{where}.{icon}", 1, 40)
    return _frozen_map(fields)


def _frozen_map(value: Mapping[str, Any]) -> Mapping[str, Any]:
    return types.MappingProxyType({k: _frozen(v) for k, v in value.items()})


def _frozen(value: Any) -> Any:
    """Read-only copy: objects become mapping proxies, lists become tuples."""
    if isinstance(value, dict):
        return _frozen_map(value)
    if isinstance(value, list):
        return tuple(_frozen(v) for v in value)
    return value
