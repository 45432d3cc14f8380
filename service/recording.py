"""What a ruleset needs recorded for its tests: a golden replay (a seeded bot game played
through the application and exported) and the viewer's snapshots of it.

``cairn ruleset record`` calls ``record``; the suites find the files by ruleset id under
``replays/<id>/`` (docs/ruleset-contract.md, "Recordings").
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from domain.core import registry
from service.application import Application, ApplicationError, BadRequest
from service.replays import export_game, parse
from service.simulation import simulate
from service.viewer.snapshots import MIDDLE, VIEWERS, decision_end, snapshot, who

SNAPSHOTS = "viewer"
"""The folder, inside a ruleset's recordings, of its viewer snapshots."""


class AlreadyRecorded(ApplicationError):
    code = "already_recorded"


@dataclass(frozen=True)
class Recording:
    """One file to write: a golden replay or a viewer snapshot."""

    path: Path
    kind: str
    text: str

    def to_json(self) -> dict[str, Any]:
        return {"path": str(self.path), "kind": self.kind, "bytes": len(self.text.encode())}


def golden_name(seats: int, bot: str) -> str:
    return f"{seats}-seats-{bot}"


def plan(
    app: Application,
    ruleset_id: str,
    into: Path,
    *,
    seats: int | None = None,
    bot: str = "greedy",
    seed: str = "golden",
    options: Mapping[str, Any] | None = None,
    name: str | None = None,
    replace: bool = False,
) -> list[Recording]:
    """Play one seeded bot game and return its replay file and its snapshots, to write
    under ``into``; nothing is written here. A golden replay is a regression test, so one
    already there is refused unless ``replace``."""
    ruleset = registry.get(ruleset_id)
    count = seats if seats is not None else min(max(ruleset.min_seats, 2), ruleset.max_seats)
    stem = name or golden_name(count, bot)
    if not stem or "/" in stem or stem.startswith("."):
        raise BadRequest(f"a recording's name is a plain file name, not {stem!r}")
    replay = f"{stem}.ndjson"
    targets = [into / replay, *(into / SNAPSHOTS / f"{stem}-{who(v)}.json" for v in VIEWERS)]
    there = [str(p) for p in targets if p.exists()]
    if there and not replace:
        raise AlreadyRecorded(
            f"{', '.join(there)} already recorded; give --replace to record them again"
        )
    game = next(simulate(app, ruleset_id, 1, count, bot, options, seed))
    text = export_game(app.store, game.game_id)
    trail = parse(text)
    at = decision_end(trail, MIDDLE)
    recordings = [Recording(targets[0], "replay", text)]
    for viewer, path in zip(VIEWERS, targets[1:], strict=True):
        shot = json.dumps(snapshot(trail, replay, at, viewer), indent=1, ensure_ascii=False)
        recordings.append(Recording(path, "snapshot", shot + "\n"))
    return recordings


def write(recordings: list[Recording]) -> None:
    for recording in recordings:
        recording.path.parent.mkdir(parents=True, exist_ok=True)
        recording.path.write_text(recording.text, encoding="utf-8")
