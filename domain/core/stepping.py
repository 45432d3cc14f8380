"""``Ruleset.step``: a decision's events together with the state they reach.

The application folds every decision it takes into the state it goes on from (a seat's
command, then each system decision due after it), and analysis rollouts do the same at
every move. Some games' ``decide`` already folds its own events to work out what follows
them (the phases they complete, or a seat's pass when nothing else is left to it);
folding them again is a second pass over the same events. Such a game gives
``Rules.step``, and a game command of a game not in live play takes the state it reached
instead (docs/ruleset-contract.md, "step").

The composed decide's game part (``decide_game``) and the fold live here too, compiled with
``step`` (``cairn compile``): ``Ruleset``'s methods, in a module left interpreted, delegate
to them, and rollouts call them directly, so a compiled rollout runs no interpreted frame
for them.

Whatever path it takes, ``step`` is exactly ``decide`` then ``fold``: the same events, a
state equal to the fold's, and the same ``RuleViolation`` with nothing returned. The
conformance suite holds every ruleset to that (tests/conformance/test_step.py). The decider
stays ``decide`` and ``evolve``: a replay, an audit and a refold never use ``step``.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from domain.core import liveplay
from domain.core.compose import game_part_only
from domain.core.errors import RuleViolation
from domain.core.options import Option

MAX_COMMANDS_PER_ROUND = Option(
    "max_commands_per_round",
    200,
    "the most a seat may do in one round; no real game comes near it (it keeps a client"
    " from bloating a game's log)",
    bounds=(20, 10_000),
)


def step(ruleset: Any, state: Any, command: Any, at: int | None) -> tuple[tuple[Any, ...], Any]:
    """``(events, fold(events, state))`` for ``events = ruleset.decide(state, command, at)``."""
    game_step = ruleset.rules.step
    # Live play stamps a decision and may react to its game facts (a revealing fact closes
    # the takeback window): only the composed fold knows that, so a live game folds.
    if (
        game_step is not None
        and command.__class__ in ruleset.game_command_types
        and not state.live.undo
        and not liveplay.is_live(state.options)
    ):
        require_playing(ruleset, state)
        events, reached = game_step(state, command)
        # The composed evolve keeps the lifecycle's part of the state after every game fact
        # (domain/core/compose.py); a game's own fold does not, so keep it here, once.
        after = game_part_only(state, reached)
        check_pace(ruleset, state, command, events, after)
        return events, after
    # a game command goes straight to the game's part, the owner the composed decide finds
    if command.__class__ in ruleset.game_command_types:
        events = decide_game(ruleset, state, command, at)
    else:
        events = ruleset.decide(state, command, at)
    return events, fold(ruleset, events, state)


def decide_game(ruleset: Any, state: Any, command: Any, at: int | None) -> tuple[Any, ...]:
    """The game's part of the composed decide (``Ruleset``): its own rules, once it is set
    up and until it is over; then the round's cap, and live play's stamp."""
    require_playing(ruleset, state)
    events = ruleset.rules.decide(state, command)
    check_pace(ruleset, state, command, events)
    return liveplay.stamped(ruleset, state, getattr(command, "seat", None), at, events)


def fold(ruleset: Any, events: Iterable[Any], state: Any = None) -> Any:
    """``Ruleset.fold``: ``events`` applied in order by the composed evolve, from ``state``
    or the start."""
    current = ruleset.rules.initial_state if state is None else state
    evolve = ruleset.evolve
    for event in events:
        current = evolve(current, event)
    return current


def require_playing(ruleset: Any, state: Any) -> None:
    """A game command is decided once the game is set up and until it is over."""
    if not state.is_set_up:
        raise RuleViolation("wrong_phase", "the game has not been set up")
    if liveplay.is_over(ruleset, state):
        raise RuleViolation("game_over", "the game is over")


def check_pace(
    ruleset: Any, state: Any, command: Any, events: tuple[Any, ...], after: Any = None
) -> None:
    """A seat at the round's cap may still do what adds nothing to its count (end its
    turn, say), so the cap never traps a seat; everything else is refused. ``after`` is
    the state ``events`` reach, if it is known already."""
    cap = state.options.get(MAX_COMMANDS_PER_ROUND.name)
    seat = getattr(command, "seat", None)
    if cap is None or not isinstance(seat, int) or not 0 <= seat < state.seats:
        return
    count = ruleset.players.moves_this_round
    done = count(state, seat)
    if done < cap:
        return
    if count(ruleset.fold(events, state) if after is None else after, seat) > done:
        raise RuleViolation(
            "too_many_commands",
            f"you have done {cap} things this round already, the most a round allows",
        )
