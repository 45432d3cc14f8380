"""A game's steps as a viewer may see them: each visible event in words, by whom, and the
score once its decision is whole (the position the board at that step shows)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from domain.core.live import Stamped, time_left
from domain.core.registry import event_from_record
from service.application.loading import ruleset_for
from service.review import running_scores, visible_to
from service.store import GameRecord, Store


@dataclass(frozen=True)
class Step:
    seq: int
    at: int
    """The end of the event's decision: states inside one decision are never shown
    (docs/api.md, "Views and the event feed"), so the board and the score are taken there."""
    type: str
    actor: str | None
    text: str
    scores: list[dict[str, Any]] | None


def steps(store: Store, game: GameRecord, viewer: int | None, after: int = 0) -> list[Step]:
    """The steps of events after seq ``after``: the fold runs from the start, but only those
    are described and scored (a live page asks for the new ones on every move)."""
    ruleset = ruleset_for(game)
    visible = visible_to(store, game, viewer)
    state = ruleset.initial_state
    told: list[Step] = []
    group: list[tuple[Any, Any, str]] = []
    events = store.read(game.game_id)
    for index, stored in enumerate(events):
        event = event_from_record(ruleset, stored.type, stored.schema_version, stored.payload)
        state = ruleset.evolve(state, event)
        if stored.seq > after and visible(stored):
            group.append((stored, event, ruleset.describe(event)))
        following = events[index + 1] if index + 1 < len(events) else None
        if following is not None and following.decision_seq == stored.decision_seq:
            continue
        if not group:
            continue
        scores = running_scores(ruleset, state)
        told.extend(
            Step(e.seq, stored.seq, e.type, e.actor, words, scores) for e, words in _told(group)
        )
        group = []
    return told


def _told(group: list[tuple[Any, Any, str]]) -> list[tuple[Any, str]]:
    """A decision's lines. Its stamp (who decided, and when: every decision of a game with
    clocks or takebacks has one) is no line of its own where the decision says more, since
    the line that does already names the seat: the clocks it leaves end the decision's
    last line instead."""
    stamps = [event for _, event, _ in group if isinstance(event, Stamped)]
    said = [(stored, words) for stored, event, words in group if not isinstance(event, Stamped)]
    if not stamps or not said:
        return [(stored, words) for stored, _, words in group]
    left = time_left(stamps[0])
    if left:
        last, words = said[-1]
        said[-1] = (last, f"{words} ({left})")
    return said
