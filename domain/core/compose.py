"""How the platform's deciders and a game's compose into the one evolve ``Ruleset`` runs.

As in Chassaing's decider composition (and fmodel's ``combine``), each decider owns one part
of a paired state and sees only its own events: the lifecycle and live play own the
``Table`` part (seats, options, rules version, content, luck, the revealed seed, live play:
``domain/core/lifecycle.py``, ``live.py``), the game owns the rest. The pair is kept flat,
one value whose class extends ``Table``, because every game reads its seats and options on
almost every step; ``compose`` is what keeps the two parts apart all the same:

* a lifecycle fact goes to the lifecycle's ``evolve`` and a live-play fact to live play's,
  each of which changes only the ``Table`` part;
* any other fact goes to the game's ``evolve``, and what it returns keeps the ``Table`` part
  it was given, whatever the game did to it, but for one field: the luck's counter, which a
  game's facts carry (the draws its ``decide`` made) and its ``evolve`` copies. The seed
  itself is the lifecycle's. Live play may then react to the game's fact on its own part
  (``react``: a fact that reveals something closes the takeback window).

So a game's ``evolve`` cannot overwrite a lifecycle field by accident; forgetting to copy
the luck counter is caught by the conformance suite (tests/conformance/hidden.py).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from operator import attrgetter
from typing import Any, TypeVar

from domain.core.lifecycle import Table
from domain.core.luck import Luck

S = TypeVar("S", bound=Table)

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
    ``react(before, after, event)`` is live play's reaction to a game fact."""

    def evolve(state: S, event: Any) -> S:
        kind = event.__class__
        if kind in lifecycle_events:
            return lifecycle(state, event)
        if kind in live_events:
            return live(state, event)
        return react(state, game_part_only(state, game(state, event)), event)

    return evolve


_lifecycle_part = attrgetter(*LIFECYCLE_PART)


def game_part_only(before: S, after: S) -> S:
    """``after`` with the lifecycle's part of ``before``, and the luck's counter of ``after``."""
    # The fold runs this after every game fact. A game that keeps the fields, as every game
    # should, hands the very same objects back: one tuple comparison in C (identity first,
    # element by element) says so, and only a change pays the field-by-field look.
    if after is before or (
        _lifecycle_part(after) == _lifecycle_part(before) and after.luck.seed == before.luck.seed
    ):
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
