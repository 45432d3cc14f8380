# cairn compile leaves this module interpreted: instances copied through __dict__
# (service/compiled.py).
"""The state of a Peloponnes game: each seat's civilization, the rows, the stacks, disasters.

A round runs through phases, each either resolved by the rules themselves (a system
command) or driven by the seats (docs/rules/peloponnes.md, A round):

``reveal`` -> (``supply``) -> ``bidding`` -> ``settle`` -> ``income`` -> ``disasters`` ->
``round_end`` -> (``round_supply``) -> the next round's ``reveal``; after the last round
``final_supply`` -> ``end_choices`` -> ``scoring`` -> ``over``.

Inside a system phase, seats may still have to decide (``awaiting``, in turn order): how to
pay for a building won, an income of their choice, what to save from a disaster, which
unpaid buildings to pay at a supply, an end-of-game choice.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, Literal, TypeVar

from domain.core import Table
from domain.games.peloponnes.content import Content, Disaster, by_hash
from domain.games.peloponnes.goods import NOTHING, Goods

Phase = Literal[
    "setup",
    "reveal",
    "supply",
    "bidding",
    "settle",
    "income",
    "disasters",
    "round_end",
    "round_supply",
    "final_supply",
    "end_choices",
    "scoring",
    "over",
]
SUPPLY_PHASES: frozenset[str] = frozenset({"supply", "round_supply", "final_supply"})
T = TypeVar("T")
_new = object.__new__
_set = object.__setattr__


def changed(value: T, **changes: Any) -> T:
    """A copy of frozen dataclass ``value`` with some fields changed.

    The fold applies every event through this, so it must be cheap: ``dataclasses.replace``
    re-runs ``__init__`` over every field of a state this size and costs several times
    more. The copy is built before anyone can see it; the frozen value is never mutated.
    """
    fields = value.__dataclass_fields__  # type: ignore[attr-defined]
    if not changes.keys() <= fields.keys():
        unknown = sorted(changes.keys() - fields.keys())
        raise TypeError(f"{type(value).__name__} has no field(s) {unknown}")
    return copied(value, changes)


def updated(value: T, **changes: Any) -> T:
    """``changed`` without the field-name check, for the fold (decider.evolve), whose field
    names are fixed in code: the check cost about a third of a copy, and the fold copies the
    game for every event. tests/domain/peloponnes/test_fast_paths.py holds every state the
    fold builds of seeded games to exactly its dataclass's fields, so a misspelt name
    fails there."""
    return copied(value, changes)


def copied(value: T, changes: Mapping[str, Any]) -> T:
    """``changed`` without the field-name check, for callers whose names are fixed in code
    (the fold's hot path)."""
    attributes = value.__dict__.copy()
    attributes.update(changes)
    copy = _new(type(value))
    _set(copy, "__dict__", attributes)
    return copy


def _empty() -> Mapping[str, Any]:
    return MappingProxyType({})


@dataclass(frozen=True)
class Stake:
    """A seat's marker and coins on a tile."""

    tile: str
    seat: int
    amount: int


@dataclass(frozen=True)
class Realm:
    """One seat's civilization: its mat (``holding``) and its row of tiles.

    ``buildings`` and ``lands`` are in the order they were placed: buildings extend the row
    to the left of the civilization tile, lands to the right, so the last land is the
    rightmost one. ``unpaid`` buildings carry one of the owner's coins.
    """

    civilization: str
    holding: Goods = NOTHING
    buildings: tuple[str, ...] = ()
    lands: tuple[str, ...] = ()
    unpaid: tuple[str, ...] = ()
    sea: tuple[int, ...] = ()
    bonus_pp: int = 0
    end_chosen: tuple[str, ...] = ()

    @property
    def tiles(self) -> tuple[str, ...]:
        return (*self.buildings, *self.lands)

    def add(self, change: Goods, **changes: Any) -> Realm:
        """The realm with ``change`` added to its holding and other fields ``changes``d, in
        one copy (the fold's hot path: field names fixed in code)."""
        return copied(self, {"holding": self.holding + change, **changes})

    def without(self, tiles: tuple[str, ...]) -> Realm:
        gone = set(tiles)
        return changed(
            self,
            buildings=tuple(b for b in self.buildings if b not in gone),
            lands=tuple(t for t in self.lands if t not in gone),
            unpaid=tuple(u for u in self.unpaid if u not in gone),
        )


@dataclass(frozen=True)
class Game(Table):
    phase: Phase = "setup"
    round: int = 0
    tile_sets: frozenset[str] = frozenset()
    order: tuple[int, ...] = ()
    """Turn order this round: seats, first to act first."""
    realms: tuple[Realm, ...] = ()
    stacks: Mapping[str, tuple[str, ...]] = field(default_factory=_empty)
    """Hidden: the undrawn tiles of each letter's stack, top first."""
    chit_pile: tuple[str, ...] = ()
    """Hidden: the undrawn disaster chits, top first."""
    chits_on: Mapping[str, int] = field(default_factory=_empty)
    chits_drawn: tuple[str, ...] = ()
    """The last chits drawn, face up in the order drawn: the feed shows that order to
    everyone, so the public state keeps it (tests/conformance/hidden.py, check_feed) and
    the view shows it (``disasters.last_drawn``)."""
    struck: tuple[Disaster, ...] = ()
    sea_display: tuple[int, ...] = ()
    auction: tuple[str, ...] = ()
    conquest: tuple[str, ...] = ()
    bids: tuple[Stake, ...] = ()
    waiting: tuple[int, ...] = ()
    """Seats yet to take their first bidding turn this round, in turn order."""
    displaced: Stake | None = None
    """An outbid seat's bid, taken back: that seat must move it or withdraw."""
    withdrawn: frozenset[int] = frozenset()
    sea_bought: frozenset[int] = frozenset()
    won: tuple[Stake, ...] = ()
    awaiting: tuple[int, ...] = ()
    resolved: bool = False
    """The current phase's system command has been decided."""
    supplies_due: int = 0
    strikes: tuple[Disaster, ...] = ()
    saving: Disaster | None = None
    moves: tuple[int, ...] = ()
    final_scores: tuple[int, ...] = ()

    @property
    def content(self) -> Content:
        return by_hash(self.content_hash)

    @property
    def is_solo(self) -> bool:
        return self.seats == 1

    def realm(self, seat: int) -> Realm:
        return self.realms[seat]

    def with_realm(self, seat: int, realm: Realm, **changes: Any) -> Game:
        """The game with ``seat``'s realm replaced and other fields ``changes``d, in one copy
        (the fold's hot path: field names fixed in code)."""
        realms = list(self.realms)
        realms[seat] = realm
        return copied(self, {"realms": tuple(realms), **changes})

    def add(self, seat: int, change: Goods) -> Game:
        return self.with_realm(seat, self.realms[seat].add(change))

    def bid_on(self, tile: str) -> Stake | None:
        return next((b for b in self.bids if b.tile == tile), None)

    @property
    def bidder(self) -> int | None:
        """The seat to act in the bidding: an outbid seat first, else the next in order."""
        if self.displaced is not None:
            return self.displaced.seat
        return self.waiting[0] if self.waiting else None
