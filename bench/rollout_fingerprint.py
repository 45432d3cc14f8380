"""Proof that speed work on a ruleset's rollouts changes no game: a hash per rollout.

``bench.five_peaks_fingerprint`` and ``bench.peninsula_fingerprint`` hash whole seeded games
and look at the legal commands now and then; this one follows what an analysis does
(``domain.analysis``), for any registered ruleset (``--ruleset``, Five Peaks unless told): from the
positions of ``bench.analysis``'s rate line (0, 1/4, 1/2 and 3/4 of a seeded 2-seat game),
each reshuffled and played to the end by one bot for every seat. Each hash covers, at
every decision, the seat's legal commands in order, the bot's choice, the events decided
and the state folded from them (its ``repr``: every field, so the fold is checked too), and
the rollout's result. ``--record`` writes the hashes (take them from the code before a
change); the default compares against them and exits non-zero on any difference. Each
ruleset's hashes are in ``bench/support/<ruleset>_rollout_fingerprints.json`` (``-`` as
``_``); a ruleset without that file has none recorded yet. The ``repr`` of a set of strings
follows the process's hash seed (Peninsula's state holds some), so the script runs itself
again under ``PYTHONHASHSEED=0`` unless it already runs under it, as ``bench.fold_fingerprint``.

Run: ``.venv/bin/python -m bench.rollout_fingerprint [--ruleset peloponnes] [--record]``.
"""

from __future__ import annotations

import argparse
import hashlib
import os
import sys
from functools import partial
from pathlib import Path
from typing import Any

from bench.analysis import positions
from bench.fingerprints import record_or_check
from bench.support.garbage import cycles_left
from domain.analysis.rollouts import Playout, derived_seed, play_out, reshuffled
from domain.core import Luck, Ruleset, registry
from domain.core.codec import encode
from domain.core.registry import event_to_record
from domain.games import load_all
from service.store.records import canonical_json

BOTS = ("greedy", "random")
PER_POSITION = 4
SUPPORT = Path(__file__).resolve().parent / "support"


def fingerprint(ruleset: Ruleset[Any, Any, Any], state: Any, bot: str, point: int, n: int) -> str:
    """One rollout as ``domain.analysis.play_out`` plays it, hashed at every decision."""
    digest = hashlib.sha256()

    def feed(value: Any) -> None:
        digest.update(canonical_json(value).encode())
        digest.update(b"\n")

    world = reshuffled(ruleset, state, None, derived_seed("fp", point, n, "luck"))
    entropy = derived_seed("fp", point, n, "bots")
    start = world
    # the bot's rollout companion, if it has one, hears every step as in ``play_out``: on a
    # compiled build the hashes then cover the bot's decisions as an analysis makes them
    hear = ruleset.companion(bot, world)
    for step in range(100_000):
        due = ruleset.system_command(world)
        if due is None:
            if ruleset.is_terminal(world):
                result = ruleset.result(world)
                feed([list(result.scores), list(result.ranks)] if result else None)
                _same_as_play_out(ruleset, start, bot, entropy, result, f"{bot}:{point}:{n}")
                return digest.hexdigest()
            seat = min(ruleset.to_act(world))
            feed([encode(c) for c in ruleset.legal_commands(world, seat)])
            due = ruleset.bots[bot](world, seat, Luck(derived_seed(entropy, step)))
        events = ruleset.decide(world, due)
        feed([type(due).__name__, encode(due)])
        feed([list(event_to_record(e)) for e in events])
        before, world = world, ruleset.fold(events, world)
        if hear is not None:
            hear(before, events, world)
        digest.update(repr(world).encode())
    raise AssertionError(f"rollout {bot}:{point}:{n} did not end")


def _same_as_play_out(
    ruleset: Ruleset[Any, Any, Any], start: Any, bot: str, entropy: str, result: Any, name: str
) -> None:
    """The loop above is the plain form (decide, then fold) that the hashes record; the
    analysis plays ``play_out``, with the ruleset's ``step`` and shortcuts of its own. The
    same rollout through ``play_out`` must end the same, or the hashes would vouch for a
    loop the analysis does not run. Nor may it leave reference cycles: the analysis workers
    rarely run the cyclic collector (``bench.support.garbage``), and this is the check that
    runs on the compiled build too (.ci/compiled)."""
    played, cycles = cycles_left(partial(play_out, ruleset, start, bot, entropy))
    if cycles:
        raise AssertionError(f"rollout {name}: play_out left {cycles} objects in reference cycles")
    expected = Playout(tuple(result.scores), tuple(result.ranks)) if result else None
    if played != expected:
        raise AssertionError(f"rollout {name}: play_out ended {played}, the plain loop {expected}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ruleset", default="five-peaks", help="a registered ruleset's id")
    parser.add_argument("--record", action="store_true", help="write the hashes, not check")
    args = parser.parse_args(argv)
    if os.environ.get("PYTHONHASHSEED") != "0":
        again = [sys.executable, "-m", "bench.rollout_fingerprint", *sys.argv[1:]]
        os.execve(sys.executable, again, {**os.environ, "PYTHONHASHSEED": "0"})
    load_all()
    ruleset = registry.get(args.ruleset)
    states = positions(ruleset)
    found = {
        f"{bot}:{point}:{n}": fingerprint(ruleset, state, bot, point, n)
        for bot in BOTS
        for point, state in enumerate(states)
        for n in range(PER_POSITION)
    }
    file = SUPPORT / f"{args.ruleset.replace('-', '_')}_rollout_fingerprints.json"
    return record_or_check(found, file, args.record)


if __name__ == "__main__":
    sys.exit(main())
