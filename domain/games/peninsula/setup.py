"""Options, the explicit-setup mapping, and the draws that set a game up or reseed it.

Setup draws, in this order, all from the sealed seed (docs/rules/peninsula.md, Setup):
shuffle the icon cards not fixed by an explicit setup; take the removed cards, then the
face-up cards, from its top; deal 6 landmark bonus cards; choose 6 missions; draw the
starting seat; in solo, flip the first two cards with a random way up.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import replace
from types import MappingProxyType
from typing import Any

from domain.core import Luck, Option, RuleViolation
from domain.games.peninsula.cards import ICONS, Card, Icon, canonical, full_deck
from domain.games.peninsula.content import Challenge, Content, pack_of
from domain.games.peninsula.events import (
    CardsFlipped,
    Event,
    GameSetUp,
    Mode,
    PileShuffled,
    StackTopShown,
)
from domain.games.peninsula.state import Game

RULESET_ID = "peninsula"
MAX_SEATS = 100
CLASSIC_SEATS = 4
LANDMARKS = 6
MISSION_ROW = 6
SOLO_FLIP = 2
SETUP_KEYS = frozenset({"map", "deck", "removed", "face_up", "missions", "bonuses", "start_seat"})


def options(content: Content) -> tuple[Option, ...]:
    challenges = ("", *(c.id for c in content.challenges))
    return (
        Option("map", "M1", "the map every seat plays on", tuple(sorted(content.maps))),
        Option("bonuses", "random", "landmark bonuses", ("random", "none", "first_six")),
        Option("missions", "random", "the six missions", ("random", "none", "a_to_f")),
        Option("lifesavers", "chart", "lifesavers kept per seat", ("chart", "none", "all")),
        Option("used_cards_face_up", False, "show every drafted card (display only)"),
        Option("face_up_stack", False, "the next card of the pile is public"),
        Option("fast", False, "play faster (required with more than 4 seats)"),
        Option("solo_verdict", "high_score", "solo verdict", ("high_score", "difficulty")),
        Option("solo_level", 1, "solo difficulty level", (1, 2, 3, 4, 5)),
        Option("challenge", "", "a challenge id (empty for none)", challenges),
    )


def mode_for(seats: int, fast: bool) -> Mode:
    """Fast play wins over solo: a single seat with ``fast`` plays the fast rules."""
    if fast:
        return "fast"
    return "solo" if seats == 1 else "standard"


def begin(state: Game, setup: Mapping[str, Any] | None) -> tuple[Event, ...]:
    """The opening facts; seats, options, content and the sealed luck are on ``state``."""
    content = pack_of(state)
    resolved = state.options
    challenge = _challenge(content, str(resolved["challenge"]), state.seats)
    explicit = _explicit(challenge, setup)
    _check_seats(state.seats, bool(resolved["fast"]))
    mode = mode_for(state.seats, bool(resolved["fast"]))
    map_id = str(explicit.get("map", resolved["map"]))
    if map_id not in content.maps:
        raise RuleViolation("invalid_command", f"there is no map {map_id!r}")
    rules = challenge.rules if challenge else MappingProxyType({})
    removed, face_up, pile, luck = _deal_cards(explicit, mode, rules, state.luck)
    bonuses, luck = _deal_bonuses(explicit, str(resolved["bonuses"]), content, luck)
    missions, luck = _choose_missions(explicit, str(resolved["missions"]), content, luck)
    start, luck = _start_seat(explicit, state.seats, luck)
    spec = content.maps[map_id]
    events: list[Event] = [
        GameSetUp(
            mode=mode,
            map=map_id,
            missions=missions,
            bonuses=bonuses,
            removed=removed,
            face_up=face_up,
            start_seat=start,
            lifesavers=_lifesavers(resolved, rules, mode, state.seats, spec.lifesavers, content),
            challenge=challenge.id if challenge else "",
        ),
        PileShuffled(order=pile, counter=luck.counter),
    ]
    if mode == "solo":
        events.append(flip(pile, luck))
        pile = pile[SOLO_FLIP:]
    if _stack_face_up(resolved, rules) and pile:
        events.append(StackTopShown(card=pile[0]))
    return tuple(events)


def reshuffle(state: Game, keep: int | None) -> tuple[Event, ...]:
    """A fork with fresh luck: the undrawn pile is shuffled again from the new seed. Nothing
    else is hidden in Peninsula (every sheet and drafted card is public), so ``keep`` changes
    nothing."""
    order, luck = state.luck.shuffled(state.pile)
    events: list[Event] = [PileShuffled(order=order, counter=luck.counter)]
    if is_stack_face_up(state) and order:
        events.append(StackTopShown(card=order[0]))
    return tuple(events)


def forget(state: Game, keep: int | None) -> Game:
    """The undrawn pile in sorted order: all a seat knows of it is which cards it holds, so
    an analysis that reshuffles it next cannot depend on its real order (``Rules.forget``)."""
    return replace(state, pile=tuple(sorted(state.pile)))


def flip(pile: tuple[Card, ...], luck: Luck) -> CardsFlipped:
    """Solo: the top two cards, each turned a random way up (rulebook: Setup Solo Game)."""
    cards: list[Card] = []
    for card in pile[:SOLO_FLIP]:
        turn, luck = luck.draw_below(2)
        cards.append(card if turn == 0 else (card[1], card[0]))
    return CardsFlipped(cards=tuple(cards), counter=luck.counter)


def is_stack_face_up(state: Game) -> bool:
    rules = _rules(state)
    return state.mode == "fast" or _stack_face_up(state.options, rules)


def _rules(state: Game) -> Mapping[str, Any]:
    if not state.challenge:
        return MappingProxyType({})
    return next(c.rules for c in pack_of(state).challenges if c.id == state.challenge)


def _stack_face_up(resolved: Mapping[str, Any], rules: Mapping[str, Any]) -> bool:
    # rulebook: Play Faster: "Keep the icon cards stack face-up"
    return bool(resolved["face_up_stack"] or resolved["fast"] or rules.get("face_up_deck"))


def _check_seats(seats: int, fast: bool) -> None:
    if not 1 <= seats <= MAX_SEATS:
        raise RuleViolation("invalid_command", f"Peninsula takes 1 to {MAX_SEATS} seats")
    if seats > CLASSIC_SEATS and not fast:
        raise RuleViolation("invalid_command", "more than 4 seats needs the fast variant")


def _challenge(content: Content, challenge_id: str, seats: int) -> Challenge | None:
    if not challenge_id:
        return None
    challenge = next(c for c in content.challenges if c.id == challenge_id)
    low, high = challenge.seats
    if not low <= seats <= high:
        raise RuleViolation(
            "invalid_command", f"challenge {challenge.name} is for {low} to {high} seats"
        )
    return challenge


def _explicit(challenge: Challenge | None, given: Mapping[str, Any] | None) -> dict[str, Any]:
    merged: dict[str, Any] = dict(challenge.setup) if challenge else {}
    merged.update(given or {})
    unknown = sorted(set(merged) - SETUP_KEYS)
    if unknown:
        raise RuleViolation("invalid_command", f"unknown setup key(s): {', '.join(unknown)}")
    return merged


def _cards(explicit: Mapping[str, Any], key: str) -> tuple[Card, ...] | None:
    raw = explicit.get(key)
    if raw is None:
        return None
    if not isinstance(raw, (list, tuple)):
        raise RuleViolation("invalid_command", f"setup {key} must be a list of cards")
    cards: list[Card] = []
    for item in raw:
        ok = isinstance(item, (list, tuple)) and len(item) == 2 and item[0] != item[1]
        if not ok or not all(i in ICONS for i in item):
            raise RuleViolation("invalid_command", f"setup {key}: {item!r} is not an icon card")
        first: Icon = next(i for i in ICONS if i == item[0])
        second: Icon = next(i for i in ICONS if i == item[1])
        cards.append((first, second))
    return tuple(cards)


def _listed(explicit: Mapping[str, Any], key: str) -> list[Any] | tuple[Any, ...]:
    """An explicit list; a string is refused, not read as its letters."""
    raw = explicit[key]
    if not isinstance(raw, (list, tuple)):
        raise RuleViolation("invalid_command", f"setup {key} must be a list")
    return raw


def _deal_cards(
    explicit: Mapping[str, Any], mode: Mode, rules: Mapping[str, Any], luck: Luck
) -> tuple[tuple[Card, ...], tuple[Card, ...], tuple[Card, ...], Luck]:
    # rulebook: Setup 2 (remove 5), Play Faster and Solo (remove 6), Challenges may say more
    n_removed = int(rules.get("remove_cards", 6 if mode in ("solo", "fast") else 5))
    n_face_up = {"standard": 2, "fast": 1, "solo": 0}[mode]
    removed = _cards(explicit, "removed")
    face_up = _cards(explicit, "face_up")
    top = _cards(explicit, "deck") or ()
    if removed is not None and len(removed) != n_removed:
        raise RuleViolation("invalid_command", f"setup removed must list {n_removed} cards")
    if face_up is not None and len(face_up) != n_face_up:
        raise RuleViolation("invalid_command", f"setup face_up must list {n_face_up} cards")
    rest = Counter(full_deck())
    for card in (*(removed or ()), *(face_up or ()), *top):
        if rest[canonical(card)] == 0:
            raise RuleViolation(
                "invalid_command", "the setup uses a card more often than the deck has it"
            )
        rest[canonical(card)] -= 1
    shuffled, luck = luck.shuffled(tuple(sorted(rest.elements())))
    if removed is None:
        removed, shuffled = shuffled[:n_removed], shuffled[n_removed:]
    if face_up is None:
        face_up, shuffled = shuffled[:n_face_up], shuffled[n_face_up:]
    pile = (*top, *shuffled)
    if mode == "solo" and len(pile) % SOLO_FLIP:
        raise RuleViolation("invalid_command", "a solo pile needs an even number of cards")
    return removed, face_up, pile, luck


def _deal_bonuses(
    explicit: Mapping[str, Any], choice: str, content: Content, luck: Luck
) -> tuple[tuple[str, ...], Luck]:
    ids = tuple(c.id for c in content.bonus_cards)
    if "bonuses" in explicit:
        given = tuple(str(b) for b in _listed(explicit, "bonuses"))
        if len(given) not in (0, LANDMARKS) or not set(given) <= set(ids):
            raise RuleViolation("invalid_command", "setup bonuses must name 6 bonus cards")
        if len(set(given)) != len(given):
            raise RuleViolation("invalid_command", "setup bonuses must be 6 different cards")
        return given, luck
    if choice == "none":
        return (), luck
    if choice == "first_six":
        return ids[:LANDMARKS], luck
    dealt, luck = luck.shuffled(ids)
    return dealt[:LANDMARKS], luck


def _choose_missions(
    explicit: Mapping[str, Any], choice: str, content: Content, luck: Luck
) -> tuple[tuple[str, ...], Luck]:
    letters = tuple(m.letter for m in content.missions)
    if "missions" in explicit:
        given = tuple(sorted(str(m) for m in _listed(explicit, "missions")))
        if len(given) not in (0, MISSION_ROW) or not set(given) <= set(letters):
            raise RuleViolation("invalid_command", "setup missions must name 6 mission letters")
        if len(set(given)) != len(given):
            raise RuleViolation("invalid_command", "setup missions must be 6 different letters")
        return given, luck
    if choice == "none":
        return (), luck
    if choice == "a_to_f":
        return letters[:MISSION_ROW], luck
    # rulebook: Setup 4, "Sort them in alphabetical order"
    chosen, luck = luck.shuffled(letters)
    return tuple(sorted(chosen[:MISSION_ROW])), luck


def _start_seat(explicit: Mapping[str, Any], seats: int, luck: Luck) -> tuple[int, Luck]:
    if "start_seat" in explicit:
        start = explicit["start_seat"]
        # A JSON true is a Python int too: it must not read as seat 1.
        if isinstance(start, bool) or not isinstance(start, int) or not 0 <= start < seats:
            raise RuleViolation("invalid_command", "setup start_seat must be a seat number")
        return start, luck
    if seats == 1:
        return 0, luck
    return luck.draw_below(seats)


def _lifesavers(
    resolved: Mapping[str, Any],
    rules: Mapping[str, Any],
    mode: Mode,
    seats: int,
    printed: int,
    content: Content,
) -> int:
    # rulebook: Play Faster: "Cross off all lifesavers before you start"
    if mode == "fast" or resolved["lifesavers"] == "none" or rules.get("no_lifesavers"):
        return 0
    if resolved["lifesavers"] == "all":
        return printed
    crossed = content.lifesaver_chart.get(min(seats, CLASSIC_SEATS), 0)
    return max(0, printed - crossed)
