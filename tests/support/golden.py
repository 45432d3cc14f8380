"""Golden games decided again by the domain alone (no database): each recorded decision's
command, decided on the state before it, must give exactly the recorded events."""

from __future__ import annotations

import itertools
from pathlib import Path
from typing import Any

from domain.core import Ruleset, registry


def decide_again(
    ruleset: Ruleset[Any, Any, Any], path: Path, events: list[dict[str, Any]]
) -> tuple[Any, int]:
    """The state after the recorded ``events`` of ``path``, each decision decided again and
    checked against what was recorded, and how many decisions there were."""
    state = ruleset.initial_state
    decisions = 0
    for _, group in itertools.groupby(events, key=lambda e: e["decision_seq"]):
        recorded = list(group)
        command = registry.command_from_json(
            ruleset, recorded[0]["command"], types=ruleset.stored_command_types
        )
        decided = ruleset.decide(state, command)
        assert [list(registry.event_to_record(e)) for e in decided] == [
            [e["type"], e["schema_version"], e["payload"]] for e in recorded
        ], f"{path.name}: decision {recorded[0]['decision_seq']}"
        state = ruleset.fold(decided, state)
        decisions += 1
    return state, decisions
