"""Every legal command of every seat can be said in words (``GET /games/{id}/choices``).

A command the viewer cannot word is a 500 on the page a seat plays from, so every
ruleset's seeded games (tests/support/rulesets.py) are walked and every seat's every legal
command is said: by its own drawing's words, or the plain fallback's.
"""

from __future__ import annotations

from typing import Any

import pytest

from domain.core import Ruleset, registry
from domain.core.registry import command_to_json
from service.api.rulesets import served_content
from service.viewer.drawings import painter
from tests.support.play import play
from tests.support.rulesets import newest, seats_for

STEPS = 150  # decisions walked per game: enough for every kind of command to come up
GAMES = 4


def said_in(ruleset_id: str, label: str) -> list[tuple[dict[str, Any], str]]:
    ruleset = registry.get(ruleset_id)
    content = served_content(ruleset_id, ruleset.content_hash)
    say = painter(ruleset_id).say
    seats = seats_for(ruleset)
    said: list[tuple[dict[str, Any], str]] = []
    for number, step in enumerate(play(ruleset, seats, label=label)):
        if number >= STEPS or ruleset.is_terminal(step.state):
            break
        for seat in range(seats):
            for command in ruleset.legal_commands(step.state, seat):
                as_json = command_to_json(command)
                said.append((as_json, say(as_json, content)))
    return said


@pytest.mark.parametrize("ruleset", newest())
def test_every_legal_command_is_said_in_words(ruleset: Ruleset[Any, Any, Any]) -> None:
    said = [
        (command, words)
        for game in range(GAMES)
        for command, words in said_in(ruleset.id, f"choices:{ruleset.id}:{game}")
    ]
    assert said, "the seeded games offer legal commands"
    for command, words in said:
        assert isinstance(words, str) and words.strip(), command


def test_a_move_through_several_hexes_names_each_of_them() -> None:
    """A Swimmer's move names the hexes it passes in ``via``, a list (it was read as one hex
    and failed with a 500 on the viewer's choices)."""
    said = [
        (command, words)
        for game in range(GAMES)
        for command, words in said_in("peninsula", f"choices:peninsula:{game}")
        if command["type"] == "move_architect" and command.get("via")
    ]
    assert said, "these seeded games offer no move with a path: choose other seeds"
    content = served_content("peninsula", registry.get("peninsula").content_hash)
    labels = {(h["q"], h["r"]): h["label"] for m in content["maps"] for h in m["hexes"]}
    for command, words in said:
        for hex_ in command["via"]:
            assert labels[(hex_["q"], hex_["r"])] in words, (command, words)
