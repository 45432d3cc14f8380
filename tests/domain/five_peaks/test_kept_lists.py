"""Branch ``fp-step``'s shortcuts held to their plain forms at the positions of seeded
games: the seat to act's legal commands kept on the position they were listed for (asked
by the settling, the bot and the decider), the decider's skip of ``problem`` for a command
so listed, the open stages' lists answered at once, and the rocky peaks counted once per
set of peaks. ``bench.rollout_fingerprint`` holds whole rollouts; these name the piece
that drifted."""

from __future__ import annotations

import copy
from dataclasses import replace
from types import MappingProxyType
from typing import Any

import pytest

from domain.core import RuleViolation
from domain.games.five_peaks import RULESET
from domain.games.five_peaks import board as b
from domain.games.five_peaks.checks import action_problem, problem, seat_problem
from domain.games.five_peaks.commands import (
    BuyPanorama,
    Move,
    Pass,
    PlaceTile,
    PlayCard,
    TakeCard,
)
from domain.games.five_peaks.content import RESOURCES
from domain.games.five_peaks.decider import SETTLE_LIMIT, consequences, step
from domain.games.five_peaks.events import EndTriggered
from domain.games.five_peaks.evolve import evolve
from domain.games.five_peaks.rules import (
    _OWN,
    _stage_open,
    candidates,
    known_legal,
    legal_commands,
)
from domain.games.five_peaks.state import LEGAL_MEMO, changed
from tests.domain.five_peaks.test_fast_paths import blocked_variants, plain_legal, positions
from tests.domain.five_peaks.test_flat import with_twice


def plain_end_reasons(game: Any) -> tuple[str, ...]:
    """``board.end_reasons`` as it read before: the rocky peaks counted every time."""
    pack = b.content(game)
    rocky = sum(1 for p in game.peaks if pack.peaks[p.peak].terrain == "rocky")
    all_rocky = sum(1 for p in pack.peaks.values() if p.terrain == "rocky")
    top = max(c.rank for c in pack.panoramas.values())
    reasons = []
    if rocky == all_rocky:
        reasons.append("last_rocky_peak")
    if any(not h.stones for h in game.hikers):
        reasons.append("all_stones")
    if any(pack.panoramas[c].rank == top for h in game.hikers for c in h.panoramas):
        reasons.append("panorama_complete")
    return tuple(reasons)


def plain_step(game: Any, command: Any) -> tuple[tuple[Any, ...], Any]:
    """``decider.step`` as it read before: ``problem`` asked of every command, the end's
    reasons counted afresh, the settling's question answered by the plain filter."""
    found = problem(game, command)
    if found is not None:
        raise RuleViolation(*found)
    seat = command.seat
    events = consequences(game, command)
    after = game
    for event in events:
        after = evolve(after, event)
    trigger: tuple[Any, ...] = ()
    if game.final_turns is None:
        reasons = plain_end_reasons(after)
        if after.phase == "play" and len(reasons) >= b.content(game).end_conditions:
            trigger = (EndTriggered(seat=seat, reasons=reasons),)
    for event in trigger:
        after = evolve(after, event)
    more: list[Any] = []
    for _ in range(SETTLE_LIMIT):
        if after.phase != "play" or after.turn != seat:
            break
        if after.stage.kind in ("play", "tile", "camp"):
            break
        if plain_legal(after, seat) != (Pass(seat),):
            break
        passed = consequences(after, Pass(seat))
        more += passed
        for event in passed:
            after = evolve(after, event)
    return (*events, *trigger, *more), after


def outcome(decide: Any, game: Any, command: Any) -> Any:
    try:
        return decide(game, command)
    except RuleViolation as refused:
        return ("refused", refused.code, str(refused))


def fresh(game: Any) -> Any:
    """``game`` as a new object with no memo of any kind (as a snapshot or a replay makes)."""
    return replace(game)


def test_a_step_is_the_plain_step_for_every_command_listed_or_not():
    """At every third position of a greedy and a random game, for the seat to act: every
    candidate (each listed one as the list's own object, so the decider skips ``problem``,
    and as an equal copy, which it checks), the other seat's pass, and commands of other
    positions; on the position with its list kept and on a fresh copy with none."""
    seen = {"known": 0, "checked": 0, "refused": 0, "passed": 0}
    for bot in ("greedy", "random"):
        games = positions(bot)
        for index, game in enumerate(games[::3]):
            seat = game.turn
            listed = legal_commands(game, seat)
            foreign = [
                c for g in games[index * 3 + 1 : index * 3 + 3] for c in candidates(g, g.turn)
            ]
            others = [*candidates(game, seat), Pass(1 - seat), *foreign[:6]]
            for command in [*listed, *(copy.copy(c) for c in listed), *others]:
                known = known_legal(game, command)
                seen["known" if known else "checked"] += 1
                assert known == any(c is command for c in listed)
                plain = outcome(plain_step, game, command)
                assert outcome(step, game, command) == plain
                assert outcome(step, fresh(game), command) == plain
                seen["refused"] += plain[0] == "refused"
                seen["passed"] += plain[0] != "refused" and len(plain[0]) > len(
                    consequences(game, command)
                )
    assert all(n > 50 for n in seen.values()), seen


def test_a_listed_command_is_refused_where_it_is_not_listed():
    """The list kept on one position says nothing of another: each command listed at a
    position is decided at the next positions of the game (through the platform's step
    too) exactly as ``problem`` decides it there, refused or not."""
    refused = 0
    games = positions("greedy")
    for index in range(0, len(games) - 3, 4):
        game = games[index]
        listed = legal_commands(game, game.turn)
        for later in games[index + 1 : index + 3]:
            legal_commands(later, later.turn)  # its own list kept, as a rollout keeps it
            for command in listed:
                found = problem(later, command)
                got = outcome(step, later, command)
                if found is None:
                    assert got == plain_step(later, command)
                    continue
                refused += 1
                assert got == ("refused", *found)
                assert not known_legal(later, command)
                with pytest.raises(RuleViolation) as platform:
                    RULESET.step(later, command)
                assert platform.value.code == found[0]
    assert refused > 200


def test_a_kept_list_stays_with_its_position_and_equals_the_list_made_afresh():
    """The kept list is the plain filter's; no copy made with a change (``changed``, a
    fact evolved, a seat's holdings replaced) carries it; a copy of the same values
    (``copy.copy``) may, and it holds there too."""
    carried = 0
    for game in positions("greedy")[::2]:
        if game.phase != "play":
            continue
        seat = game.turn
        kept = legal_commands(game, seat)
        assert game.__dict__[LEGAL_MEMO] is kept
        assert kept == plain_legal(game, seat) == legal_commands(fresh(game), seat)
        assert legal_commands(game, seat) is kept
        derived = [
            changed(game),
            changed(game, moves=game.moves + 1),
            game.with_hiker(seat, game.hikers[seat]),
            *(evolve(game, e) for e in consequences(game, kept[0])[:1] if kept),
        ]
        for other in derived:
            assert LEGAL_MEMO not in other.__dict__
        same = copy.copy(game)
        carried += LEGAL_MEMO in same.__dict__
        assert legal_commands(same, seat) == legal_commands(fresh(game), seat)
    assert carried > 20


def rich(game: Any, seat: int) -> Any:
    """The seat with plenty of every resource and endorphins: every panorama of its rank
    is paid for, so the camp's list offers some."""
    hiker = game.hikers[seat]
    plenty = MappingProxyType(dict.fromkeys(sorted(RESOURCES), 9))
    return game.with_hiker(seat, replace(hiker, backpack=plenty, endorphins=99))


def open_variants(game: Any, seat: int) -> list[Any]:
    """``game``; with every "twice" campfire card; with the terrain pile empty (no tile
    option playable); rich; and each thing that must come first."""
    return [
        *with_twice(game, seat),
        replace(game, terrain_stack=()),
        rich(game, seat),
        *blocked_variants(game, seat),
    ]


@pytest.mark.parametrize("bot", ["greedy", "random"])
def test_the_open_stages_lists_are_the_plain_filter(bot):
    seen = {"twice": 0, "no tile": 0, "tile option": 0, "panorama": 0, "tile": 0, "move": 0}
    for game in positions(bot):
        seat = game.turn
        for variant in open_variants(game, seat):
            listed = legal_commands(fresh(variant), seat)
            plain = plain_legal(variant, seat)
            assert listed == plain
            kind = variant.stage.kind
            plays = [c for c in plain if isinstance(c, PlayCard)]
            seen["twice"] += any(
                c.option == len(b.content(variant).cards[c.card].options) for c in plays
            )
            tiling = [
                c
                for c in candidates(variant, seat)
                if isinstance(c, PlayCard)
                and c.option < len(b.content(variant).cards[c.card].options)
                and b.content(variant).cards[c.card].options[c.option].effect == "place_tile"
            ]
            seen["no tile"] += bool(tiling) and not any(c in plain for c in tiling)
            seen["tile option"] += any(c in plain for c in tiling)
            seen["panorama"] += any(isinstance(c, BuyPanorama) for c in plain)
            seen["tile"] += any(isinstance(c, PlaceTile) for c in plain)
            seen["move"] += kind == "move" and any(isinstance(c, Move) for c in plain)
    assert all(n > 3 for n in seen.values()), seen


def test_an_open_stage_asks_its_own_commands_their_own_check_alone():
    """``_stage_open``'s claim: while it holds, ``seat_problem`` is ``action_problem`` for
    every candidate of a class the stage owns (``STAGE_OF``); once something must come
    first, no candidate of those classes passes by ``action_problem`` alone when
    ``seat_problem`` refuses it (so the open paths must not be taken)."""
    seen = {"open": 0, "closed": 0}
    for game in positions("greedy")[::2]:
        seat = game.turn
        for variant in [game, rich(game, seat), *blocked_variants(game, seat)]:
            over = b.is_over_limit(variant, seat)
            own = _OWN.get(variant.stage.kind, ())
            for c in candidates(variant, seat, False):
                if c.__class__ not in own or isinstance(c, TakeCard):
                    continue
                if _stage_open(variant, seat, over):
                    assert seat_problem(variant, c, over) == action_problem(variant, c)
                    seen["open"] += 1
                else:
                    assert seat_problem(variant, c, over) is not None
                    seen["closed"] += 1
    assert all(n > 50 for n in seen.values()), seen


def test_the_rocky_peaks_are_counted_as_the_plain_count_as_peaks_come_and_go():
    seen = 0
    for game in positions("greedy"):
        assert b.end_reasons(game) == plain_end_reasons(game)
        if game.peaks:
            # the count kept on ``game`` comes along with ``changed``; the peaks do not
            fewer = changed(game, peaks=game.peaks[:-1])
            assert b.end_reasons(fewer) == plain_end_reasons(fewer)
            assert b.rocky_peaks(fewer) == b.rocky_peaks(fresh(fewer))
            seen += b.rocky_peaks(fewer) != b.rocky_peaks(game)
    assert seen > 3
