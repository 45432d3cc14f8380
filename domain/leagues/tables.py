"""Balanced multiplayer tables: full tables of three to six seats, as few repeat meetings
as can be (docs/leagues.md "Pairing")."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from itertools import combinations

SWAP_PASSES = 8
SEATING_BUDGET = 20_000
"""Partial seatings the search for one with no repeat tries before it gives up."""


@dataclass(frozen=True)
class Plan:
    """A round: its tables (each in seat order) and who sits it out."""

    tables: tuple[tuple[str, ...], ...]
    byes: tuple[str, ...]


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
    number of repeat meetings. If repeats remain, a search (within ``SEATING_BUDGET``) looks
    for a seating with none, so none is played while one could be avoided. Seats rotate by
    round so no one always starts.
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
    tables = _improve(_greedy_tables(pool, seats, met), met)
    if repeat_meetings(tables, met):
        # the swaps can stall in a local minimum: a search proves whether the seated
        # players could sit with no repeat at all, and takes that seating if so
        fresh = _tables_without_repeat(pool, seats, _seen(met), [SEATING_BUDGET])
        tables = fresh if fresh is not None else tables
    shift = (round_number - 1) % seats
    seated = tuple(tuple(t[shift:] + t[:shift]) for t in tables)
    return Plan(seated, tuple(sorted(out, key=list(players).index)))


def _seen(met: Counter[frozenset[str]]) -> dict[str, set[str]]:
    """Each player's opponents so far this season."""
    seen: dict[str, set[str]] = {}
    for pair, count in met.items():
        a, b = sorted(pair)
        if count:
            seen.setdefault(a, set()).add(b)
            seen.setdefault(b, set()).add(a)
    return seen


def _tables_without_repeat(
    pool: list[str], seats: int, seen: Mapping[str, set[str]], budget: list[int]
) -> list[list[str]] | None:
    """Full tables where no two players have met, or None (also when the budget runs out).

    The player who has met most of the others still to seat is placed first, with each
    choice of companions none of whom has met another at the table.
    """
    if not pool:
        return []
    budget[0] -= 1
    if budget[0] < 0:
        return None
    left = set(pool)
    first = max(pool, key=lambda p: len(seen.get(p, set()) & left))
    free = [q for q in pool if q != first and q not in seen.get(first, set())]
    for companions in combinations(free, seats - 1):
        if any(b in seen.get(a, set()) for a, b in combinations(companions, 2)):
            continue
        rest = [p for p in pool if p != first and p not in companions]
        tail = _tables_without_repeat(rest, seats, seen, budget)
        if tail is not None:
            return [[first, *companions], *tail]
        if budget[0] < 0:
            return None
    return None


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
