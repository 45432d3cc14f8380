"""Live play in the domain, on the test-only games: clocks from stamped times, timeouts,
resignation, abandonment and takebacks (docs/live-play.md)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import pytest

from domain.core import Reseed, RuleViolation, SetUp
from domain.core.live import (
    Abandon,
    AnswerTakeback,
    Forfeit,
    Resign,
    ResumeClocks,
    ReturnToSeat,
    Stamped,
    TakeBack,
    TimedOut,
    TimeOut,
    stamp_time,
)
from tests.support import counting, sealed
from tests.support.play import seed_for

T0 = 1_800_000_000_000
DECK = {"deck": [9, 8, 7, 6, 5, 4, 3, 2, 1]}


@dataclass
class Game:
    """A game decided in memory, every decision stamped with a time given by the test."""

    ruleset: Any
    state: Any = None
    log: list[tuple[Any, tuple[Any, ...]]] = field(default_factory=list)

    @classmethod
    def start(cls, seats: int, ruleset: Any = counting.COUNTING_V2, **options: Any) -> Game:
        game = cls(ruleset)
        setup = SetUp(
            seats=seats,
            seed=seed_for("live"),
            options=options,
            setup=DECK if ruleset is counting.COUNTING_V2 else None,
            content=ruleset.content_hash,
        )
        game.apply(setup, T0)
        return game

    def apply(self, command: Any, at: int) -> tuple[Any, ...]:
        state = self.ruleset.initial_state if self.state is None else self.state
        events = self.ruleset.decide(state, command, at)
        self.state = self.ruleset.fold(events, state)
        self.log.append((command, events))
        self.settle(at)
        return events

    def settle(self, at: int) -> None:
        due = self.ruleset.system_command(self.state)
        while due is not None:
            events = self.ruleset.decide(self.state, due, at)
            self.state = self.ruleset.fold(events, self.state)
            self.log.append((due, events))
            due = self.ruleset.system_command(self.state)

    def refused(self, command: Any, at: int = T0) -> str:
        with pytest.raises(RuleViolation) as refusal:
            self.ruleset.decide(self.state, command, at)
        return refusal.value.code

    def refolded(self) -> Any:
        """The state folded again from every stored event, as a replay would."""
        return self.ruleset.fold(e for _, events in self.log for e in events)


def test_a_game_without_live_options_has_no_stamps_and_stores_no_options() -> None:
    game = Game.start(2)
    game.apply(counting.Add(seat=0, amount=1), T0 + 5)
    assert not any(isinstance(e, Stamped) for _, events in game.log for e in events)
    assert "time_control" not in game.state.options


def test_fischer_clocks_charge_the_running_seat_and_add_its_increment() -> None:
    game = Game.start(2, time_control="fischer", bank_seconds=60, increment_seconds=2)
    assert game.state.live.banks == (60_000, 60_000)
    assert game.ruleset.deadline(game.state) == T0 + 60_000
    events = game.apply(counting.Add(seat=0, amount=1), T0 + 10_000)
    assert stamp_time(events) == T0 + 10_000
    assert game.state.live.banks == (52_000, 60_000)
    assert game.ruleset.deadline(game.state) == T0 + 10_000 + 60_000
    assert game.refolded() == game.state


def test_a_fischer_timeout_is_refused_early_and_forfeits_when_due() -> None:
    game = Game.start(2, time_control="fischer", bank_seconds=60, increment_seconds=0)
    assert game.refused(TimeOut(), T0 + 59_999) == "not_due"
    events = game.apply(TimeOut(), T0 + 61_000)
    assert events[-1] == TimedOut(seats=(0,), consequence="forfeit", ends=True)
    assert game.ruleset.is_terminal(game.state)
    result = game.ruleset.result(game.state)
    assert result.ranks == (2, 1)
    assert result.verdict["ending"] == "timed_out"
    assert result.verdict["winner"] == 1
    assert game.refused(counting.Add(seat=1, amount=1)) == "game_over"


def test_per_move_allowance_is_spent_before_the_reserve() -> None:
    game = Game.start(
        2, time_control="per_move", allowance_seconds=100, bank_seconds=50, on_timeout="bot"
    )
    game.apply(counting.Add(seat=0, amount=1), T0 + 120_000)  # 20 s past the allowance
    assert game.state.live.banks == (30_000, 50_000)
    # seat 1's move starts afresh: its deadline is a whole allowance plus its reserve
    assert game.ruleset.deadline(game.state) == T0 + 120_000 + 150_000
    events = game.apply(TimeOut(), T0 + 120_000 + 150_000)
    assert events[-1] == TimedOut(seats=(1,), consequence="bot", ends=False)
    assert game.state.live.stand_ins == {1}
    assert game.ruleset.deadline(game.state) is None  # a bot's turn runs no clock
    game.apply(counting.Add(seat=1, amount=1), T0 + 300_000)
    game.apply(ReturnToSeat(seat=1), T0 + 301_000)
    assert game.state.live.stand_ins == frozenset()
    assert game.refused(ReturnToSeat(seat=1)) == "not_stood_in"
    assert game.refolded() == game.state


def test_simultaneous_seats_each_run_their_own_clock() -> None:
    game = Game.start(3, sealed.SEALED, time_control="fischer", bank_seconds=30)
    game.apply(sealed.Seal(seat=1, word="pear"), T0 + 10_000)
    # all three clocks ran; seat 1 earned its increment, and its clock stops now
    assert game.state.live.banks == (20_000, 25_000, 20_000)
    game.apply(sealed.Seal(seat=0, word="fig"), T0 + 20_000)
    assert game.state.live.banks == (15_000, 25_000, 10_000)
    assert game.ruleset.deadline(game.state) == T0 + 20_000 + 10_000


def test_resigning_at_two_seats_gives_the_other_seat_the_win() -> None:
    game = Game.start(2)
    game.apply(Resign(seat=1), T0)
    result = game.ruleset.result(game.state)
    assert result.ranks == (1, 2)
    assert result.verdict["ending"] == "resigned"
    assert game.refolded() == game.state


def test_resigning_at_four_seats_plays_on_with_a_bot_and_ranks_the_seat_last() -> None:
    game = Game.start(4)
    game.apply(Resign(seat=2), T0)
    assert not game.ruleset.is_terminal(game.state)
    assert game.state.live.stand_ins == {2}
    assert game.refused(Resign(seat=2)) == "already_out"
    while not game.ruleset.is_terminal(game.state):
        seat = min(game.ruleset.to_act(game.state))
        game.apply(counting.Draw(seat=seat), T0)
        if not game.ruleset.is_terminal(game.state):
            seat = min(game.ruleset.to_act(game.state))
            game.apply(counting.Add(seat=seat, amount=3), T0)
    result = game.ruleset.result(game.state)
    assert result.ranks[2] == 4
    others = result.ranks[:2] + result.ranks[3:]
    assert min(others) == 1
    assert max(others) <= 3


def test_three_resignations_at_four_seats_end_the_game() -> None:
    game = Game.start(4, on_resign="bot")
    for seat in (0, 1, 3):
        game.apply(Resign(seat=seat), T0)
    result = game.ruleset.result(game.state)
    assert result.ranks == (2, 2, 1, 2)
    assert result.verdict["winner"] == 2


@pytest.mark.parametrize("seats", [2, 4])
def test_abandoning_ends_with_no_winner_and_a_reason(seats: int) -> None:
    game = Game.start(seats)
    game.apply(counting.Add(seat=0, amount=1), T0)
    assert game.refused(Abandon(by="creator", reason=" ")) == "invalid_command"
    game.apply(Abandon(by="creator", reason="nobody came back"), T0)
    result = game.ruleset.result(game.state)
    assert result.ranks == (0,) * seats
    assert result.verdict == {
        "ending": "abandoned",
        "seat": None,
        "reason": "nobody came back",
        "out": [],
        "winner": None,
    }
    assert game.refused(Abandon(by="creator", reason="again")) == "game_over"


def test_a_takeback_returns_to_the_state_before_the_decision() -> None:
    game = Game.start(2, takebacks="free")
    game.apply(counting.Add(seat=0, amount=2), T0)
    before = game.state
    game.apply(counting.Add(seat=1, amount=1), T0)
    game.apply(TakeBack(seat=1), T0)
    assert game.state.count == before.count
    assert game.state.turn == 1
    assert game.ruleset.to_act(game.state) == {1}
    assert game.refolded() == game.state
    assert game.refused(TakeBack(seat=1)) == "nothing_to_take_back"


def test_a_takeback_after_a_draw_is_refused() -> None:
    game = Game.start(2, takebacks="free")
    game.apply(counting.Draw(seat=0), T0)
    assert game.refused(TakeBack(seat=0)) == "revealed_since"
    game.apply(counting.Add(seat=1, amount=1), T0)
    assert game.refused(TakeBack(seat=0)) == "not_your_decision"


def test_takebacks_are_refused_when_the_game_has_none() -> None:
    game = Game.start(2)
    game.apply(counting.Add(seat=0, amount=1), T0)
    assert game.refused(TakeBack(seat=0)) == "takebacks_off"


def test_a_takeback_with_consent_waits_for_every_other_seat() -> None:
    game = Game.start(3, takebacks="consent")
    game.apply(counting.Add(seat=0, amount=1), T0)
    game.apply(TakeBack(seat=0), T0)
    assert game.state.count == 1
    assert game.refused(TakeBack(seat=0)) == "takeback_pending"
    assert game.refused(AnswerTakeback(seat=0, accept=True)) == "not_yours_to_answer"
    game.apply(AnswerTakeback(seat=1, accept=True), T0)
    assert game.state.count == 1
    game.apply(AnswerTakeback(seat=2, accept=True), T0)
    assert game.state.count == 0
    assert game.refolded() == game.state


def test_a_refused_consent_keeps_the_decision() -> None:
    game = Game.start(2, takebacks="consent")
    game.apply(counting.Add(seat=0, amount=1), T0)
    game.apply(TakeBack(seat=0), T0)
    game.apply(AnswerTakeback(seat=1, accept=False), T0)
    assert game.state.count == 1
    assert game.state.live.pending is None


def test_live_options_are_checked() -> None:
    with pytest.raises(RuleViolation) as refusal:
        Game.start(2, time_control="hourglass")
    assert refusal.value.code == "invalid_option"


def test_a_forks_fresh_luck_restarts_the_clocks_without_charging_the_gap() -> None:
    game = Game.start(2, time_control="fischer", bank_seconds=60, increment_seconds=0)
    game.apply(counting.Add(seat=0, amount=1), T0 + 10_000)
    later = T0 + 3_600_000
    game.apply(Reseed(seed=seed_for("fork")), later)
    assert game.state.live.banks == (50_000, 60_000)
    assert game.ruleset.deadline(game.state) == later + 60_000


def test_resuming_the_clocks_restarts_them_at_its_stamp_without_charging_the_gap() -> None:
    game = Game.start(2, time_control="fischer", bank_seconds=60, increment_seconds=0)
    game.apply(counting.Add(seat=0, amount=1), T0 + 10_000)
    later = T0 + 3_600_000
    (stamp,) = game.apply(ResumeClocks(), later)
    assert stamp == Stamped(at=later, seat=None, banks=(50_000, 60_000), used=(0, 0),
                            running=(1,))  # fmt: skip
    assert game.ruleset.deadline(game.state) == later + 60_000
    game.apply(counting.Add(seat=1, amount=1), later + 7_000)
    assert game.state.live.banks == (50_000, 53_000)
    assert game.refolded() == game.state


def test_resuming_the_clocks_of_a_game_without_any_is_refused() -> None:
    assert Game.start(2).refused(ResumeClocks()) == "invalid_command"
    assert Game.start(2, takebacks="free").refused(ResumeClocks()) == "invalid_command"


def test_a_forfeit_ends_the_game_with_the_forfeiters_last_and_the_clocks_stopped() -> None:
    # issue #25: a league's recorded forfeit ends the game as the system's decision
    game = Game.start(4, time_control="fischer", bank_seconds=300, increment_seconds=3)
    game.apply(counting.Add(seat=0, amount=1), T0 + 1_000)
    assert game.refused(Forfeit(seats=(), by="operator", reason="no show")) == "invalid_command"
    assert game.refused(Forfeit(seats=(4,), by="operator", reason="x")) == "invalid_command"
    everyone = Forfeit(seats=(0, 1, 2, 3), by="operator", reason="nobody came")
    assert game.refused(everyone) == "invalid_command"
    assert game.refused(Forfeit(seats=(1,), by="operator", reason=" ")) == "invalid_command"
    game.apply(Forfeit(seats=(3, 1), by="league organiser boss", reason="no show"), T0 + 2_000)
    result = game.ruleset.result(game.state)
    assert result.ranks == (1, 2, 1, 2)
    assert result.verdict["ending"] == "forfeited" and result.verdict["reason"] == "no show"
    assert result.verdict["out"] == [1, 3]
    assert game.ruleset.to_act(game.state) == frozenset()
    assert game.refused(counting.Add(seat=1, amount=1)) == "game_over"
    assert game.refolded() == game.state
