"""Who may see which stored event, including after a game (and its ancestors) ends.

While a game is live, a viewer sees public events and its own seat's events. After it ends,
its whole log is public, with one exception that keeps forks safe: events a fork copied from
its parent become public only once the parent's log is public too. Otherwise finishing a
fork of a live game would reveal the live game's hidden order.

Hashes are part of the public record only once an event is revealed: the hash of a hidden
event (and the ``prev_hash`` after it) could be used to test guesses of what it hides.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any
from uuid import UUID

from domain.core import can_see
from service.store import GameRecord, Store, StoredEvent

Revealed = Callable[[int], bool]


def nothing_revealed(seq: int) -> bool:
    """The ``Revealed`` of a live game: no event is public to everyone yet."""
    return False


def revealed_in(store: Store, game: GameRecord) -> Revealed:
    """A predicate: is the event at this seq of ``game`` public to everyone now?"""
    if not game.is_finished:
        return nothing_revealed
    if game.parent_id is None or game.fork_at is None:
        return lambda seq: True
    fork_at = game.fork_at
    parent = revealed_in(store, store.game(game.parent_id))
    return lambda seq: seq > fork_at or parent(seq)


def is_visible(event: StoredEvent, viewer: int | None, revealed: Revealed) -> bool:
    return can_see(event.visibility, viewer) or revealed(event.seq)


def event_json(event: StoredEvent, revealed: Revealed) -> dict[str, Any]:
    """The public shape of a stored event; hashes and commands only once revealed."""
    body: dict[str, Any] = {
        "seq": event.seq,
        "type": event.type,
        "schema_version": event.schema_version,
        "visibility": event.visibility,
        "actor": event.actor,
        "payload": event.payload,
        "recorded_at": event.recorded_at.isoformat(),
    }
    if revealed(event.seq):
        body.update(prev_hash=event.prev_hash, hash=event.hash, command=event.command)
    return body


def visible_events(
    store: Store, game: GameRecord, events: list[StoredEvent], viewer: int | None
) -> list[dict[str, Any]]:
    return shown(events, viewer, revealed_in(store, game))


def shown(
    events: list[StoredEvent], viewer: int | None, revealed: Revealed
) -> list[dict[str, Any]]:
    """The events ``viewer`` may see, in their public shape, given what is revealed."""
    return [event_json(e, revealed) for e in events if is_visible(e, viewer, revealed)]


def parse_game_id(text: str | UUID) -> UUID:
    from service.store import UnknownGame

    if isinstance(text, UUID):
        return text
    try:
        return UUID(str(text))
    except ValueError:
        raise UnknownGame(text) from None
