"""The order of a round's phases, who acts, and what the system resolves when.

A phase is *complete* when its system work is done and no seat is still to decide; the
decision that completes it also records the next phase's ``PhaseBegan`` (decider.follow).
"""

from __future__ import annotations

from domain.core import RuleViolation
from domain.games.peloponnes.checks import require_awaited, require_phase, require_system_step
from domain.games.peloponnes.civilization import end_choice_tiles
from domain.games.peloponnes.commands import (
    ChooseEndBonus,
    CollectIncome,
    DrawChits,
    EndRound,
    RevealTiles,
    ScoreGame,
    SettleBids,
    Strike,
    Supply,
    SystemCommand,
)
from domain.games.peloponnes.events import (
    EndBonusChosen,
    Event,
    GameEnded,
    PhaseBegan,
    RoundEnded,
    TilesRevealed,
)
from domain.games.peloponnes.goods import Goods
from domain.games.peloponnes.scoring import final_ranks, final_scores
from domain.games.peloponnes.state import Game, Phase

_SYSTEM: dict[str, SystemCommand] = {
    "reveal": RevealTiles(),
    "supply": Supply(),
    "round_supply": Supply(),
    "final_supply": Supply(),
    "settle": SettleBids(),
    "income": CollectIncome(),
    "disasters": DrawChits(),
    "round_end": EndRound(),
    "scoring": ScoreGame(),
}


def system_command(game: Game) -> SystemCommand | None:
    if game.awaiting or game.phase not in _SYSTEM:
        return None
    if not game.resolved:
        return _SYSTEM[game.phase]
    if game.phase == "disasters" and game.strikes:
        return Strike()
    return None


def to_act(game: Game) -> frozenset[int]:
    if game.phase == "bidding":
        bidder = game.bidder
        return frozenset() if bidder is None else frozenset({bidder})
    if game.awaiting and game.phase not in ("setup", "over"):
        return frozenset({game.awaiting[0]})
    return frozenset()


def is_complete(game: Game) -> bool:
    if game.awaiting or game.phase in ("setup", "over", "scoring"):
        return False
    if game.phase == "bidding":
        return game.bidder is None
    if game.phase == "disasters":
        return game.resolved and not game.strikes
    return game.phase == "end_choices" or game.resolved


def next_phase(game: Game) -> PhaseBegan:
    """The phase after a complete one (state.py draws the whole cycle)."""
    phase, round_ = game.phase, game.round
    at_reveal = game.options.get("supply_timing", "at_reveal") == "at_reveal"
    follows: dict[str, Phase] = {
        "bidding": "settle",
        "settle": "income",
        "income": "disasters",
        "disasters": "round_end",
        "end_choices": "scoring",
    }
    if phase in follows:
        return PhaseBegan(phase=follows[phase], round=round_)
    if phase in ("reveal", "supply"):
        due = game.supplies_due > 0 and at_reveal
        return PhaseBegan(phase="supply" if due else "bidding", round=round_)
    if phase in ("round_end", "round_supply"):
        if game.supplies_due > 0:
            return PhaseBegan(phase="round_supply", round=round_)
        if round_ < len(game.content.rounds):
            return PhaseBegan(phase="reveal", round=round_ + 1)
        return PhaseBegan(phase="final_supply", round=round_)
    if phase == "final_supply":
        awaiting = tuple(s for s in game.order for _ in end_choice_tiles(game, game.realm(s)))
        return PhaseBegan(phase="end_choices", round=round_, awaiting=awaiting)
    raise AssertionError(f"no phase follows {phase}")


def reveal_tiles(game: Game) -> tuple[Event, ...]:
    """Reference, A round 1: "Draw 5 tiles from the current letter's stack (6 with the
    expansion's six-player rule). N of them, N being the number of players, go into the
    auction row. The rest go into the conquest row. Solo: take one tile at its printed price
    and discard the other 4." A revealed supply-symbol tile triggers a supply."""
    require_phase(game, "reveal")
    require_system_step(game, not game.resolved)
    content = game.content
    letter = content.rounds[game.round - 1]
    count = content.tiles_per_round["six-player" if "six-player" in game.tile_sets else "base"]
    drawn = game.stacks[letter][:count]
    offered = len(drawn) if game.is_solo else min(game.seats, len(drawn))
    supplies = sum(1 for t in drawn if content.tile(t).supply)
    return (
        TilesRevealed(
            stack=letter, auction=drawn[:offered], conquest=drawn[offered:], supplies=supplies
        ),
    )


def next_order(game: Game) -> tuple[int, ...]:
    """Reference, A round 7 (adopted): "players who won a tile go first, in order of the
    tile's minimum bid from low to high. Players without a tile follow, keeping their
    previous relative order." Ties keep the previous relative order too."""
    rule = game.options.get("turn_order", "tile_minimum")
    if rule == "fixed":
        return game.order
    position = {seat: i for i, seat in enumerate(game.order)}

    def key(seat: int) -> tuple[int, int]:
        stake = next(b for b in game.won if b.seat == seat)
        value = stake.amount if rule == "amount_paid" else game.content.tile(stake.tile).bid
        return value, position[seat]

    winners = sorted((b.seat for b in game.won), key=key)
    return (*winners, *(s for s in game.order if s not in winners))


def end_round(game: Game) -> tuple[Event, ...]:
    require_phase(game, "round_end")
    require_system_step(game, not game.resolved)
    return (RoundEnded(round=game.round, order=next_order(game)),)


def choose_end_bonus(game: Game, command: ChooseEndBonus) -> tuple[Event, ...]:
    """Expansion appendix, Stockade: "At the end of the game, the owner of this building can
    choose either 3 Prestige Points or 1 additional Inhabitant" (after the final supply)."""
    require_phase(game, "end_choices")
    require_awaited(game, command.seat)
    if command.tile not in end_choice_tiles(game, game.realm(command.seat)):
        raise RuleViolation("illegal_action", f"{command.tile} offers you no choice now")
    sides = game.content.tile(command.tile).end_choice
    if not 0 <= command.pick < len(sides):
        raise RuleViolation("illegal_action", f"pick one of 0 to {len(sides) - 1}")
    side = sides[command.pick]
    return (
        EndBonusChosen(
            seat=command.seat,
            tile=command.tile,
            pick=command.pick,
            pp=side.pp,
            change=Goods(inhabitants=side.inhabitants),
        ),
    )


def score_game(game: Game) -> tuple[Event, ...]:
    require_phase(game, "scoring")
    require_system_step(game, not game.resolved)
    scores = final_scores(game)
    return (GameEnded(scores=scores, ranks=final_ranks(game)),)
