"""The shortcuts legal command generation takes for speed give what the plain forms give.

bench/peninsula_fingerprint.py holds whole seeded games to the code before the speed work;
these tests hold each shortcut to its plain form on its own, so a failure names the one
that drifted.
"""

from __future__ import annotations

import dataclasses
import pickle
from types import MappingProxyType

import pytest

from domain.core import Luck
from domain.core.codec import encode
from domain.games.peninsula import RULESET
from domain.games.peninsula.bots import random_bot
from domain.games.peninsula.commands import (
    DrawIcon,
    EndActions,
    MoveArchitect,
    TradeIcon,
    built,
)
from domain.games.peninsula.filling import fill_blocker, fill_problem, fillable
from domain.games.peninsula.placement import icon_problem
from domain.games.peninsula.rules import legal_commands
from domain.games.peninsula.state import Arrow, Game, Sheet
from tests.domain.peninsula.play import seed_for, start
from tests.domain.peninsula.scenario import H, new_game


def sheet(icons=None, cliffs=None, filled=(), arrows=(), harbors=()):
    return Sheet(
        location=H("E4"),
        tickets=frozenset(),
        lifesavers=0,
        harbor_lands=frozenset(H(h) for h in harbors),
        icons=MappingProxyType({H(h): i for h, i in (icons or {}).items()}),
        cliffs=MappingProxyType({H(h): n for h, n in (cliffs or {}).items()}),
        filled=frozenset(H(h) for h in filled),
        arrows=tuple(arrows),
    )


@pytest.mark.parametrize(
    ("cls", "fields"),
    [
        (DrawIcon, {"seat": 1, "icon": "boat", "at": H("E4"), "arrow": H("E5"), "bonus": None}),
        (TradeIcon, {"seat": 0, "icon": "forest", "to": H("C3"), "by": "harbor"}),
        (MoveArchitect, {"seat": 2, "to": H("D4"), "by": "boot", "via": None}),
    ],
)
def test_a_built_command_is_the_command_its_init_makes(cls, fields):
    made, quick = cls(**fields), built(cls, dict(fields))
    assert quick == made and hash(quick) == hash(made) and repr(quick) == repr(made)
    assert vars(quick) == vars(made) and list(vars(quick)) == list(vars(made))
    assert encode(quick) == encode(made)
    assert pickle.loads(pickle.dumps(quick)) == made  # analysis jobs send commands to workers


FILL_CASES = [
    (sheet(), "there is no icon to fill at E4"),
    (sheet(cliffs={"E4": 1}), "there is no icon to fill at E4 (cliffs cannot be filled)"),
    (sheet({"E4": "mountain"}), "a mountain can never be filled"),
    (sheet({"E4": "village"}, filled=["E4"]), "the village at E4 is already filled"),
    (sheet({"E4": "village"}), "the village at E4 needs 4 different icons on adjacent hexes"),
    (sheet({"E4": "boat"}), "no arrow points at the boat at E4"),
    (sheet({"E4": "forest"}), "the forest at E4 needs another forest next to it"),
    (sheet({"E4": "tunnel"}), "tunnels can only be filled at the end of the game"),
]


@pytest.mark.parametrize(("board", "message"), FILL_CASES)
def test_a_fill_problem_reads_as_it_always_did(board, message):
    assert fill_problem(board, H("E4"), False) == message
    assert fill_blocker(board, H("E4"), False) is not None
    assert H("E4") not in fillable(board, False)


def test_a_tunnel_beside_a_tunnel_reads_as_it_always_did_at_the_end():
    board = sheet({"E4": "tunnel", "F4": "tunnel"})
    assert fill_problem(board, H("E4"), True) == "the tunnel at E4 has another tunnel next to it"


def test_fillable_lists_exactly_what_fill_blocker_lets_fill():
    arrow = Arrow(start=H("C4"), end=H("E5"), kind="canal")
    board = sheet(
        {"E4": "village", "F4": "forest", "F3": "boat", "E3": "tunnel", "G4": "forest"},
        cliffs={"D4": 1},
        arrows=[arrow],
        harbors=["F3"],
    )
    for end in (False, True):
        every = sorted(h for h in board.icons if fill_blocker(board, h, end) is None)
        assert fillable(board, end) == tuple(every)
    assert fillable(board, False) == (H("E4"), H("F3"), H("F4"), H("G4"))


def test_an_icon_problem_reads_as_it_always_did():
    spec = new_game().map
    coast = next(h for h in sorted(spec.land) if spec.water_edges(h))
    inland = next(h for h in sorted(spec.land) if not spec.water_edges(h))
    taken = Sheet(
        location=coast,
        tickets=frozenset(),
        lifesavers=0,
        harbor_lands=frozenset({inland}),
        icons=MappingProxyType({coast: "boat"}),
        cliffs=MappingProxyType({inland: 1}),
    )
    assert icon_problem(spec, taken, "village", coast) == f"{coast} already holds a boat"
    assert icon_problem(spec, taken, "cliffs", inland) == f"{inland} already has cliffs"
    bare = Sheet(location=coast, tickets=frozenset(), lifesavers=0, harbor_lands=frozenset())
    assert icon_problem(spec, bare, "cliffs", inland) == (
        f"{inland} touches no water, so it cannot have cliffs"
    )
    harbor = Sheet(
        location=coast, tickets=frozenset(), lifesavers=0, harbor_lands=frozenset({coast})
    )
    assert icon_problem(spec, harbor, "cliffs", coast) == (
        f"{coast} is a harbor hex, which can never have cliffs"
    )
    assert icon_problem(spec, bare, "cliffs", coast) is None


def listed_first(game: Game, seat: int, luck: Luck):
    """The random bot as it was: the whole list of legal commands first, then the coin."""
    options = legal_commands(game, seat)
    if not options:
        raise ValueError(f"seat {seat} has nothing to do now")
    if game.phase == "actions" and game.allowances[seat].uses == 0:
        coin, luck = luck.draw_below(2)
        if coin == 0:
            return EndActions(seat=seat)
    index, _ = luck.draw_below(len(options))
    return options[index]


@pytest.mark.parametrize("seats", [1, 2, 3])
def test_the_random_bot_chooses_as_it_did_when_it_listed_first(seats):
    game, _ = start(seats, seed=f"fast-paths:{seats}")
    compared = 0
    for step in range(5_000):
        if RULESET.is_terminal(game):
            break
        due = RULESET.system_command(game)
        if due is None:
            for seat in sorted(RULESET.to_act(game)):
                luck = Luck(seed_for(f"fast-paths:{seats}:{step}:{seat}"))
                assert random_bot(game, seat, luck) == listed_first(game, seat, luck)
                compared += 1
            seat = min(RULESET.to_act(game))
            due = random_bot(game, seat, Luck(seed_for(f"fast-paths:{seats}:{step}")))
        game = RULESET.fold(RULESET.decide(game, due), game)
    assert RULESET.is_terminal(game) and compared > 40
    for seat in range(seats):  # a seat with nothing to do is refused, as before
        with pytest.raises(ValueError):
            random_bot(game, seat, Luck(seed_for("over")))


def _played(seats: int, bot: str, seed: str, options: dict[str, bool]) -> list[object]:
    """Every command and event of a seeded bot game, and the arrows on its final sheets."""
    game, _ = start(seats, seed, options)
    luck = Luck(seed_for(f"made:{seed}"))
    made: list[object] = []
    while True:
        command = RULESET.system_command(game)
        if command is None:
            acting = RULESET.to_act(game)
            if not acting:
                break
            command = RULESET.bots[bot](game, min(acting), luck)
            luck = Luck(luck.seed, luck.counter + 1)
        new = RULESET.decide(game, command)
        game = RULESET.fold(new, game)
        made += [command, *new]
    return made + [a for sheet in game.sheets for a in sheet.arrows]


@pytest.mark.parametrize(
    ("seats", "bot", "options"),
    [(2, "greedy", {}), (3, "random", {}), (1, "greedy", {}), (2, "random", {"fast": True})],
)
def test_commands_and_events_built_without_init_are_those_init_builds(seats, bot, options):
    """The events, system and bot commands and arrows the rules build through ``built``
    have exactly their class's fields, in order, and equal, hash, print, encode and pickle
    as what ``__init__`` builds from those fields."""
    kinds = set()
    for value in _played(seats, bot, f"built-{seats}-{bot}", options):
        names = [f.name for f in dataclasses.fields(value)]  # type: ignore[arg-type]
        assert list(vars(value)) == names
        plain = type(value)(**{name: getattr(value, name) for name in names})
        assert value == plain and hash(value) == hash(plain) and repr(value) == repr(plain)
        assert encode(value) == encode(plain)
        assert pickle.loads(pickle.dumps(value)) == plain
        kinds.add(type(value).__name__)
    assert {"ActionsEnded", "EndActions", "IconDrawn", "RoundEnded"} <= kinds
