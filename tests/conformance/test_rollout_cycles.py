"""A rollout leaves no reference cycles, for every registered ruleset and bot.

The analysis workers run the cyclic collector rarely, on the understanding that a rollout's
garbage is freed by reference counting (bench/support/garbage.py says why it matters). A
recursive closure or a closure stored beside its environment breaks that quietly: nothing
fails, every worker only gets slower. The compiled build is held to the same by
``bench.rollout_fingerprint`` (run on the build by .ci/compiled).
"""

from __future__ import annotations

from functools import partial
from typing import Any

import pytest

from bench.analysis import positions
from bench.support.garbage import cycles_left
from domain.analysis import playouts
from tests.support.rulesets import newest


@pytest.mark.parametrize("ruleset", newest(seats=2))
def test_a_rollout_leaves_nothing_for_the_cyclic_collector(ruleset: Any) -> None:
    states = positions(ruleset)
    for bot in sorted(ruleset.bots):
        for point, state in enumerate(states[1:3], start=1):
            play = partial(playouts, ruleset, state, keep=None, bot=bot, seed="cycles", point=point)
            (done, _), found = cycles_left(partial(play, indices=range(2)))
            assert done, (bot, point)
            assert found == 0, f"{bot} rollouts from point {point} left {found} objects in cycles"
