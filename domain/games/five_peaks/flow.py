"""Consequences shared by many commands: gains from the bank, stages, the end of a turn."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import fields

from domain.games.five_peaks import board as b
from domain.games.five_peaks.content.model import REWARDS
from domain.games.five_peaks.events import (
    Event,
    GameEnded,
    ResourcesMoved,
    RewardsDue,
    StageBegan,
    TurnEnded,
)
from domain.games.five_peaks.frozen import built, changed
from domain.games.five_peaks.scoring import totals
from domain.games.five_peaks.state import Game, Reward, Stage

TURNS_PER_SEAT = 100
"""Not in the rulebook: a game also ends once every seat has had this many turns. Two of
the three end conditions can become unreachable (no gap left beside a rocky tile, no
container left in the bank for a rank VI panorama), and a game must end
(docs/rules/five-peaks.md, End). From rules version 2 on it never ends a game whose end
is already triggered: the final round is bounded by itself."""


def at_turn_limit(game: Game) -> bool:
    """Whether the turn ending now is the last the platform's limit allows.

    From rules version 2 on the limit only stops games whose end was never triggered (Game
    End: "all players ... take a final turn"); under version 1 it also cut a final round.
    """
    if game.final_turns is not None and game.rules_version != "1":
        return False
    return game.turns_taken + 1 >= TURNS_PER_SEAT * game.seats


def gain(
    game: Game, seat: int, wanted: Mapping[str, int], paid: Mapping[str, int] | None = None
) -> tuple[Event, ...]:
    """Pay ``paid``, then take ``wanted``: resources and endorphins from the bank (as far as
    it has them: Board Spaces), rewards queued in order (Rewards)."""
    plain = {k: v for k, v in wanted.items() if k not in REWARDS}
    after = game
    events: list[Event] = []
    if paid:
        events.append(resources_moved(seat, dict(paid), {}))
        after = _fold(game, events)
    got = b.obtainable(after, seat, plain)
    if got:
        if events:
            events[0] = resources_moved(seat, dict(paid or {}), got)
        else:
            events.append(resources_moved(seat, {}, got))
    rewards = tuple(Reward(k) for k in REWARDS for _ in range(wanted.get(k, 0)))  # type: ignore[arg-type]
    if rewards:
        events.append(RewardsDue(seat=seat, rewards=rewards))
    return tuple(events)


# The events made at most steps of a rollout, built without their interpreted ``__init__``
# (``frozen.built``): the same values as ``ResourcesMoved(seat, paid, gained)`` and
# ``StageBegan(seat, stage)``.
def resources_moved(
    seat: int, paid: Mapping[str, int], gained: Mapping[str, int]
) -> ResourcesMoved:
    return built(ResourcesMoved, {"seat": seat, "paid": paid, "gained": gained})


def stage_began(seat: int, stage: Stage) -> StageBegan:
    return built(StageBegan, {"seat": seat, "stage": stage})


def to_act(game: Game) -> frozenset[int]:
    """The seats that must act (``Players.to_act``): asked at every step of a rollout, so it
    is here, compiled, and ``views`` names it again."""
    return frozenset({game.turn}) if game.phase == "play" else frozenset()


def _fold(game: Game, events: list[Event]) -> Game:
    from domain.games.five_peaks.evolve import evolve

    for event in events:
        game = evolve(game, event)
    return game


def stage(seat: int, kind: str, base: Stage | None = None, **changes: object) -> StageBegan:
    start = base or _PLAY
    # ``changed``, not ``replace`` (a stage begins at most decisions, and in every look-ahead
    # of the greedy bot), with the field names checked as ``replace`` checks them
    if not changes.keys() <= _STAGE_FIELDS:
        raise TypeError(f"a stage has no field {sorted(changes.keys() - _STAGE_FIELDS)}")
    return stage_began(seat, changed(start, kind=kind, **changes))


_STAGE_FIELDS = frozenset(f.name for f in fields(Stage))
_PLAY = Stage("play")
"""A turn's first stage, made once: a stage is a frozen value, and ``changed`` copies it."""


def finish_step(game: Game, seat: int) -> tuple[Event, ...]:
    """A Pass with nothing due: the next one-space move of a "twice" card, a bonus peak
    for the peaks placed (Summit seeker), or the end of the turn."""
    now = game.stage
    if now.again > 0:
        return (
            stage(
                seat,
                "move",
                now,
                steps=(1,),
                again=now.again - 1,
                at=None,
                resolved=False,
                stoned=False,
            ),
        )
    bonus = b.fires(game, seat, "bonus_peak")
    if game.turn_peaks and bonus:
        terrain = game.turn_peaks[0]
        return (RewardsDue(seat=seat, rewards=tuple(Reward("peak", terrain, True) for _ in bonus)),)
    ended = built(TurnEnded, {"seat": seat, "next": (seat + 1) % game.seats})
    if game.final_turns == 1 or at_turn_limit(game):
        return (ended, GameEnded(scores=tuple(s.total for s in totals(game))))
    return (ended,)
