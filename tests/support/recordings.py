"""Where the suites find what a ruleset has recorded (``cairn ruleset record``): golden
replays in ``replays/<id>/`` and the viewer's snapshots of them in ``replays/<id>/viewer/``.
A ruleset without them fails with the command that records them."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from service.recording import SNAPSHOTS

REPLAYS = Path(__file__).resolve().parents[2] / "replays"


def missing(what: str, ruleset_id: str, folder: Path) -> str:
    root = REPLAYS.parent
    shown = folder.relative_to(root) if folder.is_relative_to(root) else folder
    return (
        f"{ruleset_id} has no {what} in {shown}/: record one"
        f" with `cairn ruleset record {ruleset_id}` from the repository's root"
        " (docs/ruleset-contract.md, 'Recordings')"
    )


def golden_replays(ruleset_id: str, root: Path = REPLAYS) -> list[Path]:
    """The ruleset's golden replays, by name; a clear failure if it has none."""
    folder = root / ruleset_id
    found = sorted(folder.glob("*.ndjson"))
    if not found:
        pytest.fail(missing("golden replay", ruleset_id, folder), pytrace=False)
    return found


def viewer_snapshots(ruleset_id: str, root: Path = REPLAYS) -> list[Path]:
    """The ruleset's viewer snapshots, by name; a clear failure if it has none."""
    folder = root / ruleset_id / SNAPSHOTS
    found = sorted(folder.glob("*.json"))
    if not found:
        pytest.fail(missing("viewer snapshot", ruleset_id, folder), pytrace=False)
    return found


def read(path: Path) -> dict[str, Any]:
    loaded: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return loaded
