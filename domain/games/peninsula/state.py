# cairn compile leaves this module interpreted: instances copied through __dict__
# (service/compiled.py).
"""The position: the shared table, and per seat a map sheet and a round allowance, as frozen
values."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, Literal

from domain.core import Table
from domain.games.peninsula import getters
from domain.games.peninsula.cards import ICONS, Card, Icon
from domain.games.peninsula.content import MapSpec, MissionSpec
from domain.games.peninsula.events import Mode
from domain.games.peninsula.frozen import changed as changed
from domain.games.peninsula.frozen import copied as copied
from domain.games.peninsula.frozen import put as put
from domain.games.peninsula.getters import spec_of
from domain.games.peninsula.hexes import Hex

Phase = Literal["setup", "draft", "actions", "final", "over"]
ArrowKind = Literal["street", "canal", "bridge"]
EMPTY: Mapping[Any, Any] = MappingProxyType({})


def _empty() -> Mapping[Any, Any]:
    return EMPTY


@dataclass(frozen=True)
class Arrow:
    """A drawn arrow. Streets and bridges point both ways; a canal points ``start -> end``."""

    start: Hex
    end: Hex
    kind: ArrowKind

    def points_at(self, h: Hex) -> bool:
        return self.end == h or (self.kind != "canal" and self.start == h)

    def leads(self, frm: Hex, to: Hex) -> bool:
        if self.start == frm and self.end == to:
            return True
        return self.kind != "canal" and self.start == to and self.end == frm


@dataclass(frozen=True)
class Sheet:
    """One seat's map sheet: what is drawn on it and what it has unlocked."""

    location: Hex
    tickets: frozenset[str]
    lifesavers: int
    harbor_lands: frozenset[Hex]
    icons: Mapping[Hex, Icon] = field(default_factory=_empty)
    cliffs: Mapping[Hex, int] = field(default_factory=_empty)
    filled: frozenset[Hex] = frozenset()
    arrows: tuple[Arrow, ...] = ()
    drawn_harbors: tuple[tuple[Hex, Hex], ...] = ()
    used_tickets: frozenset[str] = frozenset()
    bonus_harbor_tickets: int = 0
    """Harbor Tickets' free harbor tickets left this round. They stay on the sheet, unlike
    the rest of the round's allowance, because routes read them with the tickets; and they
    are rare, so ending a round copies the sheet only when some are left."""
    landmarks: frozenset[int] = frozenset()
    used_landmarks: frozenset[int] = frozenset()
    missions: Mapping[str, Icon] = field(default_factory=_empty)
    moves: tuple[int, int] = (0, 0)
    """(round, architect moves in it): moving along drawn arrows costs nothing, so only
    these are unbounded within a round; the platform caps them (max_commands_per_round)."""

    # (the bodies are ``getters``' compiled functions, which compiled callers call directly)

    def holds(self, icon: Icon) -> frozenset[Hex]:
        """Hexes holding ``icon``, filled or not (cliffs share a hex with another icon)."""
        return getters.holds(self, icon)

    def has(self, h: Hex, icon: Icon) -> bool:
        return h in self.cliffs if icon == "cliffs" else self.icons.get(h) == icon

    def available_tickets(self) -> frozenset[str]:
        return getters.available_tickets(self)

    def unused_landmarks(self) -> frozenset[int]:
        return getters.unused_landmarks(self)


@dataclass(frozen=True)
class Allowance:
    """What one seat may still do this round: the icons in hand and how many uses are left.

    Kept apart from the ``Sheet`` because it changes on most facts (every draft, trade and
    end of actions) while the sheet does not: a seat's allowance is a copy of four fields,
    or the shared ``SPENT``, instead of a copy of the whole sheet.
    """

    hand: tuple[Icon, ...] = ()
    uses: int = 0
    must_draw: bool = False
    done: bool = True


# The allowances most facts leave behind, built once and shared: most facts then need no
# new allowance at all
SPENT = Allowance()
"""A seat that has ended its actions, or has none yet."""
USED_UP = Allowance(done=False)
"""A seat that has used the round's icons but not yet ended its actions."""
ONE_ICON: Mapping[Icon, Allowance] = MappingProxyType(
    {icon: Allowance(hand=(icon,), uses=1, done=False) for icon in ICONS}
)
"""One icon to use once: every seat's allowance after a draft."""


@dataclass(frozen=True)
class Game(Table):
    """The shared table and every seat's sheet; ``Table`` holds the lifecycle's part (seats,
    options, rules version, content pack and luck)."""

    phase: Phase = "setup"
    mode: Mode = "standard"
    spec: MapSpec | None = None
    missions: tuple[MissionSpec, ...] = ()
    bonus_cards: tuple[str, ...] = ()
    bonuses: Mapping[int, str] = field(default_factory=_empty)
    removed: tuple[Card, ...] = ()
    face_up: tuple[Card, ...] = ()
    pile: tuple[Card, ...] = ()
    flipped: tuple[Card, ...] = ()
    used: tuple[tuple[int, Card], ...] = ()
    active: int = 0
    round: int = 0
    kept: Icon | None = None
    sheets: tuple[Sheet, ...] = ()
    allowances: tuple[Allowance, ...] = ()
    challenge: str = ""
    scores: tuple[int, ...] = ()

    if TYPE_CHECKING:  # what the type checker reads; the getter below is the same function

        @property
        def map(self) -> MapSpec: ...

    else:
        # the map of a game set up (``getters.spec_of``, compiled): read without a Python frame
        map = property(spec_of)

    def sheet(self, seat: int) -> Sheet:
        return self.sheets[seat]

    # The copies' bodies are ``copies``' compiled functions, which the fold calls directly;
    # ``copies`` imports this module, so these import it when first called

    def with_changes(self, changes: Mapping[str, Any]) -> Game:
        """``copied(self, changes)`` through the game's own ``__dict__`` setter."""
        from domain.games.peninsula import copies

        return copies.with_changes(self, changes)

    def with_sheet(self, seat: int, sheet: Sheet) -> Game:
        """This game with one seat's sheet replaced; the other sheets are shared, not copied."""
        from domain.games.peninsula import copies

        return copies.with_sheet(self, seat, sheet)

    def with_sheet_changes(self, seat: int, changes: Mapping[str, Any]) -> Game:
        """``with_sheet(seat, copied(sheet, changes))`` in one call: the fold's hottest path."""
        from domain.games.peninsula import copies

        return copies.with_sheet_changes(self, seat, changes)

    def with_allowance(self, seat: int, allowance: Allowance) -> Game:
        """This game with one seat's allowance replaced: a single copy, the sheets shared."""
        from domain.games.peninsula import copies

        return copies.with_allowance(self, seat, allowance)

    def with_seat_changes(
        self, seat: int, changes: Mapping[str, Any], allowance: Allowance
    ) -> Game:
        """``with_sheet_changes`` and ``with_allowance`` in one game copy, for the facts that
        change both (a drawn icon, a lifesaver, the solo icon choice)."""
        from domain.games.peninsula import copies

        return copies.with_seat_changes(self, seat, changes, allowance)

    def mission(self, letter: str) -> MissionSpec | None:
        return getters.mission(self, letter)

    def flag(self, name: str) -> bool:
        return bool(self.options.get(name, False))
