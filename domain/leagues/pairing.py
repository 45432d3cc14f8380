"""Who plays whom in the next round: round-robin, Swiss, or balanced multiplayer tables.

Pure and deterministic: the same league state always gives the same round, so the decider
recomputes the plan and refuses any other tables (an organiser cannot hand-pick opponents).
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from itertools import combinations

from domain.core.luck import Luck
from domain.leagues.knockout import bracket_plan, evolve_drawn, knockout_draw
from domain.leagues.standings import season_table
from domain.leagues.state import League
from domain.leagues.tables import Plan, balanced

SEARCH_BUDGET = 20_000
"""Partial pairings (or seatings) a search tries before it accepts a repeat (keeps big fields
fast)."""


def plan_round(league: League) -> Plan:
    players = league.members
    met = meetings(league)
    if league.pairing == "round-robin":
        if league.season_order and not league.roster_changed:
            return _without_leavers(round_robin(league.season_order, league.round + 1), league)
        return unplayed_first(_in_order(league), met, league.byes, seat_balance(league))
    if league.pairing == "swiss":
        return swiss(ranked(league), met, league.byes, seat_balance(league))
    return balanced(players, league.seats, league.round + 1, met, league.byes)


def _without_leavers(plan: Plan, league: League) -> Plan:
    """The circle's round with those who left kept as empty places: their opponents get a
    bye, so no remaining pair meets twice and every one meets within the cycle."""
    tables, byes = [], [p for p in plan.byes if league.is_member(p)]
    for table in plan.tables:
        staying = [p for p in table if league.is_member(p)]
        if len(staying) == len(table):
            tables.append(table)
        else:
            byes.extend(staying)
    return Plan(tuple(tables), tuple(byes))


def draw_order(players: Sequence[str], seed: str) -> tuple[str, ...]:
    """A season's seat order: the members shuffled by the draw algorithm (docs/draws.md).

    The seed and the order are recorded in the season's first round, so anyone can check
    the draw; without a seed the order is the members' as they joined.
    """
    if not seed:
        return tuple(players)
    order, luck = list(players), Luck(seed)
    for i in range(len(order) - 1, 0, -1):
        j, luck = luck.draw_below(i + 1)
        order[i], order[j] = order[j], order[i]
    return tuple(order)


def first_round(league: League, seed: str) -> League:
    """The league as the season's first round sees it: its seat order drawn from ``seed``."""
    return dataclasses.replace(
        league, season_order=draw_order(league.members, seed), roster_changed=False
    )


def next_plan(league: League, seed: str = "", ratings: Mapping[str, int] | None = None) -> Plan:
    """The next round's plan; the seed only counts for a season's first round, and the
    ratings only when that round draws a knock-out league's bracket."""
    state = first_round(league, seed) if league.round == 0 else league
    drawn = knockout_draw(state, ratings or {})
    return plan_of(evolve_drawn(state, drawn) if drawn is not None else state)


def plan_of(league: League) -> Plan:
    """The next round: the bracket's, when the season has one, else the league's pairing."""
    in_bracket = bracket_plan(league)
    return Plan(*in_bracket) if in_bracket is not None else plan_round(league)


def meetings(league: League) -> Counter[frozenset[str]]:
    """How often each pair of players has met at a table this season."""
    met: Counter[frozenset[str]] = Counter()
    for fixture in league.season_fixtures():
        for a, b in combinations(fixture.players, 2):
            met[frozenset((a, b))] += 1
    return met


def seat_balance(league: League) -> dict[str, int]:
    """Each player's first seats minus second seats this season (two-seat tables)."""
    balance: dict[str, int] = {}
    for fixture in league.season_fixtures():
        if len(fixture.players) == 2:
            first, second = fixture.players
            balance[first] = balance.get(first, 0) + 1
            balance[second] = balance.get(second, 0) - 1
    return balance


def _in_order(league: League) -> tuple[str, ...]:
    """Members in the season's seat order, those who joined since after it, as they joined."""
    drawn = {p: i for i, p in enumerate(league.season_order)}
    late = len(drawn)
    return tuple(sorted(league.members, key=lambda p: drawn.get(p, late + league.members.index(p))))


def ranked(league: League) -> tuple[str, ...]:
    """Members in standings order (the Swiss system pairs neighbours in the table)."""
    table = {s.player: s.sort_key() for s in season_table(league)}
    order = {p: i for i, p in enumerate(league.members)}
    return tuple(sorted(league.members, key=lambda p: (table.get(p, (0, 0, 0)), order[p])))


def round_robin(players: Sequence[str], round_number: int) -> Plan:
    """The circle method: everyone meets everyone once per cycle of n-1 rounds (n even).

    With an odd number a bye takes the empty place. The first player stays put and the
    others turn one place a round. Whoever sits in the top half of the circle takes seat 0,
    and the fixed player alternates: over a cycle every player's count of seat 0 is within
    one of every other's. The second cycle swaps every seat (a double round-robin).
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
    turning = circle[1:]
    rotated = [circle[0], *(turning[(k - turn) % cycle_length] for k in range(cycle_length))]
    tables: list[tuple[str, ...]] = []
    byes: list[str] = []
    for i in range(n // 2):
        a, b = rotated[i], rotated[n - 1 - i]
        if a is None or b is None:
            byes.extend(p for p in (a, b) if p is not None)
            continue
        top_first = turn % 2 == 0 if i == 0 else True
        pair = (a, b) if top_first != swapped else (b, a)
        tables.append(pair)
    return Plan(tuple(tables), tuple(byes))


BYE = ""
"""The empty place a player with a bye is paired with (no member id is empty)."""


def unplayed_first(
    players: Sequence[str],
    met: Counter[frozenset[str]],
    byes: Mapping[str, int] | None = None,
    balance: Mapping[str, int] | None = None,
) -> Plan:
    """A round-robin round after members left or joined: pairs who have met least first.

    A pair is due when it has met fewer times than any other pair of the current members
    (0 in the first cycle, 1 in the second ...). The round pairs everyone with a due
    opponent if any pairing allows it (a search, most constrained player first); otherwise
    it pairs due opponents greedily until no two unpaired players are due to meet, and only
    then pairs the rest, least met first. So no rematch is played while two players who
    sit at rematches could meet for the first time, and every due pair meets in time.
    Seat 0 goes to the player with more second seats so far.
    """
    had, lean = byes or {}, balance or {}
    pool = list(players)
    pairs_of = list(combinations(pool, 2))
    due_count = min((met[frozenset(p)] for p in pairs_of), default=0)

    def due(a: str, b: str) -> bool:
        if BYE in (a, b):
            other = b if a == BYE else a
            return had.get(other, 0) == min(had.get(p, 0) for p in pool)
        return met[frozenset((a, b))] == due_count

    vertices = pool + ([BYE] if len(pool) % 2 else [])
    found = _perfect(vertices, due, [SEARCH_BUDGET])
    pairs = found if found is not None else _greedy(pool, due, met, had)
    tables: list[tuple[str, ...]] = []
    out: list[str] = []
    for a, b in pairs:
        if BYE in (a, b):
            out.append(b if a == BYE else a)
            continue
        first = a if (lean.get(a, 0), pool.index(a)) <= (lean.get(b, 0), pool.index(b)) else b
        tables.append((first, b if first == a else a))
    return Plan(tuple(tables), tuple(out))


def _perfect(
    vertices: list[str], due: Callable[[str, str], bool], budget: list[int]
) -> list[tuple[str, str]] | None:
    """Everyone paired with a due opponent, or None (also when the budget runs out)."""
    if not vertices:
        return []
    budget[0] -= 1
    if budget[0] < 0:
        return None
    options = {v: [w for w in vertices if w != v and due(v, w)] for v in vertices}
    first = min(vertices, key=lambda v: len(options[v]))
    for other in sorted(options[first], key=lambda w: len(options[w])):
        rest = [v for v in vertices if v not in (first, other)]
        tail = _perfect(rest, due, budget)
        if tail is not None:
            return [(first, other), *tail]
    return None


def _greedy(
    pool: list[str],
    due: Callable[[str, str], bool],
    met: Counter[frozenset[str]],
    had: Mapping[str, int],
) -> list[tuple[str, str]]:
    left = list(pool)
    pairs: list[tuple[str, str]] = []
    while True:
        options = {v: [w for w in left if w != v and due(v, w)] for v in left}
        open_ = [v for v in left if options[v]]
        if not open_:
            break
        first = min(open_, key=lambda v: len(options[v]))
        other = min(options[first], key=lambda w: len(options[w]))
        pairs.append((first, other))
        left = [v for v in left if v not in (first, other)]
    if len(left) % 2:
        out = min(reversed(left), key=lambda p: had.get(p, 0))
        pairs.append((BYE, out))
        left.remove(out)
    while left:
        first = left.pop(0)
        other = min(left, key=lambda w: met[frozenset((first, w))])
        pairs.append((first, other))
        left.remove(other)
    return pairs


def swiss(
    ranking: Sequence[str],
    met: Counter[frozenset[str]],
    byes: Mapping[str, int] | None = None,
    balance: Mapping[str, int] | None = None,
) -> Plan:
    """Pair neighbours in the standings, avoiding rematches where any pairing allows it.

    An odd player out gets a bye: the lowest-ranked among those with the fewest byes. Seat
    0 goes to the player with more second seats so far (``balance``: first seats minus
    second), the higher-ranked when level, as Swiss events alternate colours: else the
    leader would always move first.
    """
    players = list(ranking)
    bye: tuple[str, ...] = ()
    if len(players) % 2:
        had = byes or {}
        fewest = min(had.get(p, 0) for p in players)
        out = next(p for p in reversed(players) if had.get(p, 0) == fewest)
        players.remove(out)
        bye = (out,)
    budget = [SEARCH_BUDGET]
    pairs = _pair_without_rematch(players, met, budget)
    if pairs is None:
        # every pairing repeats one (or the search ran out): still play every first meeting
        # that can be, so no two players at rematch tables have never met
        pairs = _greedy(players, lambda a, b: not met[frozenset((a, b))], met, {})
    lean = balance or {}
    order = {p: i for i, p in enumerate(ranking)}
    seated = tuple(tuple(sorted(pair, key=lambda p: (lean.get(p, 0), order[p]))) for pair in pairs)
    return Plan(seated, bye)


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
