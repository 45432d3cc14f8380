"""The legend is printed once, under the drawing, by every command that draws a board
(``cairn show``'s text is tested against a database in test_commands.py)."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from cli.main import cairn
from cli.replay import STEP_HELP
from domain.core import registry
from tests.support.recordings import golden_replays
from tests.support.shipped import shipped_rulesets


@pytest.mark.parametrize("ruleset_id", shipped_rulesets())
def test_replay_step_prints_the_legend_once_under_each_board(ruleset_id: str) -> None:
    recorded = golden_replays(ruleset_id)[0]
    result = CliRunner().invoke(cairn, ["replay", str(recorded), "--step", "--to", "6"], input=" q")
    assert result.exit_code == 0, result.output
    screens = result.stdout.count(STEP_HELP)
    assert screens == 2
    legend = registry.get(ruleset_id).presentation.legend
    assert result.stdout.count("legend:") == result.stdout.count(legend) == screens
