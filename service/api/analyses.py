"""Analyses over HTTP: start one (202, at once), poll its job, or follow it by SSE.

The job runs in the background (``service.analysis.jobs``); the same request again returns
the same job, running or done. Who may ask what is the analysis's own rule
(``service.analysis.points``): a live game is analysed from what the caller may see, and
its results are the caller's only.
"""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from typing import Annotated, Any, Literal
from uuid import UUID

import anyio
import msgspec
from litestar import Response, get, post
from litestar.di import NamedDependency
from litestar.params import FromPath, JSONBody, QueryParameter
from litestar.response import ServerSentEvent, ServerSentEventMessage
from msgspec import Meta, Struct

from service.analysis import Request
from service.analysis.jobs import jobs_for
from service.analysis.request import (
    DEFAULT_BOT,
    DEFAULT_ROLLOUTS,
    DEFAULT_SEED,
    DEFAULT_TOP,
    MAX_ROLLOUTS,
    MAX_TOP,
)
from service.api.bodies import BotName, Version, problems
from service.api.games import SEAT_OR_SPECTATOR, Authorization
from service.api.hosting import Host
from service.api.screening import strict_body
from service.api.seating import viewer
from service.application import NotASeat
from service.store import UnknownGame
from service.store.analyses import DONE, FAILED, Job, Progress

POLL_SECONDS = 0.25


class StartAnalysis(Struct, forbid_unknown_fields=True):
    """A graph of every decision point, or hints at the position after event ``at``."""

    kind: Literal["graph", "hints"] = "graph"
    bot: BotName = DEFAULT_BOT
    rollouts: Annotated[int, Meta(ge=1, le=MAX_ROLLOUTS)] = DEFAULT_ROLLOUTS
    seed: Annotated[str, Meta(min_length=1, max_length=200)] = DEFAULT_SEED
    at: Version | None = None
    top: Annotated[int, Meta(ge=1, le=MAX_TOP)] = DEFAULT_TOP


class SeatEstimate(Struct):
    """A seat's win share and mean final score, each with its 95% interval."""

    seat: int
    win: float
    win_low: float
    win_high: float
    score: float
    score_low: float
    score_high: float


class GraphPoint(Struct):
    """The position after event ``at``, where ``seat`` decided (None: the game's end)."""

    at: int
    seat: int | None
    played: dict[str, Any] | None
    rollouts: int
    seats: list[SeatEstimate]


class Hint(Struct):
    rank: int
    command: dict[str, Any]
    text: str
    played: bool
    rollouts: int
    refused: int
    seat: int
    win: float
    win_low: float
    win_high: float
    score: float
    score_low: float
    score_high: float
    places: list[str] = []
    """The board places the command touches, named as the drawing's ``data-place``
    attributes and the choices' ``places`` name them (empty: none drawn, or a result
    cached before hints had places)."""


class Graph(Struct, tag="graph", tag_field="kind"):
    game_id: str
    ruleset: str
    rules_version: str
    version: int
    viewer: str
    bot: str
    rollouts: int
    seed: str
    seats: int
    points: list[GraphPoint]


class Hints(Struct, tag="hints", tag_field="kind"):
    game_id: str
    ruleset: str
    rules_version: str
    version: int
    viewer: str
    bot: str
    rollouts: int
    seed: str
    seats: int
    at: int
    seat: int
    hints: list[Hint]


class AnalysisJob(Struct):
    """An analysis's job: ``done`` of ``total`` rollouts so far; ``result`` once done.

    While a graph runs, ``partial`` is the graph so far: every point at the same, smaller
    count of rollouts (1, 2, 4, 8, … a point), exactly what the same request would give at
    that count; ``shown`` is that count (0 before the first)."""

    analysis_id: str
    game_id: str
    status: Literal["running", "done", "failed"]
    done: int
    total: int
    url: str
    stream_url: str
    result: Graph | Hints | None = None
    error: str | None = None
    partial: Graph | None = None
    shown: int = 0


def job_body(job: Job, seen: int = 0) -> AnalysisJob:
    """The job as the API shows it; a partial graph only if it is further along than the
    ``seen`` rollouts a point the caller already has."""
    url = f"/games/{job.game_id}/analyses/{job.analysis_id}"
    result = partial = None
    shown = job.shown
    if job.status == DONE and job.result is not None:
        result = msgspec.convert(job.result, Graph | Hints)
    elif shown > seen:
        partial = msgspec.convert(job.result, Graph)
    status: Any = job.status
    return AnalysisJob(
        str(job.analysis_id),
        str(job.game_id),
        status,
        job.done,
        job.total,
        url,
        f"{url}/stream",
        result,
        job.error,
        partial,
        shown,
    )


@post(
    "/games/{game_id:str}/analyses",
    operation_id="startAnalysis",
    summary="Start an analysis (graph or hints) and return its job at once",
    description="Rollouts of reshuffled forks played by a bot for every seat"
    " (docs/analysis.md). The same request again returns the same job. A game not public"
    " yet is analysed from what the caller (a seat's token, or a spectator) may see.",
    responses=problems(400, 401, 403, 404, 409, 413, 415),
    security=SEAT_OR_SPECTATOR,
    tags=["analysis"],
    status_code=202,
    sync_to_thread=True,
    before_request=strict_body,
)
def start_analysis(
    game_id: FromPath[str],
    data: JSONBody[StartAnalysis],
    host: NamedDependency[Host],
    authorization: Authorization = None,
) -> Response[AnalysisJob]:
    game = host.game(game_id)
    seat = viewer(host.tokens, game, authorization)
    request = Request(data.kind, data.bot, data.rollouts, data.seed, data.at, data.top)
    job = jobs_for(host.cairn).start(game.game_id, seat, request)
    body = job_body(job)
    return Response(body, status_code=202, headers={"Location": body.url})


def _job_for(host: Host, game_id: str, analysis_id: str, authorization: str | None) -> Job:
    game = host.game(game_id)
    seat = viewer(host.tokens, game, authorization)
    try:
        wanted = UUID(analysis_id)
    except ValueError:
        raise UnknownGame(analysis_id) from None
    job = jobs_for(host.cairn).get(game.game_id, wanted)
    if job is None:
        raise UnknownGame(analysis_id)
    mine = "spectator" if seat is None else f"seat:{seat}"
    # What a spectator may know, every seat knows too.
    if job.viewer not in ("public", "spectator", mine):
        # Its numbers rest on what another viewer may see (a seat's own hand, say).
        raise NotASeat("this analysis was asked for by another seat of this live game")
    return job


@get(
    "/games/{game_id:str}/analyses/{analysis_id:str}",
    operation_id="getAnalysis",
    summary="An analysis's job: how far it got, its graph so far, and its result once done",
    responses=problems(400, 401, 403, 404),
    security=SEAT_OR_SPECTATOR,
    tags=["analysis"],
    sync_to_thread=True,
)
def get_analysis(
    game_id: FromPath[str],
    analysis_id: FromPath[str],
    host: NamedDependency[Host],
    authorization: Authorization = None,
    seen: Annotated[
        int,
        QueryParameter(
            ge=0,
            le=MAX_ROLLOUTS,
            description="The rollouts a point of the partial graph the caller has already:"
            " a partial graph no further along is left out of the answer.",
        ),
    ] = 0,
) -> AnalysisJob:
    return job_body(_job_for(host, game_id, analysis_id, authorization), seen)


@get(
    "/games/{game_id:str}/analyses/{analysis_id:str}/stream",
    operation_id="streamAnalysis",
    summary="Server-sent progress of an analysis: `progress` messages, then `end`",
    description="Each `progress` message's data is `{status, done, total, shown}`"
    " (`shown`: the rollouts a point of the graph so far, then GET the job for it); the"
    " `end` message carries `{status, done, total}` once the job is done or failed (then"
    " GET the job).",
    responses=problems(400, 401, 403, 404),
    security=SEAT_OR_SPECTATOR,
    tags=["analysis"],
    media_type="text/event-stream",
)
async def stream_analysis(
    game_id: FromPath[str],
    analysis_id: FromPath[str],
    host: NamedDependency[Host],
    authorization: Authorization = None,
) -> ServerSentEvent:
    job = await anyio.to_thread.run_sync(_job_for, host, game_id, analysis_id, authorization)
    return ServerSentEvent(_progress(host, job))


async def _progress(host: Host, job: Job) -> AsyncIterator[ServerSentEventMessage]:
    jobs = jobs_for(host.cairn)
    last: dict[str, Any] | None = None
    current: Progress | None = Progress(job.status, job.done, job.total, job.shown)
    while current is not None:
        state: dict[str, Any] = {
            "status": current.status,
            "done": current.done,
            "total": current.total,
        }
        if current.status in (DONE, FAILED):
            yield ServerSentEventMessage(data=json.dumps(state), event="end")
            return
        state["shown"] = current.shown
        if state != last:
            yield ServerSentEventMessage(data=json.dumps(state), event="progress")
            last = state
        await anyio.sleep(POLL_SECONDS)
        # the progress alone: the job's sketch stays in the store (GET fetches it)
        current = await anyio.to_thread.run_sync(jobs.progress, job.game_id, job.analysis_id)


ANALYSIS_ROUTES: list[Any] = [start_analysis, get_analysis, stream_analysis]
