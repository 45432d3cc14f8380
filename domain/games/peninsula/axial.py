"""How far apart two hexes are, on their axial ``(q, r)`` pairs.

``hexes.Hex`` subclasses ``tuple``, which mypyc cannot compile, so ``hexes.py`` stays
interpreted; the rules and the greedy bot ask this at every step of a rollout, so it lives
here, compiled (``cairn compile``), and ``Hex.distance`` answers with it.
"""

from __future__ import annotations


def distance(a: tuple[int, int], b: tuple[int, int]) -> int:
    """The number of steps between ``a`` and ``b`` on the hex grid."""
    dq = a[0] - b[0]
    dr = a[1] - b[1]
    return max(abs(dq), abs(dr), abs(dq + dr))
