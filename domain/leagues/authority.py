"""Who may act on a league (issue #25, scoped authority): its own organisers, its creator
and the co-organisers it names, or the operator; any other organiser is refused.

Codes (stable): ``not_organiser``, ``not_league_organiser``.
"""

from __future__ import annotations

from domain.core.errors import RuleViolation
from domain.leagues.commands import Actor
from domain.leagues.state import League


def require_organiser(by: Actor, what: str) -> None:
    if not by.is_organiser:
        raise RuleViolation("not_organiser", f"only an organiser may {what}")


def require_league_organiser(state: League, by: Actor, what: str) -> None:
    """The league's own organisers (its creator and the co-organisers it names) or the
    operator; a player with no organiser role hears ``not_organiser`` as before."""
    if by.is_operator or state.may_organise(by.player):
        return
    if not by.is_organiser:
        raise RuleViolation("not_organiser", f"only an organiser may {what}")
    raise RuleViolation("not_league_organiser", f"only this league's own organisers may {what}")
