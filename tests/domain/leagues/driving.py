"""Drive a two-seat league through the pure decider: schedule, play, leave and join."""

from __future__ import annotations

from collections import Counter
from itertools import combinations

from domain.leagues import Actor, Fixture, League, decide, fold
from domain.leagues.commands import (
    AddMember,
    CreateLeague,
    Leave,
    RecordResult,
    ScheduleRound,
    StartSeason,
)
from domain.leagues.pairing import next_plan

BOSS = Actor("boss", is_organiser=True)


def seed_of(n: int) -> str:
    return f"{n:064x}"


def new_league(players: int, pairing: str = "round-robin") -> League:
    state = fold(decide(League(), CreateLeague(BOSS, "Autumn", "peninsula", 2, pairing, (1, 0))))  # type: ignore[arg-type]
    for i in range(players):
        state = join(state, f"p{i:02d}")
    return state


def join(state: League, player: str) -> League:
    return fold(decide(state, AddMember(BOSS, player)), state)


def leave(state: League, player: str) -> League:
    return fold(decide(state, Leave(Actor(player))), state)


def new_season(state: League) -> League:
    return fold(decide(state, StartSeason(BOSS)), state)


def play_round(state: League, seed: str = "") -> League:
    """Schedule the next round as the service does, then play every game (seat 0 wins)."""
    plan = next_plan(state, seed)
    tag = f"s{max(state.season, 1)}r{state.round + 1}"
    fixtures = tuple(Fixture(f"{tag}-{i}", t) for i, t in enumerate(plan.tables))
    state = fold(decide(state, ScheduleRound(BOSS, fixtures, seed)), state)
    for f in fixtures:
        state = fold(decide(state, RecordResult(BOSS, f.game_id, (1, 2), (1, 0))), state)
    return state


def met(state: League) -> Counter[frozenset[str]]:
    counts: Counter[frozenset[str]] = Counter()
    for f in state.season_fixtures():
        for a, b in combinations(f.players, 2):
            counts[frozenset((a, b))] += 1
    return counts


def first_seats(state: League) -> Counter[str]:
    counts: Counter[str] = Counter({p: 0 for p in state.members})
    for f in state.season_fixtures():
        counts[f.players[0]] += 1
    return counts


def games(state: League) -> Counter[str]:
    counts: Counter[str] = Counter({p: 0 for p in state.members})
    for f in state.season_fixtures():
        counts.update(f.players)
    return counts


def last_round(state: League) -> tuple[tuple[str, ...], ...]:
    return tuple(f.players for f in state.season_fixtures() if f.round == state.round)
