"""Branch ``fp-evolve``'s shortcuts held to their plain forms at the positions of seeded
games: ``evolve.fold`` (a stage begun on the fold's own copy, not on a fresh one) against
``evolve`` fact by fact, and ``play_card``'s kept stage against the stage it built.
``bench.rollout_fingerprint`` holds whole rollouts; these name the piece that drifted."""

from __future__ import annotations

from dataclasses import fields
from typing import Any

import pytest

from domain.games.five_peaks import board as b
from domain.games.five_peaks import flow
from domain.games.five_peaks.actions import STAGE_FOR, play_card
from domain.games.five_peaks.commands import PlayCard
from domain.games.five_peaks.decider import consequences, step
from domain.games.five_peaks.events import CardPlayed, StageBegan, TileRevealed
from domain.games.five_peaks.evolve import evolve, fold
from domain.games.five_peaks.rules import legal_commands
from domain.games.five_peaks.state import LEGAL_MEMO, Game
from tests.domain.five_peaks.test_fast_paths import positions


def plain_fold(game: Game, events: Any) -> Game:
    for event in events:
        game = evolve(game, event)
    return game


def plain_play_card(game: Game, command: PlayCard) -> tuple[Any, ...]:
    """``play_card`` as it read before: the stage built by ``flow.stage`` every time."""
    seat, card, option = command.seat, command.card, command.option
    played = CardPlayed(seat, card, option)
    spec = b.content(game).cards[card]
    if option == len(spec.options):
        return (played, flow.stage(seat, "move", card=card, option=0, steps=(1,), again=1))
    chosen = spec.options[option]
    kind = STAGE_FOR[chosen.effect]
    began = flow.stage(seat, kind, card=card, option=option, steps=chosen.steps, count=chosen.times)
    if chosen.effect == "place_tile":
        return (played, TileRevealed(seat, game.terrain_stack[0]), began)
    return (played, began)


def assert_same_state(fast: Game, plain: Game) -> None:
    """Field by field (the game's and the luck's), and of the same class; a list kept on
    the result (the settling asks for it) is the one listed afresh there."""
    assert type(fast) is type(plain)
    for f in fields(Game):
        assert getattr(fast, f.name) == getattr(plain, f.name), f.name
    kept = fast.__dict__.get(LEGAL_MEMO)
    if kept is not None:
        assert kept == legal_commands(plain, plain.turn)


def snapshot(game: Game) -> dict[str, Any]:
    return {f.name: getattr(game, f.name) for f in fields(Game)}


def unwritten(game: Game, before: dict[str, Any]) -> bool:
    return all(getattr(game, name) is value for name, value in before.items())


@pytest.mark.parametrize("bot", ["greedy", "random"])
def test_fold_is_evolve_fact_by_fact_for_every_listed_command(bot):
    in_place = 0
    for game in positions(bot)[::2]:
        if game.phase != "play":
            continue
        for command in legal_commands(game, game.turn):
            events = consequences(game, command)
            before = snapshot(game)
            fast = fold(game, events)
            assert_same_state(fast, plain_fold(game, events))
            # no one listed on the fold's result yet
            assert LEGAL_MEMO not in fast.__dict__ or fast is game
            assert unwritten(game, before)  # the fold's input is never written
            in_place += any(e.__class__ is StageBegan for e in events[1:])  # the shortcut was taken
    assert in_place > 100


@pytest.mark.parametrize("bot", ["greedy", "random"])
def test_step_reaches_the_plain_fold_of_its_events(bot):
    """The settling's passes and the end's trigger folded too: ``step``'s position is the
    plain fold of the very events it decided."""
    settled = 0
    for game in positions(bot)[::3]:
        if game.phase != "play":
            continue
        for command in legal_commands(game, game.turn)[:6]:
            before = snapshot(game)
            events, after = step(game, command)
            assert_same_state(after, plain_fold(game, events))
            assert unwritten(game, before)
            settled += len(events) > len(consequences(game, command))
    assert settled > 20


def outcome(decide: Any, game: Game, command: PlayCard) -> Any:
    """The events, or the error's class (a tile option with the terrain pile empty)."""
    try:
        return decide(game, command)
    except IndexError as error:
        return (type(error),)


@pytest.mark.parametrize("bot", ["greedy", "random"])
def test_play_card_is_the_plain_stage_built(bot):
    tiles = twice = 0
    for game in positions(bot):
        if game.phase != "play" or game.stage.kind != "play":
            continue
        seat = game.turn
        pack = b.content(game)
        for card in game.hikers[seat].hand:
            for option in range(len(pack.cards[card].options) + 1):
                command = PlayCard(seat, card, option)
                fast, plain = (
                    outcome(play_card, game, command),
                    outcome(plain_play_card, game, command),
                )
                assert fast == plain
                assert [type(e) for e in fast] == [type(e) for e in plain]
                tiles += any(isinstance(e, TileRevealed) for e in fast)
                twice += option == len(pack.cards[card].options)
    assert tiles > 5 and twice > 5
