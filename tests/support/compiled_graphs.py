"""Run as a program: seeded games' graphs and hints as JSON text, from the analysis workers
this process's fork server gives (the compiled domain when ``CAIRN_HOME`` holds a build for
this source and ``CAIRN_COMPILED`` is not 0), and whether those workers ran it.

``tests/service/analysis/test_compiled.py`` runs it twice, with builds off and on, and
compares the text: JSON keeps ``3`` apart from ``3.0``, which ``==`` would not.
"""

from __future__ import annotations

import json
import sys

from domain.games import load_all
from service import compiled
from service.analysis import Request, compute, prepare
from service.analysis.running import Position, _started_pool
from service.application import Application
from service.simulation import simulate
from service.store.memory import MemoryStore

GAMES = (("peninsula", "random"), ("five-peaks", "random"), ("peloponnes", "greedy"))
"""Each ruleset's game, played by the bot named (random games are short); every rollout is
played by the greedy bot, the one the analyses default to and the one most compiled."""


def _results(ruleset: str, played_by: str) -> list[object]:
    app = Application(MemoryStore())
    played = next(iter(simulate(app, ruleset, 1, seats=2, bot=played_by, seed=f"c-{ruleset}")))
    graph = prepare(app.store, played.game_id, None, Request(bot="greedy", rollouts=2, seed="c"))
    results = [compute(graph, 2)]
    for point in graph.scope.points[1:3]:
        asked = Request(kind="hints", bot="greedy", rollouts=2, seed="c", at=point.at, top=3)
        results.append(compute(prepare(app.store, played.game_id, None, asked), 2))
    return [{**result, "game_id": "(each run's own)"} for result in results]


def main() -> None:
    load_all()
    found = {ruleset: _results(ruleset, bot) for ruleset, bot in GAMES}
    position = Position("peloponnes", "1", (), (0,), None, "greedy", "c")
    with _started_pool(2, position) as pool:
        workers = pool.apply(compiled.is_in_use)
    json.dump({"workers_compiled": workers, "results": found}, sys.stdout, sort_keys=True)


if __name__ == "__main__":
    main()
