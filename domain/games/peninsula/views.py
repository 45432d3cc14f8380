# cairn compile leaves this module interpreted: TypedDict views published as schemas
# (service/compiled.py).
"""What a seat or a spectator may see, which events are hidden, and events in words.

Every map sheet, drafted card and removed card is public. The pile order is hidden, except
that the face-up stack variant (and fast play) shows its next card.

A place is written as commands and events write it, ``{"q": q, "r": r}`` in axial
coordinates (hexes.py), so a client compares a hex of the view with one of a legal command
as they are; the content pack (content/view.py) gives each hex its sheet label ("C4").
The view's shape is ``PeninsulaView``, which the OpenAPI document publishes.
"""

from __future__ import annotations

from typing import Any, Literal, NotRequired, TypedDict

from domain.core import PUBLIC, SERVER, Viewer
from domain.games.peninsula.cards import Card, Icon
from domain.games.peninsula.content import pack_of
from domain.games.peninsula.events import Event, Mode, PileShuffled
from domain.games.peninsula.hexes import Hex
from domain.games.peninsula.rounds import to_act
from domain.games.peninsula.scoring import breakdown
from domain.games.peninsula.setup import is_stack_face_up
from domain.games.peninsula.state import Allowance, ArrowKind, Game, Phase, Sheet

HIDDEN_PILE_MIN = 3
"""Below this many cards, a pile order is no secret worth listing: a one- or two-card list
could equal a public list of face-up cards by coincidence."""


class Place(TypedDict):
    q: int
    r: int


class DrawnIcon(TypedDict):
    q: int
    r: int
    icon: Icon
    filled: bool


class Cliffs(TypedDict):
    q: int
    r: int
    segments: int


class DrawnArrow(TypedDict):
    start: Place
    end: Place
    kind: ArrowKind


class Harbor(TypedDict):
    sea: Place
    land: Place


class Ticket(TypedDict):
    kind: str
    state: Literal["available", "used", "locked"]


class SheetView(TypedDict):
    location: Place
    icons: list[DrawnIcon]
    cliffs: list[Cliffs]
    arrows: list[DrawnArrow]
    harbors: list[Harbor]
    tickets: dict[str, Ticket]
    bonus_harbor_tickets: int
    lifesavers: int
    landmarks: list[int]
    used_landmarks: list[int]
    missions: dict[str, Icon]
    hand: list[Icon]
    uses: int
    done: bool
    score: dict[str, int]


class MissionView(TypedDict):
    letter: str
    name: str
    vp: int


class LandmarkView(TypedDict):
    number: int
    hex: Place
    bonus: str | None
    card: str | None


class UsedCard(TypedDict):
    seat: int
    card: list[Icon]


class PeninsulaView(TypedDict):
    """The table and every seat's sheet as one viewer sees them."""

    phase: Phase
    mode: NotRequired[Mode]
    round: NotRequired[int]
    active: NotRequired[int]
    to_act: NotRequired[list[int]]
    map: NotRequired[str]
    options: NotRequired[dict[str, Any]]
    challenge: NotRequired[str | None]
    missions: NotRequired[list[MissionView]]
    landmarks: NotRequired[list[LandmarkView]]
    removed: NotRequired[list[list[Icon]]]
    face_up: NotRequired[list[list[Icon]]]
    flipped: NotRequired[list[list[Icon]]]
    kept: NotRequired[Icon | None]
    pile_size: NotRequired[int]
    next_card: NotRequired[list[Icon] | None]
    used_cards: NotRequired[list[UsedCard]]
    sheets: NotRequired[list[SheetView]]
    you: NotRequired[int | None]
    scores: NotRequired[list[int]]


def place(h: Hex) -> Place:
    return {"q": h.q, "r": h.r}


def _card(card: Card) -> list[Icon]:
    return [card[0], card[1]]


def view(game: Game, viewer: Viewer) -> PeninsulaView:
    if game.phase == "setup":
        return {"phase": "setup"}
    content = pack_of(game)
    out: PeninsulaView = {
        "phase": game.phase,
        "mode": game.mode,
        "round": game.round,
        "active": game.active,
        "to_act": sorted(to_act(game)),
        "map": game.map.id,
        "options": dict(game.options),
        "challenge": game.challenge or None,
        "missions": [{"letter": m.letter, "name": m.name, "vp": m.vp} for m in game.missions],
        "landmarks": [
            {
                "number": n,
                "hex": place(where),
                "bonus": game.bonuses.get(n),
                "card": content.bonus_card(game.bonus_cards[n - 1]).name
                if game.bonus_cards
                else None,
            }
            for n, where in sorted(game.map.landmarks.items())
        ],
        "removed": [_card(c) for c in game.removed],
        "face_up": [_card(c) for c in game.face_up],
        "flipped": [_card(c) for c in game.flipped],
        "kept": game.kept,
        "pile_size": len(game.pile),
        "next_card": _card(game.pile[0]) if game.pile and is_stack_face_up(game) else None,
        "used_cards": _used(game),
        "sheets": [_sheet(game, s, a) for s, a in zip(game.sheets, game.allowances, strict=True)],
        "you": viewer,
    }
    if game.phase == "over":
        out["scores"] = list(game.scores)
    return out


def _used(game: Game) -> list[UsedCard]:
    """rulebook: Drafting, each seat's pile shows "only the last card they drafted"; the
    Used Cards Face-Up variant shows them all (the events are public either way)."""
    used: list[UsedCard] = [{"seat": seat, "card": _card(card)} for seat, card in game.used]
    if game.flag("used_cards_face_up"):
        return used
    last = {seat: index for index, (seat, _) in enumerate(game.used)}
    return [used[last[seat]] for seat in sorted(last)]


def _sheet(game: Game, sheet: Sheet, allowance: Allowance) -> SheetView:
    spec = game.map
    return {
        "location": place(sheet.location),
        "icons": [
            {"q": h.q, "r": h.r, "icon": icon, "filled": h in sheet.filled}
            for h, icon in sorted(sheet.icons.items())
        ],
        "cliffs": [{"q": h.q, "r": h.r, "segments": n} for h, n in sorted(sheet.cliffs.items())],
        "arrows": [
            {"start": place(a.start), "end": place(a.end), "kind": a.kind} for a in sheet.arrows
        ],
        "harbors": [{"sea": place(s), "land": place(land)} for s, land in sheet.drawn_harbors],
        "tickets": {slot.id: _ticket(sheet, slot.id, slot.kind) for slot in spec.tickets},
        "bonus_harbor_tickets": sheet.bonus_harbor_tickets,
        "lifesavers": sheet.lifesavers,
        "landmarks": sorted(sheet.landmarks),
        "used_landmarks": sorted(sheet.used_landmarks),
        "missions": dict(sorted(sheet.missions.items())),
        "hand": list(allowance.hand),
        "uses": allowance.uses,
        "done": allowance.done,
        "score": breakdown(game, sheet),
    }


def _ticket(sheet: Sheet, slot: str, kind: str) -> Ticket:
    if slot in sheet.used_tickets:
        return {"kind": kind, "state": "used"}
    return {"kind": kind, "state": "available" if slot in sheet.tickets else "locked"}


def visibility(event: Event) -> str:
    match event:
        case PileShuffled():
            return SERVER
        case _:
            return PUBLIC


def secrets(game: Game, viewer: Viewer) -> tuple[Any, ...]:
    hidden: list[Any] = []
    if game.luck.seed:
        hidden.append(game.luck.seed)
    if len(game.pile) >= HIDDEN_PILE_MIN:
        hidden.append([_card(c) for c in game.pile])
    return tuple(hidden)
