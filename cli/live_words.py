"""Live play in words for a terminal: clocks, who left, how the game ended, takebacks."""

from __future__ import annotations

from typing import Any

from domain.core.live import clock_words


def live_lines(live: dict[str, Any]) -> list[str]:
    """The lines ``cairn show`` prints about a game's live play (none for a plain game)."""
    lines = []
    if live.get("time_control", "none") != "none" and live.get("clocks"):
        running = set(live.get("running", []))
        clocks = ", ".join(
            f"seat {seat} {clock_words(ms)}{' (running)' if seat in running else ''}"
            for seat, ms in enumerate(live["clocks"])
        )
        lines.append(f"clocks ({live['time_control'].replace('_', '-')}): {clocks}")
    if live.get("out"):
        lines.append("left the game: " + ", ".join(f"seat {s}" for s in live["out"]))
    if live.get("stand_ins"):
        lines.append("a bot plays for: " + ", ".join(f"seat {s}" for s in live["stand_ins"]))
    ending = live.get("ending")
    if ending == "abandoned":
        lines.append(f"abandoned, with no winner: {live.get('reason')}")
    elif ending is not None:
        lines.append("ended early: " + ending.replace("_", " "))
    if live.get("takeback_asked"):
        seat, decisions = live["takeback_asked"]
        lines.append(f"seat {seat} asks to take back {decisions} decision(s)")
    elif live.get("takeback_decisions"):
        lines.append(
            f"seat {live['takeback_seat']} may take back {live['takeback_decisions']} decision(s)"
        )
    return lines
