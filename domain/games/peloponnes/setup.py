# cairn compile leaves this module interpreted: ExplicitSetup decoded by the codec
# (service/compiled.py).
"""Opening a game, and a fork's fresh luck.

Setup draws, in this order, all from the sealed seed (docs/rules/peloponnes.md, Setup): the
civilizations (a shuffle of all of them; seat n takes the n-th), the face-up sea tiles
(with the expansion's sea tiles), then each letter's stack in letter order and the disaster
chits. An explicit setup may fix the civilizations, the sea tiles, and the top of each stack
and of the chit pile; whatever it leaves open is shuffled below what it fixes.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, replace
from types import MappingProxyType
from typing import Any

from domain.core import Luck, RuleViolation
from domain.core.codec import CodecError, decode_fields
from domain.games.peloponnes.content import BLANK, DISASTERS, Content
from domain.games.peloponnes.events import Event, GameBegan, PhaseBegan, StacksShuffled
from domain.games.peloponnes.options import uses_six_player_tiles
from domain.games.peloponnes.state import Game

SIX_SEATS = 6


@dataclass(frozen=True)
class ExplicitSetup:
    """An explicit setup (teaching, puzzles, tests). Every field is optional.

    * ``civilizations``: one name per seat.
    * ``sea_tiles``: the face-up sea tiles, one per seat (with the sea tiles option).
    * ``stacks``: by letter, the tiles on top of that stack, top first.
    * ``chits``: the chits on top of the face-down pile, top first.
    """

    civilizations: tuple[str, ...] | None = None
    sea_tiles: tuple[int, ...] | None = None
    stacks: Mapping[str, tuple[str, ...]] | None = None
    chits: tuple[str, ...] | None = None


def parse_setup(setup: Mapping[str, Any] | None) -> ExplicitSetup:
    if setup is None:
        return ExplicitSetup()
    try:
        return decode_fields(ExplicitSetup, dict(setup), "setup")
    except CodecError as exc:
        raise RuleViolation("invalid_setup", f"bad setup: {exc}") from None


def begin(game: Game, setup: Mapping[str, Any] | None) -> tuple[Event, ...]:
    explicit = parse_setup(setup)
    content = game.content
    six = uses_six_player_tiles(game.options, game.seats)
    if game.seats == SIX_SEATS and not six:
        raise RuleViolation("invalid_option", "six seats play with the six-player tiles")
    sets = frozenset({"base", "six-player"} if six else {"base"})
    luck = game.luck
    civilizations, luck = _civilizations(content, game.seats, explicit, luck)
    display, luck = _sea_display(game, content, explicit, luck)
    order = tuple(
        sorted(range(game.seats), key=lambda s: content.civilizations[civilizations[s]].order)
    )
    began = GameBegan(
        civilizations=civilizations,
        order=order,
        tile_sets=sets,
        sea_display=display,
        counter=luck.counter,
    )
    tops = explicit.stacks or {}
    unknown = sorted(set(tops) - set(content.letters))
    if unknown:
        raise RuleViolation("invalid_setup", f"there is no stack {', '.join(unknown)}")
    stacks: dict[str, tuple[str, ...]] = {}
    for letter in content.letters:
        full = content.stack_tiles(letter, sets)
        stacks[letter], luck = _with_top(full, tuple(tops.get(letter, ())), f"stack {letter}", luck)
    chits, luck = _with_top(_all_chits(content), explicit.chits or (), "chits", luck)
    shuffled = StacksShuffled(stacks=MappingProxyType(stacks), chits=chits, counter=luck.counter)
    return (began, shuffled, PhaseBegan(phase="reveal", round=1))


def reshuffle(game: Game, keep: int | None) -> tuple[Event, ...]:
    """A fork's fresh luck: every stack's undrawn tiles and the undrawn chits are shuffled
    again from the new seed. Nothing else is hidden: no seat holds a secret of its own."""
    luck = game.luck
    stacks: dict[str, tuple[str, ...]] = {}
    for letter, rest in game.stacks.items():
        stacks[letter], luck = luck.shuffled(rest)
    chits, luck = luck.shuffled(game.chit_pile)
    return (StacksShuffled(stacks=MappingProxyType(stacks), chits=chits, counter=luck.counter),)


def forget(game: Game, keep: int | None) -> Game:
    """Every stack's undrawn tiles and the undrawn chits in sorted order: nobody knows more
    of them than which they are, so a reshuffle after this cannot depend on how they lay
    (``Rules.forget``)."""
    stacks = {letter: tuple(sorted(rest)) for letter, rest in game.stacks.items()}
    return replace(game, stacks=MappingProxyType(stacks), chit_pile=tuple(sorted(game.chit_pile)))


def _all_chits(content: Content) -> tuple[str, ...]:
    return tuple(k for k in (*DISASTERS, BLANK) for _ in range(content.chits[k]))


def _civilizations(
    content: Content, seats: int, explicit: ExplicitSetup, luck: Luck
) -> tuple[tuple[str, ...], Luck]:
    """Reference, Setup: "Each player gets a random civilization tile." """
    if explicit.civilizations is None:
        names = tuple(sorted(content.civilizations, key=lambda n: content.civilizations[n].order))
        dealt, luck = luck.shuffled(names)
        return dealt[:seats], luck
    given = explicit.civilizations
    if len(given) != seats or len(set(given)) != seats:
        raise RuleViolation("invalid_setup", f"name {seats} different civilizations")
    unknown = sorted(set(given) - set(content.civilizations))
    if unknown:
        raise RuleViolation("invalid_setup", f"no civilization is called {', '.join(unknown)}")
    return given, luck


def _sea_display(
    game: Game, content: Content, explicit: ExplicitSetup, luck: Luck
) -> tuple[tuple[int, ...], Luck]:
    """Expansion, Preparation: "Mix the Sea Tiles face-down, then turn as many face-up as
    the number of players in the game." """
    if not game.options.get("sea_tiles"):
        if explicit.sea_tiles is not None:
            raise RuleViolation("invalid_setup", "sea tiles need the sea_tiles option")
        return (), luck
    if explicit.sea_tiles is None:
        mixed, luck = luck.shuffled(tuple(sorted(content.sea_tiles)))
        return mixed[: game.seats], luck
    given = explicit.sea_tiles
    if len(given) != game.seats or len(set(given)) != len(given):
        raise RuleViolation("invalid_setup", f"name {game.seats} different sea tiles")
    unknown = sorted(set(given) - set(content.sea_tiles))
    if unknown:
        raise RuleViolation("invalid_setup", f"there is no sea tile {unknown[0]}")
    return given, luck


def _with_top(
    full: tuple[str, ...], top: tuple[str, ...], what: str, luck: Luck
) -> tuple[tuple[str, ...], Luck]:
    """``top`` on top of a shuffle of the rest of ``full`` (each item at most as often as
    ``full`` has it)."""
    rest = Counter(full)
    for item in top:
        if rest[item] == 0:
            raise RuleViolation("invalid_setup", f"{what}: {item} is not (or no longer) in it")
        rest[item] -= 1
    below, luck = luck.shuffled(tuple(x for x in full if _take(rest, x)))
    return (*top, *below), luck


def _take(rest: Counter[str], item: str) -> bool:
    if rest[item] > 0:
        rest[item] -= 1
        return True
    return False
