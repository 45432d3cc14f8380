# cairn compile leaves this module interpreted: TypedDict views published as schemas
# (service/compiled.py).
"""What a seat or a spectator may see, and which events are hidden.

Public: the board (tiles, peaks, stones, pawns, resources left on spaces), played piles,
the market, backpacks, endorphins, campfire cards kept, panoramas, badges. Hidden: hands
(only their size is public), every face-down order, a seat's campfire draw (its own only)
and the order it returns the rest in. Places are ``{"x", "y"}`` cells, exactly as commands
and events write them; the view places each tile by its south-west cell and rotation.
"""

from __future__ import annotations

from typing import NotRequired, TypedDict

from domain.core import PUBLIC, SERVER, Viewer, seat_visibility
from domain.games.five_peaks import board as b
from domain.games.five_peaks.events import (
    CampfireDrawn,
    CampfireReturned,
    Event,
    MarketRefilled,
    PeakPlaced,
    PilesShuffled,
    TileRevealed,
)
from domain.games.five_peaks.flow import to_act as to_act
from domain.games.five_peaks.scoring import breakdown
from domain.games.five_peaks.state import Game


class Place(TypedDict):
    x: int
    y: int


class TileView(TypedDict):
    tile: str
    x: int
    y: int
    rotation: int


class StoneView(TypedDict):
    seat: int
    stone: str


class PeakView(TypedDict):
    peak: str
    at: Place
    stones: list[StoneView]


class LeftView(TypedDict):
    at: Place
    resources: dict[str, int]


class HikerView(TypedDict):
    pawn: Place
    hand_size: int
    hand: NotRequired[list[str]]
    drawn: NotRequired[list[str]]
    played: list[str]
    endorphins: int
    backpack: dict[str, int]
    backpack_limit: int
    stones: list[str]
    badges: list[str]
    panoramas: list[str]
    campfire: list[str]
    score: dict[str, int]


class StageView(TypedDict):
    kind: str
    card: str
    option: int
    at: Place | None
    count: int
    again: int


class RewardView(TypedDict):
    kind: str
    terrain: str
    bonus: bool


class FivePeaksView(TypedDict):
    phase: str
    turn: int
    turns_taken: int
    stage: StageView
    rewards: list[RewardView]
    tiles: list[TileView]
    peaks: list[PeakView]
    left: list[LeftView]
    revealed_tile: str | None
    terrain_stack: int
    terrain_next: str | None
    peak_piles: dict[str, int]
    market: list[str]
    deck_size: int
    campfire_deck: int
    panoramas: dict[str, list[str]]
    boxed_panoramas: list[str]
    bank: dict[str, int]
    hikers: list[HikerView]
    final_turns: int | None
    end_reasons: list[str]
    to_act: list[int]


def place(cell: object) -> Place:
    return {"x": getattr(cell, "x"), "y": getattr(cell, "y")}  # noqa: B009


def _hiker(game: Game, seat: int, viewer: Viewer) -> HikerView:
    hiker = game.hiker(seat)
    out: HikerView = {
        "pawn": place(game.pawns[seat]),
        "hand_size": len(hiker.hand),
        "played": list(hiker.played),
        "endorphins": hiker.endorphins,
        "backpack": dict(hiker.backpack),
        "backpack_limit": b.backpack_limit(game, seat),
        "stones": list(hiker.stones),
        "badges": list(hiker.badges),
        "panoramas": list(hiker.panoramas),
        "campfire": list(hiker.campfire),
        "score": breakdown(game, seat),
    }
    if viewer == seat:
        out["hand"] = list(hiker.hand)
        out["drawn"] = list(hiker.drawn)
    return out


def view(game: Game, viewer: Viewer) -> FivePeaksView:
    stage = game.stage
    pack = b.content(game) if game.is_set_up else None
    return {
        "phase": game.phase,
        "turn": game.turn,
        "turns_taken": game.turns_taken,
        "stage": {
            "kind": stage.kind,
            "card": stage.card,
            "option": stage.option,
            "at": place(stage.at) if stage.at else None,
            "count": stage.count,
            "again": stage.again,
        },
        "rewards": [{"kind": r.kind, "terrain": r.terrain, "bonus": r.bonus} for r in game.rewards],
        "tiles": [
            {"tile": p.tile, "x": p.x, "y": p.y, "rotation": p.rotation} for p in game.placements
        ],
        "peaks": [
            {
                "peak": p.peak,
                "at": place(p.at),
                "stones": [{"seat": s, "stone": st} for s, st in p.stones],
            }
            for p in game.peaks
        ],
        "left": [{"at": place(at), "resources": dict(r)} for at, r in sorted(game.left.items())],
        "revealed_tile": game.revealed or None,
        "terrain_stack": len(game.terrain_stack),
        # the backs are public: which terrain comes next, not which tile
        "terrain_next": pack.tiles[game.terrain_stack[0]].terrain
        if pack and game.terrain_stack
        else None,
        "peak_piles": {t: len(p) for t, p in game.peak_piles.items()},
        "market": list(game.market),
        "deck_size": len(game.deck),
        "campfire_deck": len(game.fire_deck),
        "panoramas": {k: list(v) for k, v in game.columns.items()},
        "boxed_panoramas": list(game.boxed_panoramas),
        "bank": dict(game.bank),
        "hikers": [_hiker(game, s, viewer) for s in range(len(game.hikers))],
        "final_turns": game.final_turns,
        "end_reasons": list(game.end_reasons),
        "to_act": sorted(to_act(game)),
    }


def visibility(event: Event) -> str:
    match event:
        case PilesShuffled():
            return SERVER
        case CampfireDrawn(seat=seat) | CampfireReturned(seat=seat):
            return seat_visibility(seat)
        case _:
            return PUBLIC


def secrets(game: Game, viewer: Viewer) -> tuple[object, ...]:
    """Orders nobody has seen (the terrain stack, the peak piles) and other seats' full
    campfire draws, for the conformance search. The hiking and campfire decks are left to
    the search's own derivation: cards put under them in a known order (Observe, a seat's
    returned campfire cards) make part of their order known."""
    hidden: list[list[str]] = [
        list(game.terrain_stack),
        *(list(p) for p in game.peak_piles.values()),
    ]
    size = b.content(game).campfire_draw if game.is_set_up else 0
    hidden += [
        list(h.drawn) for s, h in enumerate(game.hikers) if s != viewer and len(h.drawn) == size
    ]
    return tuple(h for h in hidden if len(h) >= 3)


def reveals(event: Event) -> bool:
    """Public facts that turn something face down face up: the top terrain tile, a market
    refill from the deck, a peak tile from its pile (they close the takeback window)."""
    return isinstance(event, (TileRevealed, MarketRefilled, PeakPlaced))
