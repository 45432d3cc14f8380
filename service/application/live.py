"""Live play in the application: timeouts, abandonment, and the clocks a view shows.

A seat's live commands (resign, take back, answer a takeback, return to its seat) are
ordinary seat commands and go through ``Application.act`` like any other. The decisions no
seat takes are here: a timeout, decided by the system once a deadline has passed (before any
seat acts, and by ``service.timeouts`` with no request at all), and an abandonment, asked for
by the game's creator or the service's admin and recorded as the system's decision.

This module is part of the application, kept out of ``app.py`` to keep that short: it uses
the application's own steps (``_decision``, ``_noticed``, ``_settle``, ``_committed``) as
``act`` does. Every system decision is appended with the expected version: when two processes
decide the same timeout, one append wins, the other reloads and finds it no longer due, so
exactly one timeout is recorded (docs/live-play.md).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any
from uuid import UUID

from domain.core import SYSTEM, RuleViolation, clocks
from domain.core.codec import encode
from domain.core.live import Abandon, Live, TimeOut
from domain.core.liveplay import clocked, is_over
from domain.core.takebacks import TAKEBACKS
from service.application.loading import Loaded
from service.application.visibility import parse_game_id
from service.notices import with_notices
from service.store import StoredEvent, VersionConflict

if TYPE_CHECKING:
    from service.application.app import Application

MAX_RETRIES = 16


def is_due(loaded: Loaded, now: int) -> bool:
    """Whether a running clock of this game has run out by ``now``."""
    deadline = loaded.ruleset.deadline(loaded.state)
    return deadline is not None and deadline <= now


def time_out_due(cairn: Application, loaded: Loaded) -> Loaded:
    """Decide the timeout a seat's command arrives after, before the command is judged."""
    if not is_due(loaded, cairn.clock.now_ms()):
        return loaded
    return decide_system(cairn, loaded.game.game_id, TimeOut(), quiet=("not_due",))[1]


def time_out(cairn: Application, game_id: UUID | str) -> list[StoredEvent]:
    """Decide every timeout now due in this game (none: nothing appended)."""
    game_id = parse_game_id(game_id)
    return decide_system(cairn, game_id, TimeOut(), quiet=("not_due", "game_over"))[0]


def abandon(cairn: Application, game_id: UUID | str, by: str, reason: str) -> list[StoredEvent]:
    """End the game with no winner; ``by`` says who asked (``service.api.live`` checks that
    they may: the creator's token or the admin's)."""
    return decide_system(cairn, parse_game_id(game_id), Abandon(by=by, reason=reason))[0]


def decide_system(
    cairn: Application, game_id: UUID, command: Any, quiet: tuple[str, ...] = ()
) -> tuple[list[StoredEvent], Loaded]:
    """Decide ``command`` as the system on the store's current state, append it with the
    expected version and settle what follows (the seed's reveal); on a conflict, decide
    again on the new state. A refusal whose code is in ``quiet`` appends nothing and is no
    error (a timeout another process already decided)."""
    loaded = cairn.loader.load(game_id)
    for _ in range(MAX_RETRIES):
        ruleset = loaded.ruleset
        try:
            events, after = ruleset.step(loaded.state, command, cairn.clock.now_ms())
        except RuleViolation as refused:
            if refused.code in quiet:
                return [], loaded
            raise
        terminal = ruleset.is_terminal(after)
        decision = with_notices(
            cairn._decision(ruleset, events, SYSTEM, command),
            ruleset,
            loaded.state,
            after,
            events,
            loaded.version + len(events),
        )
        try:
            stored = cairn.store.append(
                game_id,
                loaded.version,
                loaded.head_hash,
                decision,
                result=_result(ruleset, after) if terminal else None,
            )
        except VersionConflict:
            loaded = cairn.loader.load(game_id)
            continue
        cairn._noticed(game_id, decision)
        cairn.loader.after_append(loaded, stored, after)
        moved = Loaded(loaded.game, ruleset, after, stored[-1].seq, stored[-1].hash)
        settled, last = cairn._settle(moved)
        cairn._committed(game_id)
        return stored + settled, last
    raise VersionConflict(game_id, -1, cairn.store.version(game_id))


def _result(ruleset: Any, state: Any) -> dict[str, Any] | None:
    result = ruleset.result(state)
    return None if result is None else dict(encode(result))


def live_view(ruleset: Any, state: Any, now: int) -> dict[str, Any]:
    """Clocks, who left, and takebacks, as a view shows them at ``now``."""
    if not state.is_set_up:
        return {"time_control": "none", "clocks": [], "running": []}
    live: Live = state.live
    control = clocks.time_control(state.options)
    running = clocked(ruleset, state) if control.is_timed else frozenset()
    # a finished game takes nothing back (the decider says game_over): offer nothing
    undo = () if is_over(ruleset, state) else live.undo
    pending = None if is_over(ruleset, state) else live.pending
    return {
        "time_control": control.kind,
        "clocks": clocks.left_at(live, control, running, now),
        "allowances": clocks.allowances_at(live, control, running, now),
        "increment": control.increment if control.kind == "fischer" else 0,
        "running": sorted(running),
        "deadline": ruleset.deadline(state),
        "out": sorted(live.out),
        "stand_ins": sorted(live.stand_ins),
        "ending": live.ending,
        "reason": live.reason or None,
        "takebacks": clocks.option(state.options, TAKEBACKS),
        "takeback_seat": live.undo_seat if undo else None,
        "takeback_decisions": len(undo),
        "takeback_asked": None if pending is None else list(pending),
    }
