"""A terminal drawing of the table: the rows with their bids, the disasters, every seat's
mat and row of tiles. ``LEGEND`` says what each mark means (the platform prints it under
the drawing: ``Presentation.legend``)."""

from __future__ import annotations

from domain.core import Viewer
from domain.games.peloponnes.bidding import price
from domain.games.peloponnes.content import DISASTERS, Tile
from domain.games.peloponnes.content.model import CHITS_TO_STRIKE
from domain.games.peloponnes.flow import to_act
from domain.games.peloponnes.goods import Goods
from domain.games.peloponnes.scoring import sides
from domain.games.peloponnes.state import Game, Realm

TRACKS = (("C", "coins"), ("W", "wood"), ("S", "stone"), ("F", "food"), ("L", "luxury"))
LEGEND = (
    "[B..] building, (L..) land, <Civ> civilization tile; * unpaid (marked with a "
    "coin); @seat:amount a bid; C coins W wood S stone F food L luxury P inhabitants; "
    "chits n/3 on each disaster tile, ! struck; > the seat to act"
)


def render(game: Game, viewer: Viewer) -> str:
    if game.phase == "setup":
        return "Peloponnes: not set up yet"
    parts = [_table(game), *(_seat(game, s, r) for s, r in enumerate(game.realms))]
    if viewer is not None:
        parts.insert(1, f"you are seat {viewer}")
    return "\n\n".join(parts)


LETTER = {"coins": "C", "wood": "W", "stone": "S", "food": "F", "luxury": "L", "inhabitants": "P"}


def _letters(goods: Goods) -> str:
    letters = LETTER
    return " ".join(f"{v}{letters[k]}" for k, v in goods.nonzero().items()) or "-"


def _tile(tile: Tile, unpaid: bool = False) -> str:
    mark = "*" if unpaid else ""
    if tile.kind == "building":
        return f"[{tile.id}{mark} {tile.name}]"
    return f"({tile.id} {_letters(tile.income)})"


def _table(game: Game) -> str:
    content = game.content
    rounds = len(content.rounds)
    lines = [f"Peloponnes, round {game.round}/{rounds}, {game.phase.replace('_', ' ')}"]
    lines.append("turn order: " + " ".join(str(s) for s in game.order))
    for name, row in (("auction", game.auction), ("conquest", game.conquest)):
        if row:
            lines.append(f"{name} row: " + "  ".join(_offer(game, t) for t in row))
    if game.displaced is not None:
        lines.append(f"outbid: seat {game.displaced.seat} must move {game.displaced.amount}")
    stacks = " ".join(f"{k}:{len(v)}" for k, v in sorted(game.stacks.items()))
    lines.append(f"stacks: {stacks}; chits left {len(game.chit_pile)}")
    disasters = []
    for d in DISASTERS:
        mark = "!" if d in game.struck else ""
        disasters.append(f"{d} {game.chits_on.get(d, 0)}/{CHITS_TO_STRIKE}{mark}")
    lines.append("disasters: " + ", ".join(disasters))
    if game.chits_drawn:
        lines.append("last drawn: " + ", ".join(game.chits_drawn))
    if game.sea_display:
        sea = content.sea_tiles
        lines.append(
            "sea tiles: "
            + "  ".join(
                f"#{t} cost {_letters(sea[t].cost)}, {sea[t].pp}pp" for t in game.sea_display
            )
        )
    return "\n".join(lines)


def _offer(game: Game, tile_id: str) -> str:
    stake = game.bid_on(tile_id)
    bid = f" @{stake.seat}:{stake.amount}" if stake else ""
    return f"{_tile(game.content.tile(tile_id))} min {price(game, tile_id)}{bid}"


def _seat(game: Game, seat: int, realm: Realm) -> str:
    content = game.content
    acting = ">" if seat in to_act(game) else " "
    row = [_tile(content.tile(b), b in realm.unpaid) for b in reversed(realm.buildings)]
    row.append(f"<{realm.civilization}>")
    row += [_tile(content.tile(t)) for t in realm.lands]
    holding = realm.holding
    tracks = " ".join(f"{holding.get(name)}{letter}" for letter, name in TRACKS)
    seat_sides = sides(game, seat)
    sea = f" sea {list(realm.sea)}" if realm.sea else ""
    return (
        f"{acting}seat {seat} {realm.civilization}: {tracks} {holding.inhabitants}P{sea}\n"
        f"  {' '.join(row)}\n"
        f"  score {seat_sides.score} = min(prestige {seat_sides.prestige}, "
        f"3 x inhabitants {seat_sides.population})"
    )
