"""Peninsula's drawing (registered as ``PAINTER``): the sheets (``sheets``), the table
around them (``table``: missions, icon cards, each seat's controls), and the places a seat
clicks to make each legal command (``picking``)."""

from domain.games.peninsula.drawing.sheets import PAINTER

__all__ = ["PAINTER"]
