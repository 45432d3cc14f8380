"""Player accounts for the front ends: create, rotate, revoke, and who a token is.

The first organiser comes from the CLI (``cairn player create NAME --organiser``); after
that an organiser's token creates more accounts over the API.
"""

from __future__ import annotations

from uuid import UUID

from service.application.errors import ApplicationError
from service.application.seating import player_name
from service.store.players import Player
from service.store.recorders import PlayerRecorder


class NotSignedIn(ApplicationError):
    """No player token, or one that is not (or no longer) an account's."""

    code = "unauthorized"


class NotAnOrganiser(ApplicationError):
    code = "not_organiser"


class NotALeagueOrganiser(ApplicationError):
    """An organiser acting on a league (or its game) that does not name them organiser."""

    code = "not_league_organiser"


OPERATOR = Player(UUID(int=0), "operator", True, False, is_operator=True)
"""Who the admin token signs in as: acts on any league and any game, joins none."""


class Accounts:
    def __init__(self, players: PlayerRecorder) -> None:
        self.players = players

    def create(self, name: str, organiser: bool = False) -> tuple[Player, str]:
        return self.players.create(player_name(name), organiser)

    def create_by(self, by: Player, name: str, organiser: bool = False) -> tuple[Player, str]:
        """An account made over the API: only an organiser makes accounts."""
        if not by.is_organiser:
            raise NotAnOrganiser("only an organiser may create player accounts")
        return self.create(name, organiser)

    def signed_in(self, token: str | None) -> Player:
        player = self.players.by_token(token) if token else None
        if player is None:
            raise NotSignedIn("this needs a player token (cairn player create prints one)")
        return player

    def find(self, name_or_id: str) -> Player:
        try:
            return self.players.get(UUID(name_or_id))
        except ValueError:
            return self.players.by_name(name_or_id)

    def rotate(self, player: Player) -> str:
        return self.players.rotate(player.player_id)

    def revoke(self, player: Player) -> None:
        self.players.revoke(player.player_id)
