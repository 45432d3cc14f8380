"""League points and the standings table, folded from a league's fixtures.

Points by place come from the league's ``points``; tied seats share the better place and so
its points (the platform's shared victory, ``domain.core.contract.ranks_for``). Players on
equal points are then ordered by the league's own tie-breaks (``tiebreaks`` at creation,
#25), in the order ``applied`` gives: as the league named them (by default head-to-head,
Buchholz, Sonneborn-Berger, then wins), with the season's seeded draw always last, wherever
it was named, so that the order is total and never falls to the player id
(``ranked_by``). A league created before #25 records no tie-breaks and keeps the order it
had: points, wins (first places, shared ones included), the sum of game scores, fewer
forfeits, then the player's id (``ordered``; docs/leagues.md, Standings).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from domain.leagues.state import League, Scheduled


@dataclass(frozen=True)
class Standing:
    player: str
    points: int = 0
    played: int = 0
    wins: int = 0
    score: int = 0
    forfeits: int = 0
    tiebreaks: tuple[tuple[str, int], ...] = ()
    """The league's tie-breaks and this row's number for each, in the order they apply
    (``ranked_by``); none for a league from before #25, whose order is this row's own."""

    def sort_key(self) -> tuple[int, int, int]:
        return (-self.points, -self.wins, -self.score)

    def order_key(self) -> tuple[int, int, int, int, str]:
        return (*self.sort_key(), self.forfeits, self.player)


def points_for(points: Sequence[int], place: int) -> int:
    """League points for a place (1 is best); a place past the configured list scores 0."""
    return points[place - 1] if 0 < place <= len(points) else 0


def fixture_points(points: Sequence[int], place: int, player: str, scoreless: Iterable[str]) -> int:
    """A player's league points from one fixture: a forfeiter recorded as scoreless earns
    nothing, whatever the seat count (#25); anyone else, their place's points."""
    return 0 if player in scoreless else points_for(points, place)


def places_from_ranks(ranks: Sequence[int]) -> tuple[int, ...]:
    """A game result's ranks are its places: competition ranks, ties share the better one."""
    return tuple(int(r) for r in ranks)


def behind(places: Sequence[int], left: Iterable[int]) -> tuple[int, ...]:
    """Places with the seats in ``left`` (resigned or timed out) behind every other seat,
    each group keeping its own order; ties still share the better place (#25)."""
    out = set(left)
    keys = [(1 if seat in out else 0, place) for seat, place in enumerate(places)]
    return tuple(1 + sum(1 for other in keys if other < key) for key in keys)


def forfeit_places(players: Sequence[str], forfeited: Iterable[str]) -> tuple[int, ...]:
    """Those who forfeited share last place behind everyone else, who share first."""
    lost = set(forfeited)
    winners = sum(1 for p in players if p not in lost)
    return tuple(winners + 1 if p in lost else 1 for p in players)


def apply(table: dict[str, Standing], points: Sequence[int], fixture: Scheduled) -> None:
    """Add one decided fixture (played or forfeited) to a standings table, in place."""
    lost, scores = set(fixture.forfeited), fixture.scores
    for i, player in enumerate(fixture.players):
        place = fixture.places[i]
        row = table.get(player, Standing(player))
        table[player] = Standing(
            player,
            points=row.points + fixture_points(points, place, player, fixture.scoreless),
            played=row.played + 1,
            wins=row.wins + (1 if place == 1 else 0),
            score=row.score + (scores[i] if i < len(scores) else 0),
            forfeits=row.forfeits + (1 if player in lost else 0),
        )


def ordered(table: Iterable[Standing]) -> list[Standing]:
    """The order of leagues created before #25 (no ``tiebreaks`` recorded)."""
    return sorted(table, key=Standing.order_key)


TIEBREAKS = ("head-to-head", "buchholz", "sonneborn-berger", "wins", "draw")
"""The tie-breaks a league may order, and the default order (docs/leagues.md)."""


def applied(tiebreaks: Sequence[str]) -> tuple[str, ...]:
    """A league's tie-breaks in the order they apply: as it named them, except the seeded
    draw, which always comes last wherever it was named (docs/leagues.md)."""
    return (*(t for t in tiebreaks if t != "draw"), *(t for t in tiebreaks if t == "draw"))


def tiebreak_values(
    table: Sequence[Standing],
    fixtures: Sequence[Scheduled],
    points: Sequence[int],
    drawn: Sequence[str],
) -> dict[str, dict[str, int]]:
    """Every tie-break's number for each player of ``table``, by tie-break name.

    head-to-head: points among the players tied on points only; buchholz: the sum of every
    opponent's points; sonneborn-berger: each opponent's points times the share of a win's
    points earned against them (kept as a whole number: times ``points[0]``); wins: first
    places; draw: the player's place in the season's drawn seat order (1 goes first; a
    player outside it after everyone in it), never the seed it was drawn from. The higher
    the better, except the draw's place.
    """
    total = {r.player: r.points for r in table}
    seen = {p: i for i, p in enumerate(drawn)}
    values = {
        r.player: {
            "head-to-head": 0,
            "buchholz": 0,
            "sonneborn-berger": 0,
            "wins": r.wins,
            "draw": seen.get(r.player, len(seen)) + 1,
        }
        for r in table
    }
    for f in fixtures:
        if f.status not in ("played", "forfeited"):
            continue
        for i, player in enumerate(f.players):
            if player not in values:
                continue
            mine = values[player]
            earned = fixture_points(points, f.places[i], player, f.scoreless)
            for other in f.players:
                if other == player:
                    continue
                mine["buchholz"] += total.get(other, 0)
                mine["sonneborn-berger"] += total.get(other, 0) * earned
                if total.get(other) == total.get(player):
                    # shared between the tied opponents at the table
                    mine["head-to-head"] += earned
    return values


def ranked_by(
    table: Iterable[Standing],
    fixtures: Sequence[Scheduled],
    points: Sequence[int],
    tiebreaks: Sequence[str],
    drawn: Sequence[str],
) -> list[Standing]:
    """Points first, then ``tiebreaks`` in order; ties left after them go by the season's
    drawn seat order (a seeded draw, never the player id), then join order. Each row
    carries its numbers for ``tiebreaks``, in the order they apply, so that a reader sees
    why two players on equal points stand as they do (#25)."""
    rows = list(table)
    values = tiebreak_values(rows, fixtures, points, drawn)
    shown = applied(tiebreaks)

    def key(row: Standing) -> tuple[int, ...]:
        by = values[row.player]
        return (-row.points, *(-by[t] for t in shown if t != "draw"), by["draw"])

    return [
        dataclasses.replace(row, tiebreaks=tuple((t, values[row.player][t]) for t in shown))
        for row in sorted(rows, key=key)
    ]


def season_table(league: League, season: int | None = None) -> list[Standing]:
    """The standings of a season, folded from the league state alone."""
    table: dict[str, Standing] = {p: Standing(p) for p in league.members}
    # a bracket's games (knock-out, playoffs) decide the bracket, not the table
    in_table = [f for f in league.season_fixtures(season) if not league.in_bracket(f)]
    for fixture in in_table:
        if fixture.status in ("played", "forfeited"):
            apply(table, league.points, fixture)
    wanted = league.season if season is None else season
    for bye_season, player, points in league.bye_log:
        if bye_season == wanted:
            row = table.get(player, Standing(player))
            table[player] = dataclasses.replace(row, points=row.points + points)
    if league.tiebreaks is None:
        return ordered(table.values())
    drawn = league.season_orders.get(wanted, ())
    joined = [p for p in league.members if p not in drawn]
    return ranked_by(
        table.values(),
        in_table,
        league.points,
        league.tiebreaks,
        (*drawn, *joined),
    )
