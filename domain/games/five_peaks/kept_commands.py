"""The candidate commands of the frequent stages, made once and handed out again.

``legal_commands`` lists every candidate, and making one (a frozen dataclass's
``__init__``) cost more than asking most of them their problem: about half of a space
stage's answer to whether the seat could only pass, when the settling asked that.
Commands are frozen values, so a group made for the same arguments is the same value;
each group is kept under everything it is made from.
"""

from __future__ import annotations

import functools
from itertools import permutations
from typing import TypeVar

from domain.games.five_peaks.commands import (
    BuyContainer,
    Collect,
    Command,
    Convert,
    Discard,
    Exchange,
    Forage,
    Harvest,
    KeepCampfire,
    Move,
    Pass,
    PlaceStone,
    PlayCard,
    TakeCard,
    TakeLeft,
)
from domain.games.five_peaks.content import BASICS, CONTAINERS, RESOURCES, Content
from domain.games.five_peaks.frozen import built
from domain.games.five_peaks.geometry import Cell

KEPT = 4096
C = TypeVar("C")


@functools.lru_cache(maxsize=KEPT)
def opening(seat: int) -> tuple[Command, ...]:
    """What every stage's list begins with: passing, and buying each container."""
    return (Pass(seat), *(BuyContainer(seat, r) for r in CONTAINERS))


@functools.lru_cache(maxsize=KEPT)
def plays(pack: Content, seat: int, hand: tuple[str, ...]) -> tuple[PlayCard, ...]:
    """Each card of the hand once, each of its options and its campfire "twice" one."""
    # built without ``__init__`` (``frozen.built``), as ``PlayCard(seat, card, o)``: a hand
    # seldom repeats within the kept lists' reach
    return tuple(
        built(PlayCard, {"seat": seat, "card": card, "option": o})
        for card in sorted(set(hand))
        for o in range(len(pack.cards[card].options) + 1)
    )


@functools.lru_cache(maxsize=KEPT)
def moves(seat: int, reachable: frozenset[Cell]) -> tuple[Move, ...]:
    # built without ``__init__`` (``frozen.built``), as ``Move(seat, to)``
    return tuple(built(Move, {"seat": seat, "to": to}) for to in sorted(reachable))


@functools.lru_cache(maxsize=KEPT)
def at_space(seat: int, stones: tuple[str, ...]) -> tuple[Command, ...]:
    """A space stage's own: take what is left, collect, exchange, each stone, each swap."""
    return (
        TakeLeft(seat),
        Collect(seat),
        Exchange(seat),
        *(PlaceStone(seat, s) for s in sorted(set(stones))),
        *(Convert(seat, g, t) for g in CONTAINERS for t in CONTAINERS if g != t),
    )


@functools.lru_cache(maxsize=KEPT)
def discards(seat: int) -> tuple[Discard, ...]:
    """An over-full backpack's: dropping each resource."""
    return tuple(Discard(seat, r) for r in RESOURCES)


@functools.lru_cache(maxsize=KEPT)
def takes(seat: int, count: int) -> tuple[TakeCard, ...]:
    """Taking each of a market of ``count`` cards."""
    return tuple(TakeCard(seat, i) for i in range(count))


@functools.lru_cache(maxsize=KEPT)
def alone(kind: type[C], seat: int) -> C:
    """A command of the seat's with no other field (``Pack``, ``Rest``)."""
    return kind(seat)  # type: ignore[call-arg]


@functools.lru_cache(maxsize=KEPT)
def basics(seat: int, harvest: bool) -> tuple[Command, ...]:
    """Foraging (or harvesting) each basic resource."""
    return tuple((Harvest if harvest else Forage)(seat, r) for r in BASICS)


def keeps(seat: int, drawn: tuple[str, ...]) -> tuple[KeepCampfire, ...]:
    """A campfire draw's: every way to keep one drawn card and return the rest in order.

    Not kept (a greedy graph's draws seldom repeat: 1 of 184 in one measured), but built
    without ``__init__``: a draw of 5 makes 120, and each frozen ``__init__`` assigns its
    fields one ``object.__setattr__`` at a time; each is equal to, and hashes and prints
    as, the one ``__init__`` builds (tests hold them to each other)."""
    out = []
    for i, card in enumerate(drawn):
        for rest in permutations(drawn[:i] + drawn[i + 1 :]):
            keep = _new(KeepCampfire)
            _set_dict(keep, {"seat": seat, "card": card, "returned": rest})
            out.append(keep)
    return tuple(out)


_new = object.__new__
_set_dict = vars(KeepCampfire)["__dict__"].__set__
