"""Drafting, the end of an action phase, administration and the end of the game.

rulebook: Drafting Phase, Administration Phase, End of Game, Solo Game (Round Structure).
"""

from __future__ import annotations

from domain.core import RuleViolation, SeedRevealed
from domain.games.peninsula.checks import require_seat
from domain.games.peninsula.commands import (
    ChooseIcons,
    DraftCard,
    EndActions,
    EndGame,
    EndRound,
    Side,
    SystemCommand,
)
from domain.games.peninsula.events import (
    ActionsEnded,
    CardDrafted,
    CardRevealed,
    Event,
    Fact,
    FinalWindowOpened,
    GameEnded,
    IconsChosen,
    RoundEnded,
    StackTopShown,
)
from domain.games.peninsula.frozen import built
from domain.games.peninsula.scoring import total
from domain.games.peninsula.setup import SOLO_FLIP, flip, is_stack_face_up
from domain.games.peninsula.state import Game

SIDES: tuple[Side, Side] = ("left", "right")


def to_act(game: Game) -> frozenset[int]:
    """The active seat in the draft; every seat not done in an action phase. Asked at every
    decision of a rollout, so it lives here, compiled, and not with the views."""
    if game.phase == "draft":
        return frozenset({game.active})
    if game.phase in ("actions", "final"):
        return frozenset([i for i, a in enumerate(game.allowances) if not a.done])
    return frozenset()


def draft_card(game: Game, command: DraftCard) -> tuple[Event, ...]:
    """rulebook: Drafting Phase, "You draft 1 of the 2 face up icon cards. From the 2 icons
    shown on the chosen card, you now choose an icon for yourself, leaving the remaining one
    to the passive players." """
    seat = command.seat
    require_seat(game, seat)
    if game.phase != "draft" or game.mode != "standard":
        raise RuleViolation("wrong_phase", "there is no card to draft now")
    if seat != game.active:
        raise RuleViolation("not_your_turn", f"seat {game.active} is the active seat and drafts")
    if not 0 <= command.card < len(game.face_up):
        raise RuleViolation("invalid_command", f"there are {len(game.face_up)} face-up cards")
    card = game.face_up[command.card]
    if command.keep not in card:
        raise RuleViolation("illegal_action", f"that card shows {card[0]} and {card[1]}")
    left = card[1] if card[0] == command.keep else card[0]
    return (
        built(
            CardDrafted,
            {"seat": seat, "index": command.card, "kept": command.keep, "left": left},
        ),
    )


def choose_icons(game: Game, command: ChooseIcons) -> tuple[Event, ...]:
    """rulebook: Solo, Option phase: "you must choose 1 SIDE of the river"; Lifesavers:
    "pick the icon of your choice on each card. Picking the 2 icons of a single card is never
    allowed." """
    seat = command.seat
    require_seat(game, seat)
    if game.phase != "draft" or game.mode != "solo":
        raise RuleViolation("wrong_phase", "there are no flipped cards to choose from now")
    first, second = game.flipped
    across = command.first != command.second
    if across and game.sheets[seat].lifesavers == 0:
        raise RuleViolation("illegal_action", "you have no lifesaver left to cross the river")
    icons = (first[SIDES.index(command.first)], second[SIDES.index(command.second)])
    return (IconsChosen(seat=seat, icons=icons, lifesaver=across),)


def end_actions(game: Game, command: EndActions) -> tuple[Fact, ...]:
    seat = command.seat
    require_seat(game, seat)
    if game.phase == "draft":
        raise RuleViolation("wrong_phase", "the icons for this round have not been chosen yet")
    if game.allowances[seat].done:
        raise RuleViolation("not_your_turn", "you have already ended your actions")
    ended = built(ActionsEnded, {"seat": seat})
    if has_system_turns(game) or any(
        not a.done for i, a in enumerate(game.allowances) if i != seat
    ):
        return (ended,)
    # rules version 1: the last seat's end of actions also ran the administration phase (or
    # scored the game and revealed the seed), all under that seat's name
    if game.phase == "final":
        return ended, *_game_over(game), SeedRevealed(seed=game.luck.seed)
    return ended, *administration(game)


def has_system_turns(game: Game) -> bool:
    """From rules version 2 on, what the rules resolve by themselves is the system's."""
    return game.rules_version != "1"


def system_command(game: Game) -> SystemCommand | None:
    """rulebook: Administration Phase and End of Game run once every seat is done."""
    if not has_system_turns(game) or game.phase not in ("actions", "final"):
        return None
    if any(not a.done for a in game.allowances):
        return None
    return built(EndGame, {}) if game.phase == "final" else built(EndRound, {})


def end_round(game: Game, command: EndRound) -> tuple[Event, ...]:
    if system_command(game) != command:
        raise RuleViolation("wrong_phase", "the round is not over: a seat is still acting")
    return administration(game)


def end_game(game: Game, command: EndGame) -> tuple[Event, ...]:
    if system_command(game) != command:
        raise RuleViolation("wrong_phase", "the game is not over: a seat is still acting")
    return _game_over(game)


def administration(game: Game) -> tuple[Event, ...]:
    """rulebook: Administration Phase, "The next player in clockwise order is the new active
    player. They reveal 1 card ... If you need to draw an icon card during the administration
    phase and the icon card pile is empty, the game ends immediately." """
    next_active = 0 if game.mode == "solo" else (game.active + 1) % game.seats
    ended = built(RoundEnded, {"round": game.round, "next_active": next_active})
    needed = SOLO_FLIP if game.mode == "solo" else 1
    if len(game.pile) < needed:
        return ended, FinalWindowOpened(rounds=game.round)
    if game.mode == "solo":
        drawn: Event = flip(game.pile, game.luck)
    else:
        drawn = built(CardRevealed, {"card": game.pile[0]})
    rest = game.pile[needed:]
    if is_stack_face_up(game) and rest:
        return ended, drawn, StackTopShown(card=rest[0])
    return ended, drawn


def _game_over(game: Game) -> tuple[Event, ...]:
    """rulebook: End of Game: every seat scores its sheet."""
    scores = tuple(total(game, seat) for seat in range(game.seats))
    return (GameEnded(scores=scores),)
