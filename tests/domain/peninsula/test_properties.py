"""Properties over many seeds: games end, scores add up, and every card is accounted for."""

from __future__ import annotations

from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from domain.games.peninsula import RULESET
from domain.games.peninsula.cards import canonical, full_deck
from domain.games.peninsula.events import CardRevealed, CardsFlipped, GameSetUp
from tests.domain.peninsula.play import play

SEEDS = st.text(min_size=1, max_size=8)


@settings(max_examples=8, deadline=None)
@given(seed=SEEDS, seats=st.sampled_from([1, 2, 3, 4]), bot=st.sampled_from(["random", "greedy"]))
def test_any_seeded_game_ends_with_consistent_scores(seed, seats, bot):
    game, events = play(seats, bot, seed)
    result = RULESET.result(game)
    assert result is not None
    assert result.scores == tuple(sum(part.values()) for part in result.breakdown)
    assert min(result.ranks) == 1 and RULESET.fold(events) == game


@settings(max_examples=8, deadline=None)
@given(seed=SEEDS, seats=st.sampled_from([1, 2, 4]))
def test_every_icon_card_is_removed_shown_or_left(seed, seats):  # rulebook: Components, 30 cards
    game, events = play(seats, "random", seed)
    set_up = next(e for e in events if isinstance(e, GameSetUp))
    seen = [*set_up.removed, *set_up.face_up, *game.pile]
    for event in events:
        if isinstance(event, CardRevealed):
            seen.append(event.card)
        elif isinstance(event, CardsFlipped):
            seen.extend(event.cards)
    assert Counter(canonical(c) for c in seen) == Counter(full_deck())
