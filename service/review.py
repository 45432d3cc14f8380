"""Reviewing games: a replay in words, a position at any seq, and how two games differ.

Everything here is generic over rulesets: events are told by ``ruleset.describe``, positions
drawn by ``ruleset.render`` and filtered by ``ruleset.view``, scores from ``ruleset.result``
once the game is over and from the ruleset's running ``scores`` hook while it runs.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from domain.core import Ruleset, Viewer, can_see
from service.application.app import result_json, scores_json
from service.application.loading import ruleset_for
from service.application.visibility import revealed_in
from service.store import EventStore, GameRecord
from service.trail import Trail, state_at, states_along


@dataclass(frozen=True)
class Step:
    seq: int
    type: str
    actor: str | None
    text: str
    scores: list[dict[str, Any]] | None

    def to_json(self) -> dict[str, Any]:
        return {
            "seq": self.seq,
            "type": self.type,
            "actor": self.actor,
            "text": self.text,
            "scores": self.scores,
        }


def running_scores(ruleset: Ruleset[Any, Any, Any], state: Any) -> list[dict[str, Any]] | None:
    """Each seat's score after this state, with its breakdown: the result once the game is
    over, else the ruleset's running ``scores`` hook (None before the game is set up)."""
    result = ruleset.result(state)
    if result is not None:
        return [
            {"seat": seat, "total": total, "breakdown": dict(result.breakdown[seat])}
            for seat, total in enumerate(result.scores)
        ]
    if not state.is_set_up:
        return None
    return scores_json(ruleset.presentation.scores(state))


def visible_to(store: EventStore | None, game: GameRecord, viewer: Viewer) -> Any:
    """A predicate on stored events: may ``viewer`` see this one now?

    A file holds only a finished game's public record, so everything in it is visible.
    """
    if store is None:
        return lambda event: True
    revealed = revealed_in(store, game)
    return lambda event: can_see(event.visibility, viewer) or revealed(event.seq)


def replay_steps(
    trail: Trail,
    *,
    start: int = 1,
    stop: int | None = None,
    viewer: Viewer = None,
    store: EventStore | None = None,
) -> list[Step]:
    """Each visible event from ``start`` to ``stop`` in words, with the score after it."""
    ruleset = ruleset_for(trail.game)
    visible = visible_to(store, trail.game, viewer)
    steps = []
    for stored, (event, state) in zip(trail.events, states_along(ruleset, trail), strict=True):
        if stored.seq > (stop or stored.seq):
            break
        if stored.seq < start or not visible(stored):
            continue
        scores = running_scores(ruleset, state)
        steps.append(Step(stored.seq, stored.type, stored.actor, ruleset.describe(event), scores))
    return steps


def position(
    trail: Trail, at: int | None, viewer: Viewer, store: EventStore | None = None
) -> dict[str, Any]:
    """The game at ``at`` as ``viewer`` sees it: view, drawing, scores and lineage.

    ``viewer`` None is a spectator while the game runs, and the organiser once its log is
    public (the drawing then has nothing left to hide; per-seat views are included).
    """
    ruleset = ruleset_for(trail.game)
    game = trail.game
    at = len(trail.events) if at is None else max(0, min(at, len(trail.events)))
    state = state_at(ruleset, trail, at)
    public = store is None or revealed_in(store, game)(1) or not trail.events
    result = ruleset.result(state)
    out: dict[str, Any] = {
        "game_id": str(game.game_id),
        "ruleset": game.ruleset,
        "status": game.status,
        "at": at,
        "events": len(trail.events),
        "viewer": viewer,
        "to_act": sorted(ruleset.to_act(state)),
        "is_terminal": ruleset.is_terminal(state),
        "phase": ruleset.presentation.phase(state) if state.is_set_up else "setup",
        "scores": running_scores(ruleset, state),
        "result": result_json(result),
        "lineage": lineage(store, game),
        "view": dict(ruleset.view(state, viewer)),
        "board": ruleset.render(state, viewer),
    }
    if viewer is None and public:
        out["seats"] = [dict(ruleset.view(state, seat)) for seat in range(game.seats)]
    return out


def lineage(store: EventStore | None, game: GameRecord) -> list[dict[str, Any]]:
    """The chain of ancestors, nearest first: each parent id and where it was forked."""
    chain: list[dict[str, Any]] = []
    current = game
    while current.parent_id is not None:
        chain.append({"parent_id": str(current.parent_id), "fork_at": current.fork_at})
        if store is None:
            break
        current = store.game(current.parent_id)
    return chain


@dataclass(frozen=True)
class Difference:
    games: tuple[str, str]
    common: int
    first: tuple[dict[str, Any] | None, dict[str, Any] | None]
    results: tuple[dict[str, Any] | None, dict[str, Any] | None]
    lineage: tuple[list[dict[str, Any]], list[dict[str, Any]]]

    def to_json(self) -> dict[str, Any]:
        return {
            "games": list(self.games),
            "common_prefix": self.common,
            "diverges_at": self.common + 1 if any(self.first) else None,
            "first": list(self.first),
            "results": list(self.results),
            "lineage": list(self.lineage),
        }


def diff(store: EventStore, a: Trail, b: Trail) -> Difference:
    """The common prefix of two games (equal hashes: the chain makes equal prefixes), the
    first event where they part, told in words from a spectator's side, and both results."""
    common = 0
    for mine, theirs in zip(a.events, b.events, strict=False):
        if mine.hash != theirs.hash:
            break
        common += 1
    return Difference(
        games=(str(a.game_id), str(b.game_id)),
        common=common,
        first=(_told(store, a, common + 1), _told(store, b, common + 1)),
        results=(a.game.result, b.game.result),
        lineage=(lineage(store, a.game), lineage(store, b.game)),
    )


def _told(store: EventStore, trail: Trail, seq: int) -> dict[str, Any] | None:
    if seq > len(trail.events):
        return None
    stored = trail.events[seq - 1]
    if not visible_to(store, trail.game, None)(stored):
        return {"seq": seq, "type": stored.type, "actor": stored.actor, "text": "(hidden)"}
    step = replay_steps(trail, start=seq, stop=seq, store=store)
    return step[0].to_json() if step else None
