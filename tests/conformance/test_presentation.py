"""One convention for a terminal drawing and its legend, over every registered ruleset:
``render`` draws only the position; the legend is ``Presentation.legend``, which the
platform prints under the drawing once (``cairn show`` printed it twice for a game that
drew it in ``render`` too)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.support.play import play
from tests.support.rulesets import every_version

SAMPLES = 6  # positions drawn along each game, the first and the last among them


def drawn_positions(ruleset: Any) -> list[str]:
    seats = min(max(ruleset.min_seats, 2), ruleset.max_seats)
    label = f"presentation:{ruleset.id}:{ruleset.rules_version}"
    states = [step.state for step in play(ruleset, seats, label=label, bot="greedy")]
    picked = {round(i * (len(states) - 1) / (SAMPLES - 1)) for i in range(SAMPLES)}
    return [ruleset.render(states[i], viewer) for i in sorted(picked) for viewer in (None, 0)]


def legend_lines(drawing: str, legend: str) -> list[str]:
    """Lines of a drawing that are a legend: labelled as one, or the ruleset's own."""
    found = [line for line in drawing.splitlines() if line.lower().startswith("legend")]
    if legend and legend in drawing:
        found.append(legend)
    return found


@pytest.mark.parametrize("ruleset", every_version())
def test_render_draws_the_position_and_leaves_the_legend_to_the_platform(ruleset: Any) -> None:
    legend = ruleset.presentation.legend
    assert not legend.lower().startswith("legend"), "the platform labels the legend itself"
    for drawing in drawn_positions(ruleset):
        assert legend_lines(drawing, legend) == [], (
            f"{ruleset.id}: render draws a legend; give it as Presentation.legend instead"
        )


@pytest.mark.parametrize(
    ("drawing", "legend"),
    [
        ("board\nlegend: x marks the spot", ""),
        ("board\nLegend: x marks the spot", "x marks the spot"),
        ("board\nx marks the spot", "x marks the spot"),
    ],
)
def test_the_check_sees_a_legend_drawn_in_render(drawing: str, legend: str) -> None:
    assert legend_lines(drawing, legend) != []
