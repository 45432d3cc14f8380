"""Each broken promise of hidden information, planted in Lanterns (a small test ruleset that
passes the whole suite as it is), makes the conformance suite fail with a message that
names the cause (issue 22). Each variant changes one thing of the sound ruleset."""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

import pytest

from domain.core import PUBLIC, Luck, RuleViolation, Score, seat_visibility
from tests.conformance.checks import Game, check_no_leak
from tests.support.play import play
from tests.support.testgames.lanterns import game as lanterns

SOUND = lanterns.LANTERNS_RULESET


def _run(ruleset: Any, seats: int = 2, label: str = "planted") -> None:
    game = Game(ruleset, seats)
    for step in play(ruleset, seats, label=label):
        game.check(step)
    game.finish()


def _presentation(**changes: Any) -> Any:
    return replace(SOUND, presentation=replace(SOUND.presentation, **changes))


def _rules(**changes: Any) -> Any:
    return replace(SOUND, rules=replace(SOUND.rules, **changes))


def _public_deal(event: Any) -> str:
    return PUBLIC if isinstance(event, lanterns.HandDealt) else lanterns.visibility(event)


def _public_draw(event: Any) -> str:
    return PUBLIC if isinstance(event, lanterns.CardDrawn) else lanterns.visibility(event)


def _draw_shown_to_the_next_seat(event: Any) -> str:
    if isinstance(event, lanterns.CardDrawn):
        return seat_visibility((event.seat + 1) % 2)  # the fault: the wrong seat
    return lanterns.visibility(event)


def _public_order(event: Any) -> str:
    return PUBLIC if isinstance(event, lanterns.DeckShuffled) else lanterns.visibility(event)


def _reshuffle_swapping_a_card(state: Any, keep: int | None) -> Any:
    """Draws again, but a card of the deck becomes one no deck holds."""
    (shuffled,) = lanterns.reshuffle(state, keep)
    order = (99, *shuffled.order[1:]) if shuffled.order else ()
    return (replace(shuffled, order=order),)


def _reshuffle_dealing_every_hand(state: Any, keep: int | None) -> Any:
    return lanterns.reshuffle(state, None)  # the fault: keep's own hand is drawn again


def _view_telling_the_top_card(state: Any, viewer: int | None) -> Any:
    return {**lanterns.view(state, viewer), "deck_size": len(state.deck) + state.deck[0] % 2}


def _decide_naming_the_top_card(state: Any, command: Any) -> Any:
    if isinstance(command, lanterns.Light) and command.card not in state.hands[command.seat]:
        top = state.deck[:1]  # the fault: a refusal's words name a hidden card
        raise RuleViolation("illegal_action", f"you hold no {command.card} (the deck: {top})")
    return lanterns.decide(state, command)


def _counting_hands(state: Any) -> tuple[Score, ...]:
    return tuple(
        Score.of({"lanterns": sum(lit), "hand": sum(hand)})
        for lit, hand in zip(state.lit, state.hands, strict=True)
    )


def _greedy_on_pythons_random(state: Any, seat: int, luck: Luck) -> Any:
    return random.choice(lanterns.legal_commands(state, seat))  # the fault


def _evolve_dropping_the_counter(state: Any, event: Any) -> Any:
    after = lanterns.evolve(state, event)
    return replace(after, luck=state.luck) if isinstance(event, lanterns.DeckShuffled) else after


def _render_every_hand(state: Any, viewer: int | None) -> str:
    hands = " / ".join(" ".join(map(str, h)) for h in state.hands)
    return f"{lanterns.render(state, viewer)}\nhands: {hands}"


def _greedy_peeking_at_the_deck(state: Any, seat: int, luck: Luck) -> Any:
    """Draws when the hidden top card beats its best: deterministic, but not blind."""
    best = max(state.hands[seat])
    if state.deck and state.deck[0] > best and len(state.hands[seat]) < lanterns.MAX_HAND:
        return lanterns.Draw(seat=seat)  # the fault
    return lanterns.Light(seat=seat, card=best)


def _drawing_offered_by_the_top_card(state: Any, seat: int) -> tuple[Any, ...]:
    listed = lanterns.legal_commands(state, seat)
    hand_left = any(isinstance(c, lanterns.Light) for c in listed)
    if hand_left and state.deck and state.deck[0] % 2:  # the fault: offered by a hidden card
        return tuple(c for c in listed if not isinstance(c, lanterns.Draw))
    return listed


def _forget_each_part_apart(state: Any, keep: int | None) -> Any:
    """Sorts the deck and each other hand, but leaves which cards lay in a hand."""
    hands = tuple(h if s == keep else tuple(sorted(h)) for s, h in enumerate(state.hands))
    return replace(state, deck=tuple(sorted(state.deck)), hands=hands)


_BOTS = {**SOUND.bots, "greedy": _greedy_on_pythons_random}
_PEEKING = {**SOUND.bots, "greedy": _greedy_peeking_at_the_deck}
PLANTED = [
    pytest.param(
        _presentation(visibility=_public_deal),
        "the feed tells a spectator what is hidden from it: HandDealt",
        id="1-deal",
    ),
    pytest.param(
        _presentation(visibility=_public_draw),
        "the feed tells a spectator what is hidden from it: CardDrawn",
        id="1-draw",
    ),
    pytest.param(
        _presentation(visibility=_draw_shown_to_the_next_seat),
        "the feed tells seat 1 what is hidden from it: CardDrawn",
        id="1-draw-to-another-seat",
    ),
    pytest.param(
        _presentation(visibility=_public_order),
        "the feed tells a spectator what is hidden from it: DeckShuffled",
        id="1-order",
    ),
    pytest.param(
        replace(SOUND, game_type=replace(SOUND.game_type, information="perfect")),
        "declared perfect information, but its hidden parts private to a seat are",
        id="1-perfect",
    ),
    pytest.param(
        _rules(reshuffle=lambda state, keep: ()), "reshuffle re-drew nothing", id="2-reshuffle"
    ),
    pytest.param(
        _rules(reshuffle=_reshuffle_swapping_a_card),
        r"reshuffle\(keep=None\) changed the hidden things of cards",
        id="2-reshuffle-things",
    ),
    pytest.param(
        _rules(reshuffle=_reshuffle_dealing_every_hand),
        r"reshuffle\(keep=\d\) changed a public fact or something \d sees",
        id="2-reshuffle-keep",
    ),
    pytest.param(
        _rules(forget=lambda state, keep: state),
        r"forget\(keep=None\) leaves the hidden order",
        id="3-forget",
    ),
    pytest.param(
        _rules(forget=_forget_each_part_apart),
        r"forget\(keep=None\) leaves which hidden part holds what",
        id="3-forget-pool",
    ),
    pytest.param(
        _rules(decide=_decide_naming_the_top_card),
        "the answer to seat .'s Light changes with what is hidden from it",
        id="refusal",
    ),
    pytest.param(
        _presentation(scores=_counting_hands),
        "running scores .* count what is hidden",
        id="4-score",
    ),
    pytest.param(
        replace(SOUND, players=replace(SOUND.players, bots=_BOTS)),
        "bot greedy is not deterministic given its luck",
        id="5-bot",
    ),
    pytest.param(
        replace(SOUND, players=replace(SOUND.players, bots=_PEEKING)),
        "bot greedy chooses by what seat .* cannot see",
        id="5-bot-peeks",
    ),
    pytest.param(
        replace(
            SOUND, players=replace(SOUND.players, legal_commands=_drawing_offered_by_the_top_card)
        ),
        "the legal commands of seat .* change with what is hidden from it",
        id="legal-commands",
    ),
    pytest.param(
        _rules(evolve=_evolve_dropping_the_counter), "evolve must copy the counter", id="6-luck"
    ),
    pytest.param(
        _presentation(render=_render_every_hand), "render for a spectator changes", id="7-render"
    ),
    pytest.param(
        _presentation(view=_view_telling_the_top_card, view_type=None),
        "the view of (a spectator|seat .) changes with what is hidden from it",
        id="view",
    ),
]


def test_the_sound_ruleset_passes() -> None:
    for seats in (2, 3, 4):
        _run(SOUND, seats)


def test_a_game_longer_than_the_longest_declared_fails() -> None:
    shorter = replace(SOUND, game_type=replace(SOUND.game_type, longest=5))
    with pytest.raises(AssertionError, match="longer than the longest declared"):
        _run(shorter)


@pytest.mark.parametrize(("planted", "cause"), PLANTED)
def test_the_suite_names_each_planted_fault(planted: Any, cause: str) -> None:
    with pytest.raises(AssertionError, match=cause):
        _run(planted)


def test_the_feed_search_alone_finds_a_hand_dealt_in_public() -> None:
    """The search for declared values in each feed (``check_no_leak``) finds the public deal
    by itself, before any decision is compared with its twin's."""

    def opened(ruleset: Any) -> tuple[Game, Any]:
        game = Game(ruleset, 2)
        opening = next(iter(play(ruleset, 2, label="planted")))
        for knowledge in game.knowledge.values():
            knowledge.observe(ruleset, opening.events)
        return game, opening.state

    check_no_leak(*opened(SOUND))
    with pytest.raises(AssertionError, match=r"secret shown to .* in the feed"):
        check_no_leak(*opened(_presentation(visibility=_public_deal)))
