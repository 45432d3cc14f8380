"""Which positions of a game an analysis looks at, and what its rollouts may know there.

A decision point is the position just before a seat's decision (the system's own decisions
are the rules resolving themselves, nobody's choice). What may be known there:

* A game whose whole log is public (finished, and every ancestor it copies is too): the
  graph redraws everything hidden from everyone (``keep`` None), as a spectator of that
  moment saw it; hints redraw what the acting seat could not see (``keep`` that seat).
* Otherwise (a live game, or a fork of one): only what the asking viewer may see now. A
  seat's rollouts keep its own knowledge (``keep`` that seat), a spectator's nothing; a
  seat sees the commands it played itself and no one else's; hints are for the asking
  seat's own decisions only, since another seat's legal commands show its hand.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from domain.core.registry import command_from_json
from service.application import NotASeat
from service.application.errors import NoSuchEvent
from service.application.visibility import revealed_in
from service.store import GameRecord, Store
from service.trail import Trail, trail_from_store


@dataclass(frozen=True)
class Point:
    """The position after event ``at``, where ``seat`` decided ``played`` (None if the
    viewer may not see what it chose)."""

    at: int
    seat: int
    played: dict[str, Any] | None


@dataclass(frozen=True)
class Scope:
    """A game as one viewer may analyse it."""

    trail: Trail
    public: bool
    viewer: int | None
    points: tuple[Point, ...]

    @property
    def viewer_key(self) -> str:
        """Who the results are for: everyone when the log is public, else this viewer."""
        if self.public:
            return "public"
        return "spectator" if self.viewer is None else f"seat:{self.viewer}"

    @property
    def graph_keep(self) -> int | None:
        return None if self.public else self.viewer

    def hint_point(self, at: int) -> Point:
        """The decision point at ``at``, if this viewer may have hints there."""
        point = next((p for p in self.points if p.at == at), None)
        if point is None:
            raise NoSuchEvent(f"no seat decides right after event {at}")
        if not self.public and point.seat != self.viewer:
            raise NotASeat(
                "hints in a game still hidden are for the seat that decided there, with its token"
            )
        return point


def scope(store: Store, game: GameRecord, viewer: int | None) -> Scope:
    trail = trail_from_store(store, game.game_id)
    revealed = revealed_in(store, game)
    public = all(revealed(event.seq) for event in trail.events)
    points: list[Point] = []
    for decision in trail.decisions():
        actor = decision[0].actor or ""
        if not actor.startswith("seat:"):
            continue
        seat = int(actor.removeprefix("seat:"))
        shown = public or seat == viewer
        played = decision[0].command if shown else None
        points.append(Point(decision[0].seq - 1, seat, played))
    return Scope(trail, public, viewer, tuple(points))


def played_command(ruleset: Any, point: Point) -> Any | None:
    """The played command as the domain's own value, to compare with the candidates."""
    if point.played is None:
        return None
    return command_from_json(ruleset, dict(point.played), seat=point.seat)
