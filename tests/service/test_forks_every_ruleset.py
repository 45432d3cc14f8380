"""Forks of a live game, over every ruleset (tests/support/rulesets.py): a seat forks with
fresh luck, the prefix is copied, the parent is left alone, and the fork, played to its
end, audits clean and never shows the live parent's seed."""

from __future__ import annotations

from typing import Any

import pytest

from domain.core import Luck, Ruleset
from domain.core.registry import command_to_json
from service.application import Application
from service.audit import audit_game
from tests.support.rulesets import newest, seats_for

pytestmark = pytest.mark.storage

SEED = "6f" * 32
DECISIONS = 2
"""Seat decisions played in the parent before it is forked."""


@pytest.mark.parametrize("ruleset", newest())
def test_a_seat_s_fork_of_a_live_game_keeps_the_parent_s_luck_hidden(
    app: Application, ruleset: Ruleset[Any, Any, Any]
) -> None:
    seats = seats_for(ruleset)
    players = [{"kind": "player", "player": f"p{seat}"} for seat in range(seats)]
    parent = app.create_game(ruleset.id, seats, seat_info=players, seed=SEED).game_id
    tokens, _ = app.tokens.issue(parent, list(range(seats)))
    for turn in range(DECISIONS):
        loaded = app.load(parent)
        acting = sorted(ruleset.to_act(loaded.state))
        if not acting:
            break
        choose = ruleset.bots["random"]
        command = choose(loaded.state, acting[0], Luck(f"{turn:064x}"))
        app.act(parent, acting[0], command_to_json(command))
    before = app.store.read(parent)
    at = before[-1].seq
    assert not app.store.game(parent).is_finished

    forked = app.fork(parent, at=at, token=tokens[0])
    child = app.store.read(forked.game_id)
    assert [e.hash for e in child[:at]] == [e.hash for e in before]
    assert child[at].command is not None and child[at].command["keep"] == 0
    assert app.store.read(parent) == before, "the parent is left alone"

    app.play_bots(forked.game_id, dict.fromkeys(range(seats), "random"), entropy="fork")
    assert app.store.game(forked.game_id).is_finished
    assert audit_game(app.store, forked.game_id).is_clean
    public = app.events_since(forked.game_id, viewer=None, limit=100_000)
    views = [app.view(forked.game_id, viewer) for viewer in (None, *range(seats))]
    assert SEED not in repr((public, views)), "the live parent's seed leaked"
