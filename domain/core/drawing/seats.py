"""A seat's colour, one list for every drawing (#24): the pages' table and graph name the
same colours in the same order (keep.js, analysis.js), so a seat is one colour everywhere."""

from __future__ import annotations

from domain.core.drawing.svg import element, group, title

SEAT_COLOURS = ("#c0392b", "#2471a3", "#d4ac0d", "#7d3c98", "#1e8449", "#566573")
COLOUR_NAMES = ("red", "blue", "yellow", "purple", "green", "grey")
"""Each colour in words, for a screen reader and for a player who cannot tell them apart."""
SWATCH = 8.0


def colour(seat: int) -> str:
    return SEAT_COLOURS[seat % len(SEAT_COLOURS)]


def colour_name(seat: int) -> str:
    return COLOUR_NAMES[seat % len(COLOUR_NAMES)]


def swatch(x: float, y: float, seat: int) -> str:
    """A small square of the seat's colour, set by its heading, named in its title. It
    names no seat itself: it lies inside the seat's part of the drawing, which does."""
    return group(
        [
            title(f"seat {seat}'s colour: {colour_name(seat)}"),
            element("rect", x=x, y=y, width=SWATCH, height=SWATCH, fill=colour(seat)),
        ],
        class_="seat-colour",
        data_colour=colour(seat),
    )
