"""The figures of a Five Peaks simulation file (``bench/five_peaks.py``), as Markdown.

One row per setting (seat count x bot), the shape of docs/rules/five-peaks.md, Balance:
games, how many audited clean, scores (every seat's, and the winner's), turns per seat,
decisions and how the games ended; then how often each hiking card was played, each
campfire effect kept, each panorama bought, each peak placed and each stone placed, with
what was never used. Only the players' scores are counted: the 1-seat practice game is not
simulated.
"""

from __future__ import annotations

import statistics
from collections import Counter
from typing import Any

from bench.five_peaks import SETTINGS, USES
from domain.games.five_peaks.content import load
from domain.games.five_peaks.flow import TURNS_PER_SEAT

DASH = "\u2013"
"""The docs' tables write ranges with an en dash."""


def _spread(values: list[int]) -> str:
    """median (min-max), p10-p90."""
    if not values:
        return "-"
    ordered = sorted(values)
    p10, p90 = ordered[len(ordered) // 10], ordered[(9 * len(ordered)) // 10]
    median = statistics.median(ordered)
    return f"{median:g} ({ordered[0]}{DASH}{ordered[-1]}), p10{DASH}p90 {p10}{DASH}{p90}"


def _ends(lines: list[dict[str, Any]]) -> str:
    counts = Counter(line["end"] for line in lines)
    return ", ".join(f"{end}: {n}" for end, n in counts.most_common())


def settings_table(lines: list[dict[str, Any]]) -> str:
    rows = [
        f"| setting | games | audited clean | score, median (min{DASH}max) | winning score | "
        "turns per seat | decisions | ended by |",
        "| --- | --- | --- | --- | --- | --- | --- | --- |",
    ]
    for seats, bot in SETTINGS:
        mine = [x for x in lines if x["seats"] == seats and x["bot"] == bot]
        if not mine:
            continue
        rows.append(
            f"| {seats} seats, {bot} | {len(mine)} | {sum(x['audited'] for x in mine)} | "
            f"{_spread([s for x in mine for s in x['scores']])} | "
            f"{_spread([max(x['scores']) for x in mine])} | "
            f"{_spread([x['turns'] // seats for x in mine])} | "
            f"{_spread([x['decisions'] for x in mine])} | {_ends(mine)} |"
        )
    return "\n".join(rows)


def _names(use: str) -> tuple[str, ...]:
    pack = load()
    return {
        "cards": tuple(pack.cards),
        "campfire": tuple(pack.campfire),
        "panoramas": tuple(pack.panoramas),
        "peaks": tuple(pack.peaks),
        "stones": tuple(s.id for s in pack.stones),
    }[use]


TITLES = {
    "cards": "hiking cards played",
    "campfire": "campfire effects kept",
    "panoramas": "panoramas bought",
    "peaks": "peaks placed",
    "stones": "stones placed",
}


def usage(lines: list[dict[str, Any]]) -> str:
    out = []
    never = []
    for use in USES:
        total: Counter[str] = Counter()
        for line in lines:
            total.update(line[use])
        names = _names(use)
        out.append(f"**{TITLES[use]}**: " + ", ".join(f"{n} {total[n]:,}" for n in names))
        never += [n for n in names if not total[n]]
    out.append("**never used**: " + (", ".join(never) if never else "nothing"))
    return "\n\n".join(out)


def report(lines: list[dict[str, Any]]) -> str:
    if not lines:
        return "no games in the file yet"
    clean = sum(x["audited"] for x in lines)
    limited = sum(x["end"] == "turn_limit" for x in lines)
    # a triggered end whose final round went past the limit: rules version 1 cut it short
    past = sum(x["end"] != "turn_limit" and x["turns"] > TURNS_PER_SEAT * x["seats"] for x in lines)
    head = (
        f"{len(lines):,} games, {clean:,} audited clean; the 100-turn limit ended "
        f"{limited:,} ({100 * limited / len(lines):.1f}%); final rounds played past it: "
        f"{past:,}. Rules version "
        f"{', '.join(sorted({x['rules_version'] for x in lines}))}, content "
        f"{', '.join(sorted({x['content_hash'][:12] for x in lines}))}."
    )
    return "\n\n".join([head, settings_table(lines), usage(lines)])
