"""Knock-out brackets: seeding, standard placement, rounds, and who goes through.

A bracket of ``n`` seeds is laid out for the next power of two, ``size``. Seeds sit in the
standard order (1, 8, 4, 5, 2, 7, 3, 6 for eight): seed ``s`` meets seed ``size + 1 - s`` in
the first round, and the two best seeds can only meet in the final. The places past ``n``
are byes; each sits opposite one of the best seeds, so byes happen in the first round only
and every later round halves the field (docs/leagues.md "Knock-out and playoffs").

Pure: every function reads the bracket as drawn and the advances recorded so far.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Literal

BracketKind = Literal["knockout", "playoffs"]
AdvanceReason = Literal["bye", "result", "tie-break", "forfeit", "void", "adjudicated"]


@dataclass(frozen=True)
class Bracket:
    season: int
    seeds: tuple[str, ...]
    """The players by seed: ``seeds[0]`` is seed 1."""
    start_round: int
    """The league round that plays the bracket's first round."""
    kind: BracketKind = "knockout"
    advanced: tuple[tuple[int, str], ...] = ()
    """Every (bracket round, player) who went through, in the order recorded."""

    @property
    def size(self) -> int:
        return bracket_size(len(self.seeds))

    @property
    def rounds(self) -> int:
        return self.size.bit_length() - 1

    def seed_of(self, player: str) -> int:
        return self.seeds.index(player) + 1

    def bracket_round(self, league_round: int) -> int:
        """The bracket's round played in a league round (0: before the bracket)."""
        return max(league_round - self.start_round + 1, 0)


def bracket_size(entrants: int) -> int:
    """The smallest power of two that holds every entrant (at least 2)."""
    size = 2
    while size < entrants:
        size *= 2
    return size


def placement(size: int) -> tuple[int, ...]:
    """Seed numbers in bracket order: each round's neighbours play each other.

    Built by doubling: every seed ``s`` of the bracket half the size is followed by its
    first-round opponent ``size + 1 - s``, so the seeds' sums per match are all equal.
    """
    order = [1]
    while len(order) < size:
        mirror = 2 * len(order) + 1
        order = [s for seed in order for s in (seed, mirror - seed)]
    return tuple(order)


def seeding(
    players: Sequence[str], ratings: Mapping[str, int], drawn: Sequence[str]
) -> tuple[str, ...]:
    """Players by seed: the higher rating first, equal ratings by the season's draw."""
    at = {p: i for i, p in enumerate(drawn)}
    return tuple(sorted(players, key=lambda p: (-ratings.get(p, 0), at.get(p, len(at)))))


def entrants(bracket: Bracket, round_number: int) -> tuple[str | None, ...]:
    """Who stands in each place of a round, in bracket order: None for a bye (round 1) or
    for a match of the round before that has no winner yet."""
    if round_number <= 1:
        n = len(bracket.seeds)
        return tuple(bracket.seeds[s - 1] if s <= n else None for s in placement(bracket.size))
    before = entrants(bracket, round_number - 1)
    through = {p for r, p in bracket.advanced if r == round_number - 1}
    return tuple(
        next((p for p in before[i : i + 2] if p in through), None) for i in range(0, len(before), 2)
    )


def round_plan(
    bracket: Bracket, round_number: int
) -> tuple[tuple[tuple[str, ...], ...], tuple[str, ...]]:
    """A round's tables (the better seed in seat 0) and its byes, in bracket order."""
    places = entrants(bracket, round_number)
    tables: list[tuple[str, ...]] = []
    byes: list[str] = []
    for i in range(0, len(places), 2):
        pair = [p for p in places[i : i + 2] if p is not None]
        if len(pair) == 2:
            tables.append(tuple(sorted(pair, key=bracket.seed_of)))
        elif round_number == 1:
            byes.extend(pair)
    return tuple(tables), tuple(byes)


def champion(bracket: Bracket) -> str | None:
    final = [p for r, p in bracket.advanced if r == bracket.rounds]
    return final[0] if final else None


def winner(
    bracket: Bracket, players: Sequence[str], places: Sequence[int], scores: Sequence[int]
) -> tuple[str, AdvanceReason]:
    """Who goes through from one bracket game: the better place; a tied game goes by the
    league's tie-break for one game: the higher game score, then the better seed (which the
    ratings and then the season's seeded draw decided)."""
    best = min(places)
    first = [p for p, place in zip(players, places, strict=True) if place == best]
    if len(first) == 1:
        return first[0], "result"
    score = dict(zip(players, scores, strict=False))
    top = max(score.get(p, 0) for p in first)
    level = [p for p in first if score.get(p, 0) == top]
    return min(level, key=bracket.seed_of), "tie-break"


@dataclass(frozen=True)
class Match:
    """One match of a bracket as a reader sees it."""

    round: int
    match: int
    """Its place in the round, 1 at the top of the bracket."""
    players: tuple[str, ...]
    """Better seed first; one for a bye, fewer than two while a match before is open."""
    seeds: tuple[int, ...]
    bye: bool
    winner: str | None


def view(bracket: Bracket) -> list[Match]:
    """Every match of every round, with the winner once recorded."""
    through = set(bracket.advanced)
    out: list[Match] = []
    for r in range(1, bracket.rounds + 1):
        places = entrants(bracket, r)
        for i in range(0, len(places), 2):
            pair = tuple(
                sorted((p for p in places[i : i + 2] if p is not None), key=bracket.seed_of)
            )
            won = next((p for p in pair if (r, p) in through), None)
            seeds = tuple(bracket.seed_of(p) for p in pair)
            out.append(Match(r, i // 2 + 1, pair, seeds, r == 1 and len(pair) == 1, won))
    return out
