"""Round deadlines: when a round must be finished, and how an unfinished game is settled.

Time is a fact given in (``at``, ms since the epoch, stamped by the application): the rules
here read no clock, so a replay of a league's events settles nothing differently.
Codes (stable): ``no_deadline``, ``deadline_not_reached``, and those of the decider.
"""

from __future__ import annotations

from domain.core.contract import ranks_for
from domain.core.errors import RuleViolation
from domain.leagues.commands import CreateLeague, DeadlinePolicy, SettleAtDeadline
from domain.leagues.events import DeadlinePassed, DeadlinePolicySet, RoundDeadlineSet
from domain.leagues.standings import forfeit_places
from domain.leagues.state import League, Scheduled

POLICIES: tuple[DeadlinePolicy, ...] = ("forfeit", "void", "adjudicate")
MIN_ROUND_MS = 60_000
"""A round lasts at least a minute: a shorter one would be settled before anyone moved."""
MAX_ROUND_MS = 366 * 86_400_000


def policy_set(command: CreateLeague) -> tuple[DeadlinePolicySet, ...]:
    """The league's deadline settings, recorded only when the organiser gave any."""
    if command.deadline_policy is None and command.round_ms is None:
        return ()
    if command.deadline_policy is not None and command.deadline_policy not in POLICIES:
        raise RuleViolation("invalid_command", f"a deadline policy is one of {', '.join(POLICIES)}")
    round_ms = command.round_ms or 0
    if command.round_ms is not None and not MIN_ROUND_MS <= round_ms <= MAX_ROUND_MS:
        raise RuleViolation("invalid_command", "a round lasts from a minute to a year")
    policy = command.deadline_policy or "forfeit"
    return (DeadlinePolicySet(policy, round_ms, command.by.player),)


def round_deadline(
    state: League, season: int, round_: int, at: int | None, deadline: int | None
) -> tuple[RoundDeadlineSet, ...]:
    """The new round's deadline: the one given, else the league's duration from ``at``."""
    if deadline is not None:
        if at is None or not MIN_ROUND_MS <= deadline - at <= MAX_ROUND_MS:
            raise RuleViolation("invalid_command", "a round's deadline is a minute to a year away")
        return (RoundDeadlineSet(season, round_, deadline),)
    if state.round_ms and at is not None:
        return (RoundDeadlineSet(season, round_, at + state.round_ms),)
    return ()


def settle(state: League, fixture: Scheduled, command: SettleAtDeadline) -> DeadlinePassed:
    """Settle ``fixture`` (open, checked by the decider) as the league's policy says."""
    if fixture.deadline is None:
        raise RuleViolation("no_deadline", "that game's round has no deadline")
    if command.at < fixture.deadline:
        raise RuleViolation("deadline_not_reached", "that game's round deadline has not passed")
    seats = len(fixture.players)
    if len(command.scores) != seats or not set(command.due) <= set(range(seats)):
        raise RuleViolation("invalid_command", "give a score per seat and the seats due")
    policy = state.deadline_policy
    forfeited = tuple(fixture.players[s] for s in sorted(set(command.due)))
    if policy == "forfeit" and not forfeited:
        policy = "void"  # nobody's turn or clock (the system's own move): nobody to blame
    places: tuple[int, ...] = ()
    scores = tuple(command.scores)
    reason = "unfinished at the round's deadline: "
    if policy == "forfeit":
        places = forfeit_places(fixture.players, forfeited)
        scores = (0,) * seats
        reason += "forfeited by the seats to play"
    elif policy == "adjudicate":
        places = ranks_for(scores)
        forfeited = ()
        reason += "adjudicated by the running score"
    else:
        forfeited = ()
        reason += "void"
    return DeadlinePassed(
        fixture.game_id,
        fixture.players,
        policy,
        fixture.deadline,
        command.at,
        places,
        scores,
        forfeited,
        reason,
    )


def outcome(event: DeadlinePassed) -> dict[str, object]:
    """The fixture a deadline settled: a forfeit, a void or an adjudicated result (counted
    as played: its places earn league points as a result's do)."""
    common: dict[str, object] = {"reason": event.reason, "settled": event.policy}
    if event.policy == "forfeit":
        forfeited = event.forfeited
        return common | {
            "status": "forfeited",
            "places": event.places,
            "forfeited": forfeited,
            "scoreless": forfeited,
        }
    if event.policy == "void":
        return common | {"status": "abandoned"}
    return common | {"status": "played", "places": event.places, "scores": event.scores}
