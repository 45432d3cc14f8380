"""The hidden-information rules of forking, in one place for the API and the CLI.

A fork copies the parent's first events, every seat's private draws and the sealed seed
included. ``revealed_in`` keeps copied events hidden in the fork until they are public in
the parent, however deep the lineage. What a fork may do therefore depends on one question:
is every event it copies public to everyone now?

* Yes (a finished game whose ancestors, up to the fork point, are finished too): anyone may
  fork it, with any seats and either luck.
* No (a live game, or a position a live ancestor still hides): only a seat of the game may
  fork it, with its token; the fork must reshuffle, since "same" luck would replay the
  hidden seed and deck order; and only the forking seat may be human in it, since a human
  in seat k would see seat k's private draws. The reshuffle keeps only the forking seat's
  knowledge.

A fork at 0 copies the parent's opening decision and starts from there, so it records the
end of that decision as its fork point: "reshuffle" then re-draws every hidden order of an
explicit setup too (a reshuffled fork never deals the parent's chosen deck), and "same"
needs that opening public like any other copied event.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any
from uuid import UUID

from domain.core import Reseed, clocks, registry
from domain.core.live import ResumeClocks
from service.application.errors import BadRequest, ForkRefused, NotASeat, SeatTokenNeeded
from service.application.seating import SeatGrant, described
from service.application.visibility import revealed_in
from service.store import GameRecord, SeatRecorder, Store

LUCKS = ("same", "reshuffle")
SeatsGiven = Sequence[Mapping[str, Any]] | Mapping[int, Mapping[str, Any]] | None
"""Every seat of the fork, or overrides of some seats (by number) over the default ones."""


@dataclass(frozen=True)
class ForkPlan:
    """What a fork will be, once every rule above has been checked."""

    parent: GameRecord
    copied: int
    """The parent's events the fork copies, which is also its recorded fork point."""
    luck: str
    forker: int | None
    """The parent's seat that forks a position not public yet (by its token); None for a
    public one. Its knowledge alone carries over into the fork (``Reseed.keep``)."""
    seats: list[dict[str, Any]]


@dataclass(frozen=True)
class Forked:
    game_id: UUID
    parent_id: UUID
    fork_at: int
    version: int
    seats: list[SeatGrant]
    is_terminal: bool


def plan_fork(
    store: Store,
    tokens: SeatRecorder,
    parent: GameRecord,
    at: int,
    luck: str,
    seats: SeatsGiven,
    token: str | None,
) -> ForkPlan:
    if luck not in LUCKS:
        raise BadRequest("luck must be 'same' or 'reshuffle'")
    _check_given(parent, seats)
    copied = fork_point(store, parent, at)
    forker = _forker(tokens, parent, token)
    revealed = revealed_in(store, parent)
    if all(revealed(seq) for seq in range(1, copied + 1)):
        # Everyone knows the whole position: no seat's knowledge is more than another's.
        return ForkPlan(parent, copied, luck, None, _seats(parent, None, seats))
    if forker is None:
        raise SeatTokenNeeded(
            "this position is not public yet: forking it needs a seat token of this game"
        )
    if luck == "same":
        raise ForkRefused(
            "a fork with the same luck would reveal an order still hidden in this game"
            " (or a game it was forked from); use reshuffle"
        )
    chosen = _seats(parent, forker, seats)
    for seat, spec in enumerate(chosen):
        if seat != forker and spec["kind"] != "bot":
            raise NotASeat(
                f"seat {seat} of this fork must be a bot: only your own seat's hidden"
                " information may carry over"
            )
    return ForkPlan(parent, copied, luck, forker, chosen)


def fork_point(store: Store, parent: GameRecord, at: int) -> int:
    """The number of events a fork at ``at`` copies; refused unless between decisions."""
    if not 0 <= at <= parent.version:
        raise ForkRefused(f"at must be between 0 and {parent.version}")
    if at == 0:
        return decision_end(store, parent.game_id, 1)
    following = store.read(parent.game_id, after=at, until=at + 1)
    if following and following[0].decision_seq != following[0].seq:
        start = following[0].decision_seq - 1
        raise ForkRefused(f"event {at} is inside a decision; fork at {start} instead")
    return at


def decision_end(store: Store, game_id: UUID, at: int) -> int:
    """The last seq of the decision containing event ``at``."""
    after = at
    while True:
        following = store.read(game_id, after=after, limit=64)
        for event in following:
            if event.decision_seq == event.seq:
                return event.seq - 1
        if len(following) < 64:
            return following[-1].seq if following else after
        after = following[-1].seq


def _forker(tokens: SeatRecorder, parent: GameRecord, token: str | None) -> int | None:
    if token is None:
        return None
    seat = tokens.seat_for(parent.game_id, token)
    if seat is None:
        raise SeatTokenNeeded("this token is not a seat token of this game")
    return seat


def _check_given(parent: GameRecord, given: SeatsGiven) -> None:
    """Refuse malformed seats (numbers, unknown bots, names) before anything else."""
    if isinstance(given, Mapping):
        bad = sorted(s for s in given if not 0 <= s < parent.seats)
        if bad:
            raise BadRequest(f"the game has seats 0 to {parent.seats - 1}, not {bad[0]}")
        described(parent.ruleset, given)
    elif given is not None:
        if len(given) != parent.seats:
            raise BadRequest(f"a fork has {parent.seats} seats, like its game")
        described(parent.ruleset, given)


def _seats(parent: GameRecord, forker: int | None, given: SeatsGiven) -> list[dict[str, Any]]:
    """The fork's seats: all given, or the defaults with some seats overridden."""
    if given is None or isinstance(given, Mapping):
        seats = _default_seats(parent, forker)
        for seat, spec in (given or {}).items():
            seats[seat] = dict(spec)
    else:
        seats = [dict(s) for s in given]
    return described(parent.ruleset, seats)


def _default_seats(parent: GameRecord, forker: int | None) -> list[dict[str, Any]]:
    """The parent's seats; for a hidden position every seat but the forker's is a bot."""
    bots = registry.get(parent.ruleset).bots
    fallback = "random" if "random" in bots else sorted(bots)[0]
    seats: list[dict[str, Any]] = []
    for seat in range(parent.seats):
        info = parent.seat_info[seat] if seat < len(parent.seat_info) else {"kind": "open"}
        if info.get("kind") == "bot":
            seats.append({"kind": "bot", "bot": info["bot"]})
        elif forker is not None and seat != forker:
            seats.append({"kind": "bot", "bot": fallback})
        elif info.get("kind") == "player":
            seats.append({"kind": "player", "player": info["player"]})
        else:
            seats.append({"kind": "open"})
    return seats


def child_record(parent: GameRecord, at: int, seat_info: list[dict[str, Any]]) -> GameRecord:
    return GameRecord.new(
        parent.ruleset,
        parent.rules_version,
        parent.content_hash,
        parent.seats,
        seat_info=seat_info,
        options=parent.options,
        parent_id=parent.game_id,
        fork_at=at,
    )


def fork_opening(
    ruleset: Any, state: Any, luck: str, seed: Callable[[], str], forker: int | None
) -> Any:
    """The system's first decision in a fork, if it takes one: fresh luck reseeds (only the
    forking seat's knowledge carries over; None: a public position); the same luck in a
    timed game restarts the clocks at the fork's creation, so that the gap since the
    parent's stamp is charged to nobody (docs/live-play.md)."""
    if luck == "reshuffle":
        return Reseed(seed=seed(), keep=forker)
    timed = clocks.time_control(state.options).is_timed
    if timed and state.is_set_up and not ruleset.is_terminal(state):
        return ResumeClocks()
    return None
