"""Proof that speed work on the fold changes no state: a hash of every state folded.

Each game's events are folded one at a time through ``Ruleset.evolve``, and the ``repr`` of
the state after every event (every field of the game's part and of the ``Table``) goes into
the game's hash. The games: every golden replay under ``replays/`` (decoded from the file,
upcast as a load would), and per registered ruleset a few seeded games played by its
``random`` bot in process (``bench.playthrough``), once with the default options and once
with ``takebacks`` on, so that live play's reaction to game facts (``takebacks``: a reveal
closes the window) is folded too. A played game is decided on the folded states, so its
hash covers the decisions as well. ``--record`` writes the hashes (take them from the code
before a change); the default compares against them and exits non-zero on any difference.
The ``repr`` of a set of strings follows the process's hash seed, so the script runs itself
again under ``PYTHONHASHSEED=0`` unless it already runs under it.

Run: ``.venv/bin/python -m bench.fold_fingerprint [--record]``.
"""

from __future__ import annotations

import argparse
import hashlib
import os
import sys
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from bench.fingerprints import record_or_check
from bench.playthrough import play, seats_for
from domain.core import Ruleset, registry
from domain.core.registry import event_from_record
from domain.games import load_all
from service.replays import parse

ROOT = Path(__file__).resolve().parents[1]
FILE = Path(__file__).resolve().parent / "support" / "fold_fingerprints.json"
PLAYED = 3
"""Seeded games per ruleset and set of options."""
OPTIONS: dict[str, dict[str, Any]] = {"default": {}, "takebacks": {"takebacks": "free"}}


def fingerprint(ruleset: Ruleset[Any, Any, Any], events: Iterable[Any]) -> str:
    """The hash of the ``repr`` of every state on the way, one event at a time."""
    digest = hashlib.sha256()
    state, evolve = ruleset.initial_state, ruleset.evolve
    for event in events:
        state = evolve(state, event)
        digest.update(repr(state).encode())
        digest.update(b"\n")
    return digest.hexdigest()


def replayed() -> dict[str, str]:
    found = {}
    for path in sorted(ROOT.glob("replays/**/*.ndjson")):
        trail = parse(path.read_text(encoding="utf-8"))
        ruleset = registry.get(trail.game.ruleset, trail.game.rules_version)
        events = [
            event_from_record(ruleset, e.type, e.schema_version, e.payload) for e in trail.events
        ]
        found[f"replay:{path.relative_to(ROOT)}"] = fingerprint(ruleset, events)
    return found


def played() -> dict[str, str]:
    found = {}
    for ruleset in registry.all_rulesets():
        if ruleset.id == "marathon":
            continue
        for name, options in OPTIONS.items():
            for n in range(PLAYED):
                game = play(ruleset, seats_for(ruleset), n, options)
                found[f"played:{ruleset.id}:{name}:{n}"] = fingerprint(ruleset, game.events)
    return found


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--record", action="store_true", help="write the hashes, not check")
    args = parser.parse_args(argv)
    if os.environ.get("PYTHONHASHSEED") != "0":
        again = [sys.executable, "-m", "bench.fold_fingerprint", *sys.argv[1:]]
        os.execve(sys.executable, again, {**os.environ, "PYTHONHASHSEED": "0"})
    load_all()
    return record_or_check(replayed() | played(), FILE, args.record)


if __name__ == "__main__":
    sys.exit(main())
