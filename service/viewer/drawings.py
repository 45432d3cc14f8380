"""The drawing of each ruleset, by ruleset id; the text fallback for any other."""

from __future__ import annotations

from service.viewer import five_peaks, peloponnes, peninsula
from service.viewer.board import FALLBACK, Board, Painter

PAINTERS: dict[str, Painter] = {
    "peninsula": peninsula.PAINTER,
    "peloponnes": peloponnes.PAINTER,
    # Five Peaks' view and content as its package publishes them (domain/games/five_peaks).
    "five-peaks": five_peaks.PAINTER,
}


def painter(ruleset: str) -> Painter:
    return PAINTERS.get(ruleset, FALLBACK)


def draw(board: Board) -> str:
    return painter(board.ruleset).draw(board)
