"""Work that follows a commit: the processes the application calls after each one.

Chassaing's deciders have a twin, the process: it reads what a game became and answers with
commands of its own. Bots are one (``service.bots``); system decisions, clocks and league
results will be others. The application calls ``committed`` on every registered reaction
after each commit it makes (a game created, a command appended, a fork), so no front end has
to remember to. ``committed`` must be cheap and must not block: a reaction queues its work
and does it elsewhere. Work lost to a fault is found again by ``service.sweep``.
"""

from __future__ import annotations

from typing import Protocol
from uuid import UUID


class Reaction(Protocol):
    def committed(self, game_id: UUID) -> None:
        """``game_id`` has new events (or is new): look whether this process owes it work."""
