"""Pairings: round-robin meets everyone once, Swiss avoids rematches, tables stay balanced."""

from __future__ import annotations

from collections import Counter
from itertools import combinations

from domain.leagues.pairing import round_robin, swiss
from domain.leagues.tables import balanced, repeat_meetings

EIGHT = tuple("abcdefgh")


def test_round_robin_meets_everyone_exactly_once_per_cycle() -> None:
    met: Counter[frozenset[str]] = Counter()
    for r in range(1, 8):
        plan = round_robin(EIGHT, r)
        assert sorted(p for t in plan.tables for p in t) == sorted(EIGHT)
        met.update(frozenset(t) for t in plan.tables)
    assert set(met) == {frozenset(p) for p in combinations(EIGHT, 2)}
    assert set(met.values()) == {1}


def test_round_robin_with_an_odd_field_gives_everyone_one_bye() -> None:
    byes = [round_robin(tuple("abcde"), r).byes for r in range(1, 6)]
    assert sorted(b for (b,) in byes) == list("abcde")


def test_round_robin_second_cycle_swaps_seats() -> None:
    first = set(round_robin(EIGHT, 1).tables)
    second = set(round_robin(EIGHT, 8).tables)
    assert {(b, a) for a, b in first} == second


def test_swiss_pairs_neighbours_and_avoids_a_rematch() -> None:
    met = Counter({frozenset("ab"): 1})
    plan = swiss(tuple("abcd"), met)
    assert plan.tables == (("a", "c"), ("b", "d"))


def test_swiss_gives_the_bye_to_the_lowest_ranked_without_one() -> None:
    assert swiss(tuple("abc"), Counter()).byes == ("c",)
    assert swiss(tuple("abc"), Counter(), {"c": 1}).byes == ("b",)


def test_swiss_accepts_a_rematch_only_when_none_can_be_avoided() -> None:
    met = Counter({frozenset("ab"): 1, frozenset("cd"): 1, frozenset("ac"): 1, frozenset("bd"): 1})
    met.update({frozenset("ad"): 1, frozenset("bc"): 1})
    assert swiss(tuple("abcd"), met).tables == (("a", "b"), ("c", "d"))


def test_balanced_tables_of_three_never_repeat_in_the_second_round() -> None:
    nine = tuple("abcdefghi")
    first = balanced(nine, 3, 1, Counter())
    met: Counter[frozenset[str]] = Counter()
    for t in first.tables:
        met.update(frozenset(p) for p in combinations(t, 2))
    second = balanced(nine, 3, 2, met)
    assert repeat_meetings(second.tables, met) == 0
    assert sorted(p for t in second.tables for p in t) == sorted(nine)


def test_balanced_tables_seat_leftovers_out() -> None:
    plan = balanced(tuple("abcdefghij"), 4, 1, Counter())
    assert [len(t) for t in plan.tables] == [4, 4]
    assert plan.byes == ("i", "j")


def test_balanced_tables_minimise_what_cannot_be_avoided() -> None:
    first = balanced(EIGHT, 4, 1, Counter())
    met: Counter[frozenset[str]] = Counter()
    for t in first.tables:
        met.update(frozenset(p) for p in combinations(t, 2))
    second = balanced(EIGHT, 4, 2, met)
    # two tables of four from two old tables: each new table holds two pairs of old tablemates
    assert repeat_meetings(second.tables, met) == 4


def test_balanced_tables_seat_with_no_repeat_where_the_swaps_stall() -> None:
    """Twelve players after three rounds at tables of three: building tables greedily and
    swapping players between them leaves one repeat meeting, yet a seating with none exists
    (docs/leagues.md, balanced tables): the search finds it (found by the table
    properties' hypothesis test in CI)."""
    rounds = [
        ["00 07 11", "05 06 08", "03 04 10", "01 02 09"],
        ["04 08 11", "01 02 03", "05 09 10", "00 06 07"],
        ["02 04 07", "01 06 11", "03 08 09", "00 05 10"],
    ]
    met: Counter[frozenset[str]] = Counter()
    for tables in rounds:
        for table in tables:
            met.update(frozenset(p) for p in combinations(table.split(), 2))
    twelve = tuple(f"{i:02d}" for i in range(12))
    plan = balanced(twelve, 3, 4, met)
    assert repeat_meetings(plan.tables, met) == 0, plan.tables
    assert sorted(p for t in plan.tables for p in t) == list(twelve)
