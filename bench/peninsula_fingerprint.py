"""Proof that speed work on Peninsula changes no behaviour: a hash per seeded game.

The pattern of ``bench.five_peaks_fingerprint``. For a fixed set of games (1 to 4 seats,
both bots, both maps, and rules version 1 as well as the current one), each hash covers
every command chosen, every event as stored, every seat's and a spectator's view at regular
points, and the legal commands of every seat to act at those points. ``--record`` writes the
hashes (take them from the code before a change); the default compares against them and
exits non-zero on any difference.

Run: ``.venv/bin/python -m bench.peninsula_fingerprint [--record]``.
"""

from __future__ import annotations

import argparse
import hashlib
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from bench.fingerprints import record_or_check
from bench.playthrough import seed_for
from domain.core import Luck, Ruleset, SetUp
from domain.core.codec import encode
from domain.core.registry import event_to_record
from domain.games.peninsula import FIRST, RULESET
from service.store.records import canonical_json

BOTS = ("greedy", "random")
SEATS = (1, 2, 3, 4)
MAPS = ("M1", "M2")
PER_SETTING = 4
VERSIONS: dict[str, Ruleset[Any, Any, Any]] = {"2": RULESET, "1": FIRST}
EVERY = 10
"""Views and legal commands are hashed at every 10th decision: a Peninsula game is a few
hundred small decisions, and the legal commands are what a speed change touches."""
FILE = Path(__file__).resolve().parent / "support" / "peninsula_fingerprints.json"


def settings() -> Iterator[tuple[str, int, str, str, int]]:
    """(rules version, seats, bot, map, game number): every seat count, bot and map under
    version 2; version 1 (the engine picks Train Tunnel and Swimmer paths) at 2 seats."""
    for n in range(PER_SETTING):
        for seats in SEATS:
            for bot in BOTS:
                for map_id in MAPS:
                    yield "2", seats, bot, map_id, n
        for bot in BOTS:
            for map_id in MAPS:
                yield "1", 2, bot, map_id, n


def play(
    ruleset: Ruleset[Any, Any, Any], seats: int, bot: str, map_id: str, game_no: int
) -> Iterator[tuple[Any, tuple[Any, ...], Any]]:
    """Each decision of one game: the command, its events, the state before it. The seat to
    act, when several may, and the bot's luck are drawn from the game's label."""
    label = f"peninsula-fp:{ruleset.rules_version}:{seats}:{bot}:{map_id}:{game_no}"
    state = ruleset.initial_state
    command: Any = SetUp(seats=seats, seed=seed_for(label), options={"map": map_id})
    for step in range(20_000):
        events = ruleset.decide(state, command)
        yield command, events, state
        state = ruleset.fold(events, state)
        if ruleset.is_terminal(state):
            return
        command = ruleset.system_command(state)
        if command is None:
            ready = sorted(ruleset.to_act(state))
            pick, luck = Luck(seed_for(label, "bot", step)).draw_below(len(ready))
            command = ruleset.bots[bot](state, ready[pick], luck)
    raise AssertionError(f"{label} did not end")


def fingerprint(version: str, seats: int, bot: str, map_id: str, game_no: int) -> str:
    ruleset = VERSIONS[version]
    digest = hashlib.sha256()

    def feed(value: Any) -> None:
        digest.update(canonical_json(value).encode())
        digest.update(b"\n")

    def look(state: Any) -> None:
        for viewer in (*range(seats), None):
            feed(dict(ruleset.view(state, viewer)))
        for seat in sorted(ruleset.to_act(state)):
            feed([encode(c) for c in ruleset.legal_commands(state, seat)])

    state: Any = None
    for step, (command, events, before) in enumerate(play(ruleset, seats, bot, map_id, game_no)):
        feed([type(command).__name__, encode(command)])
        feed([list(event_to_record(e)) for e in events])
        if step % EVERY == 0 and step:
            look(before)
        state = ruleset.fold(events, before)
    look(state)
    return digest.hexdigest()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--record", action="store_true", help="write the hashes, not check")
    args = parser.parse_args(argv)
    found = {":".join(map(str, s)): fingerprint(*s) for s in settings()}
    return record_or_check(found, FILE, args.record)


if __name__ == "__main__":
    sys.exit(main())
