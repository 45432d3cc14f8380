"""Seat descriptors, player names and the secrets handed out for a game's seats.

A game's ``seat_info`` holds one descriptor per seat: ``{"kind": "open"}``,
``{"kind": "player", "player": name}`` or ``{"kind": "bot", "bot": name}``. The API, the
CLI and forks all pass descriptors through ``described`` first, so every front end accepts
exactly the same seats: a bot the ruleset registers, and a player name that reads the same
everywhere it is shown.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from domain.core import registry
from service.application.errors import BadRequest
from service.store.credentials import Secrets

MAX_NAME = 64
# Control, format (bidi overrides, zero-width characters), surrogate, private-use and
# unassigned code points, and line or paragraph separators: they garble terminals and
# league tables, or make two names that look alike differ (and break ``?player=``).
REFUSED_CATEGORIES = frozenset({"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"})
KINDS = ("open", "player", "bot")


def player_name(raw: object) -> str:
    """A player's name, NFC-normalised; BadRequest for one that cannot be shown safely."""
    if not isinstance(raw, str):
        raise BadRequest("a player's name is text")
    name = unicodedata.normalize("NFC", raw)
    bad = next((c for c in name if unicodedata.category(c) in REFUSED_CATEGORIES), None)
    if bad is not None:
        raise BadRequest(
            f"a player's name may not contain U+{ord(bad):04X} (a control or format character)"
        )
    if not name or name != name.strip() or len(name) > MAX_NAME:
        raise BadRequest(
            f"a player's name has 1 to {MAX_NAME} characters, with no space at either end"
        )
    return name


def described(
    ruleset_id: str, seats: Sequence[Mapping[str, Any]] | Mapping[int, Mapping[str, Any]]
) -> list[dict[str, Any]]:
    """The checked descriptors of a game's seats (all, or some by number); BadRequest names
    the first bad one."""
    ruleset = registry.get(ruleset_id)
    numbered = seats.items() if isinstance(seats, Mapping) else enumerate(seats)
    out: list[dict[str, Any]] = []
    for seat, spec in numbered:
        kind = spec.get("kind")
        if kind not in KINDS or set(spec) - {"kind", kind}:
            raise BadRequest(f"seat {seat}: a seat is open, a player or a bot")
        if kind == "player":
            out.append({"kind": "player", "player": player_name(spec.get("player"))})
        elif kind == "bot":
            bot = spec.get("bot")
            if not isinstance(bot, str) or bot not in ruleset.bots:
                known = ", ".join(sorted(ruleset.bots)) or "none"
                raise BadRequest(
                    f"seat {seat}: {ruleset.title} has no bot {bot!r} (its bots: {known})"
                )
            out.append({"kind": "bot", "bot": bot})
        else:
            out.append({"kind": "open"})
    return out


def bot_seats(seat_info: Sequence[Any]) -> dict[int, str]:
    """The seats a bot plays, and which bot."""
    return {
        i: s["bot"]
        for i, s in enumerate(seat_info)
        if isinstance(s, Mapping) and s.get("kind") == "bot" and isinstance(s.get("bot"), str)
    }


@dataclass(frozen=True)
class SeatGrant:
    """One seat of a new game; ``token`` and ``invite`` are shown once and never again."""

    seat: int
    kind: str
    player: str | None = None
    bot: str | None = None
    token: str | None = None
    invite: str | None = None


def secrets_for(seats: Sequence[Mapping[str, Any]], creator: bool = False) -> Secrets:
    """Fresh secrets for a new game's seats: a token per player seat and an invite per open
    seat (and the creator's token, if asked), to be stored with the game itself."""
    humans = [i for i, s in enumerate(seats) if s.get("kind") == "player"]
    open_seats = [i for i, s in enumerate(seats) if s.get("kind") == "open"]
    return Secrets.new(humans, open_seats, creator)


def grants_of(seats: Sequence[Mapping[str, Any]], made: Secrets) -> list[SeatGrant]:
    """Every seat described, with the token or invite ``made`` holds for it."""
    return [
        SeatGrant(
            seat=i,
            kind=str(spec["kind"]),
            player=spec.get("player"),
            bot=spec.get("bot"),
            token=made.tokens.get(i),
            invite=made.invites.get(i),
        )
        for i, spec in enumerate(seats)
    ]
