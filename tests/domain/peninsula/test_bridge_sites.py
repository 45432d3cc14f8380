"""Bridge sites are kept per map object, within a bound, and from any thread.

A game loaded from a snapshot brings its own copy of its map (decoded, equal in value),
so a memo keyed by the map object grows with every load unless it is bounded; and the
service asks from several threads, so forgetting must never make an answer go missing.
"""

from __future__ import annotations

import copy
import sys
import threading
from collections.abc import Iterator

import pytest

from domain.games.peninsula import bonuses
from domain.games.peninsula.content import MapSpec, load
from domain.games.peninsula.hexes import Hex


@pytest.fixture(autouse=True)
def _fresh() -> Iterator[None]:
    bonuses._BRIDGES.clear()
    yield
    bonuses._BRIDGES.clear()


def _spec() -> MapSpec:
    return next(iter(load().maps.values()))


def _plain(spec: MapSpec) -> tuple[tuple[Hex, Hex], ...]:
    bonuses._BRIDGES.clear()
    return bonuses.bridge_sites(spec)


def test_copies_of_a_map_are_kept_within_the_bound_with_the_same_sites() -> None:
    spec = _spec()
    expected = _plain(spec)
    assert expected, "the map has bridge sites to find"
    copies = [copy.copy(spec) for _ in range(3 * bonuses.KEPT)]
    for each in copies:
        assert bonuses.bridge_sites(each) == expected
        assert len(bonuses._BRIDGES) <= bonuses.KEPT


def test_threads_forgetting_and_asking_at_once_each_get_the_sites(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(bonuses, "KEPT", 2)  # forgotten every other map: races on every ask
    spec = _spec()
    expected = _plain(spec)
    failures: list[BaseException] = []
    wrong: list[object] = []

    def ask() -> None:
        try:
            for _ in range(300):
                found = bonuses.bridge_sites(copy.copy(spec))
                if found != expected:
                    wrong.append(found)
        except BaseException as exc:  # the race's error is the finding
            failures.append(exc)

    interval = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)
    try:
        threads = [threading.Thread(target=ask) for _ in range(8)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
    finally:
        sys.setswitchinterval(interval)
    assert failures == [] and wrong == []
