"""Who may act now, and with what icon: the checks every seat command starts with."""

from __future__ import annotations

from domain.core import RuleViolation
from domain.games.peninsula.cards import Icon
from domain.games.peninsula.state import Allowance, Game, Sheet


def require_seat(game: Game, seat: int) -> None:
    if game.phase == "setup":
        raise RuleViolation("wrong_phase", "the game has not been set up yet")
    if game.phase == "over":
        raise RuleViolation("game_over", "the game is over")
    if not 0 <= seat < game.seats:
        raise RuleViolation("invalid_command", f"there is no seat {seat}")


def acting_sheet(game: Game, seat: int, *, final_ok: bool = False) -> Sheet:
    """The sheet of a seat that may act now in the action phase (or the final window)."""
    require_seat(game, seat)
    if game.phase == "draft":
        raise RuleViolation("wrong_phase", "the icons for this round have not been chosen yet")
    if game.phase == "final" and not final_ok:
        raise RuleViolation(
            "wrong_phase", "the last round is over: only filling icons and claiming missions remain"
        )
    if game.allowances[seat].done:
        raise RuleViolation("not_your_turn", "you have ended your actions; wait for the others")
    return game.sheets[seat]


def can_use_icon(allowance: Allowance, icon: Icon) -> bool:
    return allowance.uses > 0 and icon in allowance.hand


def require_icon(allowance: Allowance, icon: Icon) -> None:
    if allowance.uses == 0:
        raise RuleViolation("illegal_action", "you have already used your icon this round")
    if icon not in allowance.hand:
        held = " or ".join(allowance.hand)
        raise RuleViolation("illegal_action", f"your icon this round is {held}, not {icon}")


def illegal(message: str) -> RuleViolation:
    return RuleViolation("illegal_action", message)
