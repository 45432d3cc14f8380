"""An analysis computed: the graph of a game's decision points, or the hints at one.

``prepare`` checks who asks what (``points.scope``); ``compute`` plays the rollouts over
``jobs`` processes (``running``) and returns the result as JSON, the shape the API, the CLI
and the cache all hold (docs/analysis.md).
"""

from __future__ import annotations

from bisect import bisect_right
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from domain.analysis import Playout, candidates, derived_seed, estimate, rank_hints
from domain.core import Ruleset
from domain.core.registry import command_to_json
from service.analysis.points import Point, Scope, played_command, scope
from service.analysis.request import Request, request_key
from service.analysis.running import Position, Task, graph_tasks, rounds, run, tasks_for
from service.application.loading import ruleset_for
from service.review import check_viewer
from service.store import Store
from service.store.records import canonical_json
from service.trail import state_at
from service.viewer.drawings import painter


@dataclass(frozen=True)
class Prepared:
    """A checked request on one game as one viewer may know it, and its cache key."""

    scope: Scope
    ruleset: Ruleset[Any, Any, Any]
    request: Request
    key: str
    body: dict[str, Any]
    point: Point | None
    """The hints' decision point."""
    chosen: tuple[Any, ...] = ()
    """The hints' candidate commands."""

    @property
    def total(self) -> int:
        """How many rollouts the analysis plays."""
        if self.point is None:
            return len(self.scope.points) * self.request.rollouts
        return len(self.chosen) * self.request.rollouts


def prepare(store: Store, game_id: Any, viewer: int | None, request: Request) -> Prepared:
    game = store.game(game_id)
    check_viewer(game, viewer)
    ruleset = ruleset_for(game)
    request = request.checked(ruleset)
    seen = scope(store, game, viewer)
    point = seen.hint_point(request.at) if request.at is not None else None
    key, body = request_key(
        request,
        version=len(seen.trail.events),
        viewer=seen.viewer_key,
        rules_version=ruleset.rules_version,
    )
    if point is None:
        return Prepared(seen, ruleset, request, key, body, None)
    state = state_at(ruleset, seen.trail, point.at)
    chosen = candidates(
        ruleset,
        state,
        point.seat,
        bot=request.bot,
        top=request.top,
        seed=derived_seed(request.seed, point.at),
        played=played_command(ruleset, point),
    )
    return Prepared(seen, ruleset, request, key, body, point, chosen)


Sketched = Callable[[dict[str, Any]], None]
"""Hears a graph so far: every point at the same, smaller count of rollouts."""


def compute(
    prepared: Prepared,
    jobs: int,
    advanced: Callable[[int], None] = lambda n: None,
    sketched: Sketched = lambda graph: None,
) -> dict[str, Any]:
    """The analysis's result. ``advanced`` hears how many rollouts each finished task
    played; a graph is also handed to ``sketched`` after each of its rounds but the last
    (``running.rounds``), each exactly the graph the same request would give at that count
    of rollouts. Tasks end in any order: rounds that complete at once are sketched once, at
    the newest of them."""
    if prepared.point is None:
        return _graph(prepared, jobs, advanced, sketched)
    return _hints(prepared, prepared.point, jobs, advanced)


def _position(prepared: Prepared, points: tuple[int, ...], keep: int | None) -> Position:
    events = prepared.scope.trail.events[: max(points, default=0)]
    return Position(
        prepared.ruleset.id,
        prepared.ruleset.rules_version,
        tuple((e.type, e.schema_version, e.payload) for e in events),
        points,
        keep,
        prepared.request.bot,
        prepared.request.seed,
    )


def _gathered(
    position: Position, tasks: list[Task], jobs: int, advanced: Callable[[int], None]
) -> dict[tuple[int, str], tuple[list[Playout], int]]:
    """Each (point, command) group's playouts in rollout order, and how many were refused,
    whatever order the tasks ended in: the sums behind an estimate are then added in one
    order, to the last bit."""
    parts: dict[tuple[int, str, int], tuple[list[Playout], int]] = {}
    for task, done, refused in run(position, tasks, jobs, advanced):
        parts[(task.at, canonical_json(task.command), task.first)] = (done, refused)
    grouped: dict[tuple[int, str], tuple[list[Playout], int]] = {}
    for at, command, first in sorted(parts):
        done, refused = parts[(at, command, first)]
        so_far, refused_so_far = grouped.get((at, command), ([], 0))
        grouped[(at, command)] = (so_far + done, refused_so_far + refused)
    return grouped


def _graph(
    prepared: Prepared, jobs: int, advanced: Callable[[int], None], sketched: Sketched
) -> dict[str, Any]:
    seen = prepared.scope
    ats = tuple(p.at for p in seen.points)
    counts = rounds(prepared.request.rollouts)
    tasks = graph_tasks(ats, counts)
    # Each point's playouts by their first rollout's number: summed in that order, a
    # count's estimate is the same whatever order the tasks ended in.
    parts: dict[int, dict[int, list[Playout]]] = {at: {} for at in ats}
    left = Counter(bisect_right(counts, task.first) for task in tasks)
    shown = 0
    for task, done, _ in run(_position(prepared, ats, seen.graph_keep), tasks, jobs, advanced):
        parts[task.at][task.first] = done
        left[bisect_right(counts, task.first)] -= 1
        complete = shown
        while complete < len(counts) - 1 and left[complete] == 0:
            complete += 1
        if complete > shown:
            shown = complete
            sketched(_graph_body(prepared, parts, counts[shown - 1]))
    return _graph_body(prepared, parts, prepared.request.rollouts)


def _graph_body(
    prepared: Prepared, parts: dict[int, dict[int, list[Playout]]], count: int
) -> dict[str, Any]:
    """The graph over each point's first ``count`` rollouts."""
    seats = prepared.scope.trail.game.seats
    points = []
    for p in prepared.scope.points:
        by_first = parts[p.at]
        done = [o for first in sorted(by_first) if first < count for o in by_first[first]]
        points.append(
            {
                "at": p.at,
                "seat": p.seat,
                "played": p.played,
                "rollouts": len(done),
                "seats": [e.to_json() for e in estimate(done, seats)],
            }
        )
    final = _final(prepared)
    return {**_header(prepared), "points": points + ([final] if final else [])}


def _final(prepared: Prepared) -> dict[str, Any] | None:
    """The game's end, known for certain once its log is public: win 1 for the winners
    (shared on a tie), their real scores, no interval."""
    result = prepared.scope.trail.game.result
    if not prepared.scope.public or not result:
        return None
    ranks, scores = result["ranks"], result["scores"]
    winners = sum(1 for rank in ranks if rank == 1)
    seats = []
    for seat, (rank, score) in enumerate(zip(ranks, scores, strict=True)):
        win = round(1 / winners, 4) if rank == 1 else 0.0
        seats.append(
            {
                "seat": seat,
                "win": win,
                "win_low": win,
                "win_high": win,
                "score": float(score),
                "score_low": float(score),
                "score_high": float(score),
            }
        )
    at = len(prepared.scope.trail.events)
    return {"at": at, "seat": None, "played": None, "rollouts": 0, "seats": seats}


def _hints(
    prepared: Prepared, point: Point, jobs: int, advanced: Callable[[int], None]
) -> dict[str, Any]:
    ruleset, request, chosen = prepared.ruleset, prepared.request, prepared.chosen
    played = played_command(ruleset, point)
    wire = [command_to_json(c) for c in chosen]
    tasks = [
        t for w in wire for t in tasks_for(point.at, request.rollouts, command=w, seat=point.seat)
    ]
    # Hints look from the deciding seat's own knowledge, in a public log too: its commands
    # depend on what it holds.
    position = _position(prepared, (point.at,), point.seat)
    grouped = _gathered(position, tasks, jobs, advanced)
    scored = [
        (command, *grouped.get((point.at, canonical_json(w)), ([], 0)))
        for command, w in zip(chosen, wire, strict=True)
    ]
    ranked = rank_hints(scored, point.seat, prepared.scope.trail.game.seats, played)
    said, placed = _board_words(prepared)
    hints = [
        {
            "rank": rank,
            "command": command_to_json(hint.command),
            "text": said(command_to_json(hint.command)),
            "places": placed(command_to_json(hint.command)),
            "played": hint.played,
            "rollouts": hint.rollouts,
            "refused": hint.refused,
            **hint.estimate.to_json(),
        }
        for rank, hint in enumerate(ranked, start=1)
    ]
    return {**_header(prepared), "at": point.at, "seat": point.seat, "hints": hints}


def _board_words(
    prepared: Prepared,
) -> tuple[Callable[[dict[str, Any]], str], Callable[[dict[str, Any]], list[str]]]:
    """A command in the words the viewer's choices use, places by the board's labels
    (``draw a village at F5``), and the board places it touches as the choices name them
    (the page draws a hint there), from the ruleset's drawing and the game's content pack.
    Both read the command alone, which the hint already shows: they tell nothing more."""
    ruleset = prepared.ruleset
    content_hash = prepared.scope.trail.game.content_hash
    pack = next((p for p in ruleset.packs if p.content_hash == content_hash), None)
    content = ruleset.presentation.content(pack) if pack is not None else {}
    drawing = painter(ruleset.id)
    return (
        lambda command: drawing.say(command, content),
        lambda command: list(drawing.places(command, content)),
    )


def _header(prepared: Prepared) -> dict[str, Any]:
    game = prepared.scope.trail.game
    request = prepared.request
    return {
        "kind": request.kind,
        "game_id": str(game.game_id),
        "ruleset": prepared.ruleset.id,
        "rules_version": prepared.ruleset.rules_version,
        "version": len(prepared.scope.trail.events),
        "viewer": prepared.scope.viewer_key,
        "bot": request.bot,
        "rollouts": request.rollouts,
        "seed": request.seed,
        "seats": game.seats,
    }
