"""The memory store folds each step into a fork of its rows (``bulk.Folded.fork``): what the
fork folds never reaches the rows it came from, which readers still hold, and a fork
copies only the tables it writes."""

from __future__ import annotations

import copy
import uuid

from domain.leagues.commands import Fixture
from domain.leagues.events import (
    BracketDrawn,
    LeagueCreated,
    MemberJoined,
    MemberLeft,
    PlayerAdvanced,
    ResultRecorded,
    RoundScheduled,
    SeasonStarted,
)
from service.projections.bulk import Folded


def test_what_a_fork_folds_leaves_the_rows_it_came_from_as_they_were() -> None:
    league, game = uuid.uuid4(), str(uuid.uuid4())
    a, b, c = (str(uuid.uuid4()) for _ in range(3))
    base = Folded()
    opening = [
        LeagueCreated("Fork", "counting", 2, "round-robin", (3, 0), "boss"),
        *(MemberJoined(p, "boss") for p in (a, b, c)),
        SeasonStarted(1),
        RoundScheduled(1, 1, (Fixture(game, (a, b)),), (c,), bye_points=3),
    ]
    for ordinal, event in enumerate(opening, start=1):
        base.apply(league, event, ordinal)
    before = copy.deepcopy(base)
    fork = base.fork()
    later = [
        ResultRecorded(game, (a, b), (1, 2), (7, 2)),
        BracketDrawn(1, (a, b, c), 2, "playoffs", (1500, 1200, 900)),
        PlayerAdvanced(1, 1, a, "", "bye"),
        MemberLeft(c),
        RoundScheduled(1, 2, (Fixture(str(uuid.uuid4()), (b, c)),), (a,), bye_points=3),
    ]
    for ordinal, event in enumerate(later, start=len(opening) + 1):
        fork.apply(league, event, ordinal)
    assert base == before, "the fork wrote through to the rows it shares"
    assert fork.summaries[league].members == [a, b] and base.summaries[league].members == [a, b, c]
    assert fork.standings[(league, 1, a)].wins == 1 and len(fork.changes) == 2
    assert fork.brackets[(league, 1)].advanced == [[1, a, "", "bye"]]
    untouched = base.fork()
    untouched.apply(league, MemberJoined(str(uuid.uuid4()), "boss"), 99)
    assert untouched.fixtures is base.fixtures and untouched.changes is base.changes
    assert untouched.summaries is not base.summaries
