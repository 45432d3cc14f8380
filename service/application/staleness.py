"""When a command's ``expected_version`` is stale, and what a refusal tells the seat.

A seat decides on the version it read. Bots and other seats may append before its command
arrives, often changing nothing the seat could do: a bot's move in a simultaneous phase, or
the system's follow-ups. So a stale ``expected_version`` is refused (409) only when what the
seat may do changed since: when the seat's legal commands at its version differ from its
legal commands now (docs/api.md, "Playing against bots"). The version must be one a client
could have read, the end of a decision; any other stale one is refused as before.

The refusal lists the events appended since that the seat may see, in words, so a client
knows what changed without another read.
"""

from __future__ import annotations

from typing import Any
from uuid import UUID

from domain.core import can_see
from domain.core.registry import event_from_record
from service.application.loading import Loaded, Loader
from service.store import Store, StoredEvent, VersionConflict

MAX_CHANGES = 50
"""The most events a refusal lists: the latest ones."""


class StaleVersion(VersionConflict):
    """A stale ``expected_version`` after which something the seat may do changed.

    ``changed`` holds the events the seat may see since its version, oldest first."""

    def __init__(
        self, game_id: UUID, expected: int, actual: int, changed: list[dict[str, Any]]
    ) -> None:
        super().__init__(game_id, expected, actual)
        self.changed = changed


def check_expected(store: Store, loader: Loader, loaded: Loaded, seat: int, expected: int) -> None:
    """Raise ``VersionConflict`` unless ``expected`` is the loaded version, or an earlier
    end of a decision after which ``seat``'s legal commands stayed the same."""
    if expected == loaded.version:
        return
    game_id = loaded.game.game_id
    if not 0 < expected < loaded.version:
        raise VersionConflict(game_id, expected, loaded.version)
    since = store.read(game_id, after=expected, limit=loaded.version - expected)
    if not since or since[0].decision_seq != since[0].seq:
        raise VersionConflict(game_id, expected, loaded.version)  # inside a decision
    ruleset = loaded.ruleset
    then = loader.load(game_id, at=expected)
    if ruleset.legal_commands(then.state, seat) == ruleset.legal_commands(loaded.state, seat):
        return
    raise StaleVersion(game_id, expected, loaded.version, changes(loaded, since, seat))


def changes(loaded: Loaded, events: list[StoredEvent], seat: int) -> list[dict[str, Any]]:
    """The events ``seat`` may see among ``events``, each with its words (live game: only
    public and the seat's own events are visible)."""
    ruleset = loaded.ruleset
    shown = []
    for stored in events:
        if not can_see(stored.visibility, seat):
            continue
        event = event_from_record(ruleset, stored.type, stored.schema_version, stored.payload)
        shown.append(
            {
                "seq": stored.seq,
                "type": stored.type,
                "actor": stored.actor,
                "text": ruleset.describe(event),
            }
        )
    return shown[-MAX_CHANGES:]
