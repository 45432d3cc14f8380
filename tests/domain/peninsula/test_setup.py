"""Setup: deck, removed and face-up cards, bonuses, missions, lifesavers, start seat."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given as for_all
from hypothesis import settings
from hypothesis import strategies as st

from domain.core import PUBLIC, SERVER, Reseed, RuleViolation, SetUp
from domain.games.peninsula import RULESET
from domain.games.peninsula.cards import ICONS, canonical, full_deck
from domain.games.peninsula.events import (
    CardsFlipped,
    GameSetUp,
    PileShuffled,
    StackTopShown,
)
from domain.games.peninsula.state import Game
from tests.domain.peninsula.play import seed_for, start
from tests.domain.peninsula.scenario import given


def setup_event(seats: int = 2, **options: object) -> GameSetUp:
    _, events = start(seats, "setup", options)
    return next(e for e in events if isinstance(e, GameSetUp))


def test_deck_has_every_icon_ten_times_and_every_pair_twice():  # rulebook: Drafting Phase
    deck = full_deck()
    assert len(deck) == 30
    assert Counter(i for card in deck for i in card) == dict.fromkeys(ICONS, 10)
    assert set(Counter(deck).values()) == {2} and len(set(deck)) == 15


def test_five_cards_are_removed_face_up_and_two_revealed():  # rulebook: Setup 2, Drafting
    game, events = start(2, "five")
    set_up = next(e for e in events if isinstance(e, GameSetUp))
    assert len(set_up.removed) == 5 and len(set_up.face_up) == 2 and len(game.pile) == 23
    every = Counter(canonical(c) for c in (*set_up.removed, *set_up.face_up, *game.pile))
    assert every == Counter(full_deck())


def test_missions_are_six_sorted_a_to_z():  # rulebook: Setup 4, "Sort them in alphabetical order"
    missions = setup_event().missions
    assert len(missions) == 6 and list(missions) == sorted(missions)


def test_six_landmark_bonuses_are_dealt():  # rulebook: Setup 3
    assert len(set(setup_event().bonuses)) == 6


def test_easier_first_game_options():  # rulebook: Setup 3 and 4, "For an easier first game"
    assert setup_event(bonuses="none").bonuses == ()
    assert setup_event(bonuses="first_six").bonuses == tuple(f"LB0{i}" for i in range(1, 7))
    assert setup_event(missions="none").missions == ()
    assert setup_event(missions="a_to_f").missions == ("A", "B", "C", "D", "E", "F")


def test_lifesavers_follow_the_chart():  # rulebook: Setup 5, lifesavers by player count
    printed = 5
    chart = {1: 3, 2: 3, 3: 2, 4: 1}
    for seats, crossed in chart.items():
        assert setup_event(seats).lifesavers == printed - crossed
    assert setup_event(2, lifesavers="none").lifesavers == 0
    assert setup_event(2, lifesavers="all").lifesavers == printed


def test_the_pile_order_is_server_only_and_the_setup_public():  # rulebook: Setup 2, face down
    _, events = start(2)
    pile = next(e for e in events if isinstance(e, PileShuffled))
    set_up = next(e for e in events if isinstance(e, GameSetUp))
    assert RULESET.visibility(pile) == SERVER
    assert RULESET.visibility(set_up) == PUBLIC


def test_the_same_seed_sets_up_the_same_game_and_another_seed_another():  # Cairn: draws
    assert start(3, "a")[1] == start(3, "a")[1]
    assert start(3, "a")[0].pile != start(3, "b")[0].pile


def test_solo_removes_six_and_flips_two_cards():  # rulebook: Setup Solo Game
    game, events = start(1)
    set_up = next(e for e in events if isinstance(e, GameSetUp))
    flipped = next(e for e in events if isinstance(e, CardsFlipped))
    assert set_up.mode == "solo" and len(set_up.removed) == 6 and set_up.face_up == ()
    assert len(flipped.cards) == 2 and len(game.pile) == 22


def test_fast_play_removes_six_keeps_one_face_up_and_no_lifesavers():  # rulebook: Play Faster
    game, events = start(5, "fast", {"fast": True})
    set_up = next(e for e in events if isinstance(e, GameSetUp))
    assert (len(set_up.removed), len(set_up.face_up), set_up.lifesavers) == (6, 1, 0)
    assert any(isinstance(e, StackTopShown) for e in events)
    assert game.phase == "actions" and all(a.hand == set_up.face_up[0] for a in game.allowances)


@pytest.mark.parametrize("seats", [0, 5, 101])
def test_seat_counts_outside_the_rules_are_refused(seats):  # rulebook: Players 1-100
    with pytest.raises(RuleViolation) as error:
        start(seats)
    assert error.value.code == "invalid_command"


def test_a_hundred_seats_play_fast():  # rulebook: Play Faster and/or With More Than 4
    game, _ = start(100, options={"fast": True})
    assert len(game.sheets) == 100


def test_an_explicit_setup_fixes_the_deal():  # Cairn: explicit setups for challenges, tests
    game = given().game
    assert [m.letter for m in game.missions] == ["A", "B", "C", "D", "E", "F"]
    assert game.face_up == (("village", "boat"), ("forest", "mountain"))
    assert game.pile[:2] == (("village", "boat"), ("forest", "tunnel"))
    assert game.active == 0


@pytest.mark.parametrize(
    "setup",
    [
        {"removed": [["village", "boat"]]},
        {"face_up": [["village", "village"], ["boat", "forest"]]},
        {"deck": [["village", "boat"]] * 3},
        {"missions": ["A", "A", "B", "C", "D", "E"]},
        {"bonuses": ["LB01"]},
        {"start_seat": 7},
        {"colour": "red"},
        {"map": "M9"},
    ],
)
def test_a_bad_explicit_setup_is_refused(setup):  # Cairn: explicit setups are validated
    command = SetUp(seats=2, seed=seed_for("x"), options={}, setup=setup)
    with pytest.raises(RuleViolation) as error:
        RULESET.decide(Game(), command)
    assert error.value.code == "invalid_command"


def test_unknown_options_are_refused():
    command = SetUp(seats=2, seed=seed_for("x"), options={"map": "M7"})
    with pytest.raises(RuleViolation):
        RULESET.decide(Game(), command)


def test_setting_up_twice_is_refused():
    game = given().game
    with pytest.raises(RuleViolation) as error:
        RULESET.decide(game, SetUp(seats=2, seed=seed_for("x"), options={}))
    assert error.value.code == "wrong_phase"


def test_reseed_shuffles_the_undrawn_pile_again():  # Cairn: a fork with fresh luck
    game, _ = start(2, "before")
    events = RULESET.decide(game, Reseed(seed=seed_for("after")))
    forked = RULESET.fold(events, game)
    assert Counter(forked.pile) == Counter(game.pile) and forked.pile != game.pile
    assert forked.face_up == game.face_up and forked.luck.seed == seed_for("after")


def test_reseed_before_setup_is_refused():
    with pytest.raises(RuleViolation) as error:
        RULESET.decide(Game(), Reseed(seed=seed_for("x")))
    assert error.value.code == "wrong_phase"


def test_reseed_shows_the_new_top_of_a_face_up_stack():  # rulebook: Face-Up Stack
    game, _ = start(2, "stack", {"face_up_stack": True})
    events = RULESET.decide(game, Reseed(seed=seed_for("new")))
    forked = RULESET.fold(events, game)
    assert StackTopShown(card=forked.pile[0]) in events


def test_reseed_in_solo_keeps_the_flipped_cards():  # rulebook: Solo, Option phase
    game, _ = start(1, "solo-fork")
    forked = RULESET.fold(RULESET.decide(game, Reseed(seed=seed_for("other"))), game)
    assert forked.flipped == game.flipped and Counter(forked.pile) == Counter(game.pile)


_JSON = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-3, 40)
    | st.text(max_size=6)
    | st.sampled_from(["village", "boat", "M1", "M2", "A", "LB01"]),
    lambda inner: st.lists(inner, max_size=6) | st.dictionaries(st.text(max_size=5), inner),
    max_leaves=20,
)
_KEYS = st.sampled_from(["map", "deck", "removed", "face_up", "missions", "bonuses", "start_seat"])


@settings(max_examples=300, deadline=None)
@for_all(st.dictionaries(_KEYS, _JSON, max_size=5), st.integers(1, 5))
def test_any_malformed_setup_is_a_rule_violation_never_a_crash(setup, seats):
    """docs/api.md, Bad input: only a RuleViolation may come out of a bad explicit setup."""
    command = SetUp(seats=seats, seed="ab" * 32, options={}, setup=setup)
    try:
        RULESET.decide(RULESET.initial_state, command)
    except RuleViolation as refused:
        assert refused.code in ("invalid_command", "invalid_setup", "invalid_option")
