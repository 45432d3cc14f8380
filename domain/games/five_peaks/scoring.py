"""Victory points (Game End): badges + panoramas + campfire cards + stones, by category.

Everything scored is public, so the running score is everyone's to see.
"""

from __future__ import annotations

from domain.core import Result, Score, ranks_for
from domain.games.five_peaks.content import pack_of
from domain.games.five_peaks.frozen import held
from domain.games.five_peaks.state import Game

CATEGORIES = ("badges", "panoramas", "campfire", "stones")


def stone_points(game: Game, seat: int) -> list[tuple[int, int]]:
    """(peak VP, multiplier) of each of the seat's placed stones, best first; a "great
    tower" card scores one placed x3 stone as x5 (the one on the highest peak)."""
    pack = pack_of(game)
    placed = sorted(
        (
            (pack.peaks[p.peak].vp, pack.stone(stone).multiplier)
            for p in game.peaks
            for s, stone in p.stones
            if s == seat
        ),
        reverse=True,
    )
    upgrades = [
        f.upgrade
        for f in (pack.fire(c) for c in game.hikers[seat].campfire)
        if f.effect == "stone_bonus"
    ]
    out = []
    for vp, multiplier in placed:
        match = next((u for u in upgrades if u[0] == multiplier), None)
        if match is not None:
            upgrades.remove(match)
            multiplier = match[1]
        out.append((vp, multiplier))
    return out


def campfire_points(game: Game, seat: int) -> int:
    pack, hiker = pack_of(game), game.hikers[seat]
    points = 0
    for card in hiker.campfire:
        fire = pack.fire(card)
        if fire.effect == "score_per_campfire":
            points += fire.amount * len(hiker.campfire)
        elif fire.effect == "score_per_resource":
            points += fire.amount * held(hiker, fire.resource)
        elif fire.effect == "score_per_endorphin":
            points += fire.amount * hiker.endorphins
    return points


def breakdown(game: Game, seat: int) -> dict[str, int]:
    pack, hiker = pack_of(game), game.hikers[seat]
    return {
        "badges": sum(pack.badges[t] for t in hiker.badges),
        "panoramas": sum(pack.panoramas[c].vp for c in hiker.panoramas),
        "campfire": campfire_points(game, seat),
        "stones": sum(vp * m for vp, m in stone_points(game, seat)),
    }


def totals(game: Game) -> tuple[Score, ...]:
    return tuple(Score.of(breakdown(game, seat)) for seat in range(len(game.hikers)))


def scores(game: Game) -> tuple[Score, ...]:
    return totals(game) if game.hikers else tuple(Score.of({}) for _ in range(game.seats))


def result(game: Game) -> Result | None:
    """Ties share the victory (Game End): tied seats share the better rank."""
    if game.phase != "over":
        return None
    board = totals(game)
    points = tuple(s.total for s in board)
    return Result(
        scores=points, ranks=ranks_for(points), breakdown=tuple(s.breakdown for s in board)
    )
