"""Correspondence time controls (issue #25): days per move, no reserve, unused days lost
(docs/live-play.md "Options")."""

from __future__ import annotations

import pytest

from domain.core import RuleViolation
from domain.core.live import TimedOut, TimeOut
from tests.domain.core.test_live_play import T0, Game
from tests.support import counting

DAY = 86_400_000


def test_each_move_has_its_days_and_unused_days_are_lost() -> None:
    game = Game.start(2, time_control="correspondence", days_per_move=2)
    assert game.state.live.banks == (0, 0)
    assert game.ruleset.deadline(game.state) == T0 + 2 * DAY
    game.apply(counting.Add(seat=0, amount=1), T0 + DAY // 2)
    # seat 1 gets two whole days from seat 0's move; seat 0 keeps nothing it did not use
    assert game.ruleset.deadline(game.state) == T0 + DAY // 2 + 2 * DAY
    assert game.state.live.banks == (0, 0)
    game.apply(counting.Add(seat=1, amount=1), T0 + DAY // 2 + 2 * DAY - 1)
    assert game.ruleset.deadline(game.state) == T0 + DAY // 2 + 4 * DAY - 1
    assert game.refolded() == game.state


def test_a_move_late_by_a_day_times_out() -> None:
    game = Game.start(2, time_control="correspondence", days_per_move=1)
    assert game.refused(TimeOut(), T0 + DAY - 1) == "not_due"
    events = game.apply(TimeOut(), T0 + DAY)
    assert events[-1] == TimedOut(seats=(0,), consequence="forfeit", ends=True)
    assert game.ruleset.result(game.state).ranks == (2, 1)


def test_the_default_is_three_days_and_the_reserve_options_are_ignored() -> None:
    game = Game.start(2, time_control="correspondence", bank_seconds=600, allowance_seconds=60)
    assert game.state.live.banks == (0, 0)
    assert game.ruleset.deadline(game.state) == T0 + 3 * DAY


@pytest.mark.parametrize("days", [0, 61])
def test_days_per_move_are_bounded(days: int) -> None:
    with pytest.raises(RuleViolation) as refusal:
        Game.start(2, time_control="correspondence", days_per_move=days)
    assert refusal.value.code == "invalid_option"
