"""Who is calling: a seat (by its bearer token) or a spectator; seats in the API's shapes.

Seat descriptors and the tokens and invites of new seats are the application's
(``service.application.seating``); tokens and invite codes are returned once, when issued,
and stored only hashed.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import Any

import msgspec
from litestar.exceptions import NotAuthorizedException

from service.api.bodies import SeatGrant, SeatSpec
from service.application import seating
from service.store import GameRecord, SeatRecorder


def descriptor(spec: SeatSpec) -> dict[str, Any]:
    described: dict[str, Any] = msgspec.to_builtins(spec)
    return described


def grants(issued: Sequence[seating.SeatGrant]) -> list[SeatGrant]:
    """The application's seat grants in the response's shape."""
    return [SeatGrant(**dataclasses.asdict(g)) for g in issued]


def bearer(authorization: str | None) -> str | None:
    """The token of an ``Authorization: Bearer <token>`` header; 401 if it is malformed."""
    if authorization is None:
        return None
    scheme, _, token = authorization.strip().partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        raise NotAuthorizedException("use an 'Authorization: Bearer <seat token>' header")
    return token.strip()


def viewer(tokens: SeatRecorder, game: GameRecord, authorization: str | None) -> int | None:
    """The caller's seat in ``game``, or None for a spectator; 401 for a bad token."""
    token = bearer(authorization)
    if token is None:
        return None
    seat = tokens.seat_for(game.game_id, token)
    if seat is None:
        raise NotAuthorizedException("this token is not a seat token of this game")
    return seat


def seat_of(tokens: SeatRecorder, game: GameRecord, authorization: str | None) -> int:
    """The caller's seat in ``game``; 401 without a valid seat token."""
    seat = viewer(tokens, game, authorization)
    if seat is None:
        raise NotAuthorizedException("this needs a seat token of this game")
    return seat
