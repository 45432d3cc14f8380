"""A finished game's board gives no instructions (#24): once the game is over, by its
rules or by the platform (a resignation, an abandonment), no drawing tells a seat to click
or what to do next. Drawn at the last event of every golden replay of every shipped
ruleset, as a spectator and as each seat."""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path
from xml.etree import ElementTree

import pytest

from domain.core.drawing.board import Board
from domain.games import load_all
from service.replays import parse
from service.trail import Trail
from service.viewer.drawings import draw
from service.viewer.snapshots import board_at, decision_end
from tests.support.recordings import golden_replays
from tests.support.shipped import shipped_rulesets

load_all()

INSTRUCTIONS = re.compile(
    r"\bclick|\btap\b|\bchoose\b|\bend (your )?actions\b|\byour moves\b|\bend your turn\b",
    re.IGNORECASE,
)
"""What tells a seat what to do: a click, a choice to make, a turn or actions to end."""


def replays() -> list[tuple[str, Path]]:
    return [(r, path) for r in shipped_rulesets() for path in golden_replays(r)]


def words(svg: str) -> list[str]:
    """Every text and title of a drawing: what a player reads and a screen reader says."""
    root = ElementTree.fromstring(svg)
    return [e.text or "" for e in root.iter() if e.tag.rsplit("}", 1)[-1] in ("text", "title")]


def heading(svg: str) -> str:
    """The heading's words: the lines above the board that say where the game stands."""
    root = ElementTree.fromstring(svg)
    found = [e.text or "" for e in root.iter() if e.get("class") == "heading" and e.text]
    return " ".join(found)


def is_said(word: str, words: str) -> bool:
    return re.search(rf"\b{re.escape(word)}\b", words) is not None


def instructions(svg: str) -> list[str]:
    return [said for said in words(svg) if INSTRUCTIONS.search(said)]


def trail_of(path: Path) -> Trail:
    return parse(path.read_text(encoding="utf-8"))


def acted_on(trail: Trail, after: int) -> Board:
    """The first board from event ``after`` on with a seat to act, as that seat sees it."""
    for group in trail.decisions():
        at = group[-1].seq
        acting = board_at(trail, at, None).view.get("to_act") if at >= after else None
        if acting:
            return board_at(trail, at, acting[0])
    pytest.fail(f"{trail.game.ruleset}: no seat acts after event {after}")


@pytest.mark.parametrize(("ruleset", "path"), replays(), ids=lambda v: getattr(v, "name", v))
def test_the_last_step_of_a_golden_replay_gives_no_instructions(ruleset: str, path: Path) -> None:
    trail = trail_of(path)
    last = trail.events[-1].seq
    for viewer in (None, *range(trail.game.seats)):
        board = board_at(trail, last, viewer)
        assert board.over, f"{path.name} ends its game"
        drawn = draw(board)
        assert instructions(drawn) == [], f"{path.name} as {viewer}"
        assert "game over" in heading(drawn), f"{path.name} as {viewer}"
        assert not is_said("turn", heading(drawn)), f"{path.name} as {viewer}"


@pytest.mark.parametrize("ruleset", shipped_rulesets())
def test_a_game_ended_early_gives_no_instructions_where_one_going_on_does(ruleset: str) -> None:
    """Halfway through, the seat to act is told what to do; the same position in a game
    that ended there (resigned, abandoned: its rules' view still names a seat to act) is
    told nothing."""
    trail = trail_of(golden_replays(ruleset)[0])
    board = acted_on(trail, decision_end(trail, 0.5))
    assert not board.over
    assert instructions(draw(board)), f"{ruleset}: a game going on tells its seat to act"
    ended = dataclasses.replace(board, over=True)
    assert instructions(draw(ended)) == []


@pytest.mark.parametrize("ruleset", shipped_rulesets())
def test_a_game_ended_early_is_headed_over_not_in_its_phase(ruleset: str) -> None:
    """A game going on is headed with its phase and whose turn it is; the same position in
    a game that ended there is headed "game over": no phase, no turn, no turn order."""
    trail = trail_of(golden_replays(ruleset)[0])
    board = acted_on(trail, decision_end(trail, 0.5))
    phase = str(board.view["phase"])
    assert is_said(phase, heading(draw(board))), f"{ruleset}: the heading names the phase"
    ended = heading(draw(dataclasses.replace(board, over=True)))
    assert "game over" in ended
    assert not is_said(phase, ended), ended
    assert not is_said("turn", ended), ended
