"""Rollouts and folds per second: one tree's code against another's, in the same run.

``--ruleset`` names the game (Peninsula unless told). Each round starts one process per tree
(its directory first on ``sys.path``), in an order that alternates between rounds, and each
times the rollouts of ``bench.analysis``'s rate line (a): ``--rollouts`` reshuffled rollouts
from each of its 4 positions of a seeded 2-seat game, with one bot for every seat, after one
untimed rollout per position to fill the caches. The report is each round's rates, each
tree's median and the median of the
per-round ratios (after over before), so a busy machine slows both sides of a ratio alike.
``--graph-cpu`` plays instead the whole graph of a 2-seat game (played by ``--bot``,
on a memory store) at N = ``--rollouts`` with 2 pool workers, and reports the CPU seconds
of the workers and the parent, and the time they project for N = 100 on two free cores,
and when the first whole graph was shown (its sketch at 1 rollout a point, wall time).
``--graph`` runs instead ``bench.analysis``'s graph lines (b) on each tree, at N =
``--rollouts`` (100 for the headline) and N / 10 for the 1-job against 2-job line, each on
its own embedded database (minutes: both jobs busy both cores). ``--profile`` prints
instead each tree's ``bench.analysis`` profile shares; ``--calls``
the CPU time of one ``legal_commands`` call and one bot call, best of 5, over every
position a bot met in ``--rollouts`` rollouts from each of those positions. ``--fold`` times
instead ``bench.fold``'s line (a) for the ruleset: the fold of complete games against the
reference fold, both in the same process, so each round gives each tree its fold ratio.
Rates are reported per CPU second of the process (``time.process_time``) beside wall time:
on a shared machine a process's wall time counts the moments it waited for a core.

Run: ``.venv/bin/python -m bench.speed --before /work/main --after . [--ruleset five-peaks]``
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
from pathlib import Path

CHILD = """
import json, sys, time
from bench.analysis import FULL, _rollouts, positions, profile
from domain.analysis.rollouts import derived_seed, reshuffled
from domain.core import Luck, registry
from domain.games import load_all
import domain

load_all()
bot, n, mode, game = sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4]
if mode == "profile":
    import bench.analysis

    bench.analysis.GRAPH_RULESET = game  # the ruleset ``profile`` looks at
    print(json.dumps({"code": domain.__file__, "profile": profile(FULL)}))
elif mode == "fold":
    from bench.fold import FULL as FOLD, reference_fold
    from bench.playthrough import play, seats_for

    ruleset = registry.get(game)
    games = [play(ruleset, seats_for(ruleset), k).events for k in range(FOLD.games // 4)]
    events = sum(len(g) for g in games)
    def fold_all():
        for g in games:
            ruleset.fold(g)
    # the fold without the platform's composition: game facts straight to the game's own
    # evolve, the lifecycle's and live play's through the composed one
    platform = ruleset._lifecycle_events | ruleset._live_events
    composed, own = ruleset.evolve, ruleset.rules.evolve
    def bare_all():
        for g in games:
            state = ruleset.initial_state
            for event in g:
                state = (composed if event.__class__ in platform else own)(state, event)
    def best(work):
        times = []
        for _ in range(max(1, n)):
            start = time.process_time()
            work()
            times.append(time.process_time() - start)
        return min(times)
    reference, fold, bare = best(lambda: reference_fold(events)), best(fold_all), best(bare_all)
    print(json.dumps({"code": domain.__file__, "rate": events / fold, "ratio": reference / fold,
                      "bare_ratio": reference / bare}))
elif mode == "graph":
    from dataclasses import replace
    from psycopg_pool import ConnectionPool
    from bench.analysis import graph_lines
    from bench.harness import bench_database
    from service.application import Application
    from service.simulation import simulate
    from service.store import EventStore

    sizes = replace(
        FULL, graph_rollouts=max(1, n // 10), headline_rollouts=n, graph_ruleset=game
    )
    with bench_database() as url, ConnectionPool(url, max_size=4, open=True) as pool:
        app = Application(EventStore(pool))
        game = next(iter(simulate(app, sizes.graph_ruleset, 1, seats=2, seed="bench-analysis")))
        lines = graph_lines(app, game.game_id, sizes)
    print(json.dumps({"code": domain.__file__, "graph": [
        f"{line['name']}: {line['baseline']['median_s']:.2f} s against"
        f" {line['subject']['median_s']:.2f} s" for line in lines]}))
elif mode == "graphcpu":
    # the whole graph of a 2-seat game played by the bot, on a memory store, 2 pool workers:
    # their CPU (counted once the pool is gone) and this process's, per rollout asked
    import inspect
    import resource
    from service.analysis import Request, compute, prepare
    from service.application import Application
    from service.simulation import simulate
    from service.store.memory import MemoryStore

    def used(who):
        got = resource.getrusage(who)
        return got.ru_utime + got.ru_stime

    app = Application(MemoryStore())
    played = next(iter(simulate(app, game, 1, seats=2, bot=bot, seed="bench-analysis")))
    asked = Request(bot=bot, rollouts=n, seed="bench")
    prepared = prepare(app.store, played.game_id, None, asked)
    mine, workers = used(resource.RUSAGE_SELF), used(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    firsts = []
    if "sketched" in inspect.signature(compute).parameters:
        compute(prepared, 2, sketched=lambda g: firsts.append(time.perf_counter() - start))
    else:  # a tree from before the graph's sketches
        compute(prepared, 2)
    wall = time.perf_counter() - start
    # Workers forked from a fork server are its children, not this process's: stopped and
    # reaped here, the server brings their CPU (and its own start) into RUSAGE_CHILDREN, as
    # spawned workers' came. Private, but this is a benchmark; a tree that spawns has none.
    import multiprocessing.forkserver

    multiprocessing.forkserver._forkserver._stop()
    cpu = used(resource.RUSAGE_SELF) - mine + used(resource.RUSAGE_CHILDREN) - workers
    try:
        from service.compiled import built
    except ImportError:  # a tree from before compiled analyses
        built = lambda: None
    print(json.dumps({"code": domain.__file__, "points": len(prepared.scope.points),
                      "events": played.events, "cpu_s": cpu, "wall_s": wall,
                      "first_s": firsts[0] if firsts else None,
                      "compiled": built() is not None}))
elif mode == "calls":
    ruleset = registry.get(game)
    choose, asked = ruleset.bots[bot], []
    for point, state in enumerate(positions(ruleset)):
        for index in range(n):
            world = reshuffled(ruleset, state, None, derived_seed("calls", point, index))
            for step in range(100_000):
                if ruleset.is_terminal(world):
                    break
                due = ruleset.system_command(world)
                if due is None:
                    seat = min(ruleset.to_act(world))
                    luck = Luck(derived_seed("calls", point, index, step))
                    asked.append((world, seat, luck))
                    due = choose(world, seat, luck)
                world = ruleset.fold(ruleset.decide(world, due), world)
    def per_call(work):
        best = float("inf")
        for _ in range(5):
            start = time.process_time()
            for state, seat, luck in asked:
                work(state, seat, luck)
            best = min(best, time.process_time() - start)
        return 1e6 * best / len(asked)
    legal = per_call(lambda state, seat, luck: ruleset.legal_commands(state, seat))
    print(json.dumps({"code": domain.__file__, "calls": len(asked), "legal_us": legal,
                      "bot_us": per_call(choose)}))
else:
    ruleset = registry.get(game)
    states = positions(ruleset)
    _rollouts(ruleset, states, bot, 1)
    start, cpu = time.perf_counter(), time.process_time()
    _rollouts(ruleset, states, bot, n)
    seconds, cpu = time.perf_counter() - start, time.process_time() - cpu
    print(json.dumps({"code": domain.__file__, "rate": n * len(states) / seconds,
                      "cpu_rate": n * len(states) / cpu}))
"""


def measure(
    tree: Path, bot: str, rollouts: int, mode: str, game: str, compiled: bool = False
) -> dict[str, object]:
    """One child's figures; its analysis workers run the compiled domain only with
    ``compiled`` (and a build for ``tree``'s source made by ``cairn compile``)."""
    env = {**os.environ, "PYTHONPATH": str(tree), "CAIRN_COMPILED": "1" if compiled else "0"}
    done = subprocess.run(
        [sys.executable, "-c", CHILD, bot, str(rollouts), mode, game],
        cwd=tree,
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    found: dict[str, object] = json.loads(done.stdout.strip().splitlines()[-1])
    if not str(found["code"]).startswith(str(tree)):
        raise RuntimeError(f"{tree}: the child ran the code at {found['code']}")
    return found


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--before", type=Path, required=True, help="the tree before")
    parser.add_argument("--after", type=Path, required=True, help="the tree after")
    parser.add_argument("--ruleset", default="peninsula")
    parser.add_argument("--bot", default="random")
    parser.add_argument("--rollouts", type=int, default=8, help="per position per round")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--profile", action="store_true", help="profile shares, not rates")
    parser.add_argument("--calls", action="store_true", help="µs per call, not rates")
    parser.add_argument("--graph", action="store_true", help="graph lines (b), not rates")
    parser.add_argument("--fold", action="store_true", help="fold ratios, not rollouts")
    parser.add_argument("--graph-cpu", action="store_true", help="a graph's CPU seconds")
    parser.add_argument(
        "--compiled",
        choices=("after", "both"),
        help="with --graph-cpu: the after tree's workers run its build (cairn compile), or"
        " both trees' run theirs",
    )
    args = parser.parse_args(argv)
    trees = {"before": args.before.resolve(), "after": args.after.resolve()}
    if args.graph:
        for name in trees:
            got = measure(trees[name], args.bot, args.rollouts, "graph", args.ruleset)
            for line in got["graph"]:  # type: ignore[attr-defined]
                print(f"{name}: {line}")
        return 0
    if args.graph_cpu:
        return _graph_cpu(trees, args)
    if args.calls:
        for round_no in range(args.rounds):
            for name in trees if round_no % 2 == 0 else reversed(trees):
                got = measure(trees[name], args.bot, args.rollouts, "calls", args.ruleset)
                print(
                    f"round {round_no + 1} {name}: {got['calls']} calls, legal_commands"
                    f" {got['legal_us']:.1f} µs, {args.bot} bot {got['bot_us']:.1f} µs"
                )
        return 0
    if args.profile:
        for name, tree in trees.items():
            got = measure(tree, args.bot, 0, "profile", args.ruleset)
            for note in got["profile"]:  # type: ignore[attr-defined]
                print(f"{name}: {note}")
        return 0
    return _rates(trees, args)


def _graph_cpu(trees: dict[str, Path], args: argparse.Namespace) -> int:
    """Each round, each tree's whole graph at ``--rollouts`` (alternating which goes first):
    its CPU seconds, and what they project for 100 rollouts on two free cores."""
    got: dict[str, list[float]] = {name: [] for name in trees}
    for round_no in range(args.rounds):
        for name in trees if round_no % 2 == 0 else reversed(trees):
            compiled = args.compiled == "both" or (args.compiled == "after" and name == "after")
            found = measure(
                trees[name], args.bot, args.rollouts, "graphcpu", args.ruleset, compiled
            )
            if compiled and not found.get("compiled"):
                raise SystemExit(f"{trees[name]}: no build for its source; run cairn compile")
            cpu = float(found["cpu_s"])  # type: ignore[arg-type]
            got[name].append(cpu)
            print(
                f"round {round_no + 1} {name}: {found['points']} points of a"
                f" {found['events']}-event game x {args.rollouts} rollouts, {cpu:.1f} CPU s"
                f" ({found['wall_s']:.1f} s wall); 100 rollouts on 2 free cores:"
                f" {cpu * 100 / args.rollouts / 2:.0f} s{_first_look(found)}",
                flush=True,
            )
    ratios = [b / a for a, b in zip(got["after"], got["before"], strict=True)]
    print(
        f"{args.ruleset} {args.bot} graph: CPU s median before"
        f" {statistics.median(got['before']):.1f}, after {statistics.median(got['after']):.1f};"
        f" median per-round before / after {statistics.median(ratios):.2f}"
        f" (range {min(ratios):.2f} to {max(ratios):.2f})"
    )
    return 0


def _first_look(found: dict[str, object]) -> str:
    """When the first whole graph showed (1 rollout a point, the same at any N): wall s."""
    first = found.get("first_s")
    return "" if first is None else f"; first whole graph shown after {first:.1f} s wall"


def _rates(trees: dict[str, Path], args: argparse.Namespace) -> int:
    """Rounds of one process per tree, alternating which goes first; the median of each
    measure and of the per-round ratios after / before."""
    mode, unit = ("fold", "events/s") if args.fold else ("rate", f"{args.bot} rollouts/s")
    keys = ("rate", "ratio", "bare_ratio") if args.fold else ("rate", "cpu_rate")
    got: dict[str, dict[str, list[float]]] = {n: {k: [] for k in keys} for n in trees}
    for round_no in range(args.rounds):
        order = list(trees) if round_no % 2 == 0 else list(reversed(trees))
        for name in order:
            found = measure(trees[name], args.bot, args.rollouts, mode, args.ruleset)
            for key in keys:
                got[name][key].append(float(found[key]))  # type: ignore[arg-type]
        said = "; ".join(
            f"{n} " + ", ".join(f"{k} {got[n][k][-1]:,.2f}" for k in keys) for n in trees
        )
        print(f"round {round_no + 1}: {said}", flush=True)
    for key in keys:
        before, after = got["before"][key], got["after"][key]
        ratios = [a / b for a, b in zip(after, before, strict=True)]
        print(
            f"{args.ruleset} {'fold / reference' if 'ratio' in key else unit} ({key}):"
            f" median before {statistics.median(before):,.2f}, after"
            f" {statistics.median(after):,.2f}; median per-round after / before"
            f" {statistics.median(ratios):.2f} (range {min(ratios):.2f} to {max(ratios):.2f})"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
