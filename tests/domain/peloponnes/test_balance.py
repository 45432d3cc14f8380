"""The simulation benchmark (bench/peloponnes.py) runs end to end at a tiny size, and its
audit catches a game that is not what the rules and the seed produce. Its figures come from
the full run recorded in docs/rules/peloponnes.md, never from a test."""

from __future__ import annotations

from dataclasses import replace

from bench.peloponnes import Setting, audit, play, settings, simulate
from domain.games.peloponnes.events import ChitsDrawn


def test_every_seat_count_with_and_without_the_expansion_is_simulated():
    chosen = settings()
    assert {s.seats for s in chosen} == {1, 2, 3, 4, 5, 6}
    assert {s.expansion for s in chosen} == {"base", "expansion"}
    assert {s.mode for s in chosen if s.seats > 1} == {"greedy", "random", "mixed"}
    report = simulate(len(chosen) + 1)
    assert report["games"] == len(chosen) + 1 and report["audited_clean"] == report["games"]
    assert report["settings"][0]["games"] == 2
    assert set(report["disasters"]) == {"plague", "drought", "decline", "earthquake", "tempest"}
    assert all(d["strikes"] == report["games"] for d in report["disasters"].values())
    assert report["tiles_bought"] and report["civilizations"]


def test_the_simulations_audit_refuses_a_forged_draw():
    decisions = list(play(Setting(2, "base", "random"), 0))
    assert audit(decisions)
    index = next(
        i for i, (_, events, _) in enumerate(decisions) if isinstance(events[0], ChitsDrawn)
    )
    command, events, before = decisions[index]
    forged = (replace(events[0], chits=tuple(reversed(events[0].chits))), *events[1:])
    assert not audit([*decisions[:index], (command, forged, before), *decisions[index + 1 :]])
