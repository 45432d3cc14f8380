"""How the platform's deciders and a game's compose into the one Decider ``Ruleset`` runs.

As in Chassaing's decider composition (and fmodel's ``combine``), each decider owns one part
of a paired state, decides only the commands it owns, and sees only its own events: the
lifecycle and live play own the ``Table`` part (seats, options, rules version, content,
luck, the revealed seed, live play: ``domain/core/lifecycle.py``, ``live.py``), the game
owns the rest. The pair is kept flat, one value whose class extends ``Table``, because
every game reads its seats and options on almost every step; the two functions here are
what keep the parts apart all the same.

The decide side, ``compose_decide``: each ``Part`` names the command types it owns, and the
composed decide hands a command to its owner's ``decide``, by the command's type. The shape
is exhaustive both ways: no command type may have two owners (refused when composing), and
a command no part owns is refused with ``RuleViolation("invalid_command")`` before any part
sees it, so nothing is decided and nothing emitted. ``Ruleset`` composes three parts: the
lifecycle's (set-up, fresh luck, the seed's reveal, each followed by what the game adds to
it: ``begin``, ``reshuffle``), live play's (resign, takebacks, clocks) and the game's (the
commands of its ``Rules``, guarded by the phase and the round's cap).

The evolve side, ``compose``:

* a lifecycle fact goes to the lifecycle's ``evolve`` and a live-play fact to live play's,
  each of which changes only the ``Table`` part;
* any other fact goes to the game's ``evolve``, and what it returns keeps the ``Table`` part
  it was given, whatever the game did to it, but for one field: the luck's counter, which a
  game's facts carry (the draws its ``decide`` made) and its ``evolve`` copies. The seed
  itself is the lifecycle's. Live play may then react to the game's fact on its own part
  (``react``, only while a takeback is possible: a fact that reveals something closes the
  takeback window).

So a game's ``evolve`` cannot overwrite a lifecycle field by accident; forgetting to copy
the luck counter is caught by the conformance suite (tests/conformance/hidden.py).

The fold runs the composed evolve and ``game_part_only`` at every fact, so this module
compiles (``cairn compile``); ``Part``, a generic dataclass mypyc cannot compile, is
``domain.core.parts``'s.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterable
from operator import attrgetter
from typing import Any

from domain.core.errors import RuleViolation
from domain.core.lifecycle import Table
from domain.core.luck import Luck
from domain.core.parts import Decide, Part, S

__all__ = ["LIFECYCLE_PART", "Decide", "Part", "compose", "compose_decide", "game_part_only"]


def compose_decide(parts: Iterable[Part[S]]) -> Decide[S]:
    """One decide from several, each given the commands it owns (the module's docstring).

    Raises ``ValueError`` if two parts own one command type: the composition would have to
    guess which of them decides it.
    """
    owners: dict[type, Part[S]] = {}
    for part in parts:
        for kind in part.commands:
            if kind in owners:
                raise ValueError(
                    f"{kind.__name__} is owned by both {owners[kind].name} and {part.name}"
                )
            owners[kind] = part

    def decide(state: S, command: Any, at: int | None = None) -> tuple[Any, ...]:
        owner = owners.get(command.__class__)
        if owner is None:
            name = getattr(command, "NAME", command.__class__.__name__)
            raise RuleViolation("invalid_command", f"{name} is not a command of this game")
        return owner.decide(state, command, at)

    return decide


LIFECYCLE_PART: tuple[str, ...] = tuple(
    f.name for f in dataclasses.fields(Table) if f.name != "luck"
)
"""The ``Table`` fields a game's ``evolve`` may not change (``luck`` is handled apart)."""


def compose(
    game: Callable[[S, Any], S],
    lifecycle: Callable[[S, Any], S],
    live: Callable[[S, Any], S],
    lifecycle_events: frozenset[type],
    live_events: frozenset[type],
    react: Callable[[S, S, Any], S],
) -> Callable[[S, Any], S]:
    """One evolve from three, each given the facts it owns (see the module's docstring);
    ``react(before, after, event)`` is live play's reaction to a game fact, asked only while
    live play has decisions a seat could take back (``Live.undo``): with none, no game fact
    can concern it."""
    # The fold runs this once per event, so the owner of a platform fact is one dict look-up
    # by the fact's class, and a game fact (most of them) is whatever is not in the dict.
    owners: dict[type, Callable[[S, Any], S]] = dict.fromkeys(lifecycle_events, lifecycle)
    for kind in live_events:
        if kind in owners:
            raise ValueError(f"{kind.__name__} is a fact of both the lifecycle and live play")
        owners[kind] = live
    platform = owners.get

    def evolve(state: S, event: Any) -> S:
        owner = platform(event.__class__)
        if owner is not None:
            return owner(state, event)
        after = game_part_only(state, game(state, event))
        return react(state, after, event) if after.live.undo else after

    return evolve


_lifecycle_part = attrgetter(*LIFECYCLE_PART)
_TESTED_BY_IDENTITY = ("live", "options", "seats", "rules_version", "content_hash", "seed_revealed")
if set(_TESTED_BY_IDENTITY) != set(LIFECYCLE_PART):
    # ``game_part_only``'s fast path names the fields one by one: a field added to ``Table``
    # must be added there too, or a game could change it unseen.
    raise AssertionError(f"game_part_only tests {_TESTED_BY_IDENTITY}, not {LIFECYCLE_PART}")


def game_part_only(before: S, after: S) -> S:
    """``after`` with the lifecycle's part of ``before``, and the luck's counter of ``after``."""
    # The fold runs this after every game fact. A game that keeps the fields, as every game
    # should, hands the very same objects back, and a chain of identity tests says so in
    # about a third of the time a tuple of them compared would take; only a change (or an
    # equal value that is another object) pays the field-by-field look.
    if after is before or (
        after.live is before.live
        and after.options is before.options
        and after.seats is before.seats
        and after.rules_version is before.rules_version
        and after.content_hash is before.content_hash
        and after.seed_revealed is before.seed_revealed
        and (after.luck is before.luck or after.luck.seed is before.luck.seed)
    ):
        return after
    if _lifecycle_part(after) == _lifecycle_part(before) and after.luck.seed == before.luck.seed:
        return after
    changed = {
        name: getattr(before, name)
        for name in LIFECYCLE_PART
        if getattr(after, name) is not getattr(before, name)
        and getattr(after, name) != getattr(before, name)
    }
    if after.luck.seed != before.luck.seed:
        changed["luck"] = Luck(before.luck.seed, after.luck.counter)
    return dataclasses.replace(after, **changed) if changed else after
