"""The league application: load a league's stream, fold it, decide, append with the
expected version (the same one path as ``Application.act`` for games).

Scheduling records the round first, with the games' ids and their registration in
``league_games`` in the same commit, and then creates the games, each seat bound to its
member's account so that the player acts with their own token. A process that dies in
between leaves fixtures without games; ``ensure_games`` (run by every later scheduling and
by ``cairn league schedule``) creates what is missing, and creating a game twice is refused
by its primary key, so each fixture gets exactly one game.
"""

from __future__ import annotations

import secrets
import threading
from collections import OrderedDict
from collections.abc import Mapping, Sequence
from contextlib import suppress
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any
from uuid import UUID, uuid4

from domain.core import SetUp, registry
from domain.core.codec import decode_fields
from domain.core.errors import RuleViolation
from domain.core.live import Abandon, Forfeit
from domain.core.luck import SEED_BYTES
from domain.core.registry import command_to_json, event_to_record, wire_name
from domain.leagues import EVENT_TYPES, INITIAL, Actor, Fixture, League, Scheduled, decide, fold
from domain.leagues.authority import require_league_organiser
from domain.leagues.commands import (
    AddMember,
    AddOrganiser,
    Command,
    CreateLeague,
    DeadlinePolicy,
    Entrant,
    Join,
    Leave,
    Pairing,
    RecordAbandonment,
    RecordForfeit,
    RemoveOrganiser,
    ScheduleRound,
    StartPlayoffs,
    StartSeason,
)
from domain.leagues.events import Event
from domain.leagues.pairing import next_plan
from service.application.app import Application
from service.application.league_endings import fixture_record
from service.application.live import decide_system
from service.projections.ratings import Rating, initial, rested, thousandths
from service.store import Decision, GameExists, NewEvent, UnknownGame, VersionConflict
from service.store.league_recorders import LeagueRecorder
from service.store.leagues import GENESIS_HASH, LeagueEvent, UnknownLeague
from service.store.players import Player
from service.store.recorders import PlayerRecorder

MAX_RETRIES = 16
KNOWN_LEAGUES = 256
"""How many folded leagues a process keeps (a cache: a league's events never change)."""
_TYPES = {wire_name(t): t for t in EVENT_TYPES}


def actor_of(player: Player) -> Actor:
    return Actor(str(player.player_id), player.is_organiser, player.is_operator)


def default_points(seats: int) -> tuple[int, ...]:
    """Adopted default: a two-seat win is 3 points; with more seats, one point per player
    beaten (docs/leagues.md)."""
    return (3, 0) if seats == 2 else tuple(seats - place for place in range(1, seats + 1))


@dataclass(frozen=True)
class LoadedLeague:
    league_id: UUID
    state: League
    version: int
    head_hash: str


def decode_event(event: LeagueEvent) -> Event:
    decoded: Event = decode_fields(_TYPES[event.type], event.payload)
    return decoded


class Leagues:
    def __init__(self, cairn: Application, store: LeagueRecorder, players: PlayerRecorder) -> None:
        self.cairn = cairn
        self.store = store
        self.players = players
        self._known: OrderedDict[UUID, LoadedLeague] = OrderedDict()
        self._lock = threading.Lock()

    # -- the one path ----------------------------------------------------------------------

    def load(self, league_id: UUID) -> LoadedLeague:
        """The league as stored now: this process's last fold of it, topped up with the
        events appended since by anyone (one query), so a long season is not refolded on
        every command."""
        with self._lock:
            known = self._known.get(league_id)
        after = known.version if known is not None else 0
        stored = self.store.read(league_id, after)
        if known is not None and not stored:
            return known
        start = known.state if known is not None else INITIAL
        state = fold((decode_event(e) for e in stored), start)
        loaded = LoadedLeague(league_id, state, stored[-1].seq, stored[-1].hash)
        with self._lock:
            current = self._known.get(league_id)
            if current is None or current.version < loaded.version:
                self._known[league_id] = loaded
                self._known.move_to_end(league_id)
            while len(self._known) > KNOWN_LEAGUES:
                self._known.popitem(last=False)
        return loaded

    def execute(
        self,
        league_id: UUID,
        command: Command,
        expected_version: int | None = None,
        games: Sequence[UUID] = (),
    ) -> tuple[Event, ...]:
        """Decide ``command`` on the league as stored and append it; re-decided after a
        conflict unless ``expected_version`` was given. A refusal appends nothing."""
        for _ in range(MAX_RETRIES):
            loaded = self.load(league_id)
            if expected_version is not None and expected_version != loaded.version:
                raise VersionConflict(league_id, expected_version, loaded.version)
            events = decide(loaded.state, command)
            try:
                self.store.append(
                    league_id, loaded.version, loaded.head_hash, _decision(command, events), games
                )
            except VersionConflict:
                if expected_version is not None:
                    raise
                continue
            return events
        raise VersionConflict(league_id, -1, self.store.version(league_id))

    # -- commands --------------------------------------------------------------------------

    def create(
        self,
        by: Player,
        name: str,
        ruleset: str,
        seats: int,
        pairing: Pairing | None = None,
        points: Sequence[int] | None = None,
        options: Mapping[str, Any] | None = None,
        bye_points: int | None = None,
        tiebreaks: Sequence[str] | None = None,
        deadline_policy: DeadlinePolicy | None = None,
        round_ms: int | None = None,
        vacation_days: int | None = None,
        min_rated_games: int | None = None,
        min_rating: int | None = None,
        max_rating: int | None = None,
    ) -> UUID:
        rules = registry.get(ruleset)  # UnknownRuleset for a ruleset Cairn does not have
        # The ruleset judges the seats and options now, so no round can fail to set up later.
        probe = SetUp(
            seats=seats,
            seed="0" * 64,
            options=dict(options or {}),
            setup=None,
            content=rules.content_hash,
        )
        rules.decide(rules.initial_state, probe)
        command = CreateLeague(
            by=actor_of(by),
            name=name,
            ruleset=rules.id,
            seats=seats,
            pairing=pairing or ("round-robin" if seats == 2 else "balanced"),
            points=tuple(points) if points else default_points(seats),
            options=dict(options or {}),
            bye_points=bye_points,
            tiebreaks=None if tiebreaks is None else tuple(tiebreaks),
            deadline_policy=deadline_policy,
            round_ms=round_ms,
            vacation_days=vacation_days,
            min_rated_games=min_rated_games,
            min_rating=min_rating,
            max_rating=max_rating,
        )
        events = decide(INITIAL, command)
        league_id = uuid4()
        self.store.append(league_id, 0, GENESIS_HASH, _decision(command, events), create=True)
        return league_id

    def add_member(self, league_id: UUID, by: Player, member: Player) -> None:
        entrant = self._entrant(league_id, member)
        self.execute(league_id, AddMember(actor_of(by), str(member.player_id), entrant))

    def add_organiser(self, league_id: UUID, by: Player, player: Player) -> None:
        self.execute(league_id, AddOrganiser(actor_of(by), str(player.player_id)))

    def remove_organiser(self, league_id: UUID, by: Player, player: Player) -> None:
        self.execute(league_id, RemoveOrganiser(actor_of(by), str(player.player_id)))

    def may_organise(self, league_id: UUID, by: Player) -> bool:
        """Whether ``by`` may act on this league and its games: one of its organisers or
        the operator."""
        return by.is_operator or self.load(league_id).state.may_organise(str(by.player_id))

    def join(self, league_id: UUID, by: Player) -> None:
        self.execute(league_id, Join(actor_of(by), self._entrant(league_id, by)))

    def _entrant(self, league_id: UUID, player: Player) -> Entrant:
        """The player's rated games and display rating in the league's ruleset, as the
        ratings projection holds them with the deviation rested up to now (an inactive
        player's conservative rating is lower); a new player's when unrated."""
        ruleset = self.load(league_id).state.ruleset
        key = str(player.player_id)
        known = self._ratings(ruleset, [key]).get(key, initial())
        now = rested(known, datetime.now(UTC))
        return Entrant(known.games, thousandths(now))

    def leave(self, league_id: UUID, by: Player) -> None:
        self.execute(league_id, Leave(actor_of(by)))

    def start_season(self, league_id: UUID, by: Player) -> None:
        self._authorise(league_id, by, "start a season")
        self.record_finished(league_id)
        self.execute(league_id, StartSeason(actor_of(by)))

    def start_playoffs(self, league_id: UUID, by: Player, size: int) -> None:
        self._authorise(league_id, by, "start the playoffs")
        self.record_finished(league_id)
        self.execute(league_id, StartPlayoffs(actor_of(by), size))

    def _authorise(self, league_id: UUID, by: Player, what: str) -> None:
        """Refuse anyone but the league's organisers (or the operator) before a command's
        housekeeping (recording finished games, creating missing ones, ending decided ones)
        runs, so that a refused command changes nothing at all. The decider checks again
        on the state it decides on."""
        state = self.load(league_id).state  # UnknownLeague: 404
        require_league_organiser(state, actor_of(by), what)

    def _seeding(self, state: League) -> dict[str, int]:
        """The members' display ratings (thousandths) when this round draws a knock-out
        bracket, as the ratings projection holds them; unrated members rate as new."""
        if state.pairing != "knockout" or state.round > 0:
            return {}
        known = self._ratings(state.ruleset, state.members)
        return {p: thousandths(known.get(p, initial())) for p in state.members}

    def _ratings(self, ruleset: str, players: Sequence[str]) -> dict[str, Rating]:
        """These players' ratings in a ruleset as the projection holds them (unrated: absent)."""
        views = self.cairn.store.league_views
        return {player: rating for player, _, rating in views.ratings(players, ruleset)}

    def schedule(self, league_id: UUID, by: Player, deadline: int | None = None) -> list[Fixture]:
        """The next round's tables, recorded, and their games created. ``deadline`` (ms
        since the epoch) overrides the league's round duration, counted from now."""
        self._authorise(league_id, by, "schedule a round")
        self.ensure_games(league_id)
        self.end_decided_games(league_id)
        self.record_finished(league_id)
        for _ in range(MAX_RETRIES):
            loaded = self.load(league_id)
            # a season's seat order is drawn from a fresh seed, recorded in its first round
            seed = secrets.token_hex(SEED_BYTES)
            ratings = self._seeding(loaded.state)
            plan = next_plan(loaded.state, seed, ratings)
            fixtures = tuple(Fixture(str(uuid4()), t) for t in plan.tables)
            now = self.cairn.clock.now_ms()
            command = ScheduleRound(
                actor_of(by), fixtures, seed, at=now, deadline=deadline, ratings=ratings
            )
            events = decide(loaded.state, command)
            ids = [UUID(f.game_id) for f in fixtures]
            try:
                self.store.append(
                    league_id, loaded.version, loaded.head_hash, _decision(command, events), ids
                )
            except VersionConflict:
                continue
            self._create_games(loaded.state, fixtures)
            return list(fixtures)
        raise VersionConflict(league_id, -1, self.store.version(league_id))

    def ensure_games(self, league_id: UUID) -> int:
        """Create the games of fixtures that have none yet; how many it created."""
        state = self.load(league_id).state
        missing = []
        for fixture in state.fixtures.values():
            try:
                self.cairn.store.game(UUID(fixture.game_id))
            except UnknownGame:
                missing.append(Fixture(fixture.game_id, fixture.players))
        self._create_games(state, missing)
        return len(missing)

    def _create_games(self, state: League, fixtures: Sequence[Fixture]) -> None:
        for fixture in fixtures:
            ids = [UUID(p) for p in fixture.players]
            names = self.players.names(ids)
            seats = [{"kind": "player", "player": names[p]} for p in ids]
            game_id = UUID(fixture.game_id)
            # GameExists: created by another process after the same round, which bound the
            # seats in the same transaction
            with suppress(GameExists):
                self.cairn.create_game(
                    state.ruleset,
                    state.seats,
                    state.options,
                    seat_info=seats,
                    game_id=game_id,
                    players=ids,
                )

    def record_result(self, league_id: UUID, game_id: UUID) -> bool:
        """Record a finished league game's result from its events; False if it is not
        finished or its result is recorded already (so the results process may repeat); what
        it records is ``league_endings.fixture_record``'s."""
        command = fixture_record(self.cairn.load(game_id))
        if command is None:
            return False
        try:
            self.execute(league_id, command)
        except RuleViolation as refused:
            if refused.code == "already_decided":
                return False
            raise
        return True

    def record_finished(self, league_id: UUID) -> int:
        """Record the results of this league's open fixtures whose games have finished, from
        the games themselves; how many. Commands refused while a round is open (``round_open``)
        run it first: the results process may not have seen the last game end yet."""
        recorded = 0
        for fixture in self.load(league_id).state.season_fixtures():
            if not fixture.is_open:
                continue
            with suppress(UnknownGame):
                if self.cairn.store.game(UUID(fixture.game_id)).status == "finished":
                    recorded += self.record_result(league_id, UUID(fixture.game_id))
        return recorded

    def forfeit(
        self, league_id: UUID, by: Player, game_id: UUID, forfeited: Sequence[Player], reason: str
    ) -> None:
        """Record the forfeit, then end the game by the system's ``forfeit`` decision: the
        league's record comes first, so the game's own ending is never taken for a result."""
        names = tuple(str(p.player_id) for p in forfeited)
        self.execute(league_id, RecordForfeit(actor_of(by), str(game_id), names, reason))
        self.end_game(self.load(league_id).state.fixtures[str(game_id)], _recorder(by))

    def abandon(self, league_id: UUID, by: Player, game_id: UUID, reason: str) -> None:
        """Void the fixture, then end the game with no winner (the system's ``abandon``)."""
        self.execute(league_id, RecordAbandonment(actor_of(by), str(game_id), reason))
        self.end_game(self.load(league_id).state.fixtures[str(game_id)], _recorder(by))

    def end_decided_games(self, league_id: UUID) -> int:
        """End the games of forfeited or voided fixtures that still run: a process that died
        between the league's record and the game's decision left them going. How many it
        ended (run with every scheduling, and by ``cairn league schedule``)."""
        ended = 0
        for fixture in self.load(league_id).state.fixtures.values():
            if fixture.status not in ("forfeited", "abandoned") and fixture.settled is None:
                continue
            with suppress(UnknownGame):
                if not self.cairn.store.game(UUID(fixture.game_id)).is_finished:
                    ended += self.end_game(fixture, "league")
        return ended

    def end_game(self, fixture: Scheduled, by: str) -> int:
        """The system's decision ending a decided fixture's game: ``forfeit`` of the seats
        that forfeited, or ``abandon`` for a void, a forfeit of every seat (nobody is left
        to win) or an adjudication at a deadline (the league holds its places). 1 if it
        ended the game, 0 if the game had ended by itself (its league record stands) or was
        never created (a process died while scheduling)."""
        seats = tuple(i for i, p in enumerate(fixture.players) if p in fixture.forfeited)
        command: Forfeit | Abandon = Abandon(by, fixture.reason)
        if fixture.status == "forfeited" and len(seats) < len(fixture.players):
            command = Forfeit(seats, by, fixture.reason)
        with suppress(UnknownGame):
            stored, _ = decide_system(
                self.cairn, UUID(fixture.game_id), command, quiet=("game_over",)
            )
            return 1 if stored else 0
        return 0


def _recorder(by: Player) -> str:
    return "operator" if by.is_operator else f"league organiser {by.name}"


def _decision(command: Command, events: Sequence[Event]) -> Decision:
    new = []
    for event in events:
        name, version, payload = event_to_record(event)
        new.append(NewEvent(name, version, payload, "public"))
    return Decision(tuple(new), command.by.player, command_to_json(command))


__all__ = ["Leagues", "LoadedLeague", "UnknownLeague", "actor_of", "decode_event"]
