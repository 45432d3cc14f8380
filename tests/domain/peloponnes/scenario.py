"""Given / when / then for Peloponnes rules.

``given(...)`` sets up a game from an explicit setup (civilizations Messene, Patras, Arkadia
... in seat order, so seat 0 starts; fixed stack tops), runs the system up to the first seat
decision, and lets a test arrange the table directly with ``.realm(...)`` and ``.table(...)``:
a test board, not a move. ``when(command)`` decides a command and ``then(...)`` compares the
events it produced; ``after(...)`` applies commands and ``system()`` decides what the
system owes until a seat is to act.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from domain.core import RuleViolation
from domain.games.peloponnes import RULESET
from domain.games.peloponnes.events import Event, PhaseBegan
from domain.games.peloponnes.goods import Goods
from domain.games.peloponnes.state import Game
from tests.domain.peloponnes.play import run_system, start

CIVILIZATIONS = ("Messene", "Patras", "Arkadia", "Korinth", "Sparta", "Pylos")
GOODS = frozenset(Goods().as_dict())


def new_game(seats: int = 2, options: Mapping[str, Any] | None = None, **setup: Any) -> Game:
    """A game run up to its first seat decision (round 1's bidding)."""
    explicit: dict[str, Any] = {"civilizations": list(CIVILIZATIONS[:seats])}
    explicit.update(setup)
    return start(seats, "scenario", options, explicit)


@dataclass(frozen=True)
class Given:
    game: Game

    def after(self, *commands: Any) -> Given:
        """The game once ``commands`` are decided (the system's own decisions are not)."""
        game = self.game
        for command in commands:
            game = RULESET.fold(RULESET.decide(game, command), game)
        return Given(game)

    def realm(self, seat: int = 0, **changes: Any) -> Given:
        """Edit a seat's realm: goods by name (``coins=3``), tiles as tuples of ids."""
        realm = self.game.realm(seat)
        goods = {k: v for k, v in changes.items() if k in GOODS}
        rest = {
            k: tuple(v) if isinstance(v, list) else v for k, v in changes.items() if k not in GOODS
        }
        holding = Goods(**{**realm.holding.as_dict(), **goods})
        return Given(self.game.with_realm(seat, replace(realm, holding=holding, **rest)))

    def table(self, **changes: Any) -> Given:
        return Given(replace(self.game, **changes))

    def system(self) -> Given:
        return Given(run_system(self.game))

    def when(self, command: Any) -> Outcome:
        try:
            return Outcome(self.game, tuple(RULESET.decide(self.game, command)), None)
        except RuleViolation as violation:
            return Outcome(self.game, (), violation)


def given(seats: int = 2, options: Mapping[str, Any] | None = None, **setup: Any) -> Given:
    return Given(new_game(seats, options, **setup))


@dataclass(frozen=True)
class Outcome:
    before: Game
    events: tuple[Event, ...]
    violation: RuleViolation | None

    def then(self, *expected: Event) -> Given:
        """The command's own events (the phase openings it completes are left out)."""
        assert self.violation is None, f"refused: {self.violation!r}"
        own = tuple(e for e in self.events if not isinstance(e, PhaseBegan))
        assert own == expected, f"\n got: {own}\nwant: {expected}"
        return Given(RULESET.fold(self.events, self.before))

    def then_includes(self, *expected: Event) -> Given:
        assert self.violation is None, f"refused: {self.violation!r}"
        for event in expected:
            assert event in self.events, f"{event} not in {self.events}"
        return Given(RULESET.fold(self.events, self.before))

    def rejected(self, code: str) -> RuleViolation:
        assert self.violation is not None, f"accepted: {self.events}"
        assert self.violation.code == code, self.violation
        return self.violation

    @property
    def game(self) -> Game:
        assert self.violation is None, f"refused: {self.violation!r}"
        return RULESET.fold(self.events, self.before)
