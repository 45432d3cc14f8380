"""No hidden information, over every ruleset (tests/support/rulesets.py): two forks of the
same live game at the same point, by the same seat, differ only in what that seat cannot
see (each reshuffled it from its own seed), so that seat's analysis of them is the same."""

from __future__ import annotations

from dataclasses import replace
from typing import Any
from uuid import UUID

import pytest

from domain.core import Luck, Ruleset, registry
from domain.core.contract import nothing_to_forget
from domain.core.registry import command_to_json
from service.analysis import Request, compute, prepare
from service.application import Application
from tests.support.rulesets import newest, seats_for

pytestmark = pytest.mark.storage

DECISIONS = 2
AFTER = 6
"""Decisions before the fork, and at most after it (the same in both twins)."""


def analysed(app: Application, game: UUID, viewer: int | None) -> dict[str, Any]:
    request = Request(bot="random", rollouts=1, seed="twins")
    result = compute(prepare(app.store, game, viewer, request), jobs=1)
    result.pop("game_id")
    return result


def settled(ruleset: Ruleset[Any, Any, Any], state: Any) -> Any:
    """``state`` after the system's due decisions, as the application takes them."""
    while (due := ruleset.system_command(state)) is not None:
        state = ruleset.fold(ruleset.decide(state, due), state)
    return state


def twin_forks(app: Application, ruleset: Ruleset[Any, Any, Any]) -> tuple[UUID, UUID]:
    seats = seats_for(ruleset)
    players = [{"kind": "player", "player": f"p{seat}"} for seat in range(seats)]
    parent = app.create_game(ruleset.id, seats, seat_info=players, seed="3c" * 32).game_id
    tokens, _ = app.tokens.issue(parent, list(range(seats)))
    for turn in range(DECISIONS):
        state = app.load(parent).state
        seat = min(ruleset.to_act(state))
        command = ruleset.bots["random"](state, seat, Luck(f"{turn:064x}"))
        app.act(parent, seat, command_to_json(command))
    at = app.store.version(parent)
    one, two = (
        app.fork(parent, at=at, token=tokens[0], seed=seed).game_id
        for seed in ("a1" * 32, "b2" * 32)
    )
    for turn in range(AFTER):  # the same decisions in both, while seat 0 sees the same
        first, second = app.load(one).state, app.load(two).state
        acting = sorted(ruleset.to_act(first))
        if not acting or acting != sorted(ruleset.to_act(second)):
            break
        seat = acting[0]
        command = ruleset.bots["random"](first, seat, Luck(f"{turn + DECISIONS:064x}"))
        if command not in ruleset.legal_commands(second, seat):
            break
        after = [
            settled(ruleset, ruleset.fold(ruleset.decide(s, command), s)) for s in (first, second)
        ]
        if any(ruleset.view(after[0], v) != ruleset.view(after[1], v) for v in (0, None)):
            break  # it would show seat 0 something the twins hold differently
        for game in (one, two):
            app.act(game, seat, command_to_json(command))
    return one, two


@pytest.mark.parametrize("ruleset", newest())
def test_a_seat_s_analysis_is_blind_to_what_it_cannot_see(
    app: Application, ruleset: Ruleset[Any, Any, Any]
) -> None:
    one, two = twin_forks(app, ruleset)
    for viewer in (0, None):
        assert app.view(one, viewer)["view"] == app.view(two, viewer)["view"]
    graph = analysed(app, one, 0)
    assert graph["viewer"] == "seat:0" and graph["points"]
    forked_at = app.store.game(one).fork_at or 0
    assert any(p["at"] > forked_at for p in graph["points"]), "points past the fork"
    assert analysed(app, two, 0) == graph
    assert analysed(app, two, None) == analysed(app, one, None)


@pytest.mark.parametrize("ruleset", newest())
def test_the_twins_tell_a_careless_analysis_apart(
    app: Application, ruleset: Ruleset[Any, Any, Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The control: with a ``forget`` that forgets nothing, rollouts read the real hidden
    order, and the same seat's analyses of the twins differ (where there is one)."""
    one, two = twin_forks(app, ruleset)
    state = app.load(one).state
    if ruleset.forget(state, 0) == state:
        pytest.skip(f"{ruleset.id} has no hidden order here for forget to put in order")
    careless = replace(ruleset, rules=replace(ruleset.rules, forget=nothing_to_forget))
    monkeypatch.setitem(registry._RULESETS[ruleset.id], ruleset.rules_version, careless)
    assert analysed(app, two, 0) != analysed(app, one, 0)
