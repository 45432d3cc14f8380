"""Movement: tickets, infrastructure, trades, lifesavers, and landmark unlocks on entry."""

from __future__ import annotations

from domain.games.peninsula.commands import (
    DraftCard,
    DrawIcon,
    EndActions,
    MoveArchitect,
    TradeIcon,
    UseLifesaver,
)
from domain.games.peninsula.events import (
    ActionsEnded,
    ArchitectMoved,
    IconTraded,
    LandmarkUnlocked,
    LifesaverUsed,
)
from tests.domain.peninsula.scenario import H, drafted, given


def move(to, by, seat=0):
    return MoveArchitect(seat=seat, to=H(to), by=by)


def moved(*path, by, ticket=None, seat=0):
    return ArchitectMoved(seat=seat, path=tuple(H(h) for h in path), by=by, ticket=ticket)


def at(where, **changes):
    return drafted().sheet(0, location=where, **changes)


def test_the_six_step_movement_example():  # rulebook: Movement Example
    g = at(
        "E5",
        icons={"E4": "tunnel", "G4": "tunnel", "H4": "village", "H3": "boat"},
        arrows=[("H4", "H3", "street"), ("H3", "H2", "canal")],
    )
    steps = [
        (move("E4", "boot"), moved("E4", by="boot", ticket="t1")),
        (move("G4", "tunnel"), moved("G4", by="tunnel")),
        (move("H4", "boot"), moved("H4", by="boot", ticket="t2")),
        (move("H3", "street"), moved("H3", by="street")),
        (move("H2", "canal"), moved("H2", by="canal")),
        (move("D2", "harbor"), moved("D2", by="harbor", ticket="t4")),
    ]
    for command, event in steps:
        g = type(g)(g.when(command).then(event))
    sheet = g.game.sheets[0]
    assert sheet.location == H("D2") and sheet.used_tickets == {"t1", "t2", "t4"}


def test_a_boot_ticket_is_used_once():  # rulebook: Movement, "Each ticket can only be used once"
    g = at("E5", tickets={"t1"})
    after = type(g)(g.when(move("E4", "boot")).then(moved("E4", by="boot", ticket="t1")))
    after.when(move("E5", "boot")).rejected("illegal_action", "no boot ticket")


def test_a_boot_moves_to_an_adjacent_land_hex_only():  # rulebook: Boot ticket
    at("E5").when(move("G5", "boot")).rejected("illegal_action", "next to")
    at("D3").when(move("D1", "boot")).rejected("illegal_action")


def test_a_harbor_ticket_goes_from_harbor_to_harbor():  # rulebook: Harbor ticket
    at("D2").when(move("I6", "harbor")).then(moved("I6", by="harbor", ticket="t4"))
    at("E5").when(move("I6", "harbor")).rejected("illegal_action", "harbor hex")


def test_a_balloon_goes_exactly_two_away_even_over_water():  # rulebook: Balloon ticket
    g = at("H2", tickets={"t8"})
    g.when(move("G3", "balloon")).then_includes(moved("G3", by="balloon", ticket="t8"))
    g.when(move("H3", "balloon")).rejected("illegal_action", "exactly 2")
    g.when(move("E2", "balloon")).rejected("illegal_action", "exactly 2")


def test_locked_tickets_cannot_be_used():  # rulebook: "still have to unlock this ticket"
    at("E5").when(move("G5", "balloon")).rejected("illegal_action", "no balloon ticket")


def test_streets_work_both_ways_any_number_of_times():  # rulebook: Streets
    g = at("E5", icons={"E4": "village"}, arrows=[("E4", "E5", "street")])
    there = type(g)(g.when(move("E4", "street")).then(moved("E4", by="street")))
    back = type(g)(there.when(move("E5", "street")).then(moved("E5", by="street")))
    back.when(move("E4", "street")).then(moved("E4", by="street"))


def test_no_street_no_street_move():
    at("E5").when(move("E4", "street")).rejected("illegal_action", "no street")


def test_canals_go_only_in_the_arrow_direction():  # rulebook: Canals, "in the direction"
    g = at("E4", icons={"E4": "boat"}, arrows=[("E4", "E5", "canal")])
    g.when(move("E5", "canal")).then(moved("E5", by="canal"))
    at("E5", icons={"E4": "boat"}, arrows=[("E4", "E5", "canal")]).when(
        move("E4", "canal")
    ).rejected("illegal_action", "no canal")


def test_tunnel_to_any_tunnel():  # rulebook: Tunnels, "move to any other tunnel"
    g = at("C6", icons={"C6": "tunnel", "H7": "tunnel"})
    g.when(move("H7", "tunnel")).then(moved("H7", by="tunnel"))
    at("C5", icons={"C6": "tunnel", "H7": "tunnel"}).when(move("H7", "tunnel")).rejected(
        "illegal_action"
    )


def test_first_entry_into_a_landmark_unlocks_it():  # rulebook: Landmarks, "The first time"
    g = at("D3")
    after = g.when(move("C3", "boot")).then(
        moved("C3", by="boot", ticket="t1"), LandmarkUnlocked(seat=0, landmark=1)
    )
    assert after.sheets[0].landmarks == {1}


def test_a_second_entry_unlocks_nothing():  # rulebook: Landmarks, only the first time
    at("D3", landmarks={1}).when(move("C3", "boot")).then_not(LandmarkUnlocked)


def test_trade_the_icon_for_a_boot_move():  # rulebook: Trade
    drafted().when(TradeIcon(seat=0, icon="village", to=H("E4"), by="boot")).then(
        IconTraded(seat=0, icon="village"), moved("E4", by="boot")
    )


def test_a_trade_moves_like_a_ticket_would():  # rulebook: Trade, "The rules are the same"
    drafted().when(TradeIcon(seat=0, icon="village", to=H("G5"), by="boot")).rejected(
        "illegal_action"
    )
    drafted().when(TradeIcon(seat=0, icon="village", to=H("D2"), by="harbor")).rejected(
        "illegal_action", "harbor hex"
    )


def test_trade_a_harbor_move_from_a_harbor_hex():  # rulebook: Trade
    at("D2").when(TradeIcon(seat=0, icon="village", to=H("H2"), by="harbor")).then(
        IconTraded(seat=0, icon="village"), moved("H2", by="harbor")
    )


def test_a_passive_seat_may_use_a_lifesaver():  # rulebook: Using a Lifesaver
    g = drafted()
    after = type(g)(g.when(UseLifesaver(seat=1)).then(LifesaverUsed(seat=1, icon="village")))
    assert after.game.sheets[1].lifesavers == g.game.sheets[1].lifesavers - 1
    after.when(DrawIcon(seat=1, icon="village", at=H("E4"), arrow=H("E3"))).then_includes()
    after.when(TradeIcon(seat=1, icon="village", to=H("E4"), by="boot")).rejected(
        "illegal_action", "must be drawn"
    )


def test_the_active_seat_has_no_lifesaver_to_use():  # rulebook: "As a passive player"
    drafted().when(UseLifesaver(seat=0)).rejected("illegal_action", "passive")


def test_no_lifesaver_left():  # rulebook: "If you have no lifesavers left"
    drafted().sheet(1, lifesavers=0).when(UseLifesaver(seat=1)).rejected(
        "illegal_action", "no lifesaver"
    )


def test_a_round_caps_how_often_a_seat_may_move():
    """The platform's max_commands_per_round option (docs/rules/peninsula.md): streets cost
    nothing, so without a cap a client could move back and forth without end."""
    g = given(options={"max_commands_per_round": 20}).after(
        DraftCard(seat=0, card=0, keep="village")
    )
    g = g.sheet(0, location="E5", arrows=[("E5", "E4", "street")])
    for step in range(20):
        to = "E4" if step % 2 == 0 else "E5"
        g = g.after(MoveArchitect(seat=0, to=H(to), by="street"))
    g.when(MoveArchitect(seat=0, to=H("E4"), by="street")).rejected(
        "too_many_commands", "the most a round allows"
    )
    # the other seat, and the next round, are not held back
    g.when(EndActions(seat=0)).then_includes(ActionsEnded(seat=0))
