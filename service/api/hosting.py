"""What the play API's controllers share for one app: the application, seat tokens, the bot
driver and live notifications; started and stopped with the app."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass
from typing import Any
from uuid import UUID

import anyio
from litestar import Litestar
from litestar.exceptions import NotAuthorizedException

from service.api.config import ServeConfig
from service.api.live import Notifications
from service.api.seating import bearer
from service.application import Application
from service.application.forking import decision_end
from service.application.visibility import parse_game_id, revealed_in, visible_events
from service.bots import BotDriver
from service.composition import Service
from service.store import EventStore, GameRecord, SeatRecorder
from service.store.memory import MemoryStore


@dataclass(frozen=True)
class Page:
    """Events after a seq that a viewer may see, and where to continue from."""

    game: GameRecord
    events: list[dict[str, Any]]
    next_after: int
    log_is_public: bool


@dataclass
class Host:
    cairn: Application
    tokens: SeatRecorder
    bots: BotDriver | None
    live: Notifications
    config: ServeConfig

    def game(self, game_id: str | UUID) -> GameRecord:
        """The game record; UnknownGame (404) for a malformed or unknown id."""
        return self.cairn.store.game(parse_game_id(game_id))

    def seat(self, game_id: str, authorization: str | None) -> tuple[UUID, int]:
        """The game's id and the caller's seat in it, by its bearer token.

        404 for an unknown game comes before any 401, as if the game were read first; but a
        known token's seat is remembered (``SeatTokens``), so a seated caller costs no query.
        """
        game = parse_game_id(game_id)
        try:
            token = bearer(authorization)
        except NotAuthorizedException:
            self.game(game)
            raise
        seat = self.tokens.seat_for(game, token) if token is not None else None
        if seat is None:
            self.game(game)
            raise NotAuthorizedException(
                "this needs a seat token of this game"
                if token is None
                else "this token is not a seat token of this game"
            )
        return game, seat

    def page(self, game_id: UUID, viewer: int | None, after: int, limit: int) -> Page:
        # The record is read before the events: if the game ends in between, the events
        # are still shown as live ones, never the other way round.
        game = self.cairn.store.game(game_id)
        stored = self.cairn.store.read(game_id, after=after, limit=limit)
        events = visible_events(self.cairn.store, game, stored, viewer)
        next_after = stored[-1].seq if stored else min(after, game.version)
        return Page(game, events, next_after, revealed_in(self.cairn.store, game)(1))

    def decision_end(self, game_id: UUID, at: int) -> int:
        """The last seq of the decision containing event ``at`` (states inside one decision
        are never shown: a ruleset's view may assume a whole decision applied)."""
        return decision_end(self.cairn.store, game_id, at)


@asynccontextmanager
async def hosting(app: Litestar) -> AsyncIterator[None]:
    service: Service = app.state.service
    cairn = service.cairn
    store = cairn.store
    if isinstance(store, EventStore):
        conninfo = store.pool.conninfo
        live = Notifications(conninfo if isinstance(conninfo, str) else conninfo())
    else:
        live = Notifications(None)
        if isinstance(store, MemoryStore):
            store.listeners.append(live.committed)
    host = Host(cairn, cairn.tokens, service.bots, live, app.state.config)
    app.state.host = host
    live.start()
    service.start()
    try:
        yield
    finally:
        await anyio.to_thread.run_sync(service.close)
        await live.stop()
