"""What the application asks of a store for leagues, as Protocols (``Store.leagues``,
``Store.tracking``, ``Store.league_views``): the leagues' streams and feed, the tracked
consumers' cursors and the league projection's read model. Split from ``recorders.py``,
which composes them into ``Store``; the same contract suite holds both stores to them.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from contextlib import AbstractContextManager
from typing import TYPE_CHECKING, Any, Protocol
from uuid import UUID

from service.store.leagues import LeagueEvent
from service.store.records import Decision

if TYPE_CHECKING:
    # the projection's rows and its fold are the projections' own (service/projections/)
    from domain.leagues.events import Event as LeagueFact
    from service.projections.bulk import BracketRow, FixtureRow, RatingChange, StandingRow, Summary
    from service.projections.ratings import Rating
    from service.projections.tracking import Status


class LeagueRecorder(Protocol):
    """Leagues' hash-chained streams and the league feed (``service.store.leagues``)."""

    def append(
        self,
        league_id: UUID,
        expected_version: int,
        expected_hash: str,
        decision: Decision,
        games: Sequence[UUID] = (),
        create: bool = False,
    ) -> list[LeagueEvent]:
        """The decision's events, with ``games`` registered as the league's, all or nothing;
        ``VersionConflict`` for a stale version, a broken chain or a league made twice."""
        ...

    def read(self, league_id: UUID, after: int = 0) -> list[LeagueEvent]:
        """``UnknownLeague`` if the league has no events at all."""
        ...

    def version(self, league_id: UUID) -> int: ...

    def feed(self, after: str | None = None, limit: int = 1000) -> list[LeagueEvent]:
        """Every league event of every league, each once, none skipped."""
        ...

    def count(self) -> int:
        """How many league events there are (a rebuild's length)."""
        ...

    def feed_end(self) -> str:
        """The cursor of the newest committed league event, whether or not the feed gives
        it out yet ("" for none): a reader waits for it to read its own writes."""
        ...

    def leagues_of(self, game_ids: Sequence[UUID]) -> dict[UUID, UUID]: ...

    def games_of(self, league_id: UUID) -> list[UUID]: ...

    def leagues(self) -> list[UUID]:
        """Oldest first."""
        ...


class Tracked(Protocol):
    """A consumer's place in a feed, held for one step (``service.projections.tracking``)."""

    @property
    def cursor(self) -> str: ...

    @property
    def applied(self) -> int: ...

    def advance(self, cursor: str, applied: int) -> None: ...


class TrackingRecorder(Protocol):
    """Tracked consumers' cursors: one step of a consumer at a time."""

    def ensure(self, name: str) -> None: ...

    def status(self, name: str) -> Status: ...

    def claimed(self, name: str) -> AbstractContextManager[Tracked]:
        """The consumer's cursor, held by this step alone until the block ends; what it
        advanced to stands only if the block ends without an error."""
        ...


LeaguePage = Callable[[str], Sequence[LeagueEvent]]
"""The league feed's next page after a cursor."""
Decode = Callable[[LeagueEvent], "LeagueFact"]


class LeagueViewRecorder(Protocol):
    """The league projection's rows (``service.projections.leagues``): summaries, fixtures,
    standings, ratings, rating changes and brackets, folded from the league feed."""

    def follow(self, name: str, page: LeaguePage, decode: Decode) -> int:
        """Apply the next page with the cursor ``name`` holds, in one step: how many."""
        ...

    def rebuild(self, name: str, page: LeaguePage, decode: Decode, progress: Any = None) -> int:
        """Empty the rows and fold every league event again; readers see the old rows or the
        new ones, never half."""
        ...

    def summary(self, league_id: UUID) -> Summary | None: ...

    def fixtures(
        self, league_id: UUID, season: int | None = None, from_round: int = 0
    ) -> list[tuple[str, FixtureRow]]:
        """``(game_id, row)`` by season, round, when scheduled and game id."""
        ...

    def fixtures_with(self, player: str) -> list[tuple[UUID, str, FixtureRow]]:
        """``(league_id, game_id, row)`` of every fixture the player sits at, newest first."""
        ...

    def memberships(self, player: str) -> list[tuple[UUID, Summary]]:
        """``(league_id, summary)`` of every league the player is a member of now, by name."""
        ...

    def standings(self, league_id: UUID, season: int) -> dict[str, StandingRow]: ...

    def ratings(
        self, players: Sequence[str], ruleset: str | None = None
    ) -> list[tuple[str, str, Rating]]:
        """``(player, ruleset, rating)`` of these players (in one ruleset if given), by
        ruleset; an unrated player has none."""
        ...

    def changes(
        self, league_id: UUID | None = None, player: str | None = None
    ) -> list[RatingChange]:
        """Rating changes of a league's games or of a player's, in the order rated."""
        ...

    def bracket(self, league_id: UUID, season: int) -> BracketRow | None: ...
