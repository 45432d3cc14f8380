"""What a seat or a spectator may see, which events are hidden, and events in words.

Every map sheet, drafted card and removed card is public. The pile order is hidden, except
that the face-up stack variant (and fast play) shows its next card.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from domain.core import PUBLIC, SERVER, Viewer
from domain.games.peninsula.cards import Card
from domain.games.peninsula.content import pack_of
from domain.games.peninsula.events import Event, PileShuffled
from domain.games.peninsula.scoring import breakdown
from domain.games.peninsula.setup import is_stack_face_up
from domain.games.peninsula.state import Allowance, Game, Sheet

HIDDEN_PILE_MIN = 3
"""Below this many cards, a pile order is no secret worth listing: a one- or two-card list
could equal a public list of face-up cards by coincidence."""


def to_act(game: Game) -> frozenset[int]:
    if game.phase == "draft":
        return frozenset({game.active})
    if game.phase in ("actions", "final"):
        return frozenset(i for i, a in enumerate(game.allowances) if not a.done)
    return frozenset()


def _card(card: Card) -> list[str]:
    return [card[0], card[1]]


def view(game: Game, viewer: Viewer) -> Mapping[str, Any]:
    if game.phase == "setup":
        return {"phase": "setup"}
    content = pack_of(game)
    out: dict[str, Any] = {
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
                "hex": str(where),
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


def _used(game: Game) -> list[dict[str, Any]]:
    """rulebook: Drafting, each seat's pile shows "only the last card they drafted"; the
    Used Cards Face-Up variant shows them all (the events are public either way)."""
    used = [{"seat": seat, "card": _card(card)} for seat, card in game.used]
    if game.flag("used_cards_face_up"):
        return used
    last = {seat: index for index, (seat, _) in enumerate(game.used)}
    return [used[last[seat]] for seat in sorted(last)]


def _sheet(game: Game, sheet: Sheet, allowance: Allowance) -> dict[str, Any]:
    spec = game.map
    return {
        "location": str(sheet.location),
        "icons": {
            str(h): {"icon": icon, "filled": h in sheet.filled}
            for h, icon in sorted(sheet.icons.items())
        },
        "cliffs": {str(h): n for h, n in sorted(sheet.cliffs.items())},
        "arrows": [{"from": str(a.start), "to": str(a.end), "kind": a.kind} for a in sheet.arrows],
        "harbors": [{"sea": str(s), "land": str(land)} for s, land in sheet.drawn_harbors],
        "tickets": {
            slot.id: {
                "kind": slot.kind,
                "state": "used"
                if slot.id in sheet.used_tickets
                else ("available" if slot.id in sheet.tickets else "locked"),
            }
            for slot in spec.tickets
        },
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
