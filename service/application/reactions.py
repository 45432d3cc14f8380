"""Work that follows a commit: the processes the application calls after each one.

Chassaing's deciders have a twin, the process: it reads what a game became and answers with
commands of its own. Bots are one (``service.bots``); system decisions, clocks and league
results will be others. The application calls ``committed`` on every registered reaction
after each commit it makes (a game created, a command appended, a fork), so no front end has
to remember to. ``committed`` must be cheap and must not block: a reaction queues its work
and does it elsewhere. Work lost to a fault is found again by ``service.sweep``.

What reads the outbox (the webhook deliverer) is told less often: only after a commit that
wrote outbox rows (an append's count of them, ``Appended.outboxed``), created a game whose
opening carried notices, or took a seat (the last open one starts play with its opening
notices). Most moves write none, even where they carry notices (no hook hears them), and a
wake-up per commit cost the deliverer an outbox query per move for nothing (issue #26).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Protocol
from uuid import UUID

from service.logs import logger


class Reaction(Protocol):
    def committed(self, game_id: UUID) -> None:
        """``game_id`` has new events (or is new): look whether this process owes it work."""


class OutboxReader(Protocol):
    def noticed(self, game_id: UUID) -> None:
        """A commit of ``game_id`` may have written outbox rows: look at the outbox soon.
        Cheap and non-blocking, as ``Reaction.committed``."""


def tell(game_id: UUID, calls: Sequence[Callable[[UUID], None]]) -> None:
    """Call each of ``calls`` with ``game_id``; one that fails is logged and left to the sweep
    (a reaction) or to its own timer (an outbox reader): the commit stands either way."""
    for call in calls:
        try:
            call(game_id)
        except Exception:
            logger().exception("reaction.failed", game_id=str(game_id))
