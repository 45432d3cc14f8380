"""Bot play, a reaction to commits: bot seats act until a human must or the game ends.

Each process runs drivers on a small thread pool, at most one per game in the process; a
PostgreSQL advisory lock keyed by the game makes that one per game across every process.

Why no bot move is ever missed:
* A driver that cannot take the lock gives up at once, and the holder, after releasing it,
  looks again whether a bot must act and drives again if so. A commit that lands while the
  holder still holds the lock is therefore seen by the holder's look after release, and one
  that lands after that look finds the lock free.
* A driver that fails (the database restarted under it, a connection dropped) tries again
  after a backoff, ``RETRY_FIRST`` doubling up to ``RETRY_LONGEST``, ``RETRIES`` times.
* Whatever is still owed after that, or after a process died, is found by the sweep
  (``service.sweep``), which looks at every active game with bot seats at start-up and at
  intervals.
"""

from __future__ import annotations

import secrets
import threading
import time
from collections import OrderedDict
from collections.abc import Mapping
from concurrent.futures import ThreadPoolExecutor
from uuid import UUID

from domain.core import RuleViolation, clocks
from service.application import Application, Loaded
from service.application.lobby import is_waiting
from service.application.seating import bot_seats
from service.logs import logger
from service.store import DatabaseUnavailable, GameRecord, VersionConflict

MOVES_PER_STEP = 8
RETRIES = 8
RETRY_FIRST = 0.1
RETRY_LONGEST = 5.0
SETTLED_KEPT = 65_536
PLAY_OUT_POLL = 0.05


def retry_delay(attempt: int) -> float:
    """Seconds before retry ``attempt`` (1, 2, ...): 0.1, 0.2, 0.4 ... at most 5."""
    return float(min(RETRY_FIRST * 2 ** (attempt - 1), RETRY_LONGEST))


class BotDriver:
    def __init__(self, cairn: Application, workers: int = 4) -> None:
        self.cairn = cairn
        self._executor = ThreadPoolExecutor(workers, thread_name_prefix="cairn-bots")
        self._done = threading.Condition()
        self._running: dict[UUID, bool] = {}  # game -> another pass was asked for
        self._retrying: dict[UUID, threading.Timer] = {}
        self._failures: dict[UUID, int] = {}
        # The version at which this process last found a game owes no bot move (a human
        # must act, it is over, or its bot is stuck): the sweep skips it until it moves on.
        self._settled: OrderedDict[UUID, int] = OrderedDict()
        self._local = threading.local()
        self._closed = False
        # The bots' own entropy, never the game's seed: live bot play need not be replayable.
        self._entropy = secrets.token_hex(16)

    def committed(self, game_id: UUID) -> None:
        """The application's after-commit call: drive this game's bots if it has any."""
        if getattr(self._local, "game", None) == game_id:
            return  # this thread is the game's driver: it looks again before it stops
        known = self.cairn.loader.cached_record(game_id)
        # Seats are made bots only when a game is created; live play may still have a bot
        # stand in for a seat that resigned or timed out (docs/live-play.md).
        if (
            known is not None
            and not bot_seats(known.seat_info)
            and not self.cairn.loader.load_cached(game_id).state.live.stand_ins
        ):
            return
        self.kick(game_id)

    def swept(self, game: GameRecord) -> None:
        """The sweep found this active game: drive it unless it is known to owe nothing."""
        with self._done:
            settled = self._settled.get(game.game_id)
        if settled == game.version:
            return
        if bot_seats(game.seat_info) or (
            _may_stand_in(game) and self.cairn.load(game.game_id).state.live.stand_ins
        ):
            self.kick(game.game_id)

    def _settle(self, game_id: UUID, version: int) -> None:
        with self._done:
            self._settled[game_id] = version
            self._settled.move_to_end(game_id)
            while len(self._settled) > SETTLED_KEPT:
                self._settled.popitem(last=False)

    def kick(self, game_id: UUID) -> None:
        """Ask for bot play on this game (cheap)."""
        with self._done:
            if self._closed:
                return
            if game_id in self._running:
                self._running[game_id] = True
                return
            self._running[game_id] = False
            self._executor.submit(self._run, game_id)  # under the lock: close() waits for it

    def wait_idle(self, timeout: float = 30.0) -> bool:
        """Block until no driver runs or waits to retry in this process (tests: quiescence)."""
        with self._done:
            return self._done.wait_for(lambda: not self._running and not self._retrying, timeout)

    def play_out(self, game_id: UUID, timeout: float) -> bool:
        """Block until ``game_id`` owes no bot move (a human must act, or it is over), played
        by this process's driver or another's; False if a bot is stuck or time ran out."""
        deadline = time.monotonic() + timeout
        while True:
            loaded = self.cairn.load(game_id)
            if loaded.ruleset.system_command(loaded.state) is not None:
                # Between a seat's decision and the system's no seat is to act, yet the game
                # is not settled: the seat's appender takes the system's decision next (or,
                # after a fault, nobody does). Settling is safe to race: each is appended once.
                self.cairn.settle(game_id)
                continue
            if not _owes(loaded, playing_bots(loaded)):
                return True
            with self._done:
                stuck = self._settled.get(game_id) == loaded.version
            left = deadline - time.monotonic()
            if stuck or left <= 0:
                return False
            self.kick(game_id)
            self.wait_idle(left)
            # Another process may hold the game's lock and play it: look again shortly.
            time.sleep(min(PLAY_OUT_POLL, left))

    def close(self) -> None:
        with self._done:
            self._closed = True
            timers = list(self._retrying.values())
            self._retrying.clear()
        for timer in timers:
            timer.cancel()
        self._executor.shutdown(wait=True, cancel_futures=True)
        with self._done:
            self._running.clear()
            self._done.notify_all()

    def _run(self, game_id: UUID) -> None:
        self._local.game = game_id
        try:
            while True:
                self._drive(game_id)
                with self._done:
                    if self._closed or not self._running.get(game_id):
                        self._failures.pop(game_id, None)
                        return
                    self._running[game_id] = False
        except DatabaseUnavailable:
            self._retry_later(game_id, unavailable=True)
        except Exception:
            self._retry_later(game_id)
        finally:
            self._local.game = None
            with self._done:
                self._running.pop(game_id, None)
                self._done.notify_all()

    def _retry_later(self, game_id: UUID, unavailable: bool = False) -> None:
        """Try the game again after a growing delay, up to RETRIES times, then leave it to
        the sweep. A database that cannot be reached (on Citus, the game's worker: its other
        games go on) is waited for without end, every RETRY_LONGEST seconds at most, so the
        game resumes as soon as it is back rather than at the next sweep."""
        with self._done:
            attempt = self._failures.get(game_id, 0) + 1
            give_up = (attempt > RETRIES and not unavailable) or self._closed
            if give_up:
                self._failures.pop(game_id, None)
            else:
                self._failures[game_id] = attempt
                timer = threading.Timer(retry_delay(attempt), self._retry, (game_id,))
                timer.daemon = True
                self._retrying[game_id] = timer
                timer.start()
        log = logger().bind(game_id=str(game_id), attempt=attempt)
        if give_up:
            log.exception("bots.failed", retry="at the next sweep")
        else:
            log.warning("bots.failed", retry_in=retry_delay(attempt), exc_info=True)

    def _retry(self, game_id: UUID) -> None:
        with self._done:
            if self._retrying.pop(game_id, None) is None:
                return  # closed meanwhile
        self.kick(game_id)

    def _drive(self, game_id: UUID) -> None:
        loaded = self.cairn.load(game_id)
        # A game waits for its open seats before play starts (service/application/lobby.py);
        # a cached record may still show a seat taken since, so that is read afresh.
        waiting = is_waiting(loaded.game) and is_waiting(self.cairn.store.game(game_id))
        bots = playing_bots(loaded) if not waiting else {}
        while bots and not self._closed and self._bots_must_act(game_id, bots):
            with self.cairn.store.game_lock(game_id) as held:
                if not held:
                    return
                if not self._play(game_id, bots):
                    self._settle(game_id, self.cairn.load(game_id).version)
                    return

    def _play(self, game_id: UUID, bots: Mapping[int, str]) -> bool:
        """Play while bots must act; False if a bot is stuck (its choice was refused)."""
        while not self._closed:
            try:
                played = self.cairn.play_bots(game_id, bots, self._entropy, MOVES_PER_STEP)
            except VersionConflict:
                continue
            except RuleViolation as exc:
                logger().error("bots.illegal_choice", game_id=str(game_id), code=exc.code)
                return False
            if played:
                logger().debug("bots.played", game_id=str(game_id), commands=played)
            if played < MOVES_PER_STEP:
                return True
        return True

    def _bots_must_act(self, game_id: UUID, bots: dict[int, str]) -> bool:
        loaded = self.cairn.load(game_id)
        bots.clear()
        bots.update(playing_bots(loaded))  # a seat's owner may have come back meanwhile
        owed = _owes(loaded, bots)
        if not owed:
            self._settle(game_id, loaded.version)
        return owed


def _may_stand_in(game: GameRecord) -> bool:
    """Whether a bot may stand in for a seat of this game: a resignation with three seats or
    more, or a timeout (docs/live-play.md); only such games are loaded to find out."""
    return game.seats > 2 or clocks.time_control(game.options).is_timed


def playing_bots(loaded: Loaded) -> dict[int, str]:
    """The seats a bot plays now: those made bots at creation, and those a bot stands in
    for (a resigned seat, or one that timed out until its owner returns), played by the
    ruleset's ``greedy`` bot if it has one."""
    bots = bot_seats(loaded.game.seat_info)
    stand_in = "greedy" if "greedy" in loaded.ruleset.bots else min(loaded.ruleset.bots)
    return {**{seat: stand_in for seat in loaded.state.live.stand_ins}, **bots}


def _owes(loaded: Loaded, bots: Mapping[int, str]) -> bool:
    """Whether a bot seat must act in this game now."""
    ruleset, state = loaded.ruleset, loaded.state
    return not ruleset.is_terminal(state) and any(s in bots for s in ruleset.to_act(state))
