"""Replay files over HTTP: download a finished game's, import one (organisers).

``GET /games/{id}/replay`` answers the very bytes ``cairn export`` writes, to anyone (every
game may be watched by spectators, and a finished game's whole log is public), so that
"anyone can audit" needs no database access: ``cairn audit FILE`` checks it offline.

``POST /replays`` imports one, validated and audited first, as ``cairn import`` does. It is
for organisers; until players and roles exist it needs the admin token ``cairn serve`` was
given (``--admin-token-file`` or ``CAIRN_ADMIN_TOKEN``); without one configured it is
refused to everyone.
"""

from __future__ import annotations

from typing import Any

import anyio
from litestar import Request, Response, get, post
from litestar.di import NamedDependency
from litestar.exceptions import HTTPException, NotAuthorizedException, PermissionDeniedException
from litestar.openapi.datastructures import ResponseSpec
from litestar.params import FromPath

from service.api.bodies import ReplayImported, problems
from service.api.games import CREATED, Authorization
from service.api.hosting import Host
from service.api.seating import bearer
from service.replays import export_game, import_replay

NDJSON = "application/x-ndjson"
MAX_REPLAY_BYTES = 16 * 1024 * 1024
"""Far above any real game (the largest golden replay, four seats of random bots, is under
1 MiB)."""


@get(
    "/games/{game_id:str}/replay",
    operation_id="getReplay",
    summary="The replay file of a finished game (what `cairn export` writes), for anyone",
    description="NDJSON, docs/replay-format.md. A game that is not over, or a fork of one that"
    " is not over, is refused (409 export_refused): its file would reveal hidden information.",
    responses=problems(404, 409),
    tags=["replays"],
    media_type=NDJSON,
)
async def download_replay(game_id: FromPath[str], host: NamedDependency[Host]) -> Response[bytes]:
    game = await anyio.to_thread.run_sync(host.game, game_id)
    text = await anyio.to_thread.run_sync(export_game, host.cairn.store, game.game_id)
    disposition = f'attachment; filename="{game.ruleset}-{game.game_id}.ndjson"'
    return Response(
        text.encode("utf-8"), media_type=NDJSON, headers={"Content-Disposition": disposition}
    )


def _ndjson_body(request: Request[Any, Any, Any]) -> None:
    """The body of an import is a replay file, nothing else."""
    media = request.headers.get("content-type", "").partition(";")[0].strip().lower()
    if media != NDJSON:
        raise HTTPException(status_code=415, detail=f"send the replay file as {NDJSON}")


@post(
    "/replays",
    operation_id="importReplay",
    summary="Import a replay file, validated and audited first (organisers: the admin token)",
    description="The same file twice changes nothing (200, imported false); a new game is"
    " 201 with its Location. A file that is corrupt, truncated or fails its audit is a 400"
    " naming the line; a different game with the same id is a 409.",
    responses={
        **problems(400, 401, 403, 409, 413, 415),
        200: ResponseSpec(ReplayImported, description="Already stored: nothing changed"),
    },
    response_headers=CREATED,
    security=[{"adminToken": []}],
    tags=["replays"],
    status_code=201,
    request_max_body_size=MAX_REPLAY_BYTES,
)
async def upload_replay(
    request: Request[Any, Any, Any],
    host: NamedDependency[Host],
    authorization: Authorization = None,
) -> Response[ReplayImported]:
    # The body is read raw (Litestar would parse a declared body as JSON); the document
    # describes it (service/api/document.py, REQUEST_BODIES).
    token = bearer(authorization)
    if token is None:
        raise NotAuthorizedException("importing needs the admin token: Authorization: Bearer")
    if host.config.admin_token_sha256 is None:
        raise PermissionDeniedException(
            "importing is disabled: this server was started without an admin token"
        )
    if not host.config.is_admin(token):
        raise NotAuthorizedException("importing needs the admin token: Authorization: Bearer")
    _ndjson_body(request)  # after the token: a stranger learns nothing but 401
    data = await request.body()
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise HTTPException(status_code=400, detail="a replay file is UTF-8 text") from None
    imported = await anyio.to_thread.run_sync(import_replay, host.cairn.store, text, "http")
    body = ReplayImported(**imported.to_json())
    if not imported.created:
        return Response(body, status_code=200)
    return Response(body, status_code=201, headers={"Location": f"/games/{imported.game_id}"})
