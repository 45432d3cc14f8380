"""The greedy bot's shortcuts in weighing a card and a stop, held to their plain forms at
the positions of seeded games: the stage a card begins (``actions.began``, read without
evolving the card's events), a card option's worth by the moves it opens, and a stop's
worth over the tables kept per space, per board and per memo (``worths.stop_worth``)."""

from __future__ import annotations

from dataclasses import replace
from types import MappingProxyType
from typing import Any

import pytest

from domain.games.five_peaks import board as b
from domain.games.five_peaks.actions import began
from domain.games.five_peaks.bots import _after, _card_worth, _score
from domain.games.five_peaks.commands import Harvest, Pack, PlayCard
from domain.games.five_peaks.content import RESOURCES
from domain.games.five_peaks.geometry import build_board
from domain.games.five_peaks.rules import legal_commands, legal_moves
from domain.games.five_peaks.state import StoneStack, changed
from domain.games.five_peaks.worths import memo_of, space_worth, stop_worth
from tests.domain.five_peaks.test_fast_paths import positions


def plain_card_worth(game: Any, seat: int, command: PlayCard) -> float:
    """A card option's worth as its definition reads, in the position the card's own events
    lead to (``bots._after``)."""
    after = _after(game, command)
    kind = after.stage.kind
    if kind in ("move", "shortcut", "bike", "glide"):
        return max((_score(after, seat, m) for m in legal_moves(after, seat)), default=-5)
    if kind in ("harvest", "pack"):
        return 9 if any(isinstance(c, (Harvest, Pack)) for c in legal_commands(after, seat)) else -3
    return _card_worth(game, seat, command)  # the other kinds read ``game`` alone


@pytest.mark.parametrize("bot", ["greedy", "random"])
def test_a_card_begins_the_stage_its_events_begin_and_is_worth_its_plain_worth(bot):
    """At every play of a seeded game, also with the seat given every "twice" campfire card
    (which greedy games seldom deal)."""
    seen: dict[str, int] = {}
    for game in positions(bot):
        seat = game.turn
        if game.phase != "play" or game.stage.kind != "play":
            continue
        for variant in (game, _twice(game, seat)):
            for command in legal_commands(variant, seat):
                if not isinstance(command, PlayCard):
                    continue
                stage = began(b.content(variant), command.card, command.option)
                assert stage == _after(variant, command).stage
                worth = _card_worth(variant, seat, command)
                assert worth == plain_card_worth(variant, seat, command)
                kind = "twice" if stage.again else stage.kind
                seen[kind] = seen.get(kind, 0) + 1
    assert seen.get("move", 0) > 20 and seen.get("twice", 0) > 3 and len(seen) >= 5, seen


def _twice(game: Any, seat: int) -> Any:
    pack, hiker = b.content(game), game.hiker(seat)
    twice = tuple(c for c in pack.fire_cards() if pack.fire(c).effect == "twice")
    return game.with_hiker(seat, replace(hiker, campfire=(*hiker.campfire, *twice)))


def holdings_variants(game: Any, seat: int) -> list[Any]:
    """``game``; the seat rich (every resource to its backpack's limit and beyond, endorphins)
    so that exchanges are payable; without stones; with a stone of its own on every peak;
    with the peak piles empty. Real greedy games seldom reach some of these."""
    hiker = game.hiker(seat)
    rich = replace(
        hiker,
        backpack=MappingProxyType(dict.fromkeys(sorted(RESOURCES), 3)),
        endorphins=hiker.endorphins + 9,
    )
    climbed = tuple(
        StoneStack(p.peak, p.at, (*p.stones, (seat, "x"))) if i % 2 == 0 else p
        for i, p in enumerate(game.peaks)
    )
    return [
        game,
        game.with_hiker(seat, rich),
        game.with_hiker(seat, replace(hiker, stones=())),
        changed(game, peaks=climbed),
        changed(game.with_hiker(seat, rich), peak_piles=MappingProxyType({})),
    ]


@pytest.mark.parametrize("bot", ["greedy", "random"])
def test_a_stops_worth_is_the_plain_worth_of_every_space_near_and_far(bot):
    seen = {"peak": 0, "exchange": 0, "peak exchange": 0, "container": 0, "resource": 0}
    differ = 0
    for game in positions(bot)[::6]:
        for seat in range(game.seats):
            for variant in holdings_variants(game, seat):
                memo = memo_of(variant, seat)
                for at, space in b.board(variant).spaces.items():
                    for near in (True, False):
                        fast = stop_worth(variant, seat, at, memo, near=near)
                        assert fast == space_worth(variant, seat, at, near=near), (at, near)
                    worth = space_worth(variant, seat, at)
                    if worth:
                        kind = space.kind if space.kind in seen else "resource"
                        seen[kind] += 1
                        seen["peak exchange"] += any(k == "peak" for k, _ in space.gain)
                    differ += worth != space_worth(variant, seat, at, near=False)
    assert min(seen.values()) > 5 and differ > 5, (seen, differ)


def test_a_stops_worth_on_a_board_built_afresh_is_the_plain_worth():
    """Spots are kept on each ``Space``, which a grown board carries over from its parent:
    on a board built from nothing (its spaces new) the worths are the same."""
    for game in positions("greedy")[::40]:
        seat = game.turn
        fresh = build_board(b.content(game), game.placements, game.peak_cells())
        # a copy of the game whose board is the one built afresh
        again = changed(game, placements=tuple(list(game.placements)))
        again.__dict__["_board_memo"] = (again.placements, again.peaks, again.content_hash, fresh)
        assert b.board(again) is fresh
        memo = memo_of(again, seat)
        for at in fresh.spaces:
            assert stop_worth(again, seat, at, memo) == space_worth(game, seat, at)
