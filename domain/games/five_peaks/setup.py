"""Setup (Game Preparation) and a fork's fresh luck.

Draws, in this order, all from the sealed seed: each terrain pile (forest, alpine, rocky),
each peak pile (same order), the hiking deck (its top cards form the market), the campfire
deck.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from types import MappingProxyType
from typing import Any

from domain.core import Luck, Option, RuleViolation
from domain.games.five_peaks.content import TERRAINS, Content, pack_of
from domain.games.five_peaks.events import CampfireDrawn, Event, GameSetUp, PilesShuffled
from domain.games.five_peaks.state import Game

RULESET_ID = "five-peaks"
MIN_SEATS = 2
MAX_SEATS = 5


def options(content: Content) -> tuple[Option, ...]:
    return ()


def columns_in_play(content: Content, seats: int) -> tuple[str, ...]:
    """Panorama columns whose player-count mark the table reaches; a practice game plays as
    two seats would (docs/rules/five-peaks.md, Panoramas)."""
    marks: dict[str, int] = {}
    for card in content.panoramas.values():
        marks[card.column] = card.seats
    return tuple(sorted(c for c, mark in marks.items() if mark <= max(seats, 2)))


def _shuffle_piles(
    content: Content,
    luck: Luck,
    terrain: Mapping[str, tuple[str, ...]],
    peaks: Mapping[str, tuple[str, ...]],
    deck: tuple[str, ...],
    fire: tuple[str, ...],
) -> tuple[
    dict[str, tuple[str, ...]], dict[str, tuple[str, ...]], tuple[str, ...], tuple[str, ...], Luck
]:
    tiles: dict[str, tuple[str, ...]] = {}
    for t in content.terrain_order:
        tiles[t], luck = luck.shuffled(terrain.get(t, ()))
    piles: dict[str, tuple[str, ...]] = {}
    for t in TERRAINS:
        piles[t], luck = luck.shuffled(peaks.get(t, ()))
    deck, luck = luck.shuffled(deck)
    fire, luck = luck.shuffled(fire)
    return tiles, piles, deck, fire, luck


def begin(game: Game, setup: Mapping[str, Any] | None) -> tuple[Event, ...]:
    if setup:
        raise RuleViolation("invalid_setup", "Five Peaks takes no explicit setup")
    content = pack_of(game)
    terrain: dict[str, tuple[str, ...]] = {
        t: tuple(i for i, s in content.tiles.items() if s.terrain == t) for t in TERRAINS
    }
    peaks: dict[str, tuple[str, ...]] = {
        t: tuple(i for i, p in content.peaks.items() if p.terrain == t) for t in TERRAINS
    }
    deck = tuple(c.id for c in content.cards.values() for _ in range(c.copies))
    tiles, piles, deck, fire, luck = _shuffle_piles(
        content, game.luck, terrain, peaks, deck, content.fire_cards()
    )
    market, rest = deck[: content.market], deck[content.market :]
    return (
        GameSetUp(market=market, columns=columns_in_play(content, game.seats)),
        PilesShuffled(
            terrain=tuple(i for t in content.terrain_order for i in tiles[t]),
            forest=piles["forest"],
            alpine=piles["alpine"],
            rocky=piles["rocky"],
            deck=rest,
            campfire=fire,
            redrawn=(),
            counter=luck.counter,
        ),
    )


def reshuffle(game: Game, keep: int | None) -> tuple[Event, ...]:
    """Every face-down order is drawn again; so is any other seat's unkept campfire draw,
    which goes back into the deck first. Everything face up stays."""
    content = pack_of(game)
    terrain: dict[str, tuple[str, ...]] = {}
    for tile in game.terrain_stack:
        kind = content.tiles[tile].terrain
        terrain[kind] = (*terrain.get(kind, ()), tile)
    redrawn = tuple(seat for seat, h in enumerate(game.hikers) if h.drawn and seat != keep)
    fire = (*game.fire_deck, *(c for s in redrawn for c in game.hikers[s].drawn))
    tiles, piles, deck, fire, luck = _shuffle_piles(
        content, game.luck, terrain, game.peak_piles, game.deck, fire
    )
    events: list[Event] = [
        PilesShuffled(
            terrain=tuple(i for t in content.terrain_order for i in tiles[t]),
            forest=piles["forest"],
            alpine=piles["alpine"],
            rocky=piles["rocky"],
            deck=deck,
            campfire=fire,
            redrawn=redrawn,
            counter=luck.counter,
        )
    ]
    for seat in redrawn:
        size = len(game.hikers[seat].drawn)
        events.append(CampfireDrawn(seat=seat, cards=fire[:size]))
        fire = fire[size:]
    return tuple(events)


def forget(game: Game, keep: int | None) -> Game:
    """Every face-down order sorted (the terrain stack within its terrains, which stay in
    order), and other seats' hands too, so that a reshuffle after it depends only on what
    ``keep`` knows (docs/ruleset-contract.md, analysis rollouts). Other seats' unkept
    campfire draws and the campfire deck are one pool to ``keep`` (``reshuffle`` deals the
    draws again from it), so they are sorted together and dealt back at each draw's size:
    which of those cards lay in the deck and which in a draw is forgotten too."""
    if not game.is_set_up:
        return game
    content = pack_of(game)
    rank = {t: i for i, t in enumerate(content.terrain_order)}
    stack = tuple(sorted(game.terrain_stack, key=lambda t: (rank[content.tiles[t].terrain], t)))
    others = [seat for seat, h in enumerate(game.hikers) if seat != keep]
    fire = sorted((*game.fire_deck, *(c for s in others for c in game.hikers[s].drawn)))
    hikers = list(game.hikers)
    for seat in others:
        size = len(hikers[seat].drawn)
        drawn, fire = tuple(fire[:size]), fire[size:]
        hikers[seat] = replace(hikers[seat], hand=tuple(sorted(hikers[seat].hand)), drawn=drawn)
    return replace(
        game,
        terrain_stack=stack,
        peak_piles=MappingProxyType({t: tuple(sorted(p)) for t, p in game.peak_piles.items()}),
        deck=tuple(sorted(game.deck)),
        fire_deck=tuple(fire),
        hikers=tuple(hikers),
    )
