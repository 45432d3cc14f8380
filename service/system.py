"""Decisions the system owes a game, found again after a fault.

The application takes them itself (``Application.act`` and ``create_game`` write them in
the same commit as their own decision, ``fork`` settles before it answers), so after a
commit there is nothing left to do. A process that dies between a seat's decision and the
system's leaves the game waiting, though, and nobody may ever act in it again: the sweep
hands every active game to this reaction, which settles those the system owes a decision.
"""

from __future__ import annotations

from collections import OrderedDict
from uuid import UUID

from service.application import Application
from service.store import GameRecord

CHECKED_KEPT = 65_536


class SystemDecisions:
    def __init__(self, cairn: Application) -> None:
        self.cairn = cairn
        # The version at which each game was last found owing the system nothing: the sweep
        # looks at a game again only once it has moved on.
        self._checked: OrderedDict[UUID, int] = OrderedDict()

    def committed(self, game_id: UUID) -> None:
        """Nothing to do: the application settled before it answered."""

    def swept(self, game: GameRecord) -> None:
        if self._checked.get(game.game_id) == game.version:
            return
        loaded = self.cairn.load(game.game_id)
        version = loaded.version
        if loaded.ruleset.system_command(loaded.state) is not None:
            settled = self.cairn.settle(game.game_id)
            version = settled[-1].seq if settled else version
        self._checked[game.game_id] = version
        self._checked.move_to_end(game.game_id)
        while len(self._checked) > CHECKED_KEPT:
            self._checked.popitem(last=False)
