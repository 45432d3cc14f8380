"""Given / when / then for Peninsula rules.

``given(...)`` sets up a game from an explicit setup (seat 0 starts; missions A-F; bonuses
LB01-LB06 unless told otherwise), drafts the first card, and lets a test draw on a sheet
directly with ``.sheet(...)``: a test board, not a move. ``when(command)`` decides a command
and ``then(...)`` compares the events it produced.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, fields, replace
from types import MappingProxyType
from typing import Any

from domain.core import RuleViolation, SetUp
from domain.games.peninsula import RULESET
from domain.games.peninsula.commands import DraftCard
from domain.games.peninsula.events import Event
from domain.games.peninsula.hexes import Hex, parse_hex
from domain.games.peninsula.state import Allowance, Arrow, Game
from tests.domain.peninsula.play import seed_for

H = parse_hex
ALLOWANCE = frozenset(f.name for f in fields(Allowance))
DECK = [
    ["village", "boat"],
    ["forest", "tunnel"],
    ["cliffs", "mountain"],
    ["village", "forest"],
]
SETUP: Mapping[str, Any] = {
    "map": "M1",
    "missions": ["A", "B", "C", "D", "E", "F"],
    "bonuses": ["LB01", "LB02", "LB03", "LB04", "LB05", "LB06"],
    "start_seat": 0,
    "face_up": [["village", "boat"], ["forest", "mountain"]],
    "deck": DECK,
}


def new_game(seats: int = 2, options: Mapping[str, Any] | None = None, **setup: Any) -> Game:
    explicit = dict(SETUP)
    if seats == 1 or (options or {}).get("fast"):
        explicit.pop("face_up")
    explicit.update(setup)
    command = SetUp(seats=seats, seed=seed_for("scenario"), options=options or {}, setup=explicit)
    return RULESET.fold(RULESET.decide(RULESET.initial_state, command))


@dataclass(frozen=True)
class Given:
    game: Game

    def after(self, *commands: Any) -> Given:
        """The game after ``commands``, each followed by what the system then decides."""
        game = self.game
        for command in commands:
            game = RULESET.fold(RULESET.decide(game, command), game)
            game = RULESET.fold(settled(game), game)
        return Given(game)

    def sheet(self, seat: int = 0, **changes: Any) -> Given:
        """Edit a sheet for a test: hexes are labels like "C4". The seat's allowance
        (``hand``, ``uses``, ``must_draw``, ``done``) is edited through here too."""
        sheet = {k: _convert(k, v) for k, v in changes.items() if k not in ALLOWANCE}
        allowance = {k: _convert(k, v) for k, v in changes.items() if k in ALLOWANCE}
        game = self.game.with_sheet(seat, replace(self.game.sheets[seat], **sheet))
        return Given(game.with_allowance(seat, replace(game.allowances[seat], **allowance)))

    def when(self, command: Any) -> Outcome:
        """Decide ``command``; what the system then decides at once (a round's
        administration, the end of the game) is included, as the rulebook tells it."""
        try:
            events = tuple(RULESET.decide(self.game, command))
        except RuleViolation as violation:
            return Outcome(self.game, (), violation)
        return Outcome(self.game, events + settled(RULESET.fold(events, self.game)), None)


def settled(game: Game) -> tuple[Event, ...]:
    """The events of every system decision due in ``game``, one after the other."""
    events: tuple[Event, ...] = ()
    while (due := RULESET.system_command(game)) is not None:
        decided = tuple(RULESET.decide(game, due))
        game = RULESET.fold(decided, game)
        events += decided
    return events


def _convert(key: str, value: Any) -> Any:
    match key:
        case "location":
            return H(value)
        case "icons":
            return MappingProxyType({H(k): v for k, v in value.items()})
        case "cliffs":
            return MappingProxyType({H(k): v for k, v in value.items()})
        case "filled" | "harbor_lands":
            return frozenset(H(h) for h in value)
        case "arrows":
            return tuple(Arrow(H(a), H(b), kind) for a, b, kind in value)
        case "missions":
            return MappingProxyType(dict(value))
        case "tickets" | "used_tickets":
            return frozenset(value)
        case "landmarks" | "used_landmarks":
            return frozenset(value)
        case "hand":
            return tuple(value)
    return value


@dataclass(frozen=True)
class Outcome:
    before: Game
    events: tuple[Event, ...]
    violation: RuleViolation | None

    def then(self, *expected: Event) -> Game:
        assert self.violation is None, f"rejected: {self.violation!r}"
        assert self.events == expected
        return self.state

    def then_includes(self, *expected: Event) -> Game:
        assert self.violation is None, f"rejected: {self.violation!r}"
        for event in expected:
            assert event in self.events, f"{event!r} not in {self.events!r}"
        return self.state

    def then_not(self, *types: type) -> Game:
        assert self.violation is None, f"rejected: {self.violation!r}"
        assert not [e for e in self.events if isinstance(e, types)]
        return self.state

    def rejected(self, code: str, words: str = "") -> None:
        assert self.violation is not None, f"accepted: {self.events!r}"
        assert self.violation.code == code, self.violation
        assert words in self.violation.message, self.violation.message

    @property
    def state(self) -> Game:
        return RULESET.fold(self.events, self.before)


def given(seats: int = 2, options: Mapping[str, Any] | None = None, **setup: Any) -> Given:
    return Given(new_game(seats, options, **setup))


def drafted(seats: int = 2, keep: str = "village", **setup: Any) -> Given:
    """A game in its first action phase: seat 0 drafted a card, keeping ``keep``."""
    card = 0 if keep in ("village", "boat") else 1
    return given(seats, **setup).after(DraftCard(seat=0, card=card, keep=keep))


def hexes(labels: Iterable[str]) -> tuple[Hex, ...]:
    return tuple(H(label) for label in labels)
