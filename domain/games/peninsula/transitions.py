"""How each fact changes the position. Called only from evolve: no checks, no draws."""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from domain.games.peninsula.cards import Card, Icon
from domain.games.peninsula.content import Content
from domain.games.peninsula.copies import with_changes, with_seat_changes
from domain.games.peninsula.events import (
    ArchitectMoved,
    CardDrafted,
    GameSetUp,
    IconDrawn,
    IconsChosen,
)
from domain.games.peninsula.frozen import built
from domain.games.peninsula.state import (
    ONE_ICON,
    SPENT,
    USED_UP,
    Allowance,
    Arrow,
    ArrowKind,
    Game,
    Sheet,
    changed,
    copied,
    put,
)

FAST_SEAT = -1
"""The ``used`` pile's seat for a fast-play card, which no single seat drafted."""


def counted(moves: tuple[int, int], round_: int) -> tuple[int, int]:
    """One more architect move in ``round_``."""
    return (round_, moves[1] + 1 if moves[0] == round_ else 1)


def moves_this_round(game: Game, seat: int) -> int:
    if not game.sheets:
        return 0
    round_, count = game.sheets[seat].moves
    return count if round_ == game.round else 0


def opened(state: Game, event: GameSetUp, content: Content) -> Game:
    spec = content.maps[event.map]
    start_tickets = frozenset(t.id for t in spec.tickets if t.unlock == "start")
    sheet = Sheet(
        location=spec.start,
        tickets=start_tickets,
        lifesavers=event.lifesavers,
        harbor_lands=spec.harbor_hexes(),
    )
    bonuses = {
        number: content.bonus_card(card_id).bonus
        for number, card_id in zip(range(1, 1 + len(event.bonuses)), event.bonuses, strict=True)
    }
    state = changed(
        state,
        mode=event.mode,
        spec=spec,
        missions=tuple(content.mission(letter) for letter in event.missions),
        bonus_cards=event.bonuses,
        bonuses=MappingProxyType(bonuses),
        removed=event.removed,
        face_up=event.face_up,
        active=event.start_seat,
        round=1,
        challenge=event.challenge,
        sheets=(sheet,) * state.seats,
        allowances=(SPENT,) * state.seats,
        phase="draft",
    )
    return _fast_round(state) if event.mode == "fast" else state


def _fast_round(state: Game) -> Game:
    """rulebook: Play Faster, "all players decide simultaneously and individually which of
    the 2 icons on the face-up card they want to use"."""
    card = state.face_up[0]
    allowance = Allowance(hand=card, uses=1, done=False)
    return changed(state, allowances=(allowance,) * state.seats, phase="actions")


def revealed(state: Game, card: Card) -> Game:
    if state.mode == "fast":
        return _fast_round(changed(state, face_up=(card,), pile=state.pile[1:]))
    return with_changes(state, {"face_up": (*state.face_up, card), "pile": state.pile[1:]})


def drafted(state: Game, event: CardDrafted) -> Game:
    kept, left, seat = event.kept, event.left, event.seat
    allowances = [ONE_ICON[left]] * state.seats
    allowances[seat] = ONE_ICON[kept]
    face_up, index = state.face_up, event.index
    return with_changes(
        state,
        {
            "allowances": tuple(allowances),
            "face_up": face_up[:index] + face_up[index + 1 :],
            "used": (*state.used, (seat, (kept, left))),
            "kept": kept,
            "phase": "actions",
        },
    )


def chosen(state: Game, event: IconsChosen) -> Game:
    seat = event.seat
    lifesavers = state.sheets[seat].lifesavers - event.lifesaver
    allowance = Allowance(hand=event.icons, uses=len(event.icons), done=False)
    state = with_seat_changes(state, seat, {"lifesavers": lifesavers}, allowance)
    return changed(state, phase="actions")


def new_round(state: Game, active: int) -> Game:
    used = state.used
    if state.mode == "fast":
        used = (*used, *((FAST_SEAT, c) for c in state.face_up))
        face_up: tuple[Card, ...] = ()
    else:
        if state.flipped:  # solo flips cards; elsewhere ``used`` is kept, not rebuilt
            used = (*used, *((active, c) for c in state.flipped))
        face_up = state.face_up
    return with_changes(
        state,
        {
            "used": used,
            "face_up": face_up,
            "flipped": (),
            "kept": None,
            "active": active,
            "round": state.round + 1,
            "phase": "draft",
        },
    )


def used(allowance: Allowance, icon: Icon) -> Allowance:
    """The allowance left once ``icon`` is spent from the hand (drawn or traded)."""
    if allowance.uses == 1 and allowance.hand == (icon,):
        return USED_UP  # the usual case: the round's one icon
    hand = list(allowance.hand)
    hand.remove(icon)
    return Allowance(hand=tuple(hand), uses=allowance.uses - 1, done=False)


def drawn(sheet: Sheet, event: IconDrawn) -> Mapping[str, object]:
    """The sheet fields that change when an icon is drawn on the map."""
    at, icons, cliffs, arrows = event.at, sheet.icons, sheet.cliffs, sheet.arrows
    if event.icon == "cliffs":
        cliffs = put(cliffs, at, event.segments)
    else:
        icons = put(icons, at, event.icon)
    if event.arrow is not None:
        kind: ArrowKind = "street" if event.icon == "village" else "canal"
        arrows = (*arrows, built(Arrow, {"start": at, "end": event.arrow, "kind": kind}))
    return {
        "icons": icons,
        "cliffs": cliffs,
        "arrows": arrows,
    }


def with_changed_icon(allowance: Allowance, icon: Icon, into: Icon) -> Allowance:
    hand = list(allowance.hand)
    hand[hand.index(icon)] = into
    return changed(allowance, hand=tuple(hand))


def after_move(sheet: Sheet, event: ArchitectMoved, bonus_ticket: str) -> Sheet:
    location = event.path[-1]
    if event.ticket is None:
        return copied(sheet, {"location": location})
    if event.ticket == bonus_ticket:
        tickets = sheet.bonus_harbor_tickets - 1
        return changed(sheet, location=location, bonus_harbor_tickets=tickets)
    used = sheet.used_tickets | {event.ticket}
    return changed(sheet, location=location, used_tickets=used)


def after_draw(sheet: Sheet, event: IconDrawn) -> Sheet:
    return copied(sheet, drawn(sheet, event))
