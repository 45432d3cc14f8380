"""Neighbour lists, computed once per hex: rules ask for them in every check and every bot
evaluation, and a hex's neighbours never change."""

from __future__ import annotations

import functools

from domain.games.peninsula.hexes import Hex


@functools.cache
def around(h: Hex) -> tuple[Hex, ...]:
    return h.neighbours()
