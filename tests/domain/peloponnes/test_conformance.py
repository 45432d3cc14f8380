"""The conformance checks (tests/conformance/checks.py) over every seat count, 1 to 6, with
and without the expansion's options, for both bots: seeded games finish without error,
refold to the live state, list only commands decide accepts, and leak nothing hidden."""

from __future__ import annotations

from typing import Any

import pytest

from domain.games.peloponnes import RULESET
from tests.conformance.checks import Game
from tests.support.play import play

SEA = {"sea_tiles": True}
SIX = {"six_player_tiles": "yes"}
BOTH = {**SEA, **SIX}
READINGS = {
    "thirds": "round_down",
    "supply_timing": "round_end",
    "turn_order": "amount_paid",
    "storage": "unlimited",
    "unpaid_buildings": "active",
    "tie_break": "shared",
    "compensation": 0,
    "protects_A17": "earthquake",
    "protects_B17": "none",
    "abilities_A11": "none",
}
CASES: list[tuple[int, dict[str, Any]]] = [
    (1, {}),
    (1, BOTH),
    (2, SEA),
    (3, {}),
    (3, SIX),
    (4, BOTH),
    (5, {}),
    (5, SEA),
    (6, {}),
    (6, SEA),
    (2, {**BOTH, **READINGS}),
    (4, {"turn_order": "fixed", "supply_timing": "round_end"}),
]


@pytest.mark.parametrize("bot", ["random", "greedy"])
@pytest.mark.parametrize(("seats", "options"), CASES, ids=lambda v: str(v))
def test_a_seeded_game_conforms(seats: int, options: dict[str, Any], bot: str) -> None:
    label = f"peloponnes-conformance:{seats}:{sorted(options.items())}:{bot}"
    game = Game(RULESET, seats)
    steps = []
    for step in play(RULESET, seats, label=label, bot=bot, options=options):
        game.check(step)
        steps.append(step)
    game.finish()
    final = steps[-1].state
    assert RULESET.is_terminal(final)
    result = RULESET.result(final)
    assert result is not None and result.scores == final.final_scores
