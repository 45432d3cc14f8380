"""The tie-breaks as docs/leagues.md states them, recomputed without ``domain.leagues``.

A test that compares these numbers with the standings the API, the CLI or the league page
shows checks the domain's tie-breaks against the documented ones (#25): head-to-head
(league points earned against the opponents tied on points), Buchholz (every opponent's
points), Sonneborn-Berger (each opponent's points times the league points earned against
them), wins (first places), then the seeded draw's place (1 goes first).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

TIEBREAKS = ("head-to-head", "buchholz", "sonneborn-berger", "wins")
"""The default tie-breaks after points, in docs/leagues.md's order; then the draw."""


def numbers(
    total: Mapping[str, int],
    earned: Iterable[tuple[str, str, int]],
    wins: Mapping[str, int],
    drawn: Sequence[str],
) -> dict[str, dict[str, int]]:
    """Each player's tie-break numbers, from their points, ``earned`` (player, opponent,
    the league points the player earned at that table) and the season's drawn order."""
    met: dict[str, list[tuple[str, int]]] = {p: [] for p in total}
    for player, opponent, points in earned:
        met[player].append((opponent, points))
    return {
        p: {
            "head-to-head": sum(pts for o, pts in met[p] if total[o] == total[p]),
            "buchholz": sum(total[o] for o, _ in met[p]),
            "sonneborn-berger": sum(total[o] * pts for o, pts in met[p]),
            "wins": wins[p],
            "draw": drawn.index(p) + 1,
        }
        for p in total
    }


def order_key(
    total: Mapping[str, int],
    by: Mapping[str, dict[str, int]],
    order: Sequence[str] = TIEBREAKS,
) -> Callable[[str], tuple[int, ...]]:
    """Points, then ``order``'s tie-breaks (higher first; the default ones unless a league
    set others), then the draw's place."""
    return lambda p: (-total[p], *(-by[p][t] for t in order), by[p]["draw"])


def shown(by: Mapping[str, int], order: Sequence[str] = TIEBREAKS) -> list[dict[str, Any]]:
    """A row's ``tiebreaks`` as the standings give them: ``order``'s, then the draw."""
    return [{"tiebreak": t, "value": by[t]} for t in (*order, "draw")]


def recomputed_table(
    fixtures: Sequence[Mapping[str, Any]], drawn: Sequence[str], win: int = 3
) -> list[dict[str, Any]]:
    """The standings of a two-seat season of played games only (no bye, forfeit or void;
    a shared first place is a win for both), every player in ``drawn``: place, player id,
    points, wins and the default tie-breaks, in order."""
    total = dict.fromkeys(drawn, 0)
    wins = dict.fromkeys(drawn, 0)
    earned = []
    for fixture in fixtures:
        assert fixture["status"] == "played", fixture
        for player, place in zip(fixture["players"], fixture["places"], strict=True):
            points = win if place == 1 else 0
            total[player] += points
            wins[player] += place == 1
            earned += [(player, o, points) for o in fixture["players"] if o != player]
    by = numbers(total, earned, wins, drawn)
    ranked = sorted(drawn, key=order_key(total, by))
    return [
        {
            "place": i + 1,
            "player_id": p,
            "points": total[p],
            "wins": wins[p],
            "tiebreaks": shown(by[p]),
        }
        for i, p in enumerate(ranked)
    ]
