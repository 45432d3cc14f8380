"""The bot driver's ``play_out`` (what ``cairn fork`` waits on) on the in-memory store."""

from __future__ import annotations

from domain.core import Luck
from domain.core.registry import command_to_json, event_to_record
from service.composition import assemble
from service.store import Decision, NewEvent
from service.store.memory import MemoryStore
from tests.support.replaying import seed_for

BOTS = [{"kind": "bot", "bot": "random"}, {"kind": "bot", "bot": "random"}]


def test_play_out_does_not_stop_where_the_system_owes_the_next_decision() -> None:
    """Between a seat's decision and the system's, no seat is to act and the game is not
    over: the appender of the seat's decision takes the system's next, or, after a fault,
    nobody does. ``play_out`` once answered "done" there, while the bots had a game to
    finish. Here a seat's decision is appended with no settling after it, as by a process
    that died right after its commit."""
    service = assemble(MemoryStore(), sweep_every=None)
    cairn = service.cairn
    bots = service.bots
    assert bots is not None
    # Nobody plays until play_out, so the fault below stays. Closed before the game exists:
    # a driver kicked by the creation's commit would play on until close() let it stop,
    # sometimes to the game's end (the test then found no seat to act).
    bots.close()
    created = cairn.create_game("peloponnes", 2, seat_info=BOTS, seed=seed_for("system"))
    while True:
        loaded = cairn.load(created.game_id)
        ruleset, state = loaded.ruleset, loaded.state
        seat = min(ruleset.to_act(state))
        command = ruleset.bots["random"](state, seat, Luck(seed_for(str(loaded.version))))
        events = ruleset.decide(state, command, cairn.clock.now_ms())
        if ruleset.system_command(ruleset.fold(events, state)) is None:
            cairn.act(created.game_id, seat, command)
            continue
        records = [(*event_to_record(e), ruleset.visibility(e)) for e in events]
        new = tuple(
            NewEvent(name, version, payload, seen) for name, version, payload, seen in records
        )
        decision = Decision(new, f"seat:{seat}", command_to_json(command))
        cairn.store.append(created.game_id, loaded.version, loaded.head_hash, decision)
        break
    service = assemble(cairn.store, sweep_every=None)
    try:
        assert service.bots is not None and service.bots.play_out(created.game_id, 600)
        final = service.cairn.load(created.game_id)
        assert final.ruleset.is_terminal(final.state)
        assert service.cairn.store.game(created.game_id).is_finished
    finally:
        service.close()
