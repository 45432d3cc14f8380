"""The greedy bot's shortcuts give what their plain forms give.

``python -m bench.rollout_fingerprint --ruleset peninsula`` holds whole greedy rollouts to
the code before the speed work; these tests hold each shortcut to its plain form on its own,
at many positions of seeded games, so a failure names the one that drifted.
"""

from __future__ import annotations

from dataclasses import replace
from functools import cache
from types import MappingProxyType
from typing import Any

from domain.core import Luck
from domain.games.peninsula import RULESET, outlook
from domain.games.peninsula.bots import (
    BONUS_DRAW_COST,
    MISSION_LOOKS,
    TARGET_WEIGHT,
    _held,
    best_draw,
    greedy_bot,
    unvisited_landmarks,
)
from domain.games.peninsula.cards import ICONS, Icon
from domain.games.peninsula.commands import DrawIcon, TradeIcon
from domain.games.peninsula.gains import DrawGains, draw_gain, mission_gain
from domain.games.peninsula.hexes import Hex
from domain.games.peninsula.masks import grid_of
from domain.games.peninsula.missions import orientations
from domain.games.peninsula.movement import destinations, landmarks_on
from domain.games.peninsula.outlook import Outlook
from domain.games.peninsula.planning import aims_of, mission_plan, partial, usable_hexes
from domain.games.peninsula.rules import (
    bot_options,
    draw_spots,
    draws,
    icon_trades,
    legal_commands,
)
from domain.games.peninsula.state import EMPTY, Game, Sheet, changed
from tests.support.play import play, seed_for

EVERY = 7
"""Every 7th position of each game: the games' sheets from empty to full, in a few seconds."""
LAND_STEP = 16
"""Besides where it stands, the architect is put on every 16th land hex of the map."""


@cache
def every_position(bot: str) -> tuple[Game, ...]:
    """Every position of seeded games of 2 and 3 seats, the set-up left out."""
    return tuple(
        step.state
        for seats in (2, 3)
        for step in play(RULESET, seats, label=f"shortcuts-{seats}-{bot}", bot=bot)
        if step.state.sheets
    )


@cache
def positions() -> tuple[Game, ...]:
    states = [
        step.state
        for seats in (2, 3)
        for step in play(RULESET, seats, label=f"gains-{seats}", bot="greedy")
    ]
    return tuple(s for s in states[1::EVERY] if s.sheets)


def every_draw(game: Game) -> Any:
    """Every draw of every icon on each seat's sheet, from where its architect stands and
    from each hex it could stand on, with both draw bonuses held (catapult and ferry)."""
    spec, held = game.map, frozenset({"catapult", "ferry"})
    for seat, sheet in enumerate(game.sheets):
        for location in (sheet.location, *sorted(spec.land)[::LAND_STEP]):
            moved = replace(sheet, location=location)
            for icon in ICONS:
                yield moved, icon, list(draws(game, moved, seat, icon, held))


def test_draw_spots_and_gains_are_the_plain_draws_and_draw_gain_for_every_draw():
    compared, kinds = 0, set()
    for game in positions():
        for sheet, icon, commands in every_draw(game):
            gains = DrawGains(game.map, sheet)
            spots = draw_spots(game.map, sheet, icon, frozenset({"catapult", "ferry"}))
            sites = [(bonus, at, arrow) for bonus, at, arrows in spots for arrow in arrows]
            assert sites == [(c.bonus, c.at, c.arrow) for c in commands]
            for command in commands:
                plain = draw_gain(game, sheet, command)
                assert gains.gain(command.at, command.icon, command.arrow) == plain, command
                compared += 1
                kinds.add((command.icon, plain))
    assert compared > 10_000 and len(kinds) > 40  # many gains of every icon, not a few


def test_draw_gains_leave_a_draw_no_legal_list_holds_to_the_plain_form():
    game = positions()[-1]
    sheet = game.sheets[0]
    gains = DrawGains(game.map, sheet)
    taken = next(iter(sheet.icons))
    far = Hex(taken.q + 3, taken.r)
    assert gains.gain(taken, "village", None) is None and gains.gain(taken, "boat", far) is None


def plain_best_draw(game: Game, sheet: Sheet, seat: int, icon: Icon) -> tuple[float, Any]:
    """``best_draw`` as it read before its memo: each draw's gain, plan and missions asked
    of the plain functions."""
    held = frozenset({"catapult", "ferry"}) & _held(game, sheet)
    plan = mission_plan(game, sheet, icon, TARGET_WEIGHT)
    scored = []
    for index, command in enumerate(draws(game, sheet, seat, icon, held)):
        gain = draw_gain(game, sheet, command) + plan.get(command.at, 0.0)
        if command.bonus is not None:
            gain -= BONUS_DRAW_COST
        scored.append((gain, -index, command))
    if not scored:
        return float("-inf"), None
    scored.sort(key=lambda item: item[:2], reverse=True)
    best = max(
        (gain + mission_gain(game, sheet, command), order, command)
        for gain, order, command in scored[:MISSION_LOOKS]
    )
    return best[0], best[2]


def variants(game: Game, seat: int) -> Any:
    """A seat's sheet moved to other hexes, and copies of it that share all its parts but
    one: an ``Outlook`` that keyed a memo on too few parts would mix them up."""
    sheet = game.sheets[seat]
    yield sheet
    yield from (replace(sheet, location=h) for h in sorted(game.map.land)[::LAND_STEP])
    yield replace(sheet, filled=frozenset())
    yield replace(sheet, arrows=())
    yield replace(sheet, harbor_lands=frozenset())
    yield replace(sheet, missions=EMPTY)
    yield replace(sheet, cliffs=EMPTY)
    yield replace(sheet, icons=EMPTY)


def test_one_outlook_for_many_sheets_gives_the_plain_best_draw_plan_and_mission_gain():
    compared, drawn = 0, 0
    for game in positions()[::2]:
        look = Outlook(game, TARGET_WEIGHT)  # one for the position: every seat, every variant
        for seat in range(game.seats):
            for sheet in variants(game, seat):
                for icon in ICONS:
                    plan = mission_plan(game, sheet, icon, TARGET_WEIGHT)
                    assert look.plan(sheet, icon) == plan
                    assert look.aims(sheet) == aims_of(game, sheet)
                    best = best_draw(game, sheet, seat, icon, look)
                    assert best == plain_best_draw(game, sheet, seat, icon)
                    drawn += best[1] is not None
                    for command in list(draws(game, sheet, seat, icon, frozenset()))[:12]:
                        plain = mission_gain(game, sheet, command)
                        assert look.mission_gains(sheet, icon).get(command.at, 0.0) == plain
                        compared += 1
    assert drawn > 1_000 and compared > 5_000


def test_bot_options_and_icon_trades_are_the_legal_commands_split():
    traded = 0
    games = (*every_position("greedy"), *every_position("random"))
    # and the action phase's positions as if the final one (no icons to use there) had come
    finals = (changed(g, phase="final") for g in games if g.phase == "actions")
    for game in (*games, *finals):
        for seat in range(game.seats):
            legal = legal_commands(game, seat)
            rest = tuple(c for c in legal if not isinstance(c, DrawIcon | TradeIcon))
            assert bot_options(game, seat) == rest
            trades = tuple(c for c in legal if isinstance(c, TradeIcon))
            assert icon_trades(game, seat) == trades
            traded += bool(trades)
        for seat in (-1, game.seats):
            assert bot_options(game, seat) == () and icon_trades(game, seat) == ()
    assert traded > 300


def greedy_choices(games: tuple[Game, ...], fresh: bool) -> list[Any]:
    """The greedy bot's command for every seat to act at each of ``games``, in order, with
    the outlook its decisions share, or (``fresh``) with none kept between decisions."""
    made = []
    for step, game in enumerate(games):
        for seat in sorted(RULESET.to_act(game)):
            if fresh:
                outlook._OUTLOOKS.clear()
            made.append(greedy_bot(game, seat, Luck(seed_for(f"greedy:{step}"))))
    return made


def test_greedy_decisions_sharing_an_outlook_are_those_made_afresh():
    # and, next to every 4th, its sheets under other bonus cards (catapult and ferry change
    # the draws of a seat that reached their landmarks)
    bonuses = MappingProxyType({n: "catapult" if n % 2 else "ferry" for n in range(1, 9)})
    games = tuple(
        variant
        for step, game in enumerate(every_position("greedy")[:400])
        for variant in ((game, changed(game, bonuses=bonuses)) if step % 4 == 0 else (game,))
    )
    outlook._OUTLOOKS.clear()
    shared = greedy_choices(games, fresh=False)
    assert shared == greedy_choices(games, fresh=True)
    assert sum(isinstance(c, DrawIcon) for c in shared) > 50


def plain_best_partial(mission: Any, holds: frozenset[Hex], land: frozenset[Hex]) -> Any:
    """``planning._best_partial`` as it read before the masks, with a generator for each
    test of the cells: the most ticked hexes a placement anchored on a held hex holds, with
    every ticked hex in ``land`` and no crossed hex held, the hexes those lack, and their
    crossed hexes."""
    held = {(h.q, h.r) for h in holds}
    usable = {(h.q, h.r) for h in land}
    best, missing, crossed = 0, set(), set()
    forms = [
        ([(h.q, h.r) for h in form.ticked], [(h.q, h.r) for h in form.crossed])
        for form in orientations(mission)
    ]
    for ticked, crosses in forms:
        for aq, ar in {(q - dq, r - dr) for q, r in held for dq, dr in ticked}:
            cells = [(aq + dq, ar + dr) for dq, dr in ticked]
            if any(c not in usable for c in cells):
                continue
            if any((aq + dq, ar + dr) in held for dq, dr in crosses):
                continue
            have = sum(1 for c in cells if c in held)
            if have > best:
                best, missing, crossed = have, set(), set()
            if have == best:
                missing.update(c for c in cells if c not in held)
                crossed.update((aq + dq, ar + dr) for dq, dr in crosses)
    return best, {Hex(q, r) for q, r in missing}, {Hex(q, r) for q, r in crossed}


def test_the_partial_match_search_is_the_plain_search():
    """On each seat's usable hexes as the bot finds them (see test_plan_shortcuts for every
    mission and icon type on every map)."""
    matched = 0
    for game in positions():
        grid = grid_of(game.map.land)
        for sheet in game.sheets:
            for _, (held, open_hexes) in usable_hexes(game, sheet):
                holds, land = grid.hexes_of(held), grid.hexes_of(held | open_hexes)
                for mission in game.missions:
                    have, missing, crossed = partial(grid.layout(mission), held, held | open_hexes)
                    plain = plain_best_partial(mission, holds, land)
                    # (crossed hexes off the land never hold an icon: the masks leave them out)
                    found = (have, grid.hexes_of(missing), grid.hexes_of(crossed))
                    assert found == (plain[0], plain[1], plain[2] & game.map.land)
                    matched += have > 1
    assert matched > 100


def test_a_path_enters_a_new_landmark_exactly_when_landmarks_on_finds_one():
    entering = 0
    for game in every_position("greedy")[::3]:
        spec = game.map
        for sheet in game.sheets:
            unvisited = unvisited_landmarks(spec, sheet)
            paths = [(h,) for h in sorted(spec.land)]
            paths += [
                p for by in ("boot", "balloon") for p in destinations(spec, sheet, by).values()
            ]
            for path in paths:
                found = bool(landmarks_on(spec, sheet, path))
                assert any(h in unvisited for h in path) == found
                entering += found
    assert entering > 500
