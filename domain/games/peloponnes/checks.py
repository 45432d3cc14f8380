"""The refusals every decision shares: the wrong phase, not your turn.

Codes (docs/rules/peloponnes.md, Refusals): ``wrong_phase``, ``not_your_turn``,
``illegal_action``, ``invalid_command``, and this game's own ``cannot_afford`` (the seat
lacks the coins or goods) and ``illegal_placement`` (a land that shares no resource with
the rightmost land).
"""

from __future__ import annotations

from domain.core import RuleViolation
from domain.games.peloponnes.state import Game

PHASE_WORDS = {
    "reveal": "the tiles are being revealed",
    "supply": "a supply is under way",
    "round_supply": "a supply is under way",
    "final_supply": "the final supply is under way",
    "bidding": "the seats are bidding",
    "settle": "the won tiles are being placed",
    "income": "income is being collected",
    "disasters": "the disasters are being drawn",
    "round_end": "the round is ending",
    "end_choices": "the end-of-game choices are being made",
    "scoring": "the game is being scored",
    "over": "the game is over",
    "setup": "the game has not been set up",
}


def require_phase(game: Game, *phases: str) -> None:
    if game.phase not in phases:
        raise RuleViolation("wrong_phase", f"not now: {PHASE_WORDS[game.phase]}")


def require_seat(game: Game, seat: int) -> None:
    if not 0 <= seat < game.seats:
        raise RuleViolation("invalid_command", f"there is no seat {seat}")


def require_awaited(game: Game, seat: int) -> None:
    """The seat is the first of those who must decide now."""
    require_seat(game, seat)
    if not game.awaiting or game.awaiting[0] != seat:
        raise RuleViolation("not_your_turn", "you have nothing to decide now")


def require_system_step(game: Game, ready: bool) -> None:
    if not ready or game.awaiting:
        raise RuleViolation("wrong_phase", f"not now: {PHASE_WORDS[game.phase]}")
