"""Memory: peak RSS of ``cairn serve`` (one worker) holding many active games, against the
RSS of the same server idle, measured in the same run.

Idle is after start-up and one warm-up game, so imported code is counted there. Then
``games`` solo Peninsula games are created over HTTP by 8 clients and each gets one move,
so every one of them has been loaded, decided and cached by the process. The figure is
the process's high-water mark (VmHWM) from /proc.
"""

from __future__ import annotations

import tempfile
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx

from bench.harness import bench_database, command_line, write_report
from bench.support.servers import cairn_command, rss_kib, running

RULESET = "peninsula"


@dataclass(frozen=True)
class Sizes:
    games: int = 1000
    clients: int = 8


FULL = Sizes()
SMOKE = Sizes(games=10, clients=2)


def one_active_game(url: str, number: int) -> None:
    with httpx.Client(base_url=url, timeout=60) as http:
        seats = [{"kind": "player", "player": f"mem{number}"}]
        created = http.post("/games", json={"ruleset": RULESET, "seats": seats})
        created.raise_for_status()
        body = created.json()
        auth = {"Authorization": f"Bearer {body['seats'][0]['token']}"}
        game = f"/games/{body['game_id']}"
        legal = http.get(f"{game}/legal-commands", headers=auth)
        legal.raise_for_status()
        command = legal.json()["commands"][0]
        http.post(f"{game}/commands", json={"command": command}, headers=auth).raise_for_status()


def run(url: str | None = None, sizes: Sizes = FULL, out_dir: Path | None = None) -> dict[str, Any]:
    with bench_database(url) as database_url, tempfile.TemporaryDirectory() as logs:
        env = {"DATABASE_URL": database_url}
        with running(cairn_command(1), env, Path(logs) / "cairn.log") as server:
            one_active_game(server.url, -1)
            idle = rss_kib(server.pid)
            with ThreadPoolExecutor(sizes.clients) as pool:
                list(pool.map(lambda n: one_active_game(server.url, n), range(sizes.games)))
            peak, after = rss_kib(server.pid, "VmHWM"), rss_kib(server.pid)
        ratio = peak / idle
        line = {
            "name": f"memory, {sizes.games:,} active games, 1 worker (RSS MiB)",
            "baseline": {"rss_mib": idle / 1024, "what": "the idle server after one game"},
            "subject": {
                "rss_mib": peak / 1024,
                "what": "peak (VmHWM) with every game active",
                "rss_after_mib": after / 1024,
                "per_game_kib": (peak - idle) / sizes.games,
            },
            "ratio_of": "memory",
            "ratio": ratio,
            "target": "none set (reported)",
            "meets_target": True,
        }
        return write_report("memory", vars(sizes), [line], database_url, out_dir)


if __name__ == "__main__":
    command_line(__doc__ or "", run, FULL, SMOKE)
