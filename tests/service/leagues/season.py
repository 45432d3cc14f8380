"""A league season played through the application layer by scripted bots.

The bots play the counting game (tests/support/counting.py) to a target of 5: a seat told to
win draws a card on each of its turns, every other seat adds 1. So the winner holds cards
(1 to 9 each) and the others none, and a table where nobody is told to win ends all square:
a shared victory. Each seat is played with its player's own token, as the API does.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any
from uuid import UUID

from service.application import Application
from service.leagues import LeagueService
from service.store.players import Player
from service.store.recorders import Store
from tests.support.counting import Add, Draw

Winner = Callable[[Sequence[str]], str | None]
"""Who wins a table, by player name (None: nobody, a shared victory)."""


@dataclass
class Member:
    player: Player
    token: str


def sign_up(service: LeagueService, names: Sequence[str], tag: str) -> dict[str, Member]:
    members = {}
    for name in names:
        player, token = service.accounts.create(f"{name}-{tag}")
        members[name] = Member(player, token)
    return members


def play_game(cairn: Application, game_id: UUID, tokens: Sequence[str], winner: int | None) -> None:
    while True:
        loaded = cairn.load(game_id)
        if loaded.ruleset.is_terminal(loaded.state):
            return
        (seat,) = loaded.ruleset.to_act(loaded.state)
        token = tokens[seat]
        assert cairn.tokens.seat_for(game_id, token) == seat
        command = Draw(seat=seat) if seat == winner else Add(seat=seat, amount=1)
        cairn.act(game_id, seat, command)


def play_round(
    service: LeagueService,
    league_id: UUID,
    organiser: Player,
    members: dict[str, Member],
    winner: Winner,
) -> None:
    by_id = {str(m.player.player_id): name for name, m in members.items()}
    fixtures = service.leagues.schedule(league_id, organiser)
    for fixture in fixtures:
        names = [by_id[p] for p in fixture.players]
        best = winner(names)
        seat = names.index(best) if best is not None else None
        tokens = [members[n].token for n in names]
        play_game(service.leagues.cairn, UUID(fixture.game_id), tokens, seat)
    service.catch_up()


def strength(order: Sequence[str]) -> Winner:
    """The stronger player by ``order`` always wins."""
    return lambda names: min(names, key=list(order).index)


def projection(store: Store, leagues: Iterable[UUID]) -> dict[UUID, dict[str, Any]]:
    """Every row the league projection keeps for these leagues, read through
    ``Store.league_views`` (on either store): the summary, the fixtures, each season's table
    and bracket, the rating changes, and the ratings of everyone the league has seated."""
    views, rows = store.league_views, {}
    for league in leagues:
        summary = views.summary(league)
        fixtures = views.fixtures(league)
        seasons = range(1, (summary.season if summary is not None else 0) + 1)
        tables = [views.standings(league, season) for season in seasons]
        seated = {p for _, f in fixtures for p in f.players}
        players = sorted(
            {*(summary.members if summary else ()), *seated, *(p for t in tables for p in t)}
        )
        rows[league] = {
            "summary": summary,
            "fixtures": fixtures,
            "standings": tables,
            "brackets": [views.bracket(league, season) for season in seasons],
            "changes": views.changes(league_id=league),
            "ratings": views.ratings(players),
        }
    return rows
