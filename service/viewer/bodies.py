"""The viewer's JSON answers, typed for the OpenAPI document."""

from __future__ import annotations

from typing import Any

from msgspec import Struct


class StepBody(Struct):
    seq: int
    at: int
    """Where the board and the score of this step are taken: the end of its decision."""
    type: str
    actor: str | None
    text: str
    scores: list[dict[str, Any]] | None


class Steps(Struct):
    game_id: str
    ruleset: str
    status: str
    version: int
    viewer: int | None
    log_is_public: bool
    steps: list[StepBody]


class GhostBody(Struct):
    place: str
    words: str
    joined: bool = False
    """A line from the previous ghost's place to this one (an arrow, a path)."""


class Choice(Struct):
    text: str
    command: dict[str, Any]
    places: list[str] = []
    """The board places the command uses, in the order a player picks them, named as the
    drawing's ``data-place`` attributes name them (empty: a move made from the list)."""
    orders: list[list[str]] = []
    """Other orders of places that make the same command (an icon in hand, then its hex)."""
    any_order: bool = False
    """The places are a set (or a bag): picked in any order, the command is the same."""
    ghosts: list[GhostBody] = []
    """What the command leaves on its places, drawn faintly before it is sent: taken from
    the command alone, so a preview never says what a hidden draw will give."""


class Choices(Struct):
    seat: int
    version: int
    choices: list[Choice]
