"""Golden games: recorded decisions and the events they produced, replayed on every run.

Each file is NDJSON: a first line with the ``set_up`` command (and the rules version it was
recorded under, "1" when absent), then one line per decision: the command as JSON (a
seat's, or one the system decided) and the events it produced as stored records. Replaying
decides every command again under that rules version and must produce the same events.

The files without a version suffix were recorded under rules version 1 and are never
regenerated: they prove that version 1 games still replay exactly. Record the newest
version's files after an intended rule or content change with
``python -m tests.domain.peninsula.golden``.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from domain.core import Luck, Ruleset, SetUp, registry
from domain.games.peninsula import RULESET
from tests.domain.peninsula.play import seed_for

FOLDER = Path(__file__).parent / "golden"
FROZEN = ("two-seats", "four-seats", "solo")
"""Recorded under rules version 1; kept as they are."""
FIXED = {
    "map": "M1",
    "missions": ["A", "C", "H", "K", "M", "U"],
    "bonuses": ["LB01", "LB03", "LB07", "LB09", "LB10", "LB12"],
}
GAMES: dict[str, tuple[int, str, dict[str, Any]]] = {
    "two-seats": (2, "greedy", {}),
    "four-seats": (4, "greedy", {"map": "M2"}),
    "solo": (1, "greedy", {"solo_verdict": "difficulty", "solo_level": 2}),
}


def _records(events: tuple[Any, ...]) -> list[list[Any]]:
    return [list(registry.event_to_record(e)) for e in events]


def file_name(name: str, version: str) -> str:
    return f"{name}.ndjson" if version == "1" else f"{name}.v{version}.ndjson"


def record(name: str, ruleset: Ruleset[Any, Any, Any] = RULESET) -> list[dict[str, Any]]:
    seats, bot, extra = GAMES[name]
    setup = {**FIXED, **({"map": extra["map"]} if "map" in extra else {})}
    options = {k: v for k, v in extra.items() if k != "map"}
    command = SetUp(
        seats=seats,
        seed=seed_for(f"golden-{name}"),
        options=options,
        setup=setup,
        content=ruleset.content_hash,
    )
    events = ruleset.decide(ruleset.initial_state, command)
    lines: list[dict[str, Any]] = [
        {
            "rules_version": ruleset.rules_version,
            "set_up": {
                "seats": seats,
                "seed": command.seed,
                "options": options,
                "setup": setup,
                "content": command.content,
            },
            "events": _records(events),
        }
    ]
    game = ruleset.fold(events)
    luck = Luck(seed_for(f"golden-bots-{name}"))
    while not ruleset.is_terminal(game):
        decision = ruleset.system_command(game)
        if decision is None:
            seat = min(ruleset.to_act(game))
            decision = ruleset.bots[bot](game, seat, luck)
            luck = Luck(luck.seed, luck.counter + 1)
        events = ruleset.decide(game, decision)
        game = ruleset.fold(events, game)
        lines.append({"command": registry.command_to_json(decision), "events": _records(events)})
    return lines


def replay(lines: list[dict[str, Any]]) -> list[list[list[Any]]]:
    """The events each recorded decision produces when decided again."""
    ruleset = registry.get("peninsula", lines[0].get("rules_version", "1"))
    first = lines[0]["set_up"]
    command = SetUp(
        seats=first["seats"],
        seed=first["seed"],
        options=first["options"],
        setup=first["setup"],
        content=first.get("content"),
    )
    events = ruleset.decide(ruleset.initial_state, command)
    produced = [_records(events)]
    game = ruleset.fold(events)
    for line in lines[1:]:
        types = ruleset.stored_command_types
        decision = registry.command_from_json(ruleset, line["command"], types=types)
        events = ruleset.decide(game, decision)
        game = ruleset.fold(events, game)
        produced.append(_records(events))
    return produced


def load(file: str) -> list[dict[str, Any]]:
    text = (FOLDER / file).read_text()
    return [json.loads(line) for line in text.splitlines() if line]


def files() -> list[str]:
    """Every golden file: the frozen version 1 ones and the newest version's."""
    return sorted(p.name for p in FOLDER.glob("*.ndjson"))


def main() -> None:
    for name in GAMES:
        lines = record(name)
        text = "".join(json.dumps(line, sort_keys=True) + "\n" for line in lines)
        (FOLDER / file_name(name, RULESET.rules_version)).write_text(text)
        print(f"{name}: {len(lines)} decisions")


if __name__ == "__main__":
    main()
