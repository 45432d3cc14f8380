"""A content pack as a client needs it to draw the game: every map hex, harbor, landmark and
ticket slot, every mission pattern and bonus card.

Hexes are written as commands and events write them, ``{"q": q, "r": r}`` in axial
coordinates (hexes.py), with the sheet label beside them for people (``"label": "C4"``).
"""

from __future__ import annotations

from typing import Any

from domain.games.peninsula.content.model import Content, MapSpec, MissionSpec
from domain.games.peninsula.hexes import Hex


def place(h: Hex) -> dict[str, Any]:
    return {"q": h.q, "r": h.r, "label": str(h)}


def content_view(pack: Content) -> dict[str, Any]:
    return {
        "pack": pack.pack,
        "content_hash": pack.content_hash,
        "coordinates": "axial (q, r), pointy-top hexes, odd rows shifted east; labels are"
        " sheet column letter and row number",
        "maps": [_map(spec) for _, spec in sorted(pack.maps.items())],
        "missions": [_mission(m) for m in pack.missions],
        "bonus_cards": [{"id": c.id, "bonus": c.bonus, "name": c.name} for c in pack.bonus_cards],
        "lifesaver_chart": {str(k): v for k, v in sorted(pack.lifesaver_chart.items())},
        "challenges": [
            {
                "id": c.id,
                "name": c.name,
                "description": c.description,
                "seats": list(c.seats),
            }
            for c in pack.challenges
        ],
    }


def _map(spec: MapSpec) -> dict[str, Any]:
    terrain = [(h, "land") for h in spec.land]
    terrain += [(h, "sea") for h in spec.sea] + [(h, "lake") for h in spec.lake]
    return {
        "id": spec.id,
        "name": spec.name,
        "start": place(spec.start),
        "lifesavers": spec.lifesavers,
        "hexes": [
            {**place(h), "terrain": kind, "cliff_edges": spec.water_edges(h)}
            for h, kind in sorted(terrain)
        ],
        "harbors": [{"sea": place(h.sea), "land": place(h.land)} for h in spec.harbors],
        "landmarks": [{"number": n, **place(h)} for n, h in sorted(spec.landmarks.items())],
        "tickets": [
            {
                "id": t.id,
                "kind": t.kind,
                "unlock": t.unlock,
                "between_missions": list(t.between) if t.between else None,
            }
            for t in spec.tickets
        ],
    }


def _mission(mission: MissionSpec) -> dict[str, Any]:
    return {
        "letter": mission.letter,
        "name": mission.name,
        "vp": mission.vp,
        "ticked": [place(h) for h in sorted(mission.ticked)],
        "crossed": [place(h) for h in sorted(mission.crossed)],
    }
