"""The greedy bot's shortcuts in choosing among many commands, held to their plain forms at
the positions of seeded games: a campfire draw's keep chosen without making the draw's
commands (``bots._kept_campfire``), and a moving card option weighed by the stops its stage
opens (``rules.legal_stops``, ``board.reachable`` with a stage, ``outlooks.best_move_worth``)
instead of the ``Move``s of a copy of the game with that stage."""

from __future__ import annotations

from dataclasses import replace
from itertools import permutations
from types import MappingProxyType
from typing import Any

import pytest

from domain.core import Luck
from domain.games.five_peaks import board as b
from domain.games.five_peaks import bots
from domain.games.five_peaks.actions import began
from domain.games.five_peaks.bots import _after, _best, _card_worth, greedy_bot
from domain.games.five_peaks.commands import Harvest, KeepCampfire, Pack, PlayCard
from domain.games.five_peaks.content import BASICS, CONTAINERS, RESOURCES, load
from domain.games.five_peaks.outlooks import best_move_worth, move_worth
from domain.games.five_peaks.rules import legal_commands, legal_moves, legal_stops
from domain.games.five_peaks.state import Reward, Stage, changed
from domain.games.five_peaks.worths import memo_of
from tests.domain.five_peaks.test_fast_paths import positions

LUCK = Luck("ab" * 32)


def plain_keep(game: Any, seat: int) -> Any:
    """The greedy choice among a draw's commands as the definition reads: every way to keep
    one card and return the rest, each scored by its card's place in ``FIRE_RANK``
    (``fire_place``), the first of the best."""
    hiker = game.hikers[seat]
    options = [
        KeepCampfire(seat, card, rest)
        for i, card in enumerate(hiker.drawn)
        for rest in permutations(hiker.drawn[:i] + hiker.drawn[i + 1 :])
    ]
    assert tuple(options) == legal_commands(game, seat)

    def score(c: KeepCampfire) -> int:
        return 100 - bots.fire_place(b.content(game).fire(c.card))

    scored = [(score(c), -i, c) for i, c in enumerate(options)]
    return max(scored, key=lambda t: (t[0], t[1]))[2]


def draws(game: Any, seat: int) -> list[Any]:
    """``game`` with the seat holding draws of 1 to 5 cards of the campfire deck, from
    several places in it (two copies of one effect among them), and its own draw if any."""
    pack, hiker = b.content(game), game.hikers[seat]
    cards = pack.fire_cards()
    out = [game] if hiker.drawn else []
    for start in range(0, len(cards), 4):
        for size in (1, 2, 3, 5):
            drawn = tuple((cards[start:] + cards[:start])[:size])
            out.append(game.with_hiker(seat, replace(hiker, drawn=drawn)))
    # reversed: a draw whose best card comes after a worse one of the same effect
    out.append(game.with_hiker(seat, replace(hiker, drawn=tuple(reversed(cards[:5])))))
    return out


@pytest.mark.parametrize("bot", ["greedy", "random"])
def test_a_keep_is_the_plain_greedy_choice_among_the_draws_commands(bot):
    kept = 0
    for game in positions(bot)[::9]:
        if game.phase != "play":
            continue
        seat = game.turn
        for variant in draws(game, seat):
            shortcut = bots._kept_campfire(variant, seat)
            if b.is_over_limit(variant, seat):
                assert shortcut is None  # the list is discards
                continue
            assert shortcut == plain_keep(variant, seat)
            assert greedy_bot(variant, seat, LUCK) == shortcut
            assert _best(variant, seat, legal_commands(variant, seat)) == shortcut
            kept += 1
    assert kept > 100


def test_a_keep_among_ties_is_the_first_best_card(monkeypatch):
    """Effects left out of the rank tie at its end: with only a few ranked, most draws hold
    ties, and the first card of the best score is kept."""
    monkeypatch.setattr(bots, "FIRE_RANK", ("score_per_campfire", "twice:walk"))
    tied = 0
    for game in positions("greedy")[::25]:
        if game.phase != "play":
            continue
        seat = game.turn
        for variant in draws(game, seat):
            if b.is_over_limit(variant, seat):
                continue
            assert bots._kept_campfire(variant, seat) == plain_keep(variant, seat)
            tied += len(variant.hikers[seat].drawn) > 1
    assert tied > 20


def test_no_keep_is_chosen_unless_the_list_is_a_draws():
    """Off its turn, over its backpack's limit (the list is discards), without a draw, or
    before play: the shortcut stands aside and the plain list is scored."""
    stood_aside = 0
    for game in positions("greedy")[::15]:
        for seat in range(game.seats):
            hiker = game.hikers[seat] if game.hikers else None
            variants = [game]
            if hiker is not None:
                drawn = replace(hiker, drawn=b.content(game).fire_cards()[:3])
                heavy = replace(
                    drawn, backpack=MappingProxyType(dict.fromkeys(sorted(RESOURCES), 9))
                )
                variants += [game.with_hiker(seat, drawn), game.with_hiker(seat, heavy)]
            for variant in variants:
                legal = legal_commands(variant, seat)
                is_draw = bool(legal) and all(isinstance(c, KeepCampfire) for c in legal)
                shortcut = bots._kept_campfire(variant, seat)
                assert (shortcut is not None) == is_draw
                stood_aside += shortcut is None and bool(legal)
    assert stood_aside > 30


def moving_stages(game: Any) -> list[Stage]:
    """Every stage a card option of the pack begins that moves the pawn (``began``)."""
    pack = b.content(game)
    out = []
    for card, spec in pack.cards.items():
        for option in range(len(spec.options) + 1):
            stage = began(pack, card, option)
            if stage.kind in ("move", "shortcut", "bike", "glide") and stage not in out:
                out.append(stage)
    return out


def blocked_variants(game: Any, seat: int) -> list[Any]:
    """``game``; over the backpack's limit; with a campfire draw; with a reward due; and, at a
    play stage, with the turn's trail of an earlier move (spaces not to enter again)."""
    hiker = game.hikers[seat]
    heavy = replace(hiker, backpack=MappingProxyType(dict.fromkeys(sorted(RESOURCES), 9)))
    out = [
        game,
        game.with_hiker(seat, heavy),
        game.with_hiker(seat, replace(hiker, drawn=b.content(game).fire_cards()[:2])),
        changed(game, rewards=(Reward("market"),)),
    ]
    here = game.pawns[seat]
    near = sorted(b.board(game).links.get(here, ()))
    if near:
        out.append(changed(game, trail=(near[0], here)))
    return out


@pytest.mark.parametrize("bot", ["greedy", "random"])
def test_a_stages_stops_are_the_moves_of_the_game_copied_with_that_stage(bot):
    opened = 0
    for game in positions(bot)[::4]:
        if game.phase != "play":
            continue
        stages = moving_stages(game)
        for seat in range(game.seats):
            for variant in blocked_variants(game, seat):
                for stage in (*stages, game.stage, Stage("play")):
                    moves = legal_moves(changed(variant, stage=stage), seat)
                    stops = legal_stops(variant, seat, stage)
                    assert stops == frozenset(m.to for m in moves), stage
                    assert len(stops) == len(moves)
                    copied = b.reachable(changed(variant, stage=stage), seat)
                    assert b.reachable(variant, seat, stage) == copied
                    opened += bool(stops)
    assert opened > 100


@pytest.mark.parametrize("bot", ["greedy", "random"])
def test_the_best_move_worth_is_the_plain_maximum_over_the_stops(bot):
    """Over every moving stage's stops, with a fresh memo and with the memo kept from the
    other stages (and the ``Move`` scores asked in between), as the decision asks them."""
    weighed = differ = 0
    for game in positions(bot)[::5]:
        if game.phase != "play":
            continue
        seat = game.turn
        plain_game = changed(game)  # a copy: its own memo
        plain_game.__dict__.pop("_greedy_memo", None)
        for stage in moving_stages(game):
            stops = legal_stops(game, seat, stage)
            plain = max((move_worth(plain_game, seat, to) for to in sorted(stops)), default=-5)
            fast = best_move_worth(game, seat, stops)
            assert fast == plain and type(fast) is type(plain)
            for to in stops:
                assert move_worth(game, seat, to) == move_worth(plain_game, seat, to)
            # the peak piles emptied, the memo shared (``changed`` copies it): the moves kept
            # were worked out beside other piles
            emptied = changed(game, peak_piles=MappingProxyType({}))
            plain_emptied = changed(plain_game, peak_piles=MappingProxyType({}))
            plain_emptied.__dict__.pop("_greedy_memo", None)  # its own memo again
            plain = max((move_worth(plain_emptied, seat, to) for to in sorted(stops)), default=-5)
            assert best_move_worth(emptied, seat, stops) == plain
            differ += plain != fast
            weighed += len(stops)
        assert memo_of(game, seat) is not memo_of(plain_game, seat)
    assert weighed > 200 and differ > 0


def harvest_variants(game: Any, seat: int) -> list[Any]:
    """``game``; the seat rich; the bank without basics, with one, without containers; the
    seat over its backpack's limit; with a campfire draw; with a reward due."""
    hiker = game.hikers[seat]
    rich = replace(hiker, backpack=MappingProxyType(dict.fromkeys(sorted(RESOURCES), 3)))
    heavy = replace(hiker, backpack=MappingProxyType(dict.fromkeys(sorted(RESOURCES), 9)))
    bank = dict(game.bank)
    no_basics = MappingProxyType({k: n for k, n in bank.items() if k not in BASICS})
    one_basic = MappingProxyType({**no_basics, sorted(BASICS)[0]: 1})
    no_containers = MappingProxyType({k: n for k, n in bank.items() if k not in CONTAINERS})
    return [
        game,
        game.with_hiker(seat, rich),
        changed(game, bank=no_basics),
        changed(game, bank=one_basic),
        changed(game.with_hiker(seat, rich), bank=no_containers),
        game.with_hiker(seat, heavy),
        game.with_hiker(seat, replace(rich, drawn=b.content(game).fire_cards()[:2])),
        changed(game.with_hiker(seat, rich), rewards=(Reward("campfire"),)),
    ]


@pytest.mark.parametrize("bot", ["greedy", "random"])
def test_a_harvest_or_pack_option_is_worth_what_the_position_after_it_offers(bot):
    """Every harvest and pack option of every card in the pack (put in the hand), as if
    played at every 3rd position of the play, against ``legal_commands`` of the position the card's
    events lead to."""
    pack, seen = None, {9: 0, -3: 0}
    for game in positions(bot)[::3]:
        if game.phase != "play" or game.stage.kind != "play":
            continue
        seat, pack = game.turn, b.content(game)
        for card, spec in pack.cards.items():
            for option, chosen in enumerate(spec.options):
                if chosen.effect not in ("harvest", "pack"):
                    continue
                command = PlayCard(seat, card, option)
                hiker = game.hikers[seat]
                holding = game.with_hiker(seat, replace(hiker, hand=(*hiker.hand, card)))
                for variant in harvest_variants(holding, seat):
                    after = _after(variant, command)
                    offered = any(
                        isinstance(c, (Harvest, Pack)) for c in legal_commands(after, seat)
                    )
                    worth = _card_worth(variant, seat, command)
                    assert worth == (9 if offered else -3), (card, option)
                    seen[worth] += 1
    assert min(seen.values()) > 50, seen


@pytest.mark.parametrize("bot", ["greedy", "random"])
def test_the_best_command_is_the_first_of_the_best_scored(bot):
    """``_best`` against the plain maximum by score then first place, at every 2nd position
    and for each seat's list reversed (so that ties fall the other way)."""
    tied = 0
    for game in positions(bot)[::2]:
        seat = game.turn
        legal = legal_commands(game, seat)
        for options in (legal, legal[::-1]):
            if not options:
                continue
            scored = [(bots._score(game, seat, c), -i, c) for i, c in enumerate(options)]
            plain = max(scored, key=lambda t: (t[0], t[1]))[2]
            assert _best(game, seat, options) == plain
            tied += sum(s == scored[0][0] for s, _, _ in scored) > 1
    assert tied > 20


def test_the_taste_ranks_the_standard_campfire_cards_by_what_they_do():
    """``FIRE_RANK`` names effects, never a pack's cards; on the standard pack it orders the
    cards as the bot always has (the card ids it used to list, best first), two cards of one
    effect (a starting card doubled, a resource's bonus) told apart by their detail."""
    specs = load("standard").campfire.values()
    ranked = sorted(specs, key=bots.fire_place)
    assert [spec.id for spec in ranked] == [
        "great-tower", "summit-seeker", "big-backpack", "storyteller", "double-march",
        "double-walk", "happy-packer", "basket-weaver", "training-walk", "mushroom-lover",
        "berry-lover", "herb-lover", "cheerful-hiker",
    ]  # fmt: skip
    assert [bots.fire_place(spec) for spec in ranked] == list(range(len(ranked)))
