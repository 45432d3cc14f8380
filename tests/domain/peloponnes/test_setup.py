"""Setup: civilizations, turn order, the three stacks, the chits, the sea tiles; explicit
setups; a fork's fresh luck."""

from __future__ import annotations

import pytest

from domain.core import PUBLIC, SERVER, Reseed, RuleViolation, SeedSealed, SetUp
from domain.games.peloponnes import RULESET
from domain.games.peloponnes.content import load
from domain.games.peloponnes.events import GameBegan, PhaseBegan, StacksShuffled
from domain.games.peloponnes.goods import Goods
from tests.domain.peloponnes.play import seed_for, start
from tests.domain.peloponnes.scenario import new_game

PACK = load()


def _opening(seats=2, options=None, setup=None, label="setup"):
    command = SetUp(seats=seats, seed=seed_for(label), options=options or {}, setup=setup)
    return RULESET.decide(RULESET.initial_state, command)


def test_each_seat_gets_a_random_civilization_with_its_start_values():  # reference, Setup
    dealt = {tuple(_opening(label=f"civs-{n}")[2].civilizations) for n in range(8)}
    assert len(dealt) > 4, "the civilizations are drawn at random"
    game = start(3, "civs")
    for realm in game.realms:
        civ = PACK.civilizations[realm.civilization]
        assert realm.holding == civ.start
    assert len({r.civilization for r in game.realms}) == 3


def test_round_one_turn_order_follows_the_civilization_number():  # reference, Setup
    game = new_game(3, civilizations=["Sparta", "Messene", "Pylos"])
    assert game.order == (1, 0, 2)  # Messene 1, Sparta 5, Pylos 6


def test_the_stacks_and_chits_are_shuffled_and_kept_server_only():  # reference, Setup
    events = _opening()
    shuffled = next(e for e in events if isinstance(e, StacksShuffled))
    assert RULESET.visibility(shuffled) == SERVER
    public = [e for e in events if not isinstance(e, (StacksShuffled, SeedSealed))]
    assert all(RULESET.visibility(e) == PUBLIC for e in public)
    assert sorted(shuffled.stacks["A"]) == sorted(PACK.stack_tiles("A", frozenset({"base"})))
    assert [len(shuffled.stacks[x]) for x in "ABC"] == [15, 15, 10]
    assert len(shuffled.chits) == 16
    other = next(e for e in _opening(label="other") if isinstance(e, StacksShuffled))
    assert other.stacks["A"] != shuffled.stacks["A"]


def test_the_six_player_tiles_join_their_stacks():  # expansion, Peloponnes with 6 Players
    events = _opening(seats=3, options={"six_player_tiles": "yes"})
    shuffled = next(e for e in events if isinstance(e, StacksShuffled))
    assert [len(shuffled.stacks[x]) for x in "ABC"] == [18, 18, 12]
    assert next(e for e in events if isinstance(e, GameBegan)).tile_sets == {"base", "six-player"}


def test_six_seats_play_with_the_six_player_tiles():  # expansion: "6 tiles are now drawn"
    shuffled = next(e for e in _opening(seats=6) if isinstance(e, StacksShuffled))
    assert len(shuffled.stacks["A"]) == 18
    with pytest.raises(RuleViolation) as refused:
        _opening(seats=6, options={"six_player_tiles": "no"})
    assert refused.value.code == "invalid_option"


def test_as_many_sea_tiles_as_seats_are_face_up():  # expansion, Preparation
    began = _opening(seats=4, options={"sea_tiles": True})[2]
    assert isinstance(began, GameBegan) and len(set(began.sea_display)) == 4
    assert _opening(seats=4)[2].sea_display == ()


def test_the_game_opens_on_round_one_reveal():
    events = _opening()
    assert events[-1] == PhaseBegan(phase="reveal", round=1)


def test_an_explicit_setup_fixes_civilizations_sea_tiles_and_the_tops():
    game = new_game(
        2,
        {"sea_tiles": True},
        sea_tiles=[6, 2],
        stacks={"A": ["A11", "A05"], "C": ["C04"]},
        chits=["plague", "plague", "blank"],
    )
    assert game.auction == ("A11", "A05")
    assert game.sea_display == (6, 2)
    assert game.stacks["C"][0] == "C04"
    assert game.chit_pile[:3] == ("plague", "plague", "blank")


@pytest.mark.parametrize(
    "setup",
    [
        {"civilizations": ["Messene"]},
        {"civilizations": ["Messene", "Messene"]},
        {"civilizations": ["Messene", "Atlantis"]},
        {"civilizations": "Messene,Patras"},
        {"stacks": {"A": ["B01"]}},
        {"stacks": {"D": ["A01"]}},
        {"stacks": {"A": ["A16"]}},  # a six-player tile, not in play
        {"stacks": {"A": ["A01", "A01"]}},
        {"chits": ["plague", "plague", "plague", "plague"]},
        {"chits": [3]},
        {"sea_tiles": [1, 2]},  # without the sea tiles option
        {"deck": ["A01"]},
    ],
)
def test_a_bad_explicit_setup_is_refused_not_coerced(setup):
    with pytest.raises(RuleViolation) as refused:
        _opening(setup={"civilizations": ["Messene", "Patras"], **setup})
    assert refused.value.code == "invalid_setup"


def test_a_fork_with_fresh_luck_reshuffles_only_what_is_hidden():  # contract: reshuffle
    game = start(3, "fork")
    events = RULESET.decide(game, Reseed(seed=seed_for("fresh")))
    reshuffled = next(e for e in events if isinstance(e, StacksShuffled))
    assert {k: sorted(v) for k, v in reshuffled.stacks.items()} == {
        k: sorted(v) for k, v in game.stacks.items()
    }
    assert sorted(reshuffled.chits) == sorted(game.chit_pile)
    assert reshuffled.stacks != game.stacks
    forked = RULESET.fold(events, game)
    assert forked.auction == game.auction and forked.realms == game.realms


def test_start_values_include_goods():  # data: Sparta starts with 4 wood
    game = new_game(2, civilizations=["Sparta", "Pylos"])
    assert game.realm(0).holding == Goods(coins=7, wood=4, inhabitants=3)
    assert game.realm(1).holding == Goods(coins=8, stone=3, inhabitants=2)
