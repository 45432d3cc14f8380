"""Live play's request and response shapes at the HTTP edge (docs/live-play.md)."""

from __future__ import annotations

from typing import Annotated, Literal

from msgspec import Meta, Struct

from domain.core.liveplay import MAX_REASON
from domain.core.takebacks import MAX_TAKEBACK


class LiveClocks(Struct):
    """Each seat's time left (ms, as of the answer), whose clock runs and its deadline (ms
    since the epoch), who left the game, and the takeback the calling seat may make.
    ``allowances`` (per-move clocks): the part of each seat's time left that is its move's
    allowance, spent before its reserve; ``increment``: a Fischer bank's gain per decision."""

    time_control: Literal["none", "fischer", "per_move", "correspondence"]
    clocks: list[int]
    running: list[int]
    deadline: int | None = None
    allowances: list[int] = []
    increment: int = 0
    out: list[int] = []
    stand_ins: list[int] = []
    ending: Literal["resigned", "timed_out", "abandoned", "forfeited"] | None = None
    reason: str | None = None
    takebacks: Literal["off", "free", "consent"] = "off"
    takeback_seat: int | None = None
    takeback_decisions: int = 0
    takeback_asked: list[int] | None = None


class AskTakeback(Struct, forbid_unknown_fields=True):
    decisions: Annotated[int, Meta(ge=1, le=MAX_TAKEBACK)] = 1


class AnswerTakebackBody(Struct, forbid_unknown_fields=True):
    accept: bool


class AbandonGame(Struct, forbid_unknown_fields=True):
    reason: Annotated[str, Meta(min_length=1, max_length=MAX_REASON, pattern=r"\S")]


class GameAbandoned(Struct):
    version: int
    by: str
    is_terminal: bool


class RegisterWebhook(Struct, forbid_unknown_fields=True):
    """``url`` gets a signed POST for each notice; ``secret`` signs them (HMAC-SHA256)."""

    url: Annotated[str, Meta(min_length=8, max_length=2000, pattern=r"^https?://")]
    secret: Annotated[str, Meta(min_length=16, max_length=256)]


class WebhookRegistered(Struct):
    hook_id: str
    owner: Literal["seat", "creator"]
    seat: int | None


class RegisterOwnerWebhook(Struct, forbid_unknown_fields=True):
    """A player's or a league's webhook: ``secret`` signs its notices; left out, one is
    generated and answered once."""

    url: Annotated[str, Meta(min_length=8, max_length=2000, pattern=r"^https?://")]
    secret: Annotated[str, Meta(min_length=16, max_length=256)] | None = None


class OwnerWebhook(Struct):
    """A player's or a league's webhook; ``secret`` only in the answer that generated it."""

    hook_id: str
    owner: Literal["player", "league"]
    owner_id: str
    url: str
    created_at: str
    secret: str | None = None
