"""Every Five Peaks move is made on the board (#24): at every decision of the golden replays,
each legal command of the seat to act names the places it uses (``places``), and each of
them is drawn, as a ``data-place``, in the board that seat's page shows at that step."""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any
from xml.etree import ElementTree

import pytest

from domain.core.drawing.board import Board
from domain.core.registry import command_to_json
from domain.games import load_all
from domain.games.five_peaks.describe import describe
from domain.games.five_peaks.events import PawnMoved, TilePlaced
from domain.games.five_peaks.geometry import Cell
from service.api.rulesets import served_content
from service.application.loading import ruleset_for
from service.replays import parse
from service.trail import states_along
from service.viewer.drawings import painter
from tests.support.recordings import REPLAYS

load_all()
RULESET = "five-peaks"
GOLDEN = sorted((REPLAYS / RULESET).glob("*.ndjson"))


def drawn_places(svg: str) -> set[str]:
    return {e.get("data-place", "") for e in ElementTree.fromstring(svg).iter()} - {""}


def check(path: Path) -> tuple[Counter[str], list[str]]:
    """The command kinds checked, and every place missing from its board."""
    trail = parse(path.read_text(encoding="utf-8"))
    ruleset = ruleset_for(trail.game)
    content = served_content(trail.game.ruleset, trail.game.content_hash)
    drawing = painter(RULESET)
    ends = {group[-1].seq for group in trail.decisions()}
    kinds: Counter[str] = Counter()
    missing: list[str] = []
    for stored, (_, state) in zip(trail.events, states_along(ruleset, trail), strict=True):
        if stored.seq not in ends:
            continue
        for seat in sorted(ruleset.to_act(state)):
            commands = [command_to_json(c) for c in ruleset.legal_commands(state, seat)]
            if not commands:
                continue
            view = dict(ruleset.view(state, seat))
            board = Board(RULESET, view, content, trail.game.seats, seat, stored.seq)
            drawn = drawn_places(drawing.draw(board))
            for command in commands:
                kinds[str(command["type"])] += 1
                used = drawing.places(command, content)
                if not used or not set(used) <= drawn:
                    missing.append(f"after {stored.seq}: {command} uses {used}, drawn lack it")
    return kinds, missing


@pytest.mark.parametrize("path", GOLDEN, ids=[p.stem for p in GOLDEN])
def test_every_legal_command_is_placed_on_the_board_drawn_then(path: Path) -> None:
    kinds, missing = check(path)
    assert missing == [], "\n".join(missing[:15])
    assert len(kinds) >= 10, f"the replay exercises many command kinds: {sorted(kinds)}"


def test_the_golden_replays_use_every_command_kind() -> None:
    """Together the replays offer every kind of command, so every kind was checked."""
    from domain.games.five_peaks.commands import COMMAND_TYPES

    offered: set[str] = set()
    for path in GOLDEN:
        offered |= set(check(path)[0])
    names = {t.NAME for t in COMMAND_TYPES}
    assert names <= offered, sorted(names - offered)


def test_a_command_with_several_choices_is_picked_step_by_step() -> None:
    content: dict[str, Any] = served_content(RULESET, GOLDEN_CONTENT)
    places = painter(RULESET).places
    tile = {"type": "place_tile", "seat": 0, "corner": {"x": 2, "y": -2}, "rotation": 1}
    assert places(tile, content) == ["new tile", "2,-2", "turned 90°"]
    say = painter(RULESET).say
    assert say(tile, content) == "place the new tile at corner 2,-2, turned 90°"
    assert say({"type": "take_card", "seat": 0, "index": 3}, content) == "take market card 4"
    keep = {"type": "keep_campfire", "seat": 0, "card": "a-1", "returned": ["b-1", "c-2"]}
    assert places(keep, content) == ["campfire a-1", "campfire b-1"]
    convert = {"type": "convert", "seat": 0, "give": "jar", "take": "pouch"}
    assert places(convert, content) == ["give jar", "take pouch"]
    assert places({"type": "play_card", "seat": 0, "card": "walk", "option": 0}, content) == [
        "card walk"
    ]
    assert places({"type": "play_card", "seat": 0, "card": "discovery", "option": 1}, content) == [
        "card discovery",
        "discovery option 2",
    ]


GOLDEN_CONTENT = parse(GOLDEN[0].read_text(encoding="utf-8")).game.content_hash


def test_a_cell_is_written_in_words_as_the_board_labels_it() -> None:
    # A reviewer reads a hint or a move list, then looks for the cell on the board: the
    # words name it by the board's own label (its data-place), never as "(2, -1)".
    content: dict[str, Any] = served_content(RULESET, GOLDEN_CONTENT)
    drawing = painter(RULESET)
    at = {"x": 2, "y": -1}
    for command in (
        {"type": "move", "seat": 0, "to": at},
        {"type": "place_peak", "seat": 0, "at": at},
        {"type": "place_tile", "seat": 0, "corner": at, "rotation": 0},
    ):
        words = drawing.say(command, content)
        assert "2,-1" in drawing.places(command, content) and "2,-1" in words, words
        assert "(2, -1)" not in words
    assert describe(PawnMoved(seat=1, to=Cell(2, -1))) == "seat 1 moves to 2,-1"
    placed = TilePlaced(seat=0, tile="forest-1", x=2, y=-1, rotation=1)
    assert describe(placed) == "seat 0 places forest-1 at 2,-1, turned 90 degrees"
