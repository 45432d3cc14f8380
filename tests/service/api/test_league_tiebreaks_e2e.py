"""A whole season over HTTP in which each of a league's tie-breaks decides a place (#25).

Eight members play a round-robin (seven rounds, every pair once) with points 2 for a win, 1
for a loss played and 0 for a forfeit. The points matter: with 3/0 and no byes a player's
points are three times their wins, so wins could never part two players level on points,
and a small 3/0 season cannot make Sonneborn-Berger decide against wins either (an earlier
attempt). Every pair's result below is the season; it was found by a search over random
seasons (played results, shared ones, forfeits and a void) for one in which, with the
default order (head-to-head, Buchholz, Sonneborn-Berger, wins, then the seeded draw), each
tie-break is the first to part some adjacent pair of the final table, and removing it
reverses that pair. The same season is then recorded in a league per proof:

- the default order: its table is the one recomputed here from the results
  (tests/service/leagues/tiebreaks.py, nothing from ``domain.leagues``), and each tie-break
  is the first that parts some adjacent pair, read from the numbers the rows show;
- that order without one tie-break, for each of the four: the pair it parted stands the
  other way round;
- the default order with another season seed: the draw cannot be removed (it always
  applies, last), so the pair only the draw parts is shown to follow the draw, which
  another seed reverses.

Results are recorded as an organiser and the members would: played games by the members'
own moves, forfeits and the void as the organiser's records over the API. The season's
seed is the one thing not left to chance: the service takes it from the operating system,
and here from ``SEEDS`` instead, so that the draw is the same in every league but the last.
The search took the draw those seeds give (docs/draws.md); should the draw algorithm change,
the season may no longer part a pair by each tie-break, which the first check says.
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
    ("ann", "beat", "bob"),
    ("ann", "forfeited to", "cyd"),
    ("ann", "beat", "dee"),
    ("eve", "beat", "ann"),
    ("fay", "beat", "ann"),
    ("ann", "beat", "gus"),
    ("hal", "beat", "ann"),
    ("bob", "beat", "cyd"),
    ("bob", "drew with", "dee"),
    ("bob", "drew with", "eve"),
    ("bob", "beat", "fay"),
    ("bob", "forfeited to", "gus"),
    ("hal", "beat", "bob"),
    ("dee", "beat", "cyd"),
    ("cyd", "beat", "eve"),
    ("fay", "beat", "cyd"),
    ("cyd", "beat", "gus"),
    ("cyd", "drew with", "hal"),
    ("eve", "beat", "dee"),
    ("dee", "beat", "fay"),
    ("gus", "beat", "dee"),
    ("dee", "beat", "hal"),
    ("eve", "forfeited to", "fay"),
    ("eve", "beat", "gus"),
    ("eve", "forfeited to", "hal"),
    ("gus", "beat", "fay"),
    ("fay", "void with", "hal"),
    ("gus", "drew with", "hal"),
)
"""Every pair's result: the first named won, drew (a shared first place, a win for both),
forfeited or was voided with the second."""
SEEDS = ("0" * 63 + "1", "0" * 63 + "3")
"""The season seed of every league, then of the one that reverses the draw's pair."""
DEFAULT = ("head-to-head", "buchholz", "sonneborn-berger", "wins", "draw")


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
            "tiebreaks": list(order),
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


def recomputed(drawn: list[str]) -> list[dict[str, Any]]:
    """The table ``SEASON`` gives in the default order, by member name, computed from the
    results alone with the documented policies."""
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
    by = tiebreaks.numbers(total, earned, wins, drawn)
    ranked = sorted(MEMBERS, key=tiebreaks.order_key(total, by))
    return [
        {"player": p, "points": total[p], "wins": wins[p], "tiebreaks": tiebreaks.shown(by[p])}
        for p in ranked
    ]


def parted_by(upper: dict[str, Any], lower: dict[str, Any]) -> str:
    """The first of the table's criteria whose numbers differ for two rows (the draw if only
    the draw's do); "points" if their points do."""
    if upper["points"] != lower["points"]:
        return "points"
    pairs = zip(upper["tiebreaks"], lower["tiebreaks"], strict=True)
    return next(a["tiebreak"] for a, b in pairs if a["value"] != b["value"])


def parted(table: list[dict[str, Any]], name: dict[str, str]) -> dict[str, list[tuple[str, str]]]:
    """The adjacent pairs of a table (by member name, upper first) each criterion parts."""
    pairs: dict[str, list[tuple[str, str]]] = {}
    for upper, lower in itertools.pairwise(table):
        pair = (name[upper["player_id"]], name[lower["player_id"]])
        pairs.setdefault(parted_by(upper, lower), []).append(pair)
    return pairs


def test_each_tiebreak_decides_a_place_in_the_season(
    http: httpx.Client, organiser: dict[str, Any], seeds: list[str]
) -> None:
    record = Recorder(http, organiser)
    name = record.name_of
    default = record.league(DEFAULT)
    table = record.season(default)
    drawn = [name[p] for p in http.get(f"/leagues/{default}").json()["draw"]]
    shown = [
        {"player": name[r["player_id"]], **{k: r[k] for k in ("points", "wins", "tiebreaks")}}
        for r in table
    ]
    assert shown == recomputed(drawn)
    assert [r["place"] for r in table] == list(range(1, len(MEMBERS) + 1))

    decided = parted(table, name)
    assert set(DEFAULT) <= set(decided), decided
    order = [name[r["player_id"]] for r in table]

    def reversed_in(other: list[str], tiebreak: str) -> bool:
        return any(other.index(up) > other.index(low) for up, low in decided[tiebreak])

    for tiebreak in DEFAULT[:-1]:
        without = record.league(tuple(t for t in DEFAULT if t != tiebreak))
        other = [name[r["player_id"]] for r in record.season(without)]
        assert reversed_in(other, tiebreak), (tiebreak, order, other)

    # the draw always applies: the pair only it parts follows the drawn order, reversed by
    # another seed's draw
    (upper, lower), *_ = decided["draw"]
    assert drawn.index(upper) < drawn.index(lower)
    seeds[0] = SEEDS[1]
    redrawn = record.league(DEFAULT)
    other = [name[r["player_id"]] for r in record.season(redrawn)]
    again = [name[p] for p in http.get(f"/leagues/{redrawn}").json()["draw"]]
    assert again.index(upper) > again.index(lower)
    assert other.index(upper) > other.index(lower), (order, other)
