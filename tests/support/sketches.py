"""A graph job held half-way for a test: claimed as the API claims it, with a real sketch
written, and no worker running it, so that what a caller sees of a running graph does not
depend on how fast the machine plays rollouts."""

from __future__ import annotations

from typing import Any
from uuid import UUID

from service.analysis import Request, compute, prepare
from service.application import Application
from service.store.analyses import Job


def held_graph(
    cairn: Application, game_id: UUID, request: Request, sketch_rollouts: int
) -> tuple[Job, dict[str, Any]]:
    """The job of ``request`` (public viewer) claimed and left running, with the graph at
    ``sketch_rollouts`` a point written as its sketch; and the graph it ends with."""
    prepared = prepare(cairn.store, game_id, None, request)
    job, new = cairn.store.analyses.claim(game_id, prepared.key, prepared.body, prepared.total)
    assert new, "a held job is claimed afresh"
    smaller = Request(request.kind, request.bot, sketch_rollouts, request.seed)
    sketch = compute(prepare(cairn.store, game_id, None, smaller), 1)
    # The sketch is the graph at fewer rollouts, under the request's own header.
    sketch = {**sketch, "rollouts": request.rollouts}
    cairn.store.analyses.sketched(job, sketch_rollouts * len(prepared.scope.points), sketch)
    return job, compute(prepared, 1)
