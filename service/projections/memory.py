"""Tracked cursors and the league projection's rows in memory: the memory store's
``TrackingRecorder`` and ``LeagueViewRecorder``.

The rows are a ``bulk.Folded``, the same fold a PostgreSQL rebuild runs, so both stores hold
the same numbers for the same events (the store contract compares them). A step folds its
page into a fork (``Folded.fork``: the rows are frozen and shared, and a table's index is
copied only once the step writes to it) and swaps it in only once the whole page applied,
with the cursor: as on PostgreSQL, a step that fails half-way leaves both as they were, and
a reader sees one step's rows or the next's, never half of one. (A deep copy of the whole
fold each step cost a step as much as every row kept.)
"""

from __future__ import annotations

import copy
import threading
from collections.abc import Iterator, Sequence
from contextlib import AbstractContextManager, contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any
from uuid import UUID

from service.projections.bulk import (
    BracketRow,
    FixtureRow,
    Folded,
    RatingChange,
    StandingRow,
    Summary,
)
from service.projections.ratings import Rating
from service.projections.tracking import Status
from service.store.league_recorders import Decode, LeaguePage


@dataclass
class _Claim:
    cursor: str
    applied: int

    def advance(self, cursor: str, applied: int) -> None:
        self.cursor, self.applied = cursor, applied


class MemoryTracking:
    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._held: dict[str, threading.Lock] = {}
        self._rows: dict[str, Status] = {}

    def ensure(self, name: str) -> None:
        with self._lock:
            self._held.setdefault(name, threading.Lock())
            self._rows.setdefault(name, Status(name, "", 0, datetime.now(UTC)))

    def status(self, name: str) -> Status:
        with self._lock:
            return self._rows.get(name) or Status(name, "", 0, None)

    def claimed(self, name: str) -> AbstractContextManager[_Claim]:
        return self._claimed(name)

    @contextmanager
    def _claimed(self, name: str) -> Iterator[_Claim]:
        with self._lock:
            held = self._held.get(name)
        assert held is not None, f"no tracking row {name}: call ensure() first"
        with held:  # one step of a consumer at a time, as the row lock on PostgreSQL
            at = self.status(name)
            claim = _Claim(at.cursor, at.applied)
            yield claim
            if (claim.cursor, claim.applied) != (at.cursor, at.applied):
                with self._lock:
                    self._rows[name] = Status(name, claim.cursor, claim.applied, datetime.now(UTC))


class MemoryLeagueViews:
    def __init__(self, tracking: MemoryTracking) -> None:
        self.tracking = tracking
        self._folded = Folded()
        """Replaced whole by each step, never changed once in place (readers take it)."""
        self._writing = threading.Lock()
        """One step at a time over the rows, whichever cursor it holds: two copies swapped
        in at once would lose one's changes."""

    def follow(self, name: str, page: LeaguePage, decode: Decode) -> int:
        with self.tracking.claimed(name) as at:
            events = page(at.cursor)
            if not events:
                return 0
            with self._writing:
                folded = self._folded.fork()
                for offset, stored in enumerate(events):
                    ordinal = at.applied + offset + 1
                    folded.apply(stored.league_id, decode(stored), ordinal, stored.recorded_at)
                at.advance(events[-1].cursor, at.applied + len(events))
                self._folded = folded
        return len(events)

    def rebuild(self, name: str, page: LeaguePage, decode: Decode, progress: Any = None) -> int:
        total, folded = 0, Folded()
        with self.tracking.claimed(name) as at:
            cursor = ""
            while events := page(cursor):
                for offset, stored in enumerate(events):
                    ordinal = total + offset + 1
                    folded.apply(stored.league_id, decode(stored), ordinal, stored.recorded_at)
                total += len(events)
                cursor = events[-1].cursor
                if progress is not None:
                    progress(len(events))
            at.advance(cursor, total)
            with self._writing:
                self._folded = folded
        return total

    # -- reads: copies of the rows read (their lists), so a caller changes nothing kept -----

    def summary(self, league_id: UUID) -> Summary | None:
        return copy.deepcopy(self._folded.summaries.get(league_id))

    def fixtures(
        self, league_id: UUID, season: int | None = None, from_round: int = 0
    ) -> list[tuple[str, FixtureRow]]:
        found = [
            (game_id, row)
            for (league, game_id), row in self._folded.fixtures.items()
            if league == league_id
            and (season is None or row.season == season)
            and row.round >= from_round
        ]
        found.sort(key=lambda f: (f[1].season, f[1].round, f[1].ordinal, f[0]))
        return copy.deepcopy(found)

    def fixtures_with(self, player: str) -> list[tuple[UUID, str, FixtureRow]]:
        found = [
            (league, game_id, row)
            for (league, game_id), row in self._folded.fixtures.items()
            if player in row.players
        ]
        found.sort(key=lambda f: (-f[2].ordinal, f[1]))
        return copy.deepcopy(found)

    def memberships(self, player: str) -> list[tuple[UUID, Summary]]:
        found = [(league, s) for league, s in self._folded.summaries.items() if player in s.members]
        found.sort(key=lambda f: (f[1].name, str(f[0])))
        return copy.deepcopy(found)

    def standings(self, league_id: UUID, season: int) -> dict[str, StandingRow]:
        rows = self._folded.standings.items()
        found = {p: row for (league, s, p), row in rows if (league, s) == (league_id, season)}
        return copy.deepcopy(found)

    def ratings(
        self, players: Sequence[str], ruleset: str | None = None
    ) -> list[tuple[str, str, Rating]]:
        wanted = set(players)
        found = [
            (player, rated, rating)
            for (player, rated), rating in self._folded.ratings.items()
            if player in wanted and ruleset in (None, rated)
        ]
        return sorted(found, key=lambda r: (r[1], r[0]))

    def changes(
        self, league_id: UUID | None = None, player: str | None = None
    ) -> list[RatingChange]:
        found = [
            c
            for c in self._folded.changes
            if league_id in (None, c.league_id) and player in (None, c.player_id)
        ]
        return sorted(found, key=lambda c: (c.ordinal, c.player_id))

    def bracket(self, league_id: UUID, season: int) -> BracketRow | None:
        return copy.deepcopy(self._folded.brackets.get((league_id, season)))
