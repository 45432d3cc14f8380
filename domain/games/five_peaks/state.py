# cairn compile leaves this module interpreted: instances copied through __dict__
# (service/compiled.py).
"""The position, as frozen values: the shared board and supply, and each seat's holdings."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import TYPE_CHECKING, Literal

from domain.core import Table
from domain.games.five_peaks import frozen
from domain.games.five_peaks.frozen import LEGAL_MEMO as LEGAL_MEMO
from domain.games.five_peaks.frozen import added as added
from domain.games.five_peaks.frozen import changed as changed
from domain.games.five_peaks.frozen import load_of
from domain.games.five_peaks.frozen import moved as moved
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
        # compiled callers call ``frozen.held`` itself, without this Python frame
        return frozen.held(self, resource)

    if TYPE_CHECKING:  # what the type checker reads; the getter below is the same function

        @property
        def load(self) -> int: ...

    else:
        # the resources held (``frozen.load_of``, compiled): read without a Python frame
        load = property(load_of)


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

    # the bodies are compiled functions (``frozen``), which the compiled rules call directly
    def with_hiker(self, seat: int, hiker: Hiker) -> Game:
        return frozen.with_hiker(self, seat, hiker)

    def stack_at(self, at: Cell) -> StoneStack | None:
        stack: StoneStack | None = frozen.stack_at(self, at)
        return stack

    def peak_cells(self) -> tuple[tuple[str, Cell], ...]:
        return frozen.peak_cells(self)
