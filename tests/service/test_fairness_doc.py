"""docs/fairness.md shows the draw algorithm in plain Python; it must agree with Luck."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from domain.core import Luck
from tests.support.replaying import seed_for

DOC = Path(__file__).resolve().parents[2] / "docs" / "fairness.md"


def _documented() -> dict[str, Any]:
    block = re.search(r"```python\n(.*?)```", DOC.read_text(), re.S)
    assert block is not None
    namespace: dict[str, Any] = {}
    exec(block.group(1), namespace)
    return namespace


def test_the_documented_shuffle_is_the_engine_shuffle() -> None:
    shuffled = _documented()["shuffled"]
    for label in ("a", "b", "c"):
        seed = seed_for(label)
        for size in (1, 2, 9, 30):
            items = list(range(size))
            order, luck = Luck(seed).shuffled(tuple(items))
            assert shuffled(items, seed) == (list(order), luck.counter)
