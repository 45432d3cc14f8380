"""A game's whole record, wherever it came from: the store, or a replay file.

The audit, the replay printer and the diff work on a ``Trail`` so that the same code checks
a game in PostgreSQL and a game in an exported file with no database at all.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any
from uuid import UUID

from domain.core import Ruleset
from domain.core.registry import event_from_record
from service.application.visibility import parse_game_id
from service.store import GameRecord, Store, StoredEvent


@dataclass(frozen=True)
class Trail:
    """A game record and all its stored events, in seq order."""

    game: GameRecord
    events: tuple[StoredEvent, ...]

    @property
    def game_id(self) -> UUID:
        return self.game.game_id

    def decisions(self) -> Iterator[tuple[StoredEvent, ...]]:
        """The events grouped by the decision that produced them (a new ``decision_seq``)."""
        group: list[StoredEvent] = []
        for event in self.events:
            if group and event.decision_seq != group[0].decision_seq:
                yield tuple(group)
                group = []
            group.append(event)
        if group:
            yield tuple(group)


def trail_from_store(store: Store, game_id: UUID | str) -> Trail:
    game = store.game(parse_game_id(game_id))
    return Trail(game, tuple(store.read(game.game_id)))


def states_along(ruleset: Ruleset[Any, Any, Any], trail: Trail) -> Iterator[tuple[Any, Any]]:
    """Each stored event decoded, with the state right after it (the fold, step by step)."""
    state = ruleset.initial_state
    for stored in trail.events:
        event = event_from_record(ruleset, stored.type, stored.schema_version, stored.payload)
        state = ruleset.evolve(state, event)
        yield event, state


def state_at(ruleset: Ruleset[Any, Any, Any], trail: Trail, at: int) -> Any:
    """The state after the first ``at`` events."""
    events = (
        event_from_record(ruleset, e.type, e.schema_version, e.payload) for e in trail.events[:at]
    )
    return ruleset.fold(events)
