# cairn compile leaves this module interpreted: instances copied through __dict__
# (service/compiled.py).
"""The position, as frozen values: the shared board and supply, and each seat's holdings."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, Literal, TypeVar

from domain.core import Table
from domain.games.five_peaks.geometry import Cell, Placement

Phase = Literal["setup", "play", "over"]
StageKind = Literal[
    "play", "move", "shortcut", "bike", "glide", "space", "tile", "forage", "buy", "box",
    "camp", "harvest", "pack", "observe", "done",
]  # fmt: skip
RewardKind = Literal["market", "campfire", "peak"]


def _empty() -> Mapping[str, int]:
    return MappingProxyType({})


@dataclass(frozen=True)
class Stage:
    """What the seat to act is doing within its turn.

    ``card``/``option`` name the card being resolved (an option past the card's own is its
    campfire "twice" variant); ``steps`` the counts a move may stop at; ``again`` how many
    more one-space moves follow (the "twice" campfire cards); ``at`` the space being
    resolved; ``taken``/``resolved``/``stoned`` what the seat already did there.
    """

    kind: StageKind
    card: str = ""
    option: int = 0
    steps: tuple[int, ...] = ()
    again: int = 0
    at: Cell | None = None
    resolved: bool = False
    stoned: bool = False
    count: int = 0


@dataclass(frozen=True)
class Reward:
    """A reward still to resolve: a free market card, a campfire card or a peak tile.
    ``terrain`` fixes a bonus peak's pile (Summit seeker: "of the same type")."""

    kind: RewardKind
    terrain: str = ""
    bonus: bool = False


@dataclass(frozen=True)
class Hiker:
    """One seat: its hiking cards, resources, stones and what it has collected."""

    hand: tuple[str, ...] = ()
    played: tuple[str, ...] = ()
    endorphins: int = 0
    backpack: Mapping[str, int] = field(default_factory=_empty)
    stones: tuple[str, ...] = ()
    badges: tuple[str, ...] = ()
    panoramas: tuple[str, ...] = ()
    campfire: tuple[str, ...] = ()
    drawn: tuple[str, ...] = ()

    def held(self, resource: str) -> int:
        return self.backpack.get(resource, 0)

    @property
    def load(self) -> int:
        return sum(self.backpack.values())


@dataclass(frozen=True)
class StoneStack:
    peak: str
    at: Cell
    stones: tuple[tuple[int, str], ...] = ()
    """(seat, stone id), bottom first."""


@dataclass(frozen=True)
class Game(Table):
    phase: Phase = "setup"
    hikers: tuple[Hiker, ...] = ()
    pawns: tuple[Cell, ...] = ()
    turn: int = 0
    turns_taken: int = 0
    moves: int = 0
    stage: Stage = field(default_factory=lambda: Stage("play"))
    rewards: tuple[Reward, ...] = ()
    placements: tuple[Placement, ...] = ()
    peaks: tuple[StoneStack, ...] = ()
    left: Mapping[Cell, Mapping[str, int]] = field(default_factory=lambda: MappingProxyType({}))
    bank: Mapping[str, int] = field(default_factory=_empty)
    terrain_stack: tuple[str, ...] = ()
    revealed: str = ""
    peak_piles: Mapping[str, tuple[str, ...]] = field(default_factory=lambda: MappingProxyType({}))
    deck: tuple[str, ...] = ()
    market: tuple[str, ...] = ()
    fire_deck: tuple[str, ...] = ()
    columns: Mapping[str, tuple[str, ...]] = field(default_factory=lambda: MappingProxyType({}))
    boxed_panoramas: tuple[str, ...] = ()
    turn_peaks: tuple[str, ...] = ()
    trail: tuple[Cell, ...] = ()
    """Where each of this turn's moves of the seat to act began and ended, in order (the
    spaces its pawn occupied this turn: Walk, "You cannot reenter a space ...")."""
    """Terrains of the peaks the seat to act placed since its last bonus-peak check."""
    final_turns: int | None = None
    """Turns left once the end is triggered (the trigger's own, then one each); None before."""
    end_reasons: tuple[str, ...] = ()
    final_scores: tuple[int, ...] = ()

    def hiker(self, seat: int) -> Hiker:
        # the rules' and the bot's hot paths read ``hikers[seat]`` themselves: this call,
        # asked at nearly every check, was 3 to 4% of a greedy graph (bench.sampler, and
        # measured with and without it)
        return self.hikers[seat]

    def with_hiker(self, seat: int, hiker: Hiker) -> Game:
        hikers = list(self.hikers)
        hikers[seat] = hiker
        return changed(self, hikers=tuple(hikers))

    def stack_at(self, at: Cell) -> StoneStack | None:
        return next((p for p in self.peaks if p.at == at), None)

    def peak_cells(self) -> tuple[tuple[str, Cell], ...]:
        return tuple((p.peak, p.at) for p in self.peaks)


T = TypeVar("T")


def changed(value: T, **changes: Any) -> T:
    """``dataclasses.replace`` for the fold's hot path: a copy with some fields changed.

    ``replace`` re-runs ``__init__`` over every field; a game folds thousands of facts, and
    these classes have no ``__post_init__`` to skip, so copying the fields is the same value.
    """
    # one copy of the instance dict, assigned whole through the class's own ``__dict__``
    # setter: filling a fresh instance's dict key by key costs about twice as much
    attributes = value.__dict__.copy()
    # the seat to act's legal commands hold for the position they were listed for only
    # (``rules.legal_commands``); every other memo is checked against its inputs when read
    attributes.pop(LEGAL_MEMO, None)
    attributes.update(changes)
    kind = type(value)
    new = _new(kind)
    setter = _DICT_SETTERS.get(kind) or _dict_setter(kind)
    setter(new, attributes)
    return new


LEGAL_MEMO = "_legal_memo"
"""Where a position keeps its seat to act's legal commands: never copied by ``changed``."""
_new = object.__new__
_DICT_SETTERS: dict[type, Callable[[Any, dict[str, Any]], None]] = {}


def _dict_setter(kind: type) -> Callable[[Any, dict[str, Any]], None]:
    """The ``__dict__`` setter of ``kind``'s instances (found on the class that gave them a
    dict), kept: ``object.__setattr__(x, "__dict__", d)`` looks it up by name every time."""
    owner = next(k for k in kind.__mro__ if "__dict__" in vars(k))
    setter: Callable[[Any, dict[str, Any]], None] = vars(owner)["__dict__"].__set__
    _DICT_SETTERS[kind] = setter
    return setter


def moved(
    amounts: Mapping[str, int], gained: Mapping[str, int], paid: Mapping[str, int], skip: str
) -> Mapping[str, int]:
    """``added(added(amounts, gained), paid, -1)`` over every key but ``skip``, in one pass:
    the same sums, and a key dropped at zero in between comes back with the same total, in
    the same sorted order."""
    out = dict(amounts)
    for key, n in gained.items():
        if key != skip:
            out[key] = out.get(key, 0) + n
    for key, n in paid.items():
        if key != skip:
            out[key] = out.get(key, 0) - n
    return MappingProxyType({k: v for k, v in sorted(out.items()) if v})


def added(amounts: Mapping[str, int], delta: Mapping[str, int], sign: int = 1) -> Mapping[str, int]:
    out = dict(amounts)
    for key, n in delta.items():
        out[key] = out.get(key, 0) + sign * n
    return MappingProxyType({k: v for k, v in sorted(out.items()) if v})
