"""Claiming missions (rulebook: Missions). Missions A-F: A Side by Side (two adjacent),
B Hermit (one, none around), C Stepping Stone, D Far Apart, E Triangle, F Row."""

from __future__ import annotations

from dataclasses import replace

from domain.games.peninsula.commands import ClaimMission
from domain.games.peninsula.events import MissionClaimed, TicketUnlocked
from tests.domain.peninsula.scenario import Given, H, drafted, given


def claim(letter, icon, placement=None, seat=0):
    hexes = tuple(H(h) for h in placement) if placement else None
    return ClaimMission(seat=seat, mission=letter, icon=icon, placement=hexes)


def claimed(letter, icon, placement, vp, seat=0):
    hexes = tuple(sorted(H(h) for h in placement))
    return MissionClaimed(seat=seat, mission=letter, icon=icon, placement=hexes, vp=vp)


def board(**changes):
    return drafted().sheet(0, **changes)


def test_a_matching_arrangement_claims_the_mission():  # rulebook: Missions
    board(icons={"E4": "forest", "F4": "forest"}).when(claim("A", "forest")).then(
        claimed("A", "forest", ["E4", "F4"], 2)
    )


def test_filled_or_not_does_not_matter():  # rulebook: "filled or not, it doesn't matter"
    g = board(icons={"E4": "forest", "F4": "forest"}, filled=["E4"])
    g.when(claim("A", "forest")).then(claimed("A", "forest", ["E4", "F4"], 2))


def test_no_match_no_claim():  # rulebook: Missions, "Check whether the arrangement ... matches"
    board(icons={"E4": "forest", "G4": "forest"}).when(claim("A", "forest")).rejected(
        "illegal_action", "do not match"
    )


def test_a_crossed_hex_must_not_hold_the_type():  # rulebook: "Gray hexes with a red cross"
    board(icons={"E4": "forest"}).when(claim("B", "forest")).then(claimed("B", "forest", ["E4"], 2))
    board(icons={"E4": "forest", "E3": "forest"}).when(claim("B", "forest")).rejected(
        "illegal_action"
    )


def test_a_crossed_hex_may_hold_another_icon_or_water():  # rulebook: "can be water, empty"
    g = board(icons={"D2": "mountain", "E2": "forest", "D3": "forest"})
    g.when(claim("B", "mountain")).then(claimed("B", "mountain", ["D2"], 2))


def test_cliffs_claim_missions_too():  # rulebook: Player Aid, Cliff "Can be used for missions"
    board(cliffs={"B3": 4, "B4": 1}).when(claim("A", "cliffs")).then(
        claimed("A", "cliffs", ["B3", "B4"], 2)
    )


def test_each_mission_once():  # rulebook: "only claim a mission that you have not yet claimed"
    g = board(icons={"E4": "forest", "F4": "forest", "C6": "boat", "D6": "boat"})
    once = Given(g.when(claim("A", "forest")).then_includes())
    once.when(claim("A", "boat")).rejected("illegal_action", "already claimed mission A")


def test_each_icon_type_once():  # rulebook: "an icon type that you have not yet used"
    g = board(icons={"E4": "forest", "F4": "forest"})
    once = Given(g.when(claim("A", "forest")).then_includes())
    once.when(claim("B", "forest")).rejected("illegal_action", "with the forest")


def test_only_the_games_missions():  # rulebook: Setup 4, six missions
    board(icons={"E4": "forest"}).when(claim("Z", "forest")).rejected("illegal_action", "not in")


def test_a_given_placement_is_checked():  # Cairn: a claim may name its placement
    g = board(icons={"E4": "forest", "F4": "forest", "C6": "forest"})
    g.when(claim("A", "forest", ["F4", "E4"])).then(
        MissionClaimed(seat=0, mission="A", icon="forest", placement=(H("F4"), H("E4")), vp=2)
    )
    g.when(claim("A", "forest", ["E4", "C6"])).rejected("illegal_action")


def test_two_adjacent_claimed_missions_unlock_the_ticket_between():  # rulebook: Missions
    g = board(icons={"E4": "forest", "F4": "forest", "C7": "boat"})
    first = Given(g.when(claim("A", "forest")).then(claimed("A", "forest", ["E4", "F4"], 2)))
    first.when(claim("B", "boat")).then(
        claimed("B", "boat", ["C7"], 2),
        TicketUnlocked(seat=0, ticket="t5", kind="boot", reason="missions"),
    )


def test_missions_not_side_by_side_unlock_nothing():  # rulebook: "show a ticket between them"
    g = board(icons={"C7": "boat", "E4": "forest", "F4": "forest", "G4": "forest"})
    first = Given(g.when(claim("B", "boat")).then_includes())
    first.when(claim("F", "forest")).then(claimed("F", "forest", ["E4", "F4", "G4"], 4))


def test_missions_may_be_claimed_at_game_end():  # rulebook: Missions, Notes
    g = board(icons={"E4": "forest", "F4": "forest"})
    Given(replace(g.game, phase="final")).when(claim("A", "forest")).then_includes()


def test_no_claim_before_the_draft():  # rulebook: How to Play, phases
    given().when(claim("A", "forest")).rejected("wrong_phase")
