"""The league decider's knock-out rules: drawing a bracket, playing its rounds, and who
goes through each game (``domain.leagues.bracket`` lays the bracket out).

Codes: ``invalid_command``, ``no_season``, ``bracket_drawn``, ``bracket_complete``.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping

from domain.core.errors import RuleViolation
from domain.leagues.bracket import AdvanceReason, Bracket, champion, round_plan, seeding, winner
from domain.leagues.events import BracketDrawn, DeadlinePassed, PlayerAdvanced
from domain.leagues.standings import season_table
from domain.leagues.state import League, Scheduled


def knockout_draw(state: League, ratings: Mapping[str, int]) -> BracketDrawn | None:
    """A knock-out league's bracket, drawn by its season's first round: every member, seeded
    by rating, equal ratings by the season's seeded draw. None when it has one already."""
    if state.pairing != "knockout" or state.round > 0:
        return None
    seeds = seeding(state.members, ratings, state.season_order)
    return BracketDrawn(
        season=max(state.season, 1),
        seeds=seeds,
        start_round=1,
        kind="knockout",
        ratings=tuple(int(ratings.get(p, 0)) for p in seeds),
    )


def playoffs(state: League, size: int) -> BracketDrawn:
    """The top ``size`` of the season's table, by their places, into a bracket whose first
    round is the league's next round."""
    if state.pairing == "knockout":
        raise RuleViolation("invalid_command", "a knock-out league's season is a bracket already")
    if state.seats != 2:
        # a bracket's games have two players; the league's games have its seats
        raise RuleViolation("invalid_command", "playoffs pair two seats a table")
    if state.round == 0:
        raise RuleViolation("no_season", "play the season's rounds before its playoffs")
    if state.bracket is not None:
        raise RuleViolation("bracket_drawn", "this season's playoffs are drawn already")
    table = [s.player for s in season_table(state) if state.is_member(s.player)]
    if not 2 <= size <= len(table):
        raise RuleViolation(
            "invalid_command", f"playoffs take 2 to {len(table)} players from the table"
        )
    return BracketDrawn(state.season, tuple(table[:size]), state.round + 1, "playoffs")


def bracket_plan(state: League) -> tuple[tuple[tuple[str, ...], ...], tuple[str, ...]] | None:
    """The next round's tables and byes when the season is in its bracket (None: it is
    not)."""
    bracket = state.bracket
    if bracket is None:
        return None
    if champion(bracket) is not None:
        raise RuleViolation("bracket_complete", "the bracket has its champion: start a new season")
    return round_plan(bracket, bracket.bracket_round(state.round + 1))


def byes_through(state: League, byes: tuple[str, ...]) -> tuple[PlayerAdvanced, ...]:
    """A bracket round's byes go through without a game (the first round only)."""
    bracket = state.bracket
    if bracket is None:
        return ()
    r = bracket.bracket_round(state.round + 1)
    return tuple(PlayerAdvanced(bracket.season, r, p, "", "bye") for p in byes)


def through(
    state: League,
    fixture: Scheduled,
    places: tuple[int, ...],
    scores: tuple[int, ...],
    reason: AdvanceReason | None = None,
) -> tuple[PlayerAdvanced, ...]:
    """Who goes through from a decided bracket game; nothing for a game of the table.

    ``reason`` overrides the result's own ("forfeit", "void"): a void game has every seat
    in first place and goes, as any tie, to the better seed."""
    bracket = state.bracket
    if bracket is None or not state.in_bracket(fixture) or fixture.season != bracket.season:
        return ()
    player, why = winner(bracket, fixture.players, places, scores)
    return (
        PlayerAdvanced(
            bracket.season,
            bracket.bracket_round(fixture.round),
            player,
            fixture.game_id,
            reason or why,
        ),
    )


def through_at_deadline(
    state: League, fixture: Scheduled, passed: DeadlinePassed
) -> tuple[PlayerAdvanced, ...]:
    """Who goes through from a bracket game its round's deadline settled (nothing for a
    game of the table). A knock-out game needs a winner, so each policy is read for one:
    ``forfeit``, the seat that did not forfeit (both forfeiting: the better seed);
    ``adjudicate``, the better running score (level: the better seed); ``void``, which
    cannot leave a bracket without a winner, the better seed, as an organiser's void."""
    zeros = tuple(0 for _ in fixture.players)
    if passed.policy == "void":
        level = tuple(1 for _ in fixture.players)
        return through(state, fixture, level, zeros, "void")
    if passed.policy == "forfeit":
        return through(state, fixture, passed.places, zeros, "forfeit")
    return through(state, fixture, passed.places, passed.scores, "adjudicated")


def evolve_drawn(state: League, event: BracketDrawn) -> League:
    bracket = Bracket(event.season, event.seeds, event.start_round, event.kind)
    starts = {**state.bracket_starts, event.season: event.start_round}
    return dataclasses.replace(state, bracket=bracket, bracket_starts=starts)


def evolve_advanced(state: League, event: PlayerAdvanced) -> League:
    bracket = state.bracket
    assert bracket is not None  # a player advances only in a drawn bracket
    moved = dataclasses.replace(bracket, advanced=(*bracket.advanced, (event.round, event.player)))
    return dataclasses.replace(state, bracket=moved)
