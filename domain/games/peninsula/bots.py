"""Two bots: "random" picks any legal command; "greedy" takes the best immediate gain.

Both end an action phase in bounded time: infrastructure moves are unlimited, so a bot that
only ever chose uniformly could wander for ever. The random bot, once its icons are used,
ends its actions with probability 1/2 before choosing uniformly; the greedy bot never makes
a move that does not improve its position.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from domain.core import Luck
from domain.games.peninsula.bonuses import held_bonuses
from domain.games.peninsula.cards import Icon
from domain.games.peninsula.commands import (
    BuildBridge,
    ChooseIcons,
    ClaimMission,
    DraftCard,
    DrawHarbor,
    DrawIcon,
    EndActions,
    FillIcon,
    LightLandmark,
    MoveArchitect,
    SeatCommand,
    SteepenCoast,
    TradeIcon,
    UseLifesaver,
    UseRainbow,
)
from domain.games.peninsula.events import IconDrawn
from domain.games.peninsula.filling import fillable
from domain.games.peninsula.movement import destinations, landmarks_on
from domain.games.peninsula.rules import draws, legal_commands
from domain.games.peninsula.scoring import breakdown
from domain.games.peninsula.state import Game, Sheet
from domain.games.peninsula.transitions import after_draw

BONUS_DRAW_COST = 1.0
LANDMARK_GAIN = 2.0
FREE_MOVES = ("street", "canal", "bridge", "tunnel")
TICKET_MOVES = ("boot", "balloon")


def random_bot(game: Game, seat: int, luck: Luck) -> SeatCommand:
    options = legal_commands(game, seat)
    if not options:
        raise ValueError(f"seat {seat} has nothing to do now")
    sheet = game.sheets[seat]
    if game.phase == "actions" and sheet.uses == 0:
        coin, luck = luck.draw_below(2)
        if coin == 0:
            return EndActions(seat=seat)
    index, _ = luck.draw_below(len(options))
    return options[index]


def worth(game: Game, sheet: Sheet) -> float:
    """Score now plus 2 per icon that could be filled now: what a draw is judged by."""
    return sum(breakdown(game, sheet).values()) + 2.0 * len(fillable(sheet, False))


def _drawn(game: Game, sheet: Sheet, command: DrawIcon) -> Sheet:
    segments = game.map.water_edges(command.at) if command.icon == "cliffs" else 0
    event = IconDrawn(
        seat=command.seat, icon=command.icon, at=command.at, arrow=command.arrow, segments=segments
    )
    return after_draw(sheet, event)


def best_draw(game: Game, sheet: Sheet, seat: int, icon: Icon) -> tuple[float, DrawIcon | None]:
    """The draw of ``icon`` with the largest gain in worth (bonus draws cost a little)."""
    base = worth(game, sheet)
    held = frozenset({"catapult", "ferry"}) & _held(game, sheet)
    scratch = sheet if icon in sheet.hand and sheet.uses else _with_hand(sheet, icon)
    best: tuple[float, DrawIcon | None] = (float("-inf"), None)
    for command in draws(game, scratch, seat, icon, held):
        gain = worth(game, _drawn(game, scratch, command)) - base
        if command.bonus is not None:
            gain -= BONUS_DRAW_COST
        if gain > best[0]:
            best = (gain, command)
    return best


def _with_hand(sheet: Sheet, icon: Icon) -> Sheet:
    return replace(sheet, hand=(icon,), uses=1)


def _held(game: Game, sheet: Sheet) -> frozenset[str]:
    return held_bonuses(game, sheet)


def greedy_bot(game: Game, seat: int, luck: Luck) -> SeatCommand:
    options = legal_commands(game, seat)
    if not options:
        raise ValueError(f"seat {seat} has nothing to do now")
    if game.phase == "draft":
        return _choose(game, seat, options)
    return (
        _claim(options)
        or _fill(options)
        or _one_shot(game, seat, options)
        or _landmark_move(game, seat, options)
        or _use_icon(game, seat, options)
        or EndActions(seat=seat)
    )


def _choose(game: Game, seat: int, options: Sequence[SeatCommand]) -> SeatCommand:
    sheet = game.sheets[seat]

    def value(command: SeatCommand) -> float:
        if isinstance(command, DraftCard):
            return best_draw(game, sheet, seat, command.keep)[0]
        if isinstance(command, ChooseIcons):
            icons = _chosen_icons(game, command)
            cost = LANDMARK_GAIN if command.first != command.second else 0.0
            return sum(best_draw(game, sheet, seat, i)[0] for i in icons) - cost
        return float("-inf")

    return max(options, key=value)


def _chosen_icons(game: Game, command: ChooseIcons) -> tuple[Icon, Icon]:
    first, second = game.flipped
    return (
        first[0 if command.first == "left" else 1],
        second[0 if command.second == "left" else 1],
    )


def _claim(options: Sequence[SeatCommand]) -> SeatCommand | None:
    claims = [c for c in options if isinstance(c, ClaimMission)]
    return claims[0] if claims else None


def _fill(options: Sequence[SeatCommand]) -> SeatCommand | None:
    return next((c for c in options if isinstance(c, FillIcon) and c.bonus is None), None)


def _one_shot(game: Game, seat: int, options: Sequence[SeatCommand]) -> SeatCommand | None:
    """Bonuses that score at once: Builder, Steep coast, Lighthouse; Extra Harbor and Bridge
    when they point at an unfilled boat."""
    sheet = game.sheets[seat]
    for command in options:
        match command:
            case FillIcon(bonus="builder") | SteepenCoast() | LightLandmark():
                return command
            case DrawHarbor(land=land) if _unfilled_boat(sheet, land):
                return command
            case BuildBridge(a=a, b=b) if _unfilled_boat(sheet, a) or _unfilled_boat(sheet, b):
                return command
    return None


def _unfilled_boat(sheet: Sheet, at: object) -> bool:
    return any(h == at and i == "boat" and h not in sheet.filled for h, i in sheet.icons.items())


def _landmark_move(game: Game, seat: int, options: Sequence[SeatCommand]) -> SeatCommand | None:
    sheet = game.sheets[seat]
    spec = game.map
    for command in options:
        if isinstance(command, MoveArchitect) and command.by != "harbor":
            path = destinations(spec, sheet, command.by).get(command.to, ())
            if landmarks_on(spec, sheet, path):
                return command
    return None


def _use_icon(game: Game, seat: int, options: Sequence[SeatCommand]) -> SeatCommand | None:
    sheet = game.sheets[seat]
    if sheet.uses == 0:
        return None
    gain, draw = max(
        (best_draw(game, sheet, seat, icon) for icon in dict.fromkeys(sheet.hand)),
        key=lambda pair: pair[0],
    )
    better = _better_icon(game, seat, options, gain)
    if better is not None:
        return better
    move = _move_for_draw(game, seat, options, gain)
    if move is not None:
        return move
    trade = _landmark_trade(game, sheet, options)
    if trade is not None and (draw is None or gain < LANDMARK_GAIN):
        return trade
    if draw is not None:
        return draw
    return next((c for c in options if isinstance(c, TradeIcon)), None)


def _better_icon(
    game: Game, seat: int, options: Sequence[SeatCommand], gain: float
) -> SeatCommand | None:
    """A lifesaver (1 VP) or the rainbow, when the other icon draws clearly better."""
    sheet = game.sheets[seat]
    kept = game.kept
    lifesaver = next((c for c in options if isinstance(c, UseLifesaver)), None)
    # a lifesaver is worth 1 VP unused: take it only for a clearly better draw
    if lifesaver and kept and best_draw(game, sheet, seat, kept)[0] - 1 > gain + 1:
        return lifesaver
    rainbows = [c for c in options if isinstance(c, UseRainbow)]
    if rainbows:
        scored = [(best_draw(game, sheet, seat, c.into)[0], c) for c in rainbows]
        top, command = max(scored, key=lambda pair: pair[0])
        if top > gain + 2:
            return command
    return None


def _move_for_draw(
    game: Game, seat: int, options: Sequence[SeatCommand], gain: float
) -> SeatCommand | None:
    """A free move (or a ticket, if it gains 2 more) to a hex with a strictly better draw."""
    sheet = game.sheets[seat]
    best: tuple[float, SeatCommand | None] = (gain, None)
    for command in options:
        if not isinstance(command, MoveArchitect) or command.by not in (*FREE_MOVES, *TICKET_MOVES):
            continue
        cost = 0.0 if command.by in FREE_MOVES else 2.0
        moved = replace(sheet, location=command.to)
        there = max(best_draw(game, moved, seat, i)[0] for i in dict.fromkeys(sheet.hand))
        if there - cost > best[0] + 0.5:
            best = (there - cost, command)
    return best[1]


def _landmark_trade(game: Game, sheet: Sheet, options: Sequence[SeatCommand]) -> SeatCommand | None:
    spec = game.map
    for command in options:
        if not isinstance(command, TradeIcon) or command.by == "lightning":
            continue
        if landmarks_on(spec, sheet, (command.to,)):
            return command
    return None
