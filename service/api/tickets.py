"""Stream tickets: what a browser's ``EventSource`` sends instead of the seat token.

An ``EventSource`` cannot set an ``Authorization`` header, and a long-lived token in a URL
ends up in access logs, proxies and browser history. So a seat trades its token (in the
header) for a ticket, ``POST /games/{id}/stream-tickets``, and opens
``/games/{id}/stream?ticket=...``. A ticket names one seat of one game and expires after
``TICKET_SECONDS``; it opens streams, nothing else (it cannot act).

A ticket is signed, not stored: ``<seat>.<expiry>.<HMAC-SHA256 of game, seat, expiry and
the token's hash>`` under the server's ticket secret (``CAIRN_TICKET_SECRET``; ``cairn serve``
makes one for its workers when none is set). Every process serving one database must share
the secret. The token's hash is not in the ticket: opening a stream checks the MAC against
the hashes of the tokens that act for the seat now, so a ticket issued from a player token
that was rotated or revoked since opens nothing, however fresh it is.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import re
import time
from collections.abc import Callable, Iterable
from uuid import UUID

TICKET_SECONDS = 300
"""Long enough for EventSource's own reconnects; after it, a client asks for a new one."""
_TICKET = re.compile(r"^(\d{1,4})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$")


Holders = Callable[[UUID, int], Iterable[str]]
"""The hashes of the tokens acting for a seat of a game now (``SeatTokens.holders``)."""


def _mac(secret: str, game_id: UUID, seat: int, expires: int, holder: str) -> str:
    message = f"cairn-stream-ticket:{game_id}:{seat}:{expires}:{holder}".encode()
    digest = hmac.new(secret.encode(), message, hashlib.sha256).digest()
    return base64.urlsafe_b64encode(digest).decode().rstrip("=")


def issue(secret: str, game_id: UUID, seat: int, holder: str, now: float | None = None) -> str:
    """A ticket for ``seat`` of ``game_id``, asked for with the token whose hash is
    ``holder``, good for TICKET_SECONDS from ``now`` while that token acts for the seat."""
    expires = int(time.time() if now is None else now) + TICKET_SECONDS
    return f"{seat}.{expires}.{_mac(secret, game_id, seat, expires, holder)}"


def seat_of(
    secret: str, game_id: UUID, ticket: str, holders: Holders, now: float | None = None
) -> int | None:
    """The seat a ticket opens streams of in ``game_id``; None if forged, for another game,
    expired, or asked for with a token that no longer acts for the seat."""
    opened = opened_by(secret, game_id, ticket, holders, now)
    return None if opened is None else opened[0]


def opened_by(
    secret: str, game_id: UUID, ticket: str, holders: Holders, now: float | None = None
) -> tuple[int, str] | None:
    """As ``seat_of``, with the hash of the token the ticket was asked for: an open stream
    goes on only while that token acts for the seat."""
    match = _TICKET.match(ticket)
    if match is None:
        return None
    seat, expires = int(match.group(1)), int(match.group(2))
    if expires < (time.time() if now is None else now):
        return None
    for holder in holders(game_id, seat):
        if hmac.compare_digest(match.group(3), _mac(secret, game_id, seat, expires, holder)):
            return seat, holder
    return None
