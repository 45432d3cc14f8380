"""A whole season over HTTP, then its table recomputed independently (issue #25, "Tests and
proof").

An organiser creates a round-robin league with round deadlines; members join (some by
themselves, some added); each round is scheduled and its games are played by the members'
own moves; at a deadline the sweep (``Sweeper`` over the ``DeadlineSweep`` reaction, as a
served process runs it) forfeits the unfinished game, the clock being the service's
injected one moved on by hand; a member drops out and a late joiner enters at the next
round. Then this test computes the standings from each game's own result as the API shows
it, with docs/leagues.md's policies coded here (points by place, shared places, forfeiters
scoring nothing, a bye a win's points, a late joiner's rounds before they joined scoring
nothing, then the league's own tie-breaks, set in an order other than the default: wins,
Sonneborn-Berger, head-to-head, Buchholz, then the seeded draw), and
compares them, the tie-break numbers each row shows included, with ``GET
/leagues/{id}/standings``. Nothing from ``domain.leagues`` is used
(tests/service/leagues/tiebreaks.py).

The app is served in process (Litestar's test client) over the session's database with a
``ManualClock`` set years back, so that its sweep finds no other test's deadline passed.
"""

from __future__ import annotations

import hashlib
import uuid
from collections.abc import Iterator
from typing import Any

import pytest
from litestar.testing import TestClient

from service.api.app import create_app
from service.api.config import ServeConfig
from service.application.players import Accounts
from service.clock import ManualClock
from service.composition import assemble
from service.deadlines import DeadlineSweep
from service.leagues import league_service
from service.store import EventStore
from service.store.players import Players
from service.sweep import Sweeper
from tests.service.leagues import tiebreaks

pytestmark = pytest.mark.storage

START_MS = 1_600_000_000_000
"""September 2020: before any deadline other tests set on the shared database."""
ROUND_SECONDS = 3600
WIN, LOSS = 3, 1
"""The league's points by place: a loss played scores 1, so that a forfeiter's 0 (docs:
a forfeiter earns nothing) differs from a loser's; a bye scores a win's (the default)."""
ORDER = ("wins", "sonneborn-berger", "head-to-head", "buchholz")
"""The league's tie-breaks, not the default order, then the seeded draw."""


class Season:
    """The season as the test drives it over HTTP, and the facts it keeps for the check:
    who was a member at each round, and who joined after the season's draw."""

    def __init__(self, http: TestClient[Any], clock: ManualClock, store: EventStore) -> None:
        self.http = http
        self.clock = clock
        self.store = store
        self.tag = uuid.uuid4().hex[:6]
        _, token = Accounts(Players(store.pool)).create(f"orla-{self.tag}", organiser=True)
        self.boss = auth(token)
        self.tokens: dict[str, str] = {}
        self.members: list[str] = []
        self.late: list[str] = []
        self.rounds: list[list[str]] = []
        """The members at each round, in order."""
        self.league = ""

    def player(self, name: str) -> str:
        made = self.http.post("/players", json={"name": f"{name}-{self.tag}"}, headers=self.boss)
        assert made.status_code == 201, made.text
        self.tokens[made.json()["player_id"]] = made.json()["token"]
        return str(made.json()["player_id"])

    def create(self) -> None:
        body = {
            "name": f"Season {self.tag}",
            "ruleset": "counting",
            "seats": 2,
            "options": {"target": 5},
            "deadline_policy": "forfeit",
            "round_seconds": ROUND_SECONDS,
            "points": [WIN, LOSS],
            "tiebreaks": [*ORDER, "draw"],
        }
        made = self.http.post("/leagues", json=body, headers=self.boss)
        assert made.status_code == 201, made.text
        shown = made.json()
        assert (shown["bye_points"], shown["points"]) == (WIN, [WIN, LOSS])
        assert shown["tiebreaks"] == [*ORDER, "draw"]
        self.league = shown["league_id"]

    def join(self, player: str, *, by_themselves: bool) -> None:
        if by_themselves:
            joined = self.http.post(
                f"/leagues/{self.league}/join", headers=auth(self.tokens[player])
            )
        else:
            joined = self.http.post(
                f"/leagues/{self.league}/members", json={"player": player}, headers=self.boss
            )
        assert joined.status_code == 200, joined.text
        self.members.append(player)
        if self.rounds:
            self.late.append(player)

    def leave(self, player: str) -> None:
        left = self.http.post(f"/leagues/{self.league}/leave", headers=auth(self.tokens[player]))
        assert left.status_code == 200, left.text
        self.members.remove(player)

    def schedule(self) -> list[dict[str, Any]]:
        # straight after the last move, with no follower and no read in between: the
        # command itself reads the games' ends (round_open is not answered wrongly)
        made = self.http.post(f"/leagues/{self.league}/rounds", headers=self.boss)
        assert made.status_code == 201, made.text
        self.rounds.append(list(self.members))
        fixtures: list[dict[str, Any]] = made.json()
        assert all(f["deadline"] is not None for f in fixtures)
        return fixtures

    def move(self, game: str, seat_player: str, command: dict[str, Any]) -> None:
        moved = self.http.post(
            f"/games/{game}/commands",
            headers=auth(self.tokens[seat_player]),
            json={"command": command},
        )
        assert moved.status_code == 200, moved.text

    def play(self, fixture: dict[str, Any], winner: int | None) -> None:
        """Play a counting game to its end by the members' moves: ``winner``'s seat draws
        cards (its score) while the other adds 1 to the count; None: both add (a tie)."""
        game, players = fixture["game_id"], fixture["players"]
        while not (view := self.http.get(f"/games/{game}").json())["is_terminal"]:
            seat = view["to_act"][0]
            draws = seat == winner
            self.move(
                game, players[seat], {"type": "draw"} if draws else {"type": "add", "amount": 1}
            )

    def pass_deadline(self) -> None:
        """Move the service's clock past the round's deadline and sweep as a served process
        does: every active game handed to the deadline reaction."""
        service = league_service(self.http.app.state.service.cairn)
        sweep = Sweeper(self.store, [DeadlineSweep(service.leagues)], 60.0)
        sweep.sweep()  # before the deadline: nothing is settled
        assert all(f["status"] == "scheduled" for f in self.open_fixtures())
        self.clock.advance(ROUND_SECONDS + 1)
        sweep.sweep()

    def open_fixtures(self) -> list[dict[str, Any]]:
        fixtures = self.http.get(f"/leagues/{self.league}/fixtures").json()
        return [f for f in fixtures if f["round"] == len(self.rounds) and f["status"] != "played"]


def auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


@pytest.fixture
def season(store: EventStore) -> Iterator[Season]:
    clock = ManualClock(START_MS)
    # no sweep thread and no follower: the test sweeps by hand, and reads catch up
    service = assemble(store, clock=clock, sweep_every=None)
    config = ServeConfig(admin_token_sha256=hashlib.sha256(b"unused").hexdigest())
    with TestClient(create_app(service, config=config)) as http:
        yield Season(http, clock, store)


def strength(players: list[str]) -> dict[str, int]:
    """Who beats whom when both play: the earlier created wins (a plan, nothing checked)."""
    return {p: i for i, p in enumerate(players)}


def test_a_season_over_http_has_the_standings_its_games_give(season: Season) -> None:
    names = ["ann", "bob", "cyd", "dee", "eve", "fay"]
    ids = [season.player(n) for n in names]
    ann, bob, cyd, dee, eve, fay = ids
    order = strength(ids)
    season.create()
    for player in (ann, bob):
        season.join(player, by_themselves=True)
    for player in (cyd, dee, eve):
        season.join(player, by_themselves=False)

    def play_round(unfinished: int | None = None, tie: int | None = None) -> None:
        """Schedule a round and play it; table ``unfinished`` gets one move and is left
        to its deadline (seat 1 is then to play); table ``tie`` is played level."""
        for i, fixture in enumerate(season.schedule()):
            if i == unfinished:
                season.move(fixture["game_id"], fixture["players"][0], {"type": "add", "amount": 1})
                continue
            a, b = fixture["players"]
            season.play(fixture, None if i == tie else (0 if order[a] < order[b] else 1))
        if unfinished is not None:
            season.pass_deadline()
        assert_standings(season)

    play_round(unfinished=1)  # five members: two tables and a bye
    season.leave(cyd)  # a drop-out: their circle place is a bye from now on
    play_round(tie=0)
    season.join(fay, by_themselves=True)  # a late joiner, at the next round
    assert_standings(season)  # in the table at once, with nothing
    play_round()
    play_round(unfinished=0)
    play_round()

    fixtures = season.http.get(f"/leagues/{season.league}/fixtures").json()
    assert sum(f["status"] == "forfeited" for f in fixtures) == 2
    assert any(fay in f["players"] for f in fixtures)


# -- the independent recomputation ----------------------------------------------------------


def assert_standings(season: Season) -> None:
    """The table the API shows is the one recomputed here, row by row and in order (every
    round's table is compared: early rounds leave more players level, so the tie-breaks
    and the draw are put to work)."""
    expected = recomputed(season)
    shown = season.http.get(f"/leagues/{season.league}/standings").json()
    assert [{k: row[k] for k in expected[0]} for row in shown] == expected


def game_outcome(season: Season, fixture: dict[str, Any]) -> dict[str, Any]:
    """A game's outcome read from the game itself: each player's place, score and whether
    they forfeited (a forfeit's scores count 0, docs/leagues.md), or None if void."""
    result = season.http.get(f"/games/{fixture['game_id']}").json()["result"]
    players = fixture["players"]
    verdict = result.get("verdict") or {}
    if verdict.get("ending") == "abandoned" or 0 in result["ranks"]:
        return {"void": True}
    if verdict.get("ending") == "forfeited":
        lost = set(verdict["out"])
        return {
            "void": False,
            "place": {p: 2 if s in lost else 1 for s, p in enumerate(players)},
            "score": {p: 0 for p in players},
            "forfeited": {players[s] for s in lost},
        }
    return {
        "void": False,
        "place": dict(zip(players, result["ranks"], strict=True)),
        "score": dict(zip(players, result["scores"], strict=True)),
        "forfeited": set(),
    }


def recomputed(season: Season) -> list[dict[str, Any]]:
    fixtures = season.http.get(f"/leagues/{season.league}/fixtures").json()
    draw = season.http.get(f"/leagues/{season.league}").json()["draw"]
    everyone = {p for members in (*season.rounds, season.members) for p in members}
    rows = {p: {"points": 0, "played": 0, "wins": 0, "score": 0, "forfeits": 0} for p in everyone}
    earned: list[tuple[str, str, int]] = []  # (player, opponent, points earned against them)
    for fixture in fixtures:
        outcome = game_outcome(season, fixture)
        if outcome["void"]:
            continue
        for player in fixture["players"]:
            place = outcome["place"][player]
            points = 0 if player in outcome["forfeited"] else (WIN if place == 1 else LOSS)
            row = rows[player]
            row["points"] += points
            row["played"] += 1
            row["wins"] += place == 1
            row["score"] += outcome["score"][player]
            row["forfeits"] += player in outcome["forfeited"]
            earned += [(player, other, points) for other in fixture["players"] if other != player]
    for r, members in enumerate(season.rounds, start=1):
        seated = {p for f in fixtures if f["round"] == r for p in f["players"]}
        for player in set(members) - seated:
            rows[player]["points"] += WIN  # a bye
    total = {p: row["points"] for p, row in rows.items()}
    drawn = [*draw, *(p for p in season.late if p not in draw)]
    wins = {p: row["wins"] for p, row in rows.items()}
    by = tiebreaks.numbers(total, earned, wins, drawn)
    ranked = sorted(everyone, key=tiebreaks.order_key(total, by, ORDER))
    return [
        {"place": i + 1, "player_id": p, **rows[p], "tiebreaks": tiebreaks.shown(by[p], ORDER)}
        for i, p in enumerate(ranked)
    ]
