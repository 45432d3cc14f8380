"""A pool worker tunes its own cyclic collector for rollouts and leaves its parent's alone."""

from __future__ import annotations

import gc

from domain.games.peloponnes import RULESET
from service.analysis.running import YOUNG, Position, _started_pool


def test_a_pool_worker_freezes_its_states_and_collects_young_objects_seldom() -> None:
    position = Position(
        ruleset=RULESET.id,
        rules_version=RULESET.rules_version,
        records=(),
        points=(0,),
        keep=None,
        bot="random",
        seed="collector",
    )
    parent = gc.get_threshold(), gc.get_freeze_count()
    with _started_pool(1, position) as pool:
        threshold = pool.apply(gc.get_threshold)
        frozen = pool.apply(gc.get_freeze_count)
    assert threshold[0] == YOUNG > gc.get_threshold()[0]
    assert frozen > 0
    assert (gc.get_threshold(), gc.get_freeze_count()) == parent
