"""End of game and score (reference): the lower of prestige and three per inhabitant, the
tie-break, and the Stockade's end-of-game choice (expansion appendix)."""

from __future__ import annotations

from domain.games.peloponnes import RULESET
from domain.games.peloponnes.commands import ChooseEndBonus, ScoreGame, Supply
from domain.games.peloponnes.events import EndBonusChosen, GameEnded, PhaseBegan
from domain.games.peloponnes.goods import Goods
from domain.games.peloponnes.rules import legal_commands
from domain.games.peloponnes.scoring import breakdown, final_ranks, sides
from tests.domain.peloponnes.scenario import Given, given


def scoring(options=None) -> Given:
    return given(2, options).table(phase="scoring", resolved=False, awaiting=(), round=8)


def test_prestige_decides_when_it_is_the_lower_side():  # reference: "the lower of"
    # A01 3 pp + A12 4 pp + 8 coins // 3 = 9; 5 inhabitants = 15
    g = scoring().realm(0, lands=("A01",), buildings=("A12",), coins=8, inhabitants=5)
    assert breakdown(g.game, 0) == {"tiles": 7, "bonus": 0, "coins": 2, "population_cap": 0}
    assert (sides(g.game, 0).prestige, sides(g.game, 0).population) == (9, 15)
    ended = g.realm(1, inhabitants=0).when(ScoreGame()).game
    assert ended.final_scores[0] == 9


def test_inhabitants_decide_when_they_are_the_lower_side():  # reference: "3 x inhabitants"
    g = scoring().realm(0, lands=("A01",), buildings=("A12", "B03"), coins=9, inhabitants=3)
    assert sides(g.game, 0).prestige == 3 + 4 + 7 + 3
    # the breakdown sums to the score: the inhabitants cap 17 prestige at 9
    assert breakdown(g.game, 0) == {"tiles": 14, "bonus": 0, "coins": 3, "population_cap": -8}
    ended = g.when(ScoreGame()).game
    assert ended.final_scores[0] == 9
    assert RULESET.result(ended) is None, "not over for the platform before the seed's reveal"
    result = RULESET.presentation.result(ended)
    assert result is not None and result.scores[0] == 9
    assert sum(result.breakdown[0].values()) == 9
    assert result.verdict["prestige"][0] == 17 and result.verdict["population"][0] == 9


def test_an_unpaid_building_scores_nothing():  # our reading: unpaid is inactive
    g = scoring().realm(0, buildings=("A12",), unpaid=("A12",), inhabitants=5)
    assert breakdown(g.game, 0)["tiles"] == 0


def test_ties_go_to_the_higher_of_the_two_values():  # reference, adopted tie-break
    g = scoring().realm(0, lands=("A01",), coins=9, inhabitants=2)  # min(3 + 3, 6): 6
    g = g.realm(1, lands=("B06",), coins=9, inhabitants=2)  # min(4 + 3, 6): 6, but 7 > 6
    assert final_ranks(g.game) == (2, 1)
    events = g.when(ScoreGame()).events
    assert events[0] == GameEnded(scores=(6, 6), ranks=(2, 1))


def test_a_tie_on_both_values_is_shared_and_the_option_shares_every_tie():
    g = scoring().realm(0, lands=("A01",), coins=9, inhabitants=2)
    assert final_ranks(g.realm(1, lands=("A01",), coins=9, inhabitants=2).game) == (1, 1)
    shared = scoring({"tie_break": "shared"}).realm(0, lands=("A01",), coins=9, inhabitants=2)
    shared = shared.realm(1, lands=("B06",), coins=9, inhabitants=2)
    assert final_ranks(shared.game) == (1, 1)


def test_the_stockade_offers_three_prestige_or_one_inhabitant_at_the_end():  # appendix
    six = {"six_player_tiles": "yes"}
    g = given(2, six).table(phase="final_supply", resolved=False, awaiting=(), round=8)
    g = g.realm(0, buildings=("A16",), inhabitants=0).realm(1, inhabitants=0)
    supplied = g.when(Supply())
    assert supplied.events[-1] == PhaseBegan(phase="end_choices", round=8, awaiting=(0,))
    after = Given(supplied.game)
    assert set(legal_commands(after.game, 0)) == {
        ChooseEndBonus(seat=0, tile="A16", pick=0),
        ChooseEndBonus(seat=0, tile="A16", pick=1),
    }
    after.when(ChooseEndBonus(seat=0, tile="A16", pick=2)).rejected("illegal_action")
    prestige = after.when(ChooseEndBonus(seat=0, tile="A16", pick=0))
    prestige.then(EndBonusChosen(seat=0, tile="A16", pick=0, pp=3, change=Goods()))
    assert breakdown(prestige.game, 0)["bonus"] == 3
    assert prestige.game.phase == "scoring"
    person = after.when(ChooseEndBonus(seat=0, tile="A16", pick=1))
    person.then(EndBonusChosen(seat=0, tile="A16", pick=1, pp=0, change=Goods(inhabitants=1)))
    assert person.game.realm(0).holding.inhabitants == 1


def test_without_a_stockade_nobody_chooses_at_the_end():
    g = given(2).table(phase="final_supply", resolved=False, awaiting=(), round=8)
    assert g.when(Supply()).events[-2:] == (
        PhaseBegan(phase="end_choices", round=8),
        PhaseBegan(phase="scoring", round=8),
    )
