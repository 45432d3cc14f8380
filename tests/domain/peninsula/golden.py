"""Golden games: recorded decisions and the events they produced, replayed on every run.

Each file is NDJSON: a first line with the ``set_up`` command, then one line per decision:
the command as JSON and the events it produced as stored records. Replaying decides every
command again and must produce the same events. Regenerate after an intended rule or
content change with ``python -m tests.domain.peninsula.golden``.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from domain.core import Luck, SetUp, registry
from domain.games.peninsula import RULESET
from tests.domain.peninsula.play import seed_for

FOLDER = Path(__file__).parent / "golden"
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


def record(name: str) -> list[dict[str, Any]]:
    seats, bot, extra = GAMES[name]
    setup = {**FIXED, **({"map": extra["map"]} if "map" in extra else {})}
    options = {k: v for k, v in extra.items() if k != "map"}
    command = SetUp(seats=seats, seed=seed_for(f"golden-{name}"), options=options, setup=setup)
    events = RULESET.decide(RULESET.initial_state, command)
    lines: list[dict[str, Any]] = [
        {
            "set_up": {"seats": seats, "seed": command.seed, "options": options, "setup": setup},
            "events": _records(events),
        }
    ]
    game = RULESET.fold(events)
    luck = Luck(seed_for(f"golden-bots-{name}"))
    while not RULESET.is_terminal(game):
        seat = min(RULESET.to_act(game))
        decision = RULESET.bots[bot](game, seat, luck)
        luck = Luck(luck.seed, luck.counter + 1)
        events = RULESET.decide(game, decision)
        game = RULESET.fold(events, game)
        lines.append({"command": registry.command_to_json(decision), "events": _records(events)})
    return lines


def replay(lines: list[dict[str, Any]]) -> list[list[list[Any]]]:
    """The events each recorded decision produces when decided again."""
    first = lines[0]["set_up"]
    command = SetUp(
        seats=first["seats"], seed=first["seed"], options=first["options"], setup=first["setup"]
    )
    events = RULESET.decide(RULESET.initial_state, command)
    produced = [_records(events)]
    game = RULESET.fold(events)
    for line in lines[1:]:
        decision = registry.command_from_json(RULESET, line["command"])
        events = RULESET.decide(game, decision)
        game = RULESET.fold(events, game)
        produced.append(_records(events))
    return produced


def load(name: str) -> list[dict[str, Any]]:
    text = (FOLDER / f"{name}.ndjson").read_text()
    return [json.loads(line) for line in text.splitlines() if line]


def main() -> None:
    for name in GAMES:
        lines = record(name)
        text = "".join(json.dumps(line, sort_keys=True) + "\n" for line in lines)
        (FOLDER / f"{name}.ndjson").write_text(text)
        print(f"{name}: {len(lines)} decisions")


if __name__ == "__main__":
    main()
