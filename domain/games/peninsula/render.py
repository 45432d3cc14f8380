"""A terminal drawing of a seat's map sheet, with the table around it.

Each hex is three characters: a marker (``@`` architect, ``1``-``6`` landmark), the icon
(lower case drawn, upper case filled; ``.`` empty land, ``~`` sea, ``=`` lake) and an add-on
(``^`` cliffs, ``H`` harbor hex). Odd rows are shifted half a hex, as on the sheet.
"""

from __future__ import annotations

from domain.core import Viewer
from domain.games.peninsula.cards import card_label
from domain.games.peninsula.content import MapSpec
from domain.games.peninsula.hexes import Hex, from_offset
from domain.games.peninsula.scoring import breakdown
from domain.games.peninsula.state import Game, Sheet

LETTERS = {"village": "v", "boat": "b", "tunnel": "t", "forest": "f", "mountain": "m"}
COLUMNS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
LEGEND = (
    "Each hex is marker, icon, add-on. Marker: @ the architect, 1-6 a landmark."
    " Icon: v village, b boat, t tunnel, f forest, m mountain (upper case: filled),"
    " . empty land, ~ sea, = lake. Add-on: ^ cliffs, H a harbor's land hex."
    " Arrows: A->B a canal, A<->B a street or bridge."
)


def render(game: Game, viewer: Viewer) -> str:
    if game.phase == "setup":
        return "Peninsula: not set up yet"
    if viewer is not None and 0 <= viewer < game.seats:
        seats = [viewer]
    else:
        seats = list(range(min(game.seats, 4)))
    parts = [_table(game)]
    for seat in seats:
        parts.append(_sheet(game, seat, game.sheets[seat]))
    return "\n\n".join(parts)


def _table(game: Game) -> str:
    lines = [f"Peninsula, map {game.map.id}, round {game.round}, {game.phase} ({game.mode})"]
    if game.face_up:
        lines.append("face up: " + ", ".join(card_label(c) for c in game.face_up))
    if game.flipped:
        left = " + ".join(c[0] for c in game.flipped)
        right = " + ".join(c[1] for c in game.flipped)
        lines.append(f"river: left {left} | right {right}")
    lines.append(f"pile: {len(game.pile)} cards; active seat {game.active}")
    if game.missions:
        lines.append("missions: " + "  ".join(f"{m.letter} {m.vp}VP" for m in game.missions))
    if game.bonuses:
        lines.append("landmarks: " + "  ".join(f"{n} {b}" for n, b in sorted(game.bonuses.items())))
    return "\n".join(lines)


def _cell(spec: MapSpec, sheet: Sheet, h: Hex) -> str:
    if h in spec.sea:
        return " ~ "
    if h in spec.lake:
        return " = "
    if h not in spec.land:
        return "   "
    marker = " "
    landmark = next((n for n, where in spec.landmarks.items() if where == h), None)
    if landmark is not None:
        marker = str(landmark)
    if sheet.location == h:
        marker = "@"
    icon = sheet.icons.get(h)
    letter = "." if icon is None else LETTERS[icon]
    if h in sheet.filled:
        letter = letter.upper()
    addon = "^" if h in sheet.cliffs else ("H" if h in sheet.harbor_lands else " ")
    return marker + letter + addon


def _grid(spec: MapSpec, sheet: Sheet) -> list[str]:
    hexes = spec.hexes()
    rows = range(min(h.r for h in hexes), max(h.r for h in hexes) + 1)
    cols = range(min(h.column for h in hexes), max(h.column for h in hexes) + 1)
    lines = ["    " + " ".join(f" {COLUMNS[c]} " if 0 <= c < 26 else "   " for c in cols)]
    for r in rows:
        shift = "  " if r % 2 else ""
        cells = " ".join(_cell(spec, sheet, from_offset(c, r)) for c in cols)
        lines.append(f"{r + 1:>3} {shift}{cells}")
    return lines


def _sheet(game: Game, seat: int, sheet: Sheet) -> str:
    spec = game.map
    hand = game.allowances[seat].hand
    lines = [f"seat {seat}: at {sheet.location}, hand {', '.join(hand) or '-'}"]
    lines += _grid(spec, sheet)
    arrows = [
        f"{a.start}{'->' if a.kind == 'canal' else '<->'}{a.end} {a.kind}" for a in sheet.arrows
    ]
    arrows += [f"{sea}->{land} harbor" for sea, land in sheet.drawn_harbors]
    if arrows:
        lines.append("arrows: " + "; ".join(arrows))
    lines.append(
        "cliffs: " + (", ".join(f"{h}x{n}" for h, n in sorted(sheet.cliffs.items())) or "-")
    )
    available = sorted(sheet.available_tickets())
    landmarks = ", ".join(map(str, sorted(sheet.landmarks))) or "-"
    missions = ", ".join(f"{m} {icon}" for m, icon in sorted(sheet.missions.items())) or "-"
    lines.append(
        f"tickets: {', '.join(available) or '-'}; lifesavers {sheet.lifesavers}; "
        f"landmarks reached {landmarks}; missions claimed {missions}"
    )
    points = breakdown(game, sheet)
    lines.append(
        f"score {sum(points.values())}: " + ", ".join(f"{k} {v}" for k, v in points.items() if v)
    )
    return "\n".join(lines)
