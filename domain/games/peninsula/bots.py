"""Two bots: "random" picks any legal command; "greedy" takes the best immediate gain.

Both end an action phase in bounded time: infrastructure moves are unlimited, so a bot that
only ever chose uniformly could wander for ever. The random bot, once its icons are used,
ends its actions with probability 1/2 before choosing uniformly; the greedy bot never makes
a move that does not improve its position.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from domain.core import Luck
from domain.games.peninsula.bonuses import held_bonuses
from domain.games.peninsula.cards import Icon
from domain.games.peninsula.commands import (
    ChooseIcons,
    ClaimMission,
    DraftCard,
    DrawBonus,
    DrawIcon,
    EndActions,
    MoveArchitect,
    SeatCommand,
    TradeIcon,
    UseHarborTickets,
    UseLifesaver,
    UseRainbow,
)
from domain.games.peninsula.frozen import built, copied
from domain.games.peninsula.gains import draw_gain
from domain.games.peninsula.hexes import Hex
from domain.games.peninsula.outlook import Outlook, outlook_for
from domain.games.peninsula.planning import Target
from domain.games.peninsula.routes import cheapest_route, first_step_to_landmark
from domain.games.peninsula.rules import (
    bot_options,
    claims,
    draw_spots,
    fills,
    icon_trades,
    legal_commands,
    listed_bonuses,
)
from domain.games.peninsula.state import Game, Sheet
from domain.games.peninsula.steps import landmark_move, one_shot, unvisited_landmarks

BONUS_DRAW_COST = 1.0
LANDMARK_GAIN = 2.0
FREE_MOVES = ("street", "canal", "bridge", "tunnel")
TICKET_MOVES = ("boot", "balloon", "harbor")
MOVES_FOR_DRAW = (*FREE_MOVES, *TICKET_MOVES)
TICKET_COST = 2.0
GOOD_DRAW = 0.0
"""A draw gaining this much is taken where the architect stands, without looking around."""
MISSION_LOOKS = 5
EARLY_TICKETS = 0
LATE_TICKETS = 3
LATE_PILE = 3
TARGET_WEIGHT = 0.8
"""How much a hex missing from a mission's target match is worth, per VP and share done."""
HOLD_BACK = 2
"""A claim waits while its icon type's bigger target lacks at most this many hexes."""
HARBOR_TRIP_TICKETS = 2
"""Printed tickets a Harbor Tickets trip to a landmark may spend besides its 2 free ones."""


def random_bot(game: Game, seat: int, luck: Luck) -> SeatCommand:
    # The coin is tossed before the legal commands are built: a seat still in the action
    # phase can always end its actions, so the list would not be empty, and when the coin
    # ends the phase the list is not needed. The draws and the choice are the same as when
    # the list came first; rollouts then build it about a fifth less often.
    if game.phase == "actions" and 0 <= seat < game.seats:
        allowance = game.allowances[seat]
        if allowance.uses == 0 and not allowance.done:
            coin, luck = luck.draw_below(2)
            if coin == 0:
                return built(EndActions, {"seat": seat})
    options = legal_commands(game, seat)
    if not options:
        raise ValueError(f"seat {seat} has nothing to do now")
    index, _ = luck.draw_below(len(options))
    return options[index]


def best_draw(
    game: Game,
    sheet: Sheet,
    seat: int,
    icon: Icon,
    look: Outlook | None = None,
    moved_from: Sheet | None = None,
) -> tuple[float, DrawIcon | None]:
    """The draw of ``icon`` with the largest gain (bonus draws cost a little). ``look``: the
    bot's memo of what does not depend on the draw (``Outlook``), if it has one;
    ``moved_from``: the sheet ``sheet`` copies with the architect elsewhere, if it does."""
    if look is None:
        return _best_draw(game, sheet, seat, icon, Outlook(game, TARGET_WEIGHT))
    # the whole answer depends on the sheet, the seat, the icon and the game's bonus cards
    # besides the outlook's map and missions: a seat's sheet is asked for again from its
    # draft to its draw
    key = (id(sheet), seat, icon, id(game.bonuses))
    found = look.best.get(key)
    if found is None:
        # in a rollout whose companion keeps the seats' sheets flat, the flat form's answer
        # (the same, float for float: flat_memo.py); anywhere else, the sheet's own
        flats = look.flats
        flat = None if flats is None else flats.flat(game, sheet, moved_from)
        if flats is not None and flat is not None:
            answer = flats.best_draw(flat, seat, icon, look.weight)
        else:
            answer = _best_draw(game, sheet, seat, icon, look)
        found = look.best[key] = (sheet, game.bonuses, answer)
    return found[2]


def _best_draw(
    game: Game, sheet: Sheet, seat: int, icon: Icon, look: Outlook
) -> tuple[float, DrawIcon | None]:
    held = frozenset({"catapult", "ferry"}) & _held(game, sheet)
    # draws reach only a few hexes around the architect, and in about a quarter of the
    # calls none: the plan, worked out for every hex of the sheet, is then not needed
    spots = list(draw_spots(game.map, sheet, icon, held))
    if not spots:
        return float("-inf"), None
    plan = look.plan(sheet, icon)
    gains = look.gains(sheet)
    # (gain, -index, draw's fields), the draw's command built only for the one chosen:
    # the gain and index come first and differ for every draw, so no comparison goes further
    scored: list[tuple[float, int, DrawBonus | None, Hex, Hex | None]] = []
    index = 0
    for bonus, at, arrows in spots:
        base, boats = gains.spot(at, icon)
        worth = plan.get(at, 0.0)
        for arrow in arrows:
            if base is None:
                gain = draw_gain(game, sheet, _draw(seat, icon, at, arrow, bonus))
            else:
                # (arrows are next to ``at``: ``spot``'s boats are all they may add)
                gain = base + 2.0 if boats and arrow in boats else base
            # added in draw_gain's order: a float sum's last bit depends on it
            gain += worth
            if bonus is not None:
                gain -= BONUS_DRAW_COST
            scored.append((gain, index, bonus, at, arrow))
            index -= 1
    if not scored:
        return float("-inf"), None
    scored.sort(reverse=True)
    # only the best few draws are worth a pattern search: missions are the costly check
    missions = look.mission_gains(sheet, icon)
    total, _, bonus, at, arrow = max(
        (gain + missions.get(at, 0.0), order, bonus, at, arrow)
        for gain, order, bonus, at, arrow in scored[:MISSION_LOOKS]
    )
    return total, _draw(seat, icon, at, arrow, bonus)


def _draw(seat: int, icon: Icon, at: Hex, arrow: Hex | None, bonus: DrawBonus | None) -> DrawIcon:
    fields = {"seat": seat, "icon": icon, "at": at, "arrow": arrow, "bonus": bonus}
    return built(DrawIcon, fields)


def _held(game: Game, sheet: Sheet) -> frozenset[str]:
    return held_bonuses(game, sheet)


def greedy_bot(game: Game, seat: int, luck: Luck) -> SeatCommand:
    acting = game.phase in ("actions", "final") and 0 <= seat < game.seats
    if acting and not game.allowances[seat].done:
        return _act(game, seat)
    # the draft's choice, or nothing to do: the legal commands but the hand's draws
    options = bot_options(game, seat)
    if not options:
        raise ValueError(f"seat {seat} has nothing to do now")
    return _choose(game, seat, options, outlook_for(game, TARGET_WEIGHT))


def _act(game: Game, seat: int) -> SeatCommand:
    """The chain stops at the first kind of command it takes: each kind is built only when
    the chain reaches it, in ``bot_options``' order within the kind (the same one first)."""
    sheet = game.sheets[seat]
    held = listed_bonuses(game, sheet)
    return (
        _claim(game, seat, tuple(claims(game, sheet, seat)))
        or _fill(game, seat)
        or one_shot(game, seat, held)
        or landmark_move(game, seat, held)
        or _icon_use(game, seat)
        or _towards_landmark(game, seat)
        or built(EndActions, {"seat": seat})
    )


def _icon_use(game: Game, seat: int) -> SeatCommand | None:
    if game.allowances[seat].uses == 0:  # ``_use_icon`` gives nothing: no options needed
        return None
    return _use_icon(game, seat, bot_options(game, seat), outlook_for(game, TARGET_WEIGHT))


def _choose(game: Game, seat: int, options: Sequence[SeatCommand], look: Outlook) -> SeatCommand:
    sheet = game.sheets[seat]

    def value(command: SeatCommand) -> float:
        if isinstance(command, DraftCard):
            return best_draw(game, sheet, seat, command.keep, look)[0]
        if isinstance(command, ChooseIcons):
            icons = _chosen_icons(game, command)
            cost = LANDMARK_GAIN if command.first != command.second else 0.0
            return sum(best_draw(game, sheet, seat, i, look)[0] for i in icons) - cost
        return float("-inf")

    return max(options, key=value)


def _chosen_icons(game: Game, command: ChooseIcons) -> tuple[Icon, Icon]:
    first, second = game.flipped
    return (
        first[0 if command.first == "left" else 1],
        second[0 if command.second == "left" else 1],
    )


def _claim(game: Game, seat: int, claims: Sequence[ClaimMission]) -> SeatCommand | None:
    """The claim worth most, with the icon type the bot's other plans need least. Before
    the final window it holds back a claim that would spend the type aimed at a bigger
    mission already nearly matched."""
    if not claims:
        return None
    vp = {m.letter: m.vp for m in game.missions}
    aims = outlook_for(game, TARGET_WEIGHT).aims(game.sheets[seat])
    final = game.phase == "final"
    ready = [c for c in claims if not _holds_back(c, aims, vp, final)]
    if not ready:
        return None
    return max(ready, key=lambda c: (vp[c.mission], -_aimed_elsewhere(c, aims)))


# ``_claim``'s two questions are functions of the module, not closures over its locals:
# compiled by mypyc, such closures and their environment hold each other, a reference cycle
# (with the game in it) that every claim left for the cyclic collector.
def _aimed_elsewhere(claim: ClaimMission, aims: Mapping[Icon, Target]) -> int:
    target = aims.get(claim.icon)
    return 0 if target is None or target[0].letter == claim.mission else target[0].vp


def _holds_back(
    claim: ClaimMission, aims: Mapping[Icon, Target], vp: Mapping[str, int], final: bool
) -> bool:
    target = aims.get(claim.icon)
    if final or target is None or target[0].vp <= vp[claim.mission]:
        return False
    return target[1] >= len(target[0].ticked) - HOLD_BACK


def _fill(game: Game, seat: int) -> SeatCommand | None:
    return next(fills(game, game.sheets[seat], seat), None)


def _towards_landmark(game: Game, seat: int) -> SeatCommand | None:
    """Once the icons are used, spend tickets on the way to a landmark."""
    if game.phase != "actions":
        return None
    # early on a trip pulls the architect away from where it builds; near the end unused
    # tickets are worth nothing, so any route will do
    budget = LATE_TICKETS if len(game.pile) <= LATE_PILE else EARLY_TICKETS
    sheet = game.sheets[seat]
    if _harbor_trip(game, sheet, budget):
        return built(UseHarborTickets, {"seat": seat})
    if sheet.bonus_harbor_tickets:
        # on a Harbor Tickets trip: the printed tickets it was planned with
        budget += HARBOR_TRIP_TICKETS
    step = first_step_to_landmark(game.map, sheet, budget)
    return None if step is None else MoveArchitect(seat=seat, to=step[1], by=step[0])


def _harbor_trip(game: Game, sheet: Sheet, budget: int) -> bool:
    """Harbor Tickets, when its 2 free harbor tickets make a route to a locked landmark
    possible, or cheaper in printed tickets."""
    if sheet.bonus_harbor_tickets or "harbor_tickets" not in _held(game, sheet):
        return False
    spec = game.map
    # (``copied``, not ``replace``: the same value, without ``__init__`` run over every
    # field for a copy that differs in one)
    boosted = copied(sheet, {"bonus_harbor_tickets": 2})
    trip = cheapest_route(spec, boosted, budget + HARBOR_TRIP_TICKETS)
    if trip is None:
        return False
    plain = cheapest_route(spec, sheet, budget)
    return plain is None or trip[0] < plain[0]


def _use_icon(
    game: Game, seat: int, options: Sequence[SeatCommand], look: Outlook
) -> SeatCommand | None:
    sheet, allowance = game.sheets[seat], game.allowances[seat]
    if allowance.uses == 0:
        return None
    gain, draw = max(
        (best_draw(game, sheet, seat, icon, look) for icon in dict.fromkeys(allowance.hand)),
        key=lambda pair: pair[0],
    )
    better = _better_icon(game, seat, options, gain, look)
    if better is not None:
        return better
    move = _move_for_draw(game, seat, options, gain, look) or _harbor_for_draw(
        game, seat, gain, look
    )
    if move is not None:
        return move
    if draw is not None and gain >= LANDMARK_GAIN:
        return draw  # no trade beats it: the trades are not even built
    trades = icon_trades(game, seat)
    trade = _landmark_trade(game, sheet, trades)
    if trade is not None:
        return trade
    if draw is not None:
        return draw
    return trades[0] if trades else None


def _better_icon(
    game: Game, seat: int, options: Sequence[SeatCommand], gain: float, look: Outlook
) -> SeatCommand | None:
    """A lifesaver (1 VP) or the rainbow, when the other icon draws clearly better."""
    sheet = game.sheets[seat]
    kept = game.kept
    lifesaver = next((c for c in options if isinstance(c, UseLifesaver)), None)
    # a lifesaver is worth 1 VP unused: take it only for a clearly better draw
    if lifesaver and kept and best_draw(game, sheet, seat, kept, look)[0] - 1 > gain + 1:
        return lifesaver
    rainbows = [c for c in options if isinstance(c, UseRainbow)]
    if rainbows:
        scored = [(best_draw(game, sheet, seat, c.into, look)[0], c) for c in rainbows]
        top, command = max(scored, key=lambda pair: pair[0])
        if top > gain + 2:
            return command
    return None


def _move_for_draw(
    game: Game, seat: int, options: Sequence[SeatCommand], gain: float, look: Outlook
) -> SeatCommand | None:
    """A free move (or a ticket, if it gains 2 more) to a hex with a strictly better draw."""
    if gain >= GOOD_DRAW:
        return None
    sheet = game.sheets[seat]
    best: tuple[float, SeatCommand | None] = (gain, None)
    seen: dict[Hex, float] = {}
    for command in options:
        if not isinstance(command, MoveArchitect) or command.by not in MOVES_FOR_DRAW:
            continue
        free = command.by in FREE_MOVES or (command.by == "harbor" and sheet.bonus_harbor_tickets)
        cost = 0.0 if free else TICKET_COST
        if command.to not in seen:
            # (``copied``, not ``replace``: the same sheet but its place, built without
            # ``__init__``, which cost as much as a look at the draws)
            moved = copied(sheet, {"location": command.to})
            icons = dict.fromkeys(game.allowances[seat].hand)
            seen[command.to] = max(best_draw(game, moved, seat, i, look, sheet)[0] for i in icons)
        if seen[command.to] - cost > best[0] + 0.5:
            best = (seen[command.to] - cost, command)
    return best[1]


def _harbor_for_draw(game: Game, seat: int, gain: float, look: Outlook) -> SeatCommand | None:
    """Harbor Tickets, from a harbor hex, when another harbor hex has a clearly better draw
    (the move itself is then a free harbor move)."""
    sheet = game.sheets[seat]
    if gain >= GOOD_DRAW or sheet.bonus_harbor_tickets or sheet.location not in sheet.harbor_lands:
        return None
    if "harbor_tickets" not in _held(game, sheet):
        return None
    icons = dict.fromkeys(game.allowances[seat].hand)
    for to in sorted(sheet.harbor_lands - {sheet.location}):
        moved = copied(sheet, {"location": to})
        if max(best_draw(game, moved, seat, i, look, sheet)[0] for i in icons) > gain + 0.5:
            return built(UseHarborTickets, {"seat": seat})
    return None


def _landmark_trade(game: Game, sheet: Sheet, options: Sequence[SeatCommand]) -> SeatCommand | None:
    unvisited = unvisited_landmarks(game.map, sheet)
    trades = [c for c in options if isinstance(c, TradeIcon)]
    # Lightning goes anywhere: kept for when no ordinary trade reaches a landmark
    trades.sort(key=lambda c: c.by == "lightning")
    return next((c for c in trades if c.to in unvisited), None)
