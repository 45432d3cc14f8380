"""Background bot play: after each commit, bot seats act until a human must or the game ends.

Each process runs drivers on a small thread pool, at most one per game in the process; a
PostgreSQL advisory lock keyed by the game makes that one per game across every process.

Why no bot move is ever missed: a driver that cannot take the lock gives up at once, and
the holder, after releasing it, looks again whether a bot must act and drives again if so.
A commit that lands while the holder still holds the lock is therefore seen by the holder's
look after release, and one that lands after that look finds the lock free.
"""

from __future__ import annotations

import secrets
import threading
from collections.abc import Mapping
from concurrent.futures import ThreadPoolExecutor
from typing import Any
from uuid import UUID

from domain.core import RuleViolation
from service.application import Application
from service.logs import logger
from service.store import VersionConflict
from service.store.locks import try_game_lock

MOVES_PER_STEP = 8
RESUME_LIMIT = 10_000


def bot_seats(seat_info: list[dict[str, Any]]) -> dict[int, str]:
    return {
        i: s["bot"]
        for i, s in enumerate(seat_info)
        if isinstance(s, dict) and s.get("kind") == "bot" and isinstance(s.get("bot"), str)
    }


class BotDriver:
    def __init__(self, cairn: Application, workers: int = 4) -> None:
        self.cairn = cairn
        self._executor = ThreadPoolExecutor(workers, thread_name_prefix="cairn-bots")
        self._done = threading.Condition()
        self._running: dict[UUID, bool] = {}  # game -> another pass was asked for
        self._closed = False
        # The bots' own entropy, never the game's seed: live bot play need not be replayable.
        self._entropy = secrets.token_hex(16)

    def kick(self, game_id: UUID) -> None:
        """Ask for bot play on this game (cheap; call it after every commit)."""
        known = self.cairn.loader.cached_record(game_id)
        if known is not None and not bot_seats(known.seat_info):
            return  # seats are made bots only when a game is created: none will ever act
        with self._done:
            if self._closed:
                return
            if game_id in self._running:
                self._running[game_id] = True
                return
            self._running[game_id] = False
            self._executor.submit(self._run, game_id)  # under the lock: close() waits for it

    def resume(self, limit: int = RESUME_LIMIT) -> None:
        """Kick every active game with bot seats (at start: a process may have died mid-game)."""
        with self._done:
            if not self._closed:
                self._executor.submit(self._resume, limit)

    def _resume(self, limit: int) -> None:
        try:
            for offset in range(0, limit, 200):
                games = self.cairn.store.games(status="active", limit=200, offset=offset)
                for game in games:
                    if bot_seats(game.seat_info):
                        self.kick(game.game_id)
                if len(games) < 200:
                    return
        except Exception:
            logger().exception("bots.resume_failed")

    def wait_idle(self, timeout: float = 30.0) -> bool:
        """Block until no driver runs in this process (tests: bot quiescence)."""
        with self._done:
            return self._done.wait_for(lambda: not self._running, timeout)

    def close(self) -> None:
        with self._done:
            self._closed = True
        self._executor.shutdown(wait=True, cancel_futures=True)
        with self._done:
            self._running.clear()
            self._done.notify_all()

    def _run(self, game_id: UUID) -> None:
        try:
            while True:
                self._drive(game_id)
                with self._done:
                    if self._closed or not self._running.get(game_id):
                        return
                    self._running[game_id] = False
        except Exception:
            logger().exception("bots.failed", game_id=str(game_id))
        finally:
            with self._done:
                self._running.pop(game_id, None)
                self._done.notify_all()

    def _drive(self, game_id: UUID) -> None:
        bots = bot_seats(self.cairn.store.game(game_id).seat_info)
        while bots and not self._closed and self._bots_must_act(game_id, bots):
            with try_game_lock(self.cairn.store.pool, game_id) as held:
                if not held or not self._play(game_id, bots):
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

    def _bots_must_act(self, game_id: UUID, bots: Mapping[int, str]) -> bool:
        loaded = self.cairn.load(game_id)
        ruleset, state = loaded.ruleset, loaded.state
        return not ruleset.is_terminal(state) and any(s in bots for s in ruleset.to_act(state))
