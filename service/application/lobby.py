"""The lobby: games with open seats, which a signed-in player takes with their own token.

A new game waits for every open seat to be taken before play starts: no seat may act and
no bot moves while one is open (the set-up and the system's own decisions still happen). Seats
only ever go from open to taken, so a record that shows no open seat never needs checking
again; one that shows an open seat may be a cached, older record, and is read afresh.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from domain.core import RuleViolation
from service.application.errors import ApplicationError
from service.application.loading import Loaded
from service.notices import opening_notices
from service.store import GameRecord, SeatRecorder, Store
from service.store.players import Player, SeatedAlready
from service.store.recorders import PlayerRecorder


class NoOpenSeat(ApplicationError):
    code = "no_open_seat"


class AlreadySeated(NoOpenSeat):
    """A player takes one seat of a game: their token could act for only one of two, and
    the other would wait for ever."""

    code = "already_seated"


def open_seats(seat_info: Sequence[Any]) -> int:
    return sum(1 for s in seat_info if isinstance(s, dict) and s.get("kind") == "open")


def is_waiting(game: GameRecord) -> bool:
    """Whether the game waits for an open seat before play starts.

    A fork does not: it goes on from the position it was cut at, its open seats handed out
    by invite as they always were (docs/api.md, "Forks"); only a new game waits.
    """
    return game.parent_id is None and open_seats(game.seat_info) > 0


def require_seated(store: Store, loaded: Loaded) -> None:
    """RuleViolation ``waiting_for_players`` while the game has an open seat."""
    if not is_waiting(loaded.game):
        return
    if is_waiting(store.game(loaded.game.game_id)):
        raise RuleViolation("waiting_for_players", "the game starts once every open seat is taken")


def require_running(loaded: Loaded) -> None:
    """RuleViolation ``game_over`` for a game that has ended: an abandoned game's open seats
    stay open in its record, but nobody may take one. The state says so (the game record
    may be a cached one); the store checks again, under the game row's lock, for a game
    that ends meanwhile."""
    if loaded.ruleset.is_terminal(loaded.state):
        raise RuleViolation("game_over", "the game is over; its seats can no longer be taken")


def take_seat(
    players: PlayerRecorder, loaded: Loaded, player: Player, seat: int | None = None
) -> int:
    """Seat ``player`` in an open seat of the ``loaded`` game (the lowest, unless one is
    named); its seat number.

    The seat's invite stops working, and the player acts there with their own token. When
    it was the last open seat, play starts, and the seats to act are told so (their
    webhooks' ``your_turn``) in the same transaction. No seat acts while one is open, so the
    loaded state is the one play starts from."""
    require_running(loaded)
    opening = _opening(loaded)
    try:
        taken = players.take_open_seat(loaded.game.game_id, player, seat, opening)
    except SeatedAlready as held:
        raise AlreadySeated(f"you have seat {held.seat} of this game already") from None
    if taken is None:
        raise NoOpenSeat(
            "this game has no open seat to take" if seat is None else f"seat {seat} is not open"
        )
    return taken


def join_by_invite(
    tokens: SeatRecorder, loaded: Loaded, code: str, player: str
) -> tuple[int, str] | None:
    """Take the seat of the ``loaded`` game that invite ``code`` holds, as ``player``: the
    seat and its new token, or None for a code that is not this game's. As ``take_seat``,
    when it was the last open seat the seats to act are told so in the same transaction."""
    require_running(loaded)
    return tokens.redeem(loaded.game.game_id, code, player, _opening(loaded))


def _opening(loaded: Loaded) -> tuple[dict[str, Any], ...]:
    """The notices the ``loaded`` game owes if the seat about to be taken is its last open
    one (the store writes them only then): a waiting game starts with no decision of its
    own. A fork does not wait, its seats acting all along, so it owes none."""
    if not is_waiting(loaded.game):
        return ()
    return opening_notices(loaded.ruleset, loaded.state, loaded.version)
