"""A whole season over HTTP in which the order of a league's tie-breaks decides its table
(#25).

Eight members play a round-robin (seven rounds, every pair once) with points 2 for a win, 1
for a loss played and 0 for a forfeit. The points matter: with 3/0 and no byes a player's
points are three times their wins, so wins could never part two players level on points.
Every pair's result below is the season; it was found by a search over seasons (played
results, shared ones, forfeits and voids; here many forfeits and voids, a league of
no-shows, because they are what leave players level on points with different opponents)
for one in which each of the 24 orders of the four tie-breaks (head-to-head, Buchholz,
Sonneborn-Berger, wins) gives a table of its own, and two players are level on points and
every tie-break, so that only the seeded draw parts them. Then:

- a league per order below records the same season over the API, and its final table is
  the one recomputed here for that order from the results alone
  (tests/service/leagues/tiebreaks.py, nothing from ``domain.leagues``): the default order,
  the reversed order, and each tie-break alone. Since every order of the four gives a
  different table, and so do these six orders, a league that applied any order but its
  own, or another's tie-breaks, would show a table this test does not expect (the test
  checks both of the recomputation itself). (Dropping the last of three or four
  tie-breaks would change no table here: no two players level on the others differ on
  it.);
- the pair only the draw parts follows the drawn order, and a league drawn from another
  season seed shows it the other way round (the draw always applies, last).

Results are recorded as an organiser and the members would: played games by the members'
own moves, forfeits and voids as the organiser's records over the API. The season's seed is
the one thing not left to chance: the service takes it from the operating system, and here
from ``SEEDS`` instead, so that the draw is the same in every league but the last. The
search took the draw those seeds give (docs/draws.md); should the draw algorithm change,
the draw's pair may no longer be there, which the test says.
"""

from __future__ import annotations

import itertools
import uuid
from collections.abc import Iterator
from types import SimpleNamespace
from typing import Any

import httpx
import pytest

import service.application.leagues as application_leagues
from tests.service.api.test_leagues import _player, auth, organiser
from tests.service.leagues import tiebreaks

pytestmark = pytest.mark.storage
__all__ = ["organiser"]  # the fixture, used by name

WIN, LOSS, FORFEIT = 2, 1, 0
"""League points: ``points`` [2, 1]; a forfeiter scores nothing (docs/leagues.md)."""
MEMBERS = ("ann", "bob", "cyd", "dee", "eve", "fay", "gus", "hal")
"""In the order they join: the draw shuffles this order."""
SEASON = (
    ("bob", "beat", "ann"),
    ("ann", "void with", "cyd"),
    ("dee", "forfeited to", "ann"),
    ("ann", "beat", "eve"),
    ("fay", "beat", "ann"),
    ("ann", "forfeited to", "gus"),
    ("hal", "beat", "ann"),
    ("bob", "beat", "cyd"),
    ("dee", "forfeited to", "bob"),
    ("bob", "forfeited to", "eve"),
    ("fay", "forfeited to", "bob"),
    ("gus", "beat", "bob"),
    ("bob", "forfeited to", "hal"),
    ("cyd", "beat", "dee"),
    ("cyd", "forfeited to", "eve"),
    ("fay", "forfeited to", "cyd"),
    ("cyd", "void with", "gus"),
    ("cyd", "beat", "hal"),
    ("dee", "void with", "eve"),
    ("dee", "beat", "fay"),
    ("gus", "forfeited to", "dee"),
    ("hal", "forfeited to", "dee"),
    ("fay", "beat", "eve"),
    ("eve", "forfeited to", "gus"),
    ("hal", "beat", "eve"),
    ("fay", "drew with", "gus"),
    ("fay", "void with", "hal"),
    ("gus", "void with", "hal"),
)
"""Every pair's result: the first named won, drew (a shared first place, a win for both),
forfeited or was voided with the second."""
SEEDS = ("0" * 63 + "1", "0" * 63 + "3")
"""The season seed of every league, then of the one that reverses the draw's pair."""
FOUR = tiebreaks.TIEBREAKS
"""The tie-breaks a league orders (the default order); the draw always comes last."""
ORDERS = (FOUR, FOUR[::-1], *((t,) for t in FOUR))
"""The leagues' orders: the default, reversed, and each tie-break alone."""


def result_of(a: str, b: str) -> tuple[str, str, str]:
    (found,) = [r for r in SEASON if {r[0], r[2]} == {a, b}]
    return found


class Recorder:
    """One league per configuration, each recording the whole of ``SEASON``."""

    def __init__(self, http: httpx.Client, boss: dict[str, Any]) -> None:
        self.http = http
        self.boss = auth(boss["token"])
        tag = uuid.uuid4().hex[:6]
        self.players = {n: _player(http, boss, f"{n}-{tag}") for n in MEMBERS}
        self.name_of = {p["player_id"]: n for n, p in self.players.items()}

    def league(self, order: tuple[str, ...]) -> str:
        body = {
            "name": f"Tie-breaks {uuid.uuid4().hex[:6]}",
            "ruleset": "counting",
            "seats": 2,
            "options": {"target": 5},
            "points": [WIN, LOSS],
            "tiebreaks": [*order, "draw"],
        }
        made = self.http.post("/leagues", json=body, headers=self.boss)
        assert made.status_code == 201, made.text
        lid: str = made.json()["league_id"]
        for name in MEMBERS:
            player = {"player": self.players[name]["name"]}
            added = self.http.post(f"/leagues/{lid}/members", json=player, headers=self.boss)
            assert added.status_code == 200, added.text
        return lid

    def season(self, lid: str) -> list[dict[str, Any]]:
        """Seven rounds, each table's result as ``SEASON`` has it; the final table."""
        for _ in MEMBERS[1:]:
            scheduled = self.http.post(f"/leagues/{lid}/rounds", headers=self.boss)
            assert scheduled.status_code == 201, scheduled.text
            for fixture in scheduled.json():
                self.record(lid, fixture)
        rows: list[dict[str, Any]] = self.http.get(f"/leagues/{lid}/standings").json()
        return rows

    def record(self, lid: str, fixture: dict[str, Any]) -> None:
        seated = [self.name_of[p] for p in fixture["players"]]
        first, how, _ = result_of(*seated)
        game = fixture["game_id"]
        if how == "forfeited to":
            body = {"game_id": game, "players": [self.players[first]["name"]], "reason": "away"}
            done = self.http.post(f"/leagues/{lid}/forfeits", json=body, headers=self.boss)
        elif how == "void with":
            body = {"game_id": game, "reason": "power cut"}
            done = self.http.post(f"/leagues/{lid}/abandonments", json=body, headers=self.boss)
        else:
            self.play(game, seated, None if how == "drew with" else seated.index(first))
            return
        assert done.status_code == 201, done.text

    def play(self, game: str, seated: list[str], winner: int | None) -> None:
        """The winner's seat draws cards (its score) while the other adds 2 to the count;
        with no winner both add, and both score 0 (a shared first place)."""
        while not (view := self.http.get(f"/games/{game}").json())["is_terminal"]:
            seat = view["to_act"][0]
            command = {"type": "draw"} if seat == winner else {"type": "add", "amount": 2}
            token = self.players[seated[seat]]["token"]
            moved = self.http.post(
                f"/games/{game}/commands", headers=auth(token), json={"command": command}
            )
            assert moved.status_code == 200, moved.text


@pytest.fixture
def seeds(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    """The seed every round is given, ``seeds[0]`` (only a season's first round draws
    from it): the service's own source of fresh seeds, ``secrets.token_hex``, replaced in
    the league application only."""
    current = [SEEDS[0]]
    monkeypatch.setattr(
        application_leagues, "secrets", SimpleNamespace(token_hex=lambda _: current[0])
    )
    yield current


def numbers(drawn: list[str]) -> tuple[dict[str, int], dict[str, dict[str, int]]]:
    """Every member's points and tie-break numbers, from ``SEASON``'s results alone with the
    documented policies."""
    total, wins = dict.fromkeys(MEMBERS, 0), dict.fromkeys(MEMBERS, 0)
    earned: list[tuple[str, str, int]] = []
    for first, how, second in SEASON:
        points = {
            "beat": (WIN, LOSS),
            "drew with": (WIN, WIN),
            "forfeited to": (FORFEIT, WIN),
            "void with": None,
        }[how]
        if points is None:
            continue
        for player, other, got in ((first, second, points[0]), (second, first, points[1])):
            total[player] += got
            wins[player] += got == WIN
            earned.append((player, other, got))
    return total, tiebreaks.numbers(total, earned, wins, drawn)


def recomputed(drawn: list[str], order: tuple[str, ...]) -> list[dict[str, Any]]:
    """The table ``SEASON`` gives a league with these tie-breaks, by member name."""
    total, by = numbers(drawn)
    ranked = sorted(MEMBERS, key=tiebreaks.order_key(total, by, order))
    return [
        {"player": p, "points": total[p], "tiebreaks": tiebreaks.shown(by[p], order)}
        for p in ranked
    ]


def ranking(drawn: list[str], order: tuple[str, ...]) -> list[str]:
    return [row["player"] for row in recomputed(drawn, order)]


def test_each_order_of_the_tiebreaks_gives_the_table_recomputed_for_it(
    http: httpx.Client, organiser: dict[str, Any], seeds: list[str]
) -> None:
    record = Recorder(http, organiser)
    name = record.name_of

    def played(order: tuple[str, ...]) -> tuple[list[dict[str, Any]], list[str]]:
        """A league with these tie-breaks, its season recorded: its table and draw."""
        league = record.league(order)
        table = record.season(league)
        drawn = [name[p] for p in http.get(f"/leagues/{league}").json()["draw"]]
        assert [r["place"] for r in table] == list(range(1, len(MEMBERS) + 1))
        shown = [
            {"player": name[r["player_id"]], **{k: r[k] for k in ("points", "tiebreaks")}}
            for r in table
        ]
        return shown, drawn

    tables: dict[tuple[str, ...], tuple[str, ...]] = {}
    first_draw: list[str] = []
    for order in ORDERS:
        shown, drawn = played(order)
        if order == FOUR:
            # the season parts every order: no two of the 24 give the same table
            every = {tuple(ranking(drawn, o)) for o in itertools.permutations(FOUR)}
            assert len(every) == 24
            first_draw = drawn
        assert drawn == first_draw, "every league but the last draws from SEEDS[0]"
        assert shown == recomputed(drawn, order), order
        tables[order] = tuple(row["player"] for row in shown)
    assert len(set(tables.values())) == len(ORDERS)

    # the draw always applies: the pair it alone parts follows the drawn order, and
    # another seed's draw reverses it
    total, by = numbers(first_draw)
    order = tables[FOUR]
    level = [
        (up, low)
        for up, low in itertools.pairwise(order)
        if total[up] == total[low] and all(by[up][t] == by[low][t] for t in FOUR)
    ]
    assert level, "no pair is left to the draw"
    (upper, lower), *_ = level
    assert first_draw.index(upper) < first_draw.index(lower)
    seeds[0] = SEEDS[1]
    shown, again = played(FOUR)
    assert shown == recomputed(again, FOUR)
    assert again.index(upper) > again.index(lower)
    other = [row["player"] for row in shown]
    assert other.index(upper) > other.index(lower), (order, other)
