"""The position, as frozen values: the shared board and supply, and each seat's holdings."""

from __future__ import annotations

from collections.abc import Mapping
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
        return self.hikers[seat]

    def with_hiker(self, seat: int, hiker: Hiker) -> Game:
        hikers = tuple(hiker if i == seat else h for i, h in enumerate(self.hikers))
        return changed(self, hikers=hikers)

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
    new = object.__new__(type(value))
    new.__dict__.update(value.__dict__)
    new.__dict__.update(changes)
    return new


def added(amounts: Mapping[str, int], delta: Mapping[str, int], sign: int = 1) -> Mapping[str, int]:
    out = dict(amounts)
    for key, n in delta.items():
        out[key] = out.get(key, 0) + sign * n
    return MappingProxyType({k: v for k, v in sorted(out.items()) if v})
