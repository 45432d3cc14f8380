"""Who is calling: a seat (by its bearer token) or a spectator; and giving seats out.

Seat descriptors are stored in ``games.seat_info``, one per seat:
``{"kind": "open"}``, ``{"kind": "player", "player": name}`` or ``{"kind": "bot", "bot":
name}``. Tokens and invite codes are returned once, when issued, and stored only hashed.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, cast
from uuid import UUID

import msgspec
from litestar.exceptions import NotAuthorizedException

from domain.core import RuleViolation, registry
from service.api.bodies import BotName, BotSeat, OpenSeat, PlayerSeat, SeatGrant, SeatSpec
from service.application import NotASeat
from service.store import GameRecord
from service.store.seats import SeatTokens


class NotYourTurn(NotASeat):
    """A seat that is not among the seats to act tried to act."""

    code = "not_your_turn"


def descriptor(spec: SeatSpec) -> dict[str, Any]:
    described: dict[str, Any] = msgspec.to_builtins(spec)
    return described


def check_seats(ruleset_id: str, seats: Sequence[SeatSpec]) -> None:
    ruleset = registry.get(ruleset_id)
    for seat, spec in enumerate(seats):
        if isinstance(spec, BotSeat) and spec.bot not in ruleset.bots:
            known = ", ".join(sorted(ruleset.bots)) or "none"
            raise RuleViolation(
                "invalid_command",
                f"seat {seat}: {ruleset.title} has no bot {spec.bot!r} (bots: {known})",
            )


def grant(tokens: SeatTokens, game_id: UUID, seats: Sequence[SeatSpec]) -> list[SeatGrant]:
    """Issue a token per player seat and an invite per open seat; describe every seat."""
    humans = [i for i, s in enumerate(seats) if isinstance(s, PlayerSeat)]
    open_seats = [i for i, s in enumerate(seats) if isinstance(s, OpenSeat)]
    issued, invites = tokens.issue(game_id, humans, open_seats)
    return [
        SeatGrant(
            seat=i,
            kind=descriptor(spec)["kind"],
            player=getattr(spec, "player", None),
            bot=getattr(spec, "bot", None),
            token=issued.get(i),
            invite=invites.get(i),
        )
        for i, spec in enumerate(seats)
    ]


def bearer(authorization: str | None) -> str | None:
    """The token of an ``Authorization: Bearer <token>`` header; 401 if it is malformed."""
    if authorization is None:
        return None
    scheme, _, token = authorization.strip().partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        raise NotAuthorizedException("use an 'Authorization: Bearer <seat token>' header")
    return token.strip()


def viewer(tokens: SeatTokens, game: GameRecord, authorization: str | None) -> int | None:
    """The caller's seat in ``game``, or None for a spectator; 401 for a bad token."""
    token = bearer(authorization)
    if token is None:
        return None
    seat = tokens.seat_for(game.game_id, token)
    if seat is None:
        raise NotAuthorizedException("this token is not a seat token of this game")
    return seat


def seat_of(tokens: SeatTokens, game: GameRecord, authorization: str | None) -> int:
    """The caller's seat in ``game``; 401 without a valid seat token."""
    seat = viewer(tokens, game, authorization)
    if seat is None:
        raise NotAuthorizedException("this needs a seat token of this game")
    return seat


def fork_seats(
    parent: GameRecord, forker: int | None, given: Sequence[SeatSpec] | None
) -> list[SeatSpec]:
    """The seats of a fork; of an unfinished game, only the forking seat may be human.

    Why: a fork copies the parent's events, so a human in seat k of the fork would see seat
    k's private draws in the still-live parent. Every other seat is therefore a bot.
    """
    seats = list(given) if given is not None else _parent_seats(parent, forker)
    if len(seats) != parent.seats:
        raise RuleViolation("invalid_command", f"a fork has {parent.seats} seats, like its game")
    if not parent.is_finished:
        for seat, spec in enumerate(seats):
            if seat != forker and not isinstance(spec, BotSeat):
                raise NotASeat(
                    f"seat {seat} of a fork of an unfinished game must be a bot: only your own"
                    " seat's hidden information may carry over"
                )
    return seats


def _parent_seats(parent: GameRecord, forker: int | None) -> list[SeatSpec]:
    ruleset = registry.get(parent.ruleset)
    fallback: BotName = "random" if "random" in ruleset.bots else "greedy"
    seats: list[SeatSpec] = []
    for seat in range(parent.seats):
        info = parent.seat_info[seat] if seat < len(parent.seat_info) else {"kind": "open"}
        if info.get("kind") == "bot":
            seats.append(BotSeat(bot=cast(BotName, info["bot"])))
        elif not parent.is_finished and seat != forker:
            seats.append(BotSeat(bot=fallback))
        elif info.get("kind") == "player":
            seats.append(PlayerSeat(player=info["player"]))
        else:
            seats.append(OpenSeat())
    return seats
