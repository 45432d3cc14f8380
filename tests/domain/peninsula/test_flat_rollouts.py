"""The greedy bot's rollout companion (``companion.py``) changes no decision: seeded greedy
rollouts from several points of seeded 2- and 3-seat games on both maps are played with
the flat best draw forced on and forced off (``companion.FLAT_PAYS``), and must choose the
same command at every decision and end the same. Forced on, the flat path must really
answer (from where the architect stands and from the hexes a move reaches), so the test
cannot pass by falling back to the plain search."""

from __future__ import annotations

import functools
from dataclasses import replace
from typing import Any

import pytest

from domain.analysis.rollouts import Playout, derived_seed, play_out, reshuffled
from domain.core import Luck, Ruleset
from domain.games.peninsula import RULESET, bots, companion, flat_draw, flat_memo, outlook
from domain.games.peninsula.bots import TARGET_WEIGHT, best_draw
from domain.games.peninsula.cards import ICONS
from domain.games.peninsula.flat_draw import prepared
from domain.games.peninsula.flat_sheet import (
    CLAIMED,
    CLIFFS,
    COAST,
    HARBORS,
    HELD,
    LAND,
    MOUNTAIN,
    OCCUPIED,
    SPENT,
    _with,
    flat_of,
)
from domain.games.peninsula.outlook import Outlook
from domain.games.peninsula.state import Game
from tests.domain.peninsula.test_flat_draw import _asked, _played
from tests.support.play import play

GAMES: tuple[tuple[str, int, dict[str, Any]], ...] = (
    ("flat-rollouts-2a", 2, {}),
    ("flat-rollouts-3a", 3, {}),
    ("flat-rollouts-2b", 2, {"map": "M2"}),
    ("flat-rollouts-3b", 3, {"map": "M2"}),
)
POINTS = 6
"""Points a game's rollouts start from: spread from its first decisions to its last."""


@functools.cache
def _points() -> tuple[Game, ...]:
    found = []
    for label, seats, options in GAMES:
        states = [
            step.state
            for step in play(RULESET, seats, label=label, bot="greedy", options=options)
            if step.state.sheets and not RULESET.is_terminal(step.state)
        ]
        found.extend(states[k * len(states) // POINTS] for k in range(POINTS))
    return tuple(found)


def _recording(commands: list[Any]) -> Ruleset[Any, Any, Any]:
    """``RULESET`` whose greedy bot also writes down every command it chooses."""

    def greedy(game: Game, seat: int, luck: Luck) -> Any:
        command = bots.greedy_bot(game, seat, luck)
        commands.append(command)
        return command

    players = replace(RULESET.players, bots={**RULESET.players.bots, "greedy": greedy})
    return replace(RULESET, players=players)


@pytest.fixture
def counted(monkeypatch: pytest.MonkeyPatch) -> dict[str, int]:
    """How often each best draw answered: the plain search, the flat one, and the flat one
    from a moved architect."""
    counts = {"plain": 0, "flat": 0, "moved": 0}

    def counting(name: str, module: Any, attribute: str) -> None:
        real = getattr(module, attribute)

        def counted(*args: Any) -> Any:
            counts[name] += 1
            return real(*args)

        monkeypatch.setattr(module, attribute, counted)

    counting("plain", bots, "_best_draw")
    counting("flat", flat_memo, "flat_best_draw")
    counting("moved", flat_memo, "with_location")
    return counts


def _rollouts(flat: bool, monkeypatch: pytest.MonkeyPatch) -> list[tuple[Playout, list[Any]]]:
    monkeypatch.setattr(companion, "FLAT_PAYS", flat)
    monkeypatch.setattr(outlook, "_OUTLOOKS", {})  # nothing lent by the other run
    played = []
    for point, state in enumerate(_points()):
        seed = derived_seed("flat-rollouts", point)
        world = reshuffled(RULESET, state, None, seed)
        commands: list[Any] = []
        ending = play_out(_recording(commands), world, "greedy", derived_seed(seed, "bots"))
        played.append((ending, commands))
    return played


def test_the_flat_best_draw_changes_no_decision_of_a_rollout(
    counted: dict[str, int], monkeypatch: pytest.MonkeyPatch
) -> None:
    plain = _rollouts(False, monkeypatch)
    assert counted["flat"] == counted["moved"] == 0 and counted["plain"] > 1_000, counted
    counted.update(plain=0)
    flat = _rollouts(True, monkeypatch)
    # forced on, the flat path answered every best draw, from moved architects too
    assert counted["plain"] == 0 and counted["flat"] > 1_000 and counted["moved"] > 100, counted
    assert len(flat) == len(plain) == POINTS * len(GAMES)
    decisions = 0
    for point, ((ending, commands), (ending_flat, commands_flat)) in enumerate(
        zip(plain, flat, strict=True)
    ):
        for k, (command, command_flat) in enumerate(zip(commands, commands_flat, strict=False)):
            assert command_flat == command, (point, k)
        assert len(commands_flat) == len(commands), point
        assert ending_flat == ending, point
        decisions += len(commands)
    assert decisions > 1_000, decisions


def test_a_companion_only_where_the_flat_best_draw_pays(monkeypatch: pytest.MonkeyPatch) -> None:
    # the source's ``flat_draw`` is Python functions, a compiled one builtins
    compiled = type(flat_draw.best_draw).__name__ == "builtin_function_or_method"
    assert companion.FLAT_PAYS is compiled
    state = _points()[0]
    monkeypatch.setattr(companion, "FLAT_PAYS", False)
    assert RULESET.companion("greedy", state) is None
    monkeypatch.setattr(companion, "FLAT_PAYS", True)
    assert RULESET.companion("greedy", state) is not None
    assert RULESET.companion("random", state) is None


EVERY = 4
"""The bot's own flat path is asked at one decision in 4 of test_flat_draw's games."""


def test_the_bot_s_flat_path_is_its_plain_search_for_any_lent_sheet() -> None:
    """``bots.best_draw`` with a sheet's flat lent (the memo's ``Prep`` kept by content, its
    answer turned into the bot's command) against the plain search, and the claims' aims
    (``Outlook.aims``) from the flat targets against the plain ones, at decisions of
    test_flat_draw's games: sheets from where the architect stands and elsewhere, bare,
    and holding the catapult and the ferry."""
    compared = bonus_draws = aims = 0
    for steps in _played():
        first = steps[0][0]
        plain, lent = Outlook(first, TARGET_WEIGHT), Outlook(first, TARGET_WEIGHT)
        memo = lent.flat_memo()
        for game, _, _ in steps[::EVERY]:
            for seat, flat, sheet in _asked(game, memo.board):
                memo.lend({id(sheet): (sheet, game.bonuses, flat)})
                assert lent.aims(sheet) == plain.aims(sheet), seat
                aims += bool(plain.aims(sheet))
                for icon in ICONS:
                    answer = best_draw(game, sheet, seat, icon, lent)
                    assert answer == best_draw(game, sheet, seat, icon, plain), (seat, icon)
                    compared += 1
                    bonus_draws += answer[1] is not None and answer[1].bonus is not None
            # what a kept ``Prep`` holds is what one made afresh for the sheet holds
            for sheet in game.sheets:
                flat = flat_of(memo.board, game, sheet)
                kept, fresh = memo.prep(flat), prepared(memo.board, memo.tables, flat)
                assert (kept[0], kept[1], kept[2], kept[5]) == (
                    fresh[0],
                    fresh[1],
                    fresh[2],
                    fresh[5],
                )
    assert compared > 5_000 and bonus_draws > 100 and aims > 1_000, (compared, bonus_draws, aims)


def test_a_kept_prep_is_kept_by_everything_it_reads() -> None:
    """Sheets that differ in one thing ``prepared`` reads never share a kept ``Prep``."""
    game = _points()[0]  # (nothing spent yet: a harbor changes where cliffs may go)
    memo = Outlook(game, TARGET_WEIGHT).flat_memo()
    flat = flat_of(memo.board, game, game.sheets[0])
    assert flat[SPENT] == flat[CLAIMED] == 0
    free = memo.board[LAND] & ~flat[OCCUPIED]
    coast = memo.board[COAST] & ~flat[HARBORS] & ~flat[HELD][CLIFFS]
    first = (free & -free, coast & -coast)
    assert all(first), first
    held = list(flat[HELD])
    held[MOUNTAIN] |= first[0]
    variants = [
        flat,
        _with(flat, HARBORS, flat[HARBORS] | first[1]),
        _with(flat, CLAIMED, flat[CLAIMED] ^ 1),
        _with(flat, SPENT, flat[SPENT] ^ 1 << MOUNTAIN),
        _with(flat, OCCUPIED, flat[OCCUPIED] | first[0]),
        _with(flat, HELD, tuple(held)),
    ]
    seen = set()
    for variant in variants:
        kept, fresh = memo.prep(variant), prepared(memo.board, memo.tables, variant)
        assert (kept[0], kept[1], kept[5]) == (fresh[0], fresh[1], fresh[5])
        seen.add((fresh[0], fresh[1], fresh[5]))
    assert len(seen) == len(variants)  # each variant's ``Prep`` is its own
