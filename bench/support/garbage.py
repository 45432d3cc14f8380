"""How many objects a piece of work leaves in reference cycles.

An analysis worker keeps the cyclic collector on but rarely running (``service/analysis/
running.py``: ``gc.freeze`` and a first-generation threshold of 50,000): a rollout's garbage
is frozen values that reference counting frees. Work that leaves cycles behind (a nested
function that calls itself; mypyc's nested functions and their environment) fills the
young generation, and the collector then walks a rollout's worth of objects again and
again: before the cycles were removed, they cost a compiled Peninsula worker 3 to 5% of its
CPU (bench/HISTORY.md, "Reference cycles in rollouts").
"""

from __future__ import annotations

import gc
from collections.abc import Callable
from typing import TypeVar

T = TypeVar("T")


def cycles_left(work: Callable[[], T]) -> tuple[T, int]:
    """``work()``'s value, and how many unreachable objects the collector found after it,
    run with the collector off (and then put back as it was)."""
    gc.collect()
    enabled = gc.isenabled()
    gc.disable()
    try:
        value = work()
    finally:
        found = gc.collect()
        if enabled:
            gc.enable()
    return value, found
