"""Analysis: rollouts per second per core for each ruleset and bot, and the wall time of a
whole game's graph, with a profile of what bounds a rollout.

(a) Rollouts per second in one process: from positions at 0, 1/4, 1/2 and 3/4 of a seeded
2-seat game, each reshuffled and played to the end by one bot for every seat
(``domain.analysis.playouts``). The baseline, in the same run, plays the same positions to
the end with the same bot and no reshuffle (``play_out``): the ratio is the reshuffle's
price, the rate is the figure.
(b) The graph of a stored 2-seat Peninsula game (every decision point, the ``random`` bot)
at ``rollouts`` per point with 2 jobs, against the same graph with 1 job at the same size:
the ratio is what the second process buys on this machine. The headline line is the
graph at N = 100 with 2 jobs, timed once (issue #18's aim: under a minute); beside it, when
that run showed its first whole graph (every point at 1 rollout: ``running.rounds``).
(c) A cProfile of rollouts per bot: the share of the time spent in the bot, in legal
command generation (also inside the bot), in decide and in the fold.
"""

from __future__ import annotations

import cProfile
import pstats
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from psycopg_pool import ConnectionPool

from bench.harness import bench_database, command_line, comparison, interleaved, timed, write_report
from bench.playthrough import play
from domain.analysis import play_out, playouts
from domain.core import Ruleset, registry
from domain.games import load_all
from service.analysis import Request, compute, prepare
from service.application import Application
from service.simulation import simulate
from service.store import EventStore

GRAPH_RULESET = "peninsula"
AIM_SECONDS = 60.0


@dataclass(frozen=True)
class Sizes:
    rollouts: int = 8
    """Rollouts per position per sample in (a)."""
    rounds: int = 3
    graph_rounds: int = 1
    graph_rollouts: int = 10
    """(b)'s 1-job against 2-job comparison."""
    headline_rollouts: int = 100
    profile_rollouts: int = 6
    graph_ruleset: str = GRAPH_RULESET
    rate_rulesets: tuple[str, ...] | None = None
    """The rulesets (a) measures; None: every registered one."""


FULL = Sizes()
SMOKE = Sizes(
    rollouts=1,
    rounds=1,
    graph_rounds=1,
    graph_rollouts=1,
    headline_rollouts=2,  # a sketch at 1 rollout a point, then the whole
    profile_rollouts=1,
    graph_ruleset="peloponnes",  # a short game: the smoke test checks the code runs
    # Five Peaks' greedy rollouts run for minutes on a loaded machine; the smoke test only
    # checks that the code runs, which the two short games show.
    rate_rulesets=("peninsula", "peloponnes"),
)


def positions(ruleset: Ruleset[Any, Any, Any]) -> list[Any]:
    """States at 0, 1/4, 1/2 and 3/4 of one seeded 2-seat game of random bots."""
    game = play(ruleset, 2, 0)
    states, state = [], ruleset.initial_state
    for _, events in game.decisions:
        state = ruleset.fold(events, state)
        states.append(state)
    live = [s for s in states if not ruleset.rules.is_terminal(s)]
    return [live[len(live) * k // 4] for k in range(4)]


def _rollouts(ruleset: Ruleset[Any, Any, Any], states: list[Any], bot: str, n: int) -> None:
    for point, state in enumerate(states):
        playouts(ruleset, state, keep=None, bot=bot, seed="bench", point=point, indices=range(n))


def _unshuffled(ruleset: Ruleset[Any, Any, Any], states: list[Any], bot: str, n: int) -> None:
    for point, state in enumerate(states):
        for index in range(n):
            play_out(ruleset, state, bot, f"bench:{point}:{index}")


def rate_lines(sizes: Sizes) -> list[dict[str, Any]]:
    lines = []
    for ruleset in registry.all_rulesets():
        if ruleset.id == "marathon" or ruleset.max_seats < 2:
            continue
        if sizes.rate_rulesets is not None and ruleset.id not in sizes.rate_rulesets:
            continue
        states = positions(ruleset)
        for bot in sorted(ruleset.bots):
            samples = interleaved(_rate_cases(ruleset, states, bot, sizes.rollouts), sizes.rounds)
            lines.append(
                comparison(
                    f"{ruleset.id} {bot}: rollouts/s in one process (2 seats)",
                    samples["play"],
                    samples["rollouts"],
                    sizes.rollouts * len(states),
                    ratio_of="throughput",
                    target="informational",
                    meets=lambda _ratio: True,
                )
            )
    return lines


def _rate_cases(
    ruleset: Ruleset[Any, Any, Any], states: list[Any], bot: str, n: int
) -> dict[str, Any]:
    return {
        "play": lambda: timed(lambda: _unshuffled(ruleset, states, bot, n)),
        "rollouts": lambda: timed(lambda: _rollouts(ruleset, states, bot, n)),
    }


def graph_lines(app: Application, game_id: Any, sizes: Sizes) -> list[dict[str, Any]]:
    def graph(rollouts: int, jobs: int) -> float:
        request = Request(bot="random", rollouts=rollouts, seed="bench")
        prepared = prepare(app.store, game_id, None, request)
        return timed(lambda: compute(prepared, jobs))

    points = len(prepare(app.store, game_id, None, Request(bot="random")).scope.points)
    samples = interleaved(
        {
            "one": lambda: graph(sizes.graph_rollouts, 1),
            "two": lambda: graph(sizes.graph_rollouts, 2),
        },
        sizes.graph_rounds,
    )
    two_jobs = comparison(
        f"{sizes.graph_ruleset} graph, {points} points x {sizes.graph_rollouts} rollouts:"
        " 2 jobs against 1",
        samples["one"],
        samples["two"],
        points * sizes.graph_rollouts,
        ratio_of="time",
        target="informational (2 cores shared with other work)",
        meets=lambda _ratio: True,
    )
    headline, first_look = _headline(app, game_id, sizes.headline_rollouts)
    scaled = samples["one"][0] * sizes.headline_rollouts / sizes.graph_rollouts
    whole = comparison(
        f"{sizes.graph_ruleset} graph, {points} points x {sizes.headline_rollouts} rollouts,"
        " 2 jobs (wall s), against 1 job at the small size scaled up",
        [scaled],
        [headline],
        points * sizes.headline_rollouts,
        ratio_of="time",
        target=f"under {AIM_SECONDS:.0f} s",
        meets=lambda _ratio: headline < AIM_SECONDS,
    )
    whole["wall_s"] = headline
    first = comparison(
        f"{sizes.graph_ruleset} graph, {points} points: the first whole graph shown (1 rollout"
        f" a point, wall s), against the whole at {sizes.headline_rollouts}, same run",
        [headline],
        [first_look],
        points,
        ratio_of="time",
        target="informational (what a reader waits for before the graph's shape shows)",
        meets=lambda _ratio: True,
    )
    first["wall_s"] = first_look
    return [whole, first, two_jobs]


def _headline(app: Application, game_id: Any, rollouts: int) -> tuple[float, float]:
    """The whole graph at ``rollouts`` with 2 jobs, and when its first sketch came (wall s;
    the whole again when there is none, at 1 rollout)."""
    request = Request(bot="random", rollouts=rollouts, seed="bench")
    prepared = prepare(app.store, game_id, None, request)
    start = time.perf_counter()
    sketches: list[float] = []
    compute(prepared, 2, sketched=lambda _graph: sketches.append(time.perf_counter() - start))
    whole = time.perf_counter() - start
    return whole, (sketches[0] if sketches else whole)


def profile(sizes: Sizes) -> list[str]:
    """Where a rollout's time goes, per bot, as shares of the whole: the bot is what
    ``play_out`` spends outside the composed decide and fold (a recursive bot's own
    cumulative time would count its inner calls twice); legal commands are asked for by
    the bot, so their share is part of the bot's."""
    ruleset = registry.get(GRAPH_RULESET)
    states = positions(ruleset)
    notes = []
    for bot in sorted(ruleset.bots):
        profiler = cProfile.Profile()
        profiler.runcall(_rollouts, ruleset, states, bot, sizes.profile_rollouts)
        stats = pstats.Stats(profiler)
        spent = {"whole": 0.0, "play_out": 0.0, "legal commands": 0.0, "decide": 0.0, "fold": 0.0}
        spent["reshuffle"] = 0.0
        for (path, _, function), row in stats.stats.items():  # type: ignore[attr-defined]
            named = {
                ("bench/analysis.py", "_rollouts"): "whole",
                ("rollouts.py", "play_out"): "play_out",
                ("rollouts.py", "reshuffled"): "reshuffle",
                ("rules.py", "legal_commands"): "legal commands",
                ("core/ruleset.py", "decide"): "decide",
                ("core/ruleset.py", "fold"): "fold",
            }
            for (suffix, name), share in named.items():
                if function == name and path.endswith(suffix):
                    # time entered from outside the function (recursion counted once)
                    outside = [c[3] for caller, c in row[4].items() if caller[2] != function]
                    spent[share] += sum(outside) if row[4] else row[3]
        total = max(spent.pop("whole"), 1e-9)
        inside = spent.pop("play_out")
        bot_share = max(0.0, inside - spent["decide"] - spent["fold"])
        shares = {"bot": bot_share, **spent}
        said = ", ".join(f"{name} {share / total:.0%}" for name, share in shares.items())
        notes.append(
            f"profile {GRAPH_RULESET} {bot}: {said} (legal commands are asked for by the bot:"
            " their share is part of the bot's)"
        )
    return notes


def run(url: str | None = None, sizes: Sizes = FULL, out_dir: Path | None = None) -> dict[str, Any]:
    load_all()
    lines = rate_lines(sizes)
    with (
        bench_database(url) as database_url,
        ConnectionPool(database_url, min_size=1, max_size=4, open=True) as pool,
    ):
        app = Application(EventStore(pool))
        played = simulate(app, sizes.graph_ruleset, 1, seats=2, seed="bench-analysis")
        game = next(iter(played))
        lines = graph_lines(app, game.game_id, sizes) + lines
        notes = [f"the graph's game: {game.events} events", *profile(sizes)]
        return write_report("analysis", vars(sizes), lines, database_url, out_dir, notes)


if __name__ == "__main__":
    command_line(__doc__ or "", run, FULL, SMOKE)
