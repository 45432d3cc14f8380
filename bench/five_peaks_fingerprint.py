"""Proof that speed work on Five Peaks changes no behaviour: a hash per seeded game.

For a fixed set of games (``PER_SETTING`` per seat count and bot, played the way
``bench.five_peaks`` plays them, under each rules version), each hash covers every command
chosen, every event as stored, every seat's and a spectator's view at regular points, and
the legal commands of the seat to act at those points. ``--record`` writes the hashes (take
them from the code before a change); the default compares against them and exits non-zero
on any difference. The version 1 hashes are the ones recorded before version 2 existed.

Run: ``.venv/bin/python -m bench.five_peaks_fingerprint [--record]``.
"""

from __future__ import annotations

import argparse
import hashlib
import sys
from pathlib import Path
from typing import Any

from bench.fingerprints import record_or_check
from bench.five_peaks import BOTS, SEATS, play
from domain.core import Ruleset
from domain.core.codec import encode
from domain.core.registry import event_to_record
from domain.games.five_peaks import FIRST, RULESET
from service.store.records import canonical_json

PER_SETTING = 2
VERSIONS: dict[str, Ruleset[Any, Any, Any]] = {"1": FIRST, "2": RULESET}
EVERY = 40
"""Views and legal commands are hashed at every 40th decision: often enough to cover every
stage, rarely enough to keep the check near the cost of the games themselves."""
FILE = Path(__file__).resolve().parent / "support" / "five_peaks_fingerprints.json"


def fingerprint(ruleset: Ruleset[Any, Any, Any], seats: int, bot: str, game_no: int) -> str:
    digest = hashlib.sha256()

    def feed(value: Any) -> None:
        digest.update(canonical_json(value).encode())
        digest.update(b"\n")

    state: Any = None
    for step, (command, events, before) in enumerate(play(seats, bot, game_no, ruleset)):
        feed([type(command).__name__, encode(command)])
        feed([list(event_to_record(e)) for e in events])
        if step % EVERY == 0 and step:
            for viewer in (*range(seats), None):
                feed(dict(ruleset.view(before, viewer)))
            for seat in sorted(ruleset.to_act(before)):
                feed([encode(c) for c in ruleset.legal_commands(before, seat)])
        state = ruleset.fold(events, before)
    for viewer in (*range(seats), None):
        feed(dict(ruleset.view(state, viewer)))
    return digest.hexdigest()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--record", action="store_true", help="write the hashes, not check")
    args = parser.parse_args(argv)
    found = {
        f"v{version}:{seats}:{bot}:{n}": fingerprint(ruleset, seats, bot, n)
        for version, ruleset in VERSIONS.items()
        for seats in SEATS
        for bot in BOTS
        for n in range(PER_SETTING)
    }
    return record_or_check(found, FILE, args.record)


if __name__ == "__main__":
    sys.exit(main())
