"""The Five Peaks simulation runs end to end at a tiny size, resumes, and reports.

No storage and no timing: figures come from real runs (docs/rules/five-peaks.md, Balance).
"""

from __future__ import annotations

import io
import json
from pathlib import Path

from bench import five_peaks
from bench.five_peaks_report import report


def test_games_are_round_robin_over_the_settings() -> None:
    first = five_peaks.schedule(16)
    assert [(s, b) for s, b, _ in first[:8]] == list(five_peaks.SETTINGS)
    assert {n for _, _, n in first[8:]} == {1}
    assert len(set(first)) == 16


def test_a_run_appends_one_audited_line_per_game_and_resumes(tmp_path: Path) -> None:
    out = tmp_path / "sim.jsonl"
    assert five_peaks.run(1, 1, out, io.StringIO()) == 1
    (line,) = five_peaks.read(out)
    assert (line["seats"], line["bot"], line["game"]) == (2, "greedy", 0)
    assert line["audited"] is True
    assert len(line["scores"]) == 2 and line["turns"] >= 2 and line["decisions"] > line["turns"]
    assert sum(line["cards"].values()) == line["turns"], "one card played per turn"
    # a line cut short by a stopped run is dropped and its game played again
    with out.open("a") as file:
        file.write('{"seats": 2, "bot": "random", "ga')
    assert five_peaks.run(2, 1, out, io.StringIO()) == 1
    lines = five_peaks.read(out)
    assert [(x["seats"], x["bot"]) for x in lines] == [(2, "greedy"), (2, "random")]
    assert five_peaks.run(2, 1, out, io.StringIO()) == 0, "nothing left to play"
    assert json.loads(out.read_text().splitlines()[0]) == line


def test_the_report_counts_every_line(tmp_path: Path) -> None:
    lines = [
        {**_line(), "seats": 2, "bot": bot, "game": 0, "scores": scores, "end": end}
        for bot, scores, end in (
            ("greedy", [10, 30], "all_stones + panorama_complete"),
            ("random", [50, 20], "turn_limit"),
        )
    ]
    text = report(lines)
    assert text.startswith("2 games, 2 audited clean; the 100-turn limit ended 1 (50.0%)")
    assert "| 2 seats, greedy | 1 | 1 | 20 (10\u201330)" in text
    assert "| 2 seats, random | 1 | 1 | 35 (20\u201350)" in text
    assert "ended by |" in text and "| all_stones + panorama_complete: 1 |" in text
    assert "walk 4," in text and "run 0," in text
    assert "**never used**: " in text and "run" in text.split("**never used**: ")[1]


def test_the_report_counts_final_rounds_played_past_the_turn_limit() -> None:
    """Rules version 2 lets a triggered end's final round run past the limit (200 turns
    with 2 seats); the report says how often."""
    ends = (("all_stones + panorama_complete", 201), ("turn_limit", 200), ("all_stones", 150))
    lines = [
        {**_line(), "seats": 2, "bot": "greedy", "game": n, "scores": [1, 2], "end": e, "turns": t}
        for n, (e, t) in enumerate(ends)
    ]
    assert report(lines).startswith(
        "3 games, 3 audited clean; the 100-turn limit ended 1 (33.3%); final rounds played "
        "past it: 1."
    )


def _line() -> dict[str, object]:
    return {
        "rules_version": "1",
        "content_hash": "c" * 64,
        "audited": True,
        "turns": 4,
        "decisions": 9,
        "end": "turn_limit",
        "cards": {"walk": 2},
        "campfire": {},
        "panoramas": {},
        "peaks": {},
        "stones": {},
    }
