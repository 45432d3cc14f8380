"""Who plays whom in the next round: round-robin, Swiss, or balanced multiplayer tables.

Pure and deterministic: the same league state always gives the same round, so the decider
recomputes the plan and refuses any other tables (an organiser cannot hand-pick opponents).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from itertools import combinations

from domain.leagues.standings import season_table
from domain.leagues.state import League

SWISS_SEARCH_BUDGET = 20_000
"""Partial pairings Swiss tries before it accepts a repeat pairing (keeps big fields fast)."""
SWAP_PASSES = 8


@dataclass(frozen=True)
class Plan:
    tables: tuple[tuple[str, ...], ...]
    byes: tuple[str, ...]


def plan_round(league: League) -> Plan:
    players = league.members
    if league.pairing == "round-robin":
        return round_robin(players, league.round + 1)
    met = meetings(league)
    if league.pairing == "swiss":
        return swiss(ranked(league), met, league.byes)
    return balanced(players, league.seats, league.round + 1, met, league.byes)


def meetings(league: League) -> Counter[frozenset[str]]:
    """How often each pair of players has met at a table this season."""
    met: Counter[frozenset[str]] = Counter()
    for fixture in league.season_fixtures():
        for a, b in combinations(fixture.players, 2):
            met[frozenset((a, b))] += 1
    return met


def ranked(league: League) -> tuple[str, ...]:
    """Members in standings order (the Swiss system pairs neighbours in the table)."""
    table = {s.player: s.sort_key() for s in season_table(league)}
    order = {p: i for i, p in enumerate(league.members)}
    return tuple(sorted(league.members, key=lambda p: (table.get(p, (0, 0, 0)), order[p])))


def round_robin(players: Sequence[str], round_number: int) -> Plan:
    """The circle method: everyone meets everyone once per cycle of n-1 rounds (n even).

    With an odd number a bye takes the empty place. Seats alternate by round, and the
    second cycle swaps them, so each pairing gets both seat orders over two cycles.
    """
    circle: list[str | None] = list(players)
    if len(circle) % 2:
        circle.append(None)
    n = len(circle)
    if n < 2:
        return Plan((), tuple(p for p in circle if p is not None))
    cycle_length = n - 1
    turn = (round_number - 1) % cycle_length
    swapped = ((round_number - 1) // cycle_length) % 2 == 1
    rotated = [circle[0], *_rotate(circle[1:], turn)]
    tables: list[tuple[str, ...]] = []
    byes: list[str] = []
    for i in range(n // 2):
        a, b = rotated[i], rotated[n - 1 - i]
        if a is None or b is None:
            byes.extend(p for p in (a, b) if p is not None)
            continue
        first_seat_home = (i + turn) % 2 == 0
        pair = (a, b) if first_seat_home != swapped else (b, a)
        tables.append(pair)
    return Plan(tuple(tables), tuple(byes))


def _rotate(items: list[str | None], by: int) -> list[str | None]:
    if not items:
        return items
    by %= len(items)
    return items[len(items) - by :] + items[: len(items) - by]


def swiss(
    ranking: Sequence[str], met: Counter[frozenset[str]], byes: Mapping[str, int] | None = None
) -> Plan:
    """Pair neighbours in the standings, avoiding rematches where any pairing allows it.

    An odd player out gets a bye: the lowest-ranked among those with the fewest byes.
    """
    players = list(ranking)
    bye: tuple[str, ...] = ()
    if len(players) % 2:
        had = byes or {}
        fewest = min(had.get(p, 0) for p in players)
        out = next(p for p in reversed(players) if had.get(p, 0) == fewest)
        players.remove(out)
        bye = (out,)
    budget = [SWISS_SEARCH_BUDGET]
    pairs = _pair_without_rematch(players, met, budget)
    if pairs is None:  # every pairing repeats one: take neighbours as they stand
        pairs = [(players[i], players[i + 1]) for i in range(0, len(players), 2)]
    return Plan(tuple(pairs), bye)


def _pair_without_rematch(
    players: list[str], met: Counter[frozenset[str]], budget: list[int]
) -> list[tuple[str, str]] | None:
    if not players:
        return []
    budget[0] -= 1
    if budget[0] < 0:
        return None
    first, rest = players[0], players[1:]
    for i, other in enumerate(rest):
        if met[frozenset((first, other))]:
            continue
        tail = _pair_without_rematch(rest[:i] + rest[i + 1 :], met, budget)
        if tail is not None:
            return [(first, other), *tail]
    return None


def balanced(
    players: Sequence[str],
    seats: int,
    round_number: int,
    met: Counter[frozenset[str]],
    byes: Mapping[str, int] | None = None,
) -> Plan:
    """Full tables of ``seats``, built so that as few pairs as possible meet again.

    Players left over (fewer than a table) sit the round out: those with the fewest byes,
    latest joined first. Tables are built greedily (each next player is the one who has met
    the table least), then improved by swapping players between tables while that lowers the
    number of repeat meetings. Seats rotate by round so no one always starts.
    """
    pool = list(players)
    had = byes or {}
    spare = len(pool) % seats
    out: list[str] = []
    for _ in range(spare):
        fewest = min(had.get(p, 0) for p in pool)
        choice = next(p for p in reversed(pool) if had.get(p, 0) == fewest)
        pool.remove(choice)
        out.append(choice)
    tables = _greedy_tables(pool, seats, met)
    tables = _improve(tables, met)
    shift = (round_number - 1) % seats
    seated = tuple(tuple(t[shift:] + t[:shift]) for t in tables)
    return Plan(seated, tuple(sorted(out, key=list(players).index)))


def _cost(table: Sequence[str], met: Counter[frozenset[str]]) -> int:
    return sum(met[frozenset(pair)] for pair in combinations(table, 2))


def _greedy_tables(pool: list[str], seats: int, met: Counter[frozenset[str]]) -> list[list[str]]:
    left = list(pool)
    tables: list[list[str]] = []
    while left:
        table = [left.pop(0)]
        while len(table) < seats:
            best = min(
                range(len(left)),
                key=lambda i: (sum(met[frozenset((left[i], p))] for p in table), i),
            )
            table.append(left.pop(best))
        tables.append(table)
    return tables


def _improve(tables: list[list[str]], met: Counter[frozenset[str]]) -> list[list[str]]:
    for _ in range(SWAP_PASSES):
        improved = False
        for ti, tj in combinations(range(len(tables)), 2):
            for a in range(len(tables[ti])):
                for b in range(len(tables[tj])):
                    x, y = tables[ti], tables[tj]
                    before = _cost(x, met) + _cost(y, met)
                    nx = [*x[:a], y[b], *x[a + 1 :]]
                    ny = [*y[:b], x[a], *y[b + 1 :]]
                    if _cost(nx, met) + _cost(ny, met) < before:
                        tables[ti], tables[tj] = nx, ny
                        improved = True
        if not improved:
            break
    return tables


def repeat_meetings(tables: Sequence[Sequence[str]], met: Counter[frozenset[str]]) -> int:
    """How many pairs at these tables have met before (what balanced tables minimise)."""
    return sum(_cost(t, met) for t in tables)
