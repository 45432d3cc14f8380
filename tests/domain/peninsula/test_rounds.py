"""Rounds: the simultaneous action phase, administration, the end, solo and fast play."""

from __future__ import annotations

import pytest

from domain.core import RuleViolation, SeedRevealed
from domain.games.peninsula import RULESET
from domain.games.peninsula.commands import (
    ChooseIcons,
    DraftCard,
    DrawIcon,
    EndActions,
    FillIcon,
    MoveArchitect,
)
from domain.games.peninsula.events import (
    ActionsEnded,
    CardRevealed,
    FinalWindowOpened,
    GameEnded,
    IconsChosen,
    RoundEnded,
    StackTopShown,
)
from domain.games.peninsula.state import Game, changed
from tests.domain.peninsula.play import play
from tests.domain.peninsula.scenario import Given, H, drafted, given


def test_every_seat_acts_in_the_action_phase():  # rulebook: Action Phase, "simultaneously"
    g = drafted(seats=3)
    assert RULESET.to_act(g.game) == {0, 1, 2}
    later = Given(g.when(EndActions(seat=2)).then(ActionsEnded(seat=2)))
    assert RULESET.to_act(later.game) == {0, 1}
    later.when(EndActions(seat=2)).rejected("not_your_turn")


def test_only_the_active_seat_acts_in_the_draft():  # rulebook: Drafting Phase
    assert RULESET.to_act(given(seats=3).game) == {0}


def test_when_all_are_done_the_next_seat_is_active_and_reveals():  # rulebook: Administration
    g = drafted().after(EndActions(seat=0))
    g.when(EndActions(seat=1)).then(
        ActionsEnded(seat=1),
        RoundEnded(round=1, next_active=1),
        CardRevealed(card=("village", "boat")),
    )


def test_the_active_seat_goes_clockwise():  # rulebook: Administration, "clockwise order"
    _, events = play(3, "random", "clockwise")
    actives = [e.next_active for e in events if isinstance(e, RoundEnded)]
    assert actives[:6] == [actives[0], (actives[0] + 1) % 3, (actives[0] + 2) % 3] * 2


def test_a_standard_game_has_24_rounds():  # rulebook: End of Game, "24 rounds in total"
    _, events = play(2, "random", "24")
    assert sum(isinstance(e, RoundEnded) for e in events) == 24
    assert FinalWindowOpened(rounds=24) in events


def test_a_solo_game_has_12_rounds():  # rulebook: Solo, End of Game, "12 rounds"
    _, events = play(1, "random", "12")
    assert FinalWindowOpened(rounds=12) in events
    assert sum(isinstance(e, IconsChosen) for e in events) == 12


def test_a_fast_game_has_24_rounds_too():  # rulebook: Play Faster, remove 6, 1 face-up card
    _, events = play(5, "random", "fast", {"fast": True})
    assert FinalWindowOpened(rounds=24) in events


def test_the_final_decision_ends_the_game_and_reveals_the_seed():  # Cairn: audits
    game, events = play(2, "greedy", "end")
    assert isinstance(events[-1], SeedRevealed) and isinstance(events[-2], GameEnded)
    assert RULESET.is_terminal(game) and events[-1].seed == game.luck.seed
    with pytest.raises(RuleViolation) as error:
        RULESET.decide(game, EndActions(seat=0))
    assert error.value.code == "game_over"


def test_the_final_window_allows_fills_and_claims_only():  # rulebook: End of Game
    _, events = play(2, "random", "window")
    index = next(i for i, e in enumerate(events) if isinstance(e, FinalWindowOpened))
    window = Given(RULESET.fold(events[: index + 1]))
    assert RULESET.to_act(window.game) == {0, 1}
    window.when(MoveArchitect(seat=0, to=H("E4"), by="boot")).rejected("wrong_phase")
    window.when(DrawIcon(seat=0, icon="forest", at=H("E4"))).rejected("wrong_phase")
    window.when(FillIcon(seat=0, at=H("A1"))).rejected("illegal_action")


def test_a_seat_may_end_without_using_its_icon():  # docs/rules: a forfeited icon is lost
    drafted().when(EndActions(seat=1)).then(ActionsEnded(seat=1))


def test_the_face_up_stack_shows_the_next_card():  # rulebook: Face-Up Stack of Icon Cards
    g = given(options={"face_up_stack": True})
    assert RULESET.view(g.game, 1)["next_card"] == ["village", "boat"]
    g = g.after(DraftCard(seat=0, card=0, keep="village"), EndActions(seat=0))
    after = g.when(EndActions(seat=1)).then_includes(StackTopShown(card=("forest", "tunnel")))
    assert RULESET.view(after, 1)["next_card"] == ["forest", "tunnel"]
    assert RULESET.view(given().game, 1)["next_card"] is None


def test_solo_choose_a_side_of_the_river():  # rulebook: Solo, Option phase
    g = given(seats=1)
    left, right = g.game.flipped
    g.when(ChooseIcons(seat=0, first="right", second="right")).then(
        IconsChosen(seat=0, icons=(left[1], right[1]), lifesaver=False)
    )


def test_solo_lifesaver_picks_across_the_river():  # rulebook: Solo, Lifesavers
    g = given(seats=1)
    first, second = g.game.flipped
    after = g.when(ChooseIcons(seat=0, first="left", second="right")).then(
        IconsChosen(seat=0, icons=(first[0], second[1]), lifesaver=True)
    )
    assert after.sheets[0].lifesavers == g.game.sheets[0].lifesavers - 1
    g.sheet(0, lifesavers=0).when(ChooseIcons(seat=0, first="left", second="right")).rejected(
        "illegal_action", "no lifesaver"
    )


def test_solo_uses_both_icons_in_any_order():  # rulebook: Solo, Action phase
    g = given(seats=1, deck=[["village", "boat"], ["forest", "tunnel"]] * 2)
    g = Given(g.when(ChooseIcons(seat=0, first="left", second="left")).then_includes())
    allowance = g.game.allowances[0]
    assert allowance.uses == 2 and len(allowance.hand) == 2
    second, first = allowance.hand
    g = g.after(DrawIcon(seat=0, icon=first, at=H("E4"), arrow=_arrow(first)))
    g = g.after(DrawIcon(seat=0, icon=second, at=H("D4"), arrow=_arrow(second)))
    g.when(DrawIcon(seat=0, icon=second, at=H("D5"), arrow=_arrow(second))).rejected(
        "illegal_action", "already used"
    )


def _arrow(icon):
    return H("E3") if icon in ("village", "boat") else None


def test_no_drafting_in_solo():  # rulebook: Solo, "choose 1 SIDE of the river"
    given(seats=1).when(DraftCard(seat=0, card=0, keep="village")).rejected("wrong_phase")


def test_the_solo_river_example():  # rulebook: Solo, Option phase, Example
    g = given(seats=1)
    river = Given(changed(g.game, flipped=(("forest", "tunnel"), ("village", "mountain"))))
    river.when(ChooseIcons(seat=0, first="left", second="left")).then(
        IconsChosen(seat=0, icons=("forest", "village"), lifesaver=False)
    )
    river.when(ChooseIcons(seat=0, first="right", second="right")).then(
        IconsChosen(seat=0, icons=("tunnel", "mountain"), lifesaver=False)
    )


def test_a_seat_that_does_not_exist_is_refused():
    drafted().when(EndActions(seat=5)).rejected("invalid_command", "no seat 5")
    drafted().when(DrawIcon(seat=-1, icon="boat", at=H("E4"), arrow=H("E3"))).rejected(
        "invalid_command"
    )


def test_nothing_happens_before_the_set_up():
    Given(Game()).when(EndActions(seat=0)).rejected("wrong_phase", "not been set up")
    assert RULESET.legal_commands(Game(), 0) == () and RULESET.to_act(Game()) == frozenset()
