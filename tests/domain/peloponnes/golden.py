"""Golden games: complete recorded games in replays/peloponnes/, in the replay format.

They are recorded the way ``cairn simulate`` and ``cairn export`` record a game: created and
played by bots through the application into the store (the system's decisions included),
then exported. ``tests/service/test_golden_replays.py`` audits, imports and re-exports each
one; ``test_golden.py`` decides every recorded command again with the domain alone.

Record them again after an intended rule or content change (a new rules version keeps the
old files) with ``python -m tests.domain.peloponnes.golden`` from the repository root; it
uses ``DATABASE_URL`` or the embedded PostgreSQL under ``CAIRN_HOME``.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

FOLDER = Path(__file__).resolve().parents[3] / "replays" / "peloponnes"
SEA = {"sea_tiles": True}
EXPANSION = {"sea_tiles": True, "six_player_tiles": "yes"}
GAMES: dict[str, dict[str, Any]] = {
    "six-seats-sea-greedy": {"seats": 6, "options": SEA, "bots": ("greedy",) * 6},
    "two-seats-greedy": {"seats": 2, "options": {}, "bots": ("greedy", "greedy")},
    "three-seats-expansion-stockade": {
        "seats": 3,
        "options": EXPANSION,
        "bots": ("greedy",) * 3,
        # the Stockade on top of stack A, the earthquake's chits low in the pile: Sparta
        # takes it, keeps it, and chooses at the end
        "setup": {
            "civilizations": ["Korinth", "Sparta", "Pylos"],
            "stacks": {"A": ["A16"]},
            "chits": ["plague", "drought", "decline", "tempest", "blank", "plague"],
        },
    },
    "four-seats-random": {"seats": 4, "options": {}, "bots": ("random",) * 4},
    "solo-expansion-greedy": {"seats": 1, "options": EXPANSION, "bots": ("greedy",)},
}


def seed_for(label: str) -> str:
    return hashlib.sha256(label.encode()).hexdigest()


def record(app: Any, name: str) -> str:
    from service.replays import export_game

    spec = GAMES[name]
    bots = spec["bots"]
    created = app.create_game(
        "peloponnes",
        spec["seats"],
        options=spec["options"],
        setup=spec.get("setup"),
        seat_info=[{"kind": "bot", "bot": bot} for bot in bots],
        seed=seed_for(f"golden-{name}"),
    )
    app.play_bots(created.game_id, dict(enumerate(bots)), seed_for(f"golden-bots-{name}"))
    text: str = export_game(app.store, created.game_id)
    return text


def files() -> list[Path]:
    return sorted(FOLDER.glob("*.ndjson"))


def lines(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line]


def main() -> None:
    from cli.database import open_app

    FOLDER.mkdir(parents=True, exist_ok=True)
    with open_app() as app:
        for name in GAMES:
            text = record(app, name)
            (FOLDER / f"{name}.ndjson").write_text(text, encoding="utf-8")
            print(f"{name}: {len(text.splitlines()) - 1} events")


if __name__ == "__main__":
    main()
