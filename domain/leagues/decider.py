"""The league decider: every rule of a league's life, and the dumb fold of its events. A
league's settings are checked in ``creation``, who may act on it in ``authority``.

Codes (stable, part of the API): ``not_created``, ``already_created``, ``not_organiser``,
``not_league_organiser``, ``already_organiser``, ``not_member``, ``already_member``,
``invalid_command``, ``not_enough_members``, ``round_open``, ``wrong_fixtures``,
``unknown_fixture``, ``already_decided``; deadlines add theirs (domain/leagues/deadlines.py);
entry (``entry``) adds ``too_few_rated_games`` and ``rating_out_of_range``; knock-out and
playoffs (``knockout``) add ``no_season``, ``bracket_drawn`` and ``bracket_complete``.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping
from typing import assert_never

from domain.core.errors import RuleViolation
from domain.core.luck import is_seed
from domain.leagues.authority import require_league_organiser
from domain.leagues.commands import (
    Actor,
    AddMember,
    AddOrganiser,
    Command,
    CreateLeague,
    Entrant,
    Fixture,
    Join,
    Leave,
    RecordAbandonment,
    RecordForfeit,
    RecordResult,
    RemoveOrganiser,
    ScheduleRound,
    SettleAtDeadline,
    StartPlayoffs,
    StartSeason,
    TakeVacation,
)
from domain.leagues.creation import create
from domain.leagues.deadlines import outcome, policy_set, round_deadline, settle
from domain.leagues.entry import admit
from domain.leagues.events import (
    AbandonmentRecorded,
    BracketDrawn,
    DeadlinePassed,
    DeadlinePolicySet,
    Event,
    ForfeitRecorded,
    LeagueCreated,
    MemberJoined,
    MemberLeft,
    OrganiserAdded,
    OrganiserRemoved,
    PlayerAdvanced,
    ResultRecorded,
    RoundDeadlineSet,
    RoundScheduled,
    SeasonStarted,
    VacationAllowanceSet,
    VacationTaken,
)
from domain.leagues.knockout import (
    byes_through,
    evolve_advanced,
    evolve_drawn,
    knockout_draw,
    playoffs,
    through,
    through_at_deadline,
)
from domain.leagues.pairing import first_round, plan_of
from domain.leagues.standings import forfeit_places
from domain.leagues.state import INITIAL, League, Scheduled
from domain.leagues.vacations import allowance_set, take


def decide(state: League, command: Command) -> tuple[Event, ...]:
    match command:
        case CreateLeague():
            created = create(state, command)
            return (created, *policy_set(command), *allowance_set(command))
        case AddMember(by=by, player=player, entrant=entrant):
            _require_created(state)
            require_league_organiser(state, by, "add a member")
            return (_join(state, player, by, entrant),)
        case AddOrganiser(by=by, player=player):
            _require_created(state)
            require_league_organiser(state, by, "name its organisers")
            if state.may_organise(player):
                raise RuleViolation(
                    "already_organiser", "that player organises this league already"
                )
            return (OrganiserAdded(player=player, added_by=by.player),)
        case RemoveOrganiser(by=by, player=player):
            _require_created(state)
            require_league_organiser(state, by, "name its organisers")
            if player == state.organiser:
                raise RuleViolation(
                    "invalid_command", "the league's creator stays one of its organisers"
                )
            if player not in state.co_organisers:
                raise RuleViolation("not_league_organiser", "that player is no co-organiser here")
            return (OrganiserRemoved(player=player, removed_by=by.player),)
        case Join(by=by, entrant=entrant):
            _require_created(state)
            return (_join(state, by.player, by, entrant),)
        case Leave(by=by):
            _require_created(state)
            if not state.is_member(by.player):
                raise RuleViolation("not_member", "you are not a member of this league")
            return (MemberLeft(player=by.player),)
        case StartSeason(by=by):
            _require_created(state)
            require_league_organiser(state, by, "start a season")
            _require_round_closed(state)
            return (SeasonStarted(season=state.season + 1),)
        case ScheduleRound(by=by, fixtures=fixtures, seed=seed, ratings=ratings):
            events = _schedule(state, by, fixtures, seed, ratings)
            scheduled = next(e for e in reversed(events) if isinstance(e, RoundScheduled))
            due = round_deadline(
                state, scheduled.season, scheduled.round, command.at, command.deadline
            )
            return (*events, *due)
        case StartPlayoffs(by=by, size=size):
            _require_created(state)
            require_league_organiser(state, by, "start the playoffs")
            _require_round_closed(state)
            return (playoffs(state, size),)
        case RecordResult(by=by, game_id=game_id, places=places, scores=scores):
            # the service records a finished game's result as the system; nobody outside the
            # league may (no front end lets an organiser either: they forfeit or void)
            _require_created(state)
            require_league_organiser(state, by, "record a result")
            fixture = _open_fixture(state, game_id)
            if len(places) != len(fixture.players) or len(scores) != len(fixture.players):
                raise RuleViolation("invalid_command", "a result needs a place and score per seat")
            return (
                ResultRecorded(game_id, fixture.players, tuple(places), tuple(scores)),
                *through(state, fixture, tuple(places), tuple(scores)),
            )
        case RecordForfeit(by=by, game_id=game_id, players=players, reason=reason):
            _require_created(state)
            require_league_organiser(state, by, "record a forfeit")
            fixture = _open_fixture(state, game_id)
            _require_reason(reason)
            if not players or not set(players) <= set(fixture.players):
                raise RuleViolation(
                    "invalid_command", "name who forfeited, from this game's players"
                )
            places = forfeit_places(fixture.players, players)
            zeros = tuple(0 for _ in places)
            return (
                ForfeitRecorded(
                    game_id,
                    fixture.players,
                    tuple(players),
                    places,
                    reason,
                    by.player,
                    scoreless=tuple(players),
                ),
                *through(state, fixture, places, zeros, "forfeit"),
            )
        case RecordAbandonment(by=by, game_id=game_id, reason=reason):
            _require_created(state)
            require_league_organiser(state, by, "record an abandonment")
            fixture = _open_fixture(state, game_id)
            _require_reason(reason)
            level = tuple(1 for _ in fixture.players)
            return (
                AbandonmentRecorded(game_id, reason, by.player),
                *through(state, fixture, level, tuple(0 for _ in level), "void"),
            )
        case SettleAtDeadline(by=by, game_id=game_id):
            _require_created(state)
            require_league_organiser(state, by, "settle a game at its deadline")
            fixture = _open_fixture(state, game_id)
            passed = settle(state, fixture, command)
            return (passed, *through_at_deadline(state, fixture, passed))
        case TakeVacation():
            _require_created(state)
            return (take(state, command),)
        case _:
            assert_never(command)


def _join(state: League, player: str, by: Actor, entrant: Entrant) -> MemberJoined:
    if state.is_member(player):
        raise RuleViolation("already_member", "that player is a member already")
    admit(state, entrant.rated_games, entrant.rating)
    return MemberJoined(player=player, added_by=by.player)


def _schedule(
    state: League,
    by: Actor,
    fixtures: tuple[Fixture, ...],
    seed: str,
    ratings: Mapping[str, int],
) -> tuple[Event, ...]:
    _require_created(state)
    require_league_organiser(state, by, "schedule a round")
    _require_round_closed(state)
    if len(state.members) < max(state.seats, 2):
        raise RuleViolation(
            "not_enough_members", f"a round needs at least {max(state.seats, 2)} members"
        )
    if seed and not is_seed(seed):
        raise RuleViolation("invalid_command", "a season's seed is 64 lowercase hex characters")
    opening = state.round == 0
    if opening:
        state = first_round(state, seed)
    drawn = knockout_draw(state, ratings)
    if drawn is not None:
        state = evolve_drawn(state, drawn)
    plan = plan_of(state)
    if tuple(f.players for f in fixtures) != plan.tables:
        raise RuleViolation("wrong_fixtures", "these tables are not this round's pairing")
    ids = [f.game_id for f in fixtures]
    if len(set(ids)) != len(ids) or any(i in state.fixtures or not i for i in ids):
        raise RuleViolation("invalid_command", "each table needs a game of its own")
    season = max(state.season, 1)
    started: tuple[Event, ...] = () if state.season else (SeasonStarted(season=1),)
    order = (seed, state.season_order) if opening else ("", ())
    # a bracket's bye is a walk into the next round, not league points
    worth = 0 if state.bracket is not None else bye_points(state)
    scheduled = RoundScheduled(
        season, state.round + 1, fixtures, plan.byes, *order, bye_points=worth
    )
    bracket = () if drawn is None else (drawn,)
    return (*started, *bracket, scheduled, *byes_through(state, plan.byes))


def bye_points(state: League) -> int:
    """What a bye scores in this league: its setting, or a win's points. A league created
    before #25 (no tie-breaks recorded) goes on scoring byes 0, as its past rounds did."""
    if state.tiebreaks is None:
        return 0
    return state.points[0] if state.bye_points is None else state.bye_points


def _require_created(state: League) -> None:
    if not state.is_created:
        raise RuleViolation("not_created", "there is no such league")


def _require_round_closed(state: League) -> None:
    if state.has_open_fixtures():
        raise RuleViolation("round_open", "the current round still has games to finish")


def _require_reason(reason: str) -> None:
    if not reason.strip():
        raise RuleViolation("invalid_command", "say why, in a reason")


def _open_fixture(state: League, game_id: str) -> Scheduled:
    _require_created(state)
    fixture = state.fixtures.get(game_id)
    if fixture is None:
        raise RuleViolation("unknown_fixture", "that game is no game of this league")
    if not fixture.is_open:
        raise RuleViolation("already_decided", "that game's result is recorded already")
    return fixture


def evolve(state: League, event: Event) -> League:
    match event:
        case LeagueCreated():
            return dataclasses.replace(
                state,
                name=event.name,
                ruleset=event.ruleset,
                seats=event.seats,
                pairing=event.pairing,
                points=event.points,
                organiser=event.organiser,
                options=event.options,
                bye_points=event.bye_points,
                tiebreaks=event.tiebreaks,
                min_rated_games=event.min_rated_games,
                min_rating=event.min_rating,
                max_rating=event.max_rating,
            )
        case MemberJoined(player=player):
            return dataclasses.replace(
                state,
                members=(*state.members, player),
                roster_changed=state.roster_changed or state.round > 0,
            )
        case MemberLeft(player=player):
            return dataclasses.replace(
                state,
                members=tuple(m for m in state.members if m != player),
            )
        case OrganiserAdded(player=player):
            return dataclasses.replace(state, co_organisers=(*state.co_organisers, player))
        case OrganiserRemoved(player=player):
            kept = tuple(p for p in state.co_organisers if p != player)
            return dataclasses.replace(state, co_organisers=kept)
        case SeasonStarted(season=season):
            return dataclasses.replace(
                state,
                season=season,
                round=0,
                byes={},
                season_order=(),
                roster_changed=False,
                bracket=None,
            )
        case RoundScheduled():
            fixtures = dict(state.fixtures)
            for f in event.fixtures:
                fixtures[f.game_id] = Scheduled(f.game_id, event.season, event.round, f.players)
            byes = dict(state.byes)
            for player in event.byes:
                byes[player] = byes.get(player, 0) + 1
            log = tuple((event.season, p, event.bye_points) for p in event.byes)
            state = dataclasses.replace(
                state,
                round=event.round,
                fixtures=fixtures,
                byes=byes,
                bye_log=state.bye_log + log,
            )
            if event.order:
                orders = {**state.season_orders, event.season: event.order}
                seeds = {**state.season_seeds, event.season: event.seed}
                state = dataclasses.replace(
                    state,
                    season_order=event.order,
                    roster_changed=False,
                    season_orders=orders,
                    season_seeds=seeds,
                )
            return state
        case ResultRecorded(game_id=game_id, places=places, scores=scores):
            return _decided(state, game_id, status="played", places=places, scores=scores)
        case ForfeitRecorded(
            game_id=game_id, places=places, forfeited=forfeited, scoreless=scoreless
        ):
            return _decided(
                state,
                game_id,
                status="forfeited",
                places=places,
                forfeited=forfeited,
                scoreless=scoreless,
                reason=event.reason,
            )
        case AbandonmentRecorded(game_id=game_id):
            return _decided(state, game_id, status="abandoned", reason=event.reason)
        case DeadlinePolicySet(policy=policy, round_ms=round_ms):
            return dataclasses.replace(state, deadline_policy=policy, round_ms=round_ms)
        case RoundDeadlineSet(season=season, round=round_, deadline=deadline):
            fixtures = {
                key: dataclasses.replace(f, deadline=deadline)
                if (f.season, f.round) == (season, round_)
                else f
                for key, f in state.fixtures.items()
            }
            return dataclasses.replace(state, fixtures=fixtures)
        case DeadlinePassed():
            return _decided(state, event.game_id, **outcome(event))
        case VacationAllowanceSet(days=days):
            return dataclasses.replace(state, vacation_days=days)
        case VacationTaken(player=player, season=season, start=start, until=until):
            taken = (*state.vacations, (season, player, start, until))
            return dataclasses.replace(state, vacations=taken)
        case BracketDrawn():
            return evolve_drawn(state, event)
        case PlayerAdvanced():
            return evolve_advanced(state, event)
        case _:
            assert_never(event)


def _decided(state: League, game_id: str, **changes: object) -> League:
    fixtures = dict(state.fixtures)
    fixtures[game_id] = dataclasses.replace(fixtures[game_id], **changes)  # type: ignore[arg-type]
    return dataclasses.replace(state, fixtures=fixtures)


def fold(events: Iterable[Event], state: League = INITIAL) -> League:
    for event in events:
        state = evolve(state, event)
    return state


def is_terminal(state: League) -> bool:
    """A league never ends by itself: a new season can always start."""
    return False
