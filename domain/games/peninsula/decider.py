"""decide(state, command) holds every rule check; evolve(state, event) only applies facts."""

from __future__ import annotations

from typing import Any, assert_never

from domain.core import Luck
from domain.games.peninsula import actions, landmarks, rounds
from domain.games.peninsula import transitions as t
from domain.games.peninsula.commands import (
    BuildBridge,
    ChooseIcons,
    ClaimMission,
    Command,
    DraftCard,
    DrawHarbor,
    DrawIcon,
    EndActions,
    EndGame,
    EndRound,
    FillIcon,
    LightLandmark,
    MoveArchitect,
    SteepenCoast,
    TradeIcon,
    UseHarborTickets,
    UseLifesaver,
    UseRainbow,
)
from domain.games.peninsula.content import pack_of
from domain.games.peninsula.copies import (
    with_allowance,
    with_seat_changes,
    with_sheet,
    with_sheet_changes,
)
from domain.games.peninsula.events import (
    ActionsEnded,
    ArchitectMoved,
    BridgeBuilt,
    CardDrafted,
    CardRevealed,
    CardsFlipped,
    CoastSteepened,
    Event,
    Fact,
    FinalWindowOpened,
    GameEnded,
    GameSetUp,
    HarborDrawn,
    HarborTicketsGained,
    IconChanged,
    IconDrawn,
    IconFilled,
    IconsChosen,
    IconTraded,
    LandmarkBonusUsed,
    LandmarkUnlocked,
    LifesaverUsed,
    MissionClaimed,
    PileShuffled,
    RoundEnded,
    StackTopShown,
    TicketUnlocked,
)
from domain.games.peninsula.frozen import changed, copied, put
from domain.games.peninsula.movement import HARBOR_BONUS
from domain.games.peninsula.state import SPENT, Arrow, Game, Sheet


def decide(state: Game, command: Command) -> tuple[Fact, ...]:
    match command:
        case DraftCard():
            return rounds.draft_card(state, command)
        case ChooseIcons():
            return rounds.choose_icons(state, command)
        case EndActions():
            return rounds.end_actions(state, command)
        case UseLifesaver():
            return actions.use_lifesaver(state, command)
        case DrawIcon():
            return actions.draw_icon(state, command)
        case TradeIcon():
            return actions.trade_icon(state, command)
        case MoveArchitect():
            return actions.move_architect(state, command)
        case FillIcon():
            return actions.fill_icon(state, command)
        case ClaimMission():
            return actions.claim_mission(state, command)
        case UseRainbow():
            return landmarks.use_rainbow(state, command)
        case UseHarborTickets():
            return landmarks.use_harbor_tickets(state, command)
        case DrawHarbor():
            return landmarks.draw_harbor(state, command)
        case SteepenCoast():
            return landmarks.steepen_coast(state, command)
        case BuildBridge():
            return landmarks.build_bridge(state, command)
        case LightLandmark():
            return landmarks.light_landmark(state, command)
        case EndRound():
            return rounds.end_round(state, command)
        case EndGame():
            return rounds.end_game(state, command)
        case _:
            assert_never(command)


def evolve(state: Game, event: Event) -> Game:
    match event:
        # the most frequent facts first (counted over recorded bot games): a match tries its
        # cases in order. They match on the class alone and read the fields after: a keyword
        # pattern such as ``ActionsEnded(seat=seat)`` costs several times more per match
        case ActionsEnded():
            seat = event.seat
            if state.sheets[seat].bonus_harbor_tickets:  # they last this round only
                return with_seat_changes(state, seat, {"bonus_harbor_tickets": 0}, SPENT)
            return with_allowance(state, seat, SPENT)
        case ArchitectMoved():
            moves = t.counted(state.sheets[event.seat].moves, state.round)
            if event.ticket is None:
                changes = {"location": event.path[-1], "moves": moves}
                return with_sheet_changes(state, event.seat, changes)
            sheet = t.after_move(state.sheets[event.seat], event, HARBOR_BONUS)
            return with_sheet(state, event.seat, copied(sheet, {"moves": moves}))
        case IconDrawn():
            seat = event.seat
            allowance = t.used(state.allowances[seat], event.icon)
            return with_seat_changes(state, seat, t.drawn(state.sheets[seat], event), allowance)
        case IconTraded():
            seat = event.seat
            return with_allowance(state, seat, t.used(state.allowances[seat], event.icon))
        case CardDrafted():
            return t.drafted(state, event)
        case RoundEnded():
            return t.new_round(state, event.next_active)
        case CardRevealed():
            return t.revealed(state, event.card)
        case IconFilled():
            filled = state.sheets[event.seat].filled | {event.at}
            return with_sheet_changes(state, event.seat, {"filled": filled})
        case IconsChosen():
            return t.chosen(state, event)
        case LifesaverUsed(seat=seat, icon=icon):
            allowance = copied(state.allowances[seat], {"hand": (icon,), "must_draw": True})
            lifesavers = _s(state, seat).lifesavers - 1
            return with_seat_changes(state, seat, {"lifesavers": lifesavers}, allowance)
        case IconChanged(seat=seat, icon=icon, into=into):
            allowance = t.with_changed_icon(state.allowances[seat], icon, into)
            return with_allowance(state, seat, allowance)
        case LandmarkUnlocked(seat=seat, landmark=n):
            return _sheet(state, seat, landmarks=_s(state, seat).landmarks | {n})
        case LandmarkBonusUsed(seat=seat, landmark=n):
            return _sheet(state, seat, used_landmarks=_s(state, seat).used_landmarks | {n})
        case TicketUnlocked(seat=seat, ticket=ticket):
            return _sheet(state, seat, tickets=_s(state, seat).tickets | {ticket})
        case MissionClaimed(seat=seat, mission=letter, icon=icon):
            return _sheet(state, seat, missions=put(_s(state, seat).missions, letter, icon))
        case HarborTicketsGained(seat=seat, count=count):
            return _sheet(
                state, seat, bonus_harbor_tickets=_s(state, seat).bonus_harbor_tickets + count
            )
        case HarborDrawn(seat=seat, sea=sea, land=land):
            sheet = _s(state, seat)
            drawn = (*sheet.drawn_harbors, (sea, land))
            return _sheet(
                state, seat, drawn_harbors=drawn, harbor_lands=sheet.harbor_lands | {land}
            )
        case CoastSteepened(seat=seat, at=at, segments=segments):
            return _sheet(state, seat, cliffs=put(_s(state, seat).cliffs, at, segments))
        case BridgeBuilt(seat=seat, a=a, b=b):
            return _sheet(
                state,
                seat,
                arrows=(
                    *_s(state, seat).arrows,
                    Arrow(a, b, "bridge"),
                ),
            )
        case FinalWindowOpened(rounds=rounds):
            allowances = tuple(changed(a, done=False) for a in state.allowances)
            return changed(
                state, phase="final", allowances=allowances, face_up=(), flipped=(), round=rounds
            )
        case GameEnded(scores=scores):
            return changed(state, phase="over", scores=scores)
        case StackTopShown():
            return state
        case GameSetUp():
            return t.opened(state, event, pack_of(state))
        case PileShuffled(order=order, counter=counter):
            return changed(state, pile=order, luck=Luck(state.luck.seed, counter))
        case CardsFlipped(cards=cards, counter=counter):
            luck = Luck(state.luck.seed, counter)
            return changed(state, flipped=cards, pile=state.pile[len(cards) :], luck=luck)
        case _:
            assert_never(event)


def _s(state: Game, seat: int) -> Sheet:
    return state.sheets[seat]


def _sheet(state: Game, seat: int, **changes: Any) -> Game:
    if not changes.keys() <= Sheet.__dataclass_fields__.keys():
        raise TypeError(
            f"Sheet has no field(s) {sorted(changes.keys() - Sheet.__dataclass_fields__.keys())}"
        )
    return with_sheet_changes(state, seat, changes)
