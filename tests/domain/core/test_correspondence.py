"""Correspondence time controls (issue #25): days per move, no reserve, unused days lost
(docs/live-play.md "Options"); and a paused clock (a league vacation) charging nothing."""

from __future__ import annotations

import pytest

from domain.core import RuleViolation
from domain.core.live import PauseClock, TimedOut, TimeOut
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


def test_a_paused_clock_charges_nothing_until_its_pause_ends() -> None:
    game = Game.start(2, time_control="correspondence", days_per_move=1)
    game.apply(PauseClock(on_seat=0, until=T0 + 3 * DAY, by="vacation"), T0 + DAY // 2)
    # half a day used before the pause, half a day left after it
    assert game.ruleset.deadline(game.state) == T0 + 3 * DAY + DAY // 2
    assert game.refused(TimeOut(), T0 + 3 * DAY + DAY // 2 - 1) == "not_due"
    game.apply(counting.Add(seat=0, amount=1), T0 + 3 * DAY + DAY // 4)
    assert game.ruleset.deadline(game.state) == T0 + 4 * DAY + DAY // 4
    assert game.refolded() == game.state


def test_a_pause_of_the_other_seat_leaves_the_running_clock_alone() -> None:
    game = Game.start(2, time_control="fischer", bank_seconds=60, increment_seconds=0)
    game.apply(PauseClock(on_seat=1, until=T0 + 600_000, by="vacation"), T0 + 10_000)
    assert game.ruleset.deadline(game.state) == T0 + 60_000
    game.apply(counting.Add(seat=0, amount=1), T0 + 20_000)
    # seat 1's clock starts only when its pause ends
    assert game.ruleset.deadline(game.state) == T0 + 600_000 + 60_000


def test_pauses_are_refused_without_a_clock_or_in_the_past() -> None:
    assert Game.start(2).refused(PauseClock(0, T0 + DAY, "vacation")) == "untimed"
    game = Game.start(2, time_control="correspondence")
    assert game.refused(PauseClock(0, T0 - 1, "vacation")) == "invalid_command"
    game.apply(PauseClock(0, T0 + DAY, "vacation"), T0)
    assert game.refused(PauseClock(0, T0 + DAY, "vacation")) == "already_paused"
