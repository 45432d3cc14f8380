"""Webhooks a player or a league registers once and hears in every game of theirs.

A player manages their own with their personal token; an organiser manages a league's. The
secret signing the notices is the one given at registration, or, when none is given, one
generated here and answered once (never stored anywhere it could be read back from the API).
Fan-out and its transactions: ``service.store.subscriptions``; docs/live-play.md.
"""

from __future__ import annotations

import re
from uuid import UUID

from service.application.errors import ApplicationError, BadRequest
from service.application.leagues import Leagues
from service.application.players import NotALeagueOrganiser, NotAnOrganiser
from service.application.targets import check_target
from service.store.credentials import new_secret
from service.store.players import Player
from service.store.recorders import SubscriptionRecorder
from service.store.subscriptions import OwnerHook, OwnerKind

URL = re.compile(r"^https?://\S{1,1990}$")
SECRET_LENGTHS = (16, 256)


class UnknownWebhook(ApplicationError):
    """No webhook in force with that id belongs to this player or league."""

    code = "unknown_webhook"


class OwnerHooks:
    def __init__(self, subscriptions: SubscriptionRecorder, leagues: Leagues) -> None:
        self.subscriptions = subscriptions
        self.leagues = leagues

    # -- a player's own --------------------------------------------------------------------

    def add_for_player(
        self, player: Player, url: str, secret: str | None
    ) -> tuple[OwnerHook, str | None]:
        return self._add("player", str(player.player_id), url, secret)

    def of_player(self, player: Player) -> list[OwnerHook]:
        return self.subscriptions.hooks("player", str(player.player_id))

    def remove_for_player(self, player: Player, hook_id: str) -> None:
        self._remove("player", str(player.player_id), hook_id)

    # -- a league's, by an organiser ------------------------------------------------------

    def add_for_league(
        self, by: Player, league_id: UUID, url: str, secret: str | None
    ) -> tuple[OwnerHook, str | None]:
        return self._add("league", self._league(by, league_id), url, secret)

    def of_league(self, by: Player, league_id: UUID) -> list[OwnerHook]:
        return self.subscriptions.hooks("league", self._league(by, league_id))

    def remove_for_league(self, by: Player, league_id: UUID, hook_id: str) -> None:
        self._remove("league", self._league(by, league_id), hook_id)

    # -- shared ----------------------------------------------------------------------------

    def _league(self, by: Player, league_id: UUID) -> str:
        """The league's owner key, once it is known to exist and ``by`` may manage it."""
        if self.leagues.may_organise(league_id, by):  # UnknownLeague: 404
            return str(league_id)
        if not by.is_organiser:
            raise NotAnOrganiser("only an organiser may manage a league's webhooks")
        raise NotALeagueOrganiser("only this league's own organisers may manage its webhooks")

    def _add(
        self, kind: OwnerKind, owner: str, url: str, secret: str | None
    ) -> tuple[OwnerHook, str | None]:
        """The new hook and the secret to show once: the generated one, or None if given."""
        _check(url, secret)
        chosen = new_secret() if secret is None else secret
        hook = self.subscriptions.register(kind, owner, url, chosen)
        return hook, chosen if secret is None else None

    def _remove(self, kind: OwnerKind, owner: str, hook_id: str) -> None:
        try:
            parsed = UUID(hook_id)
        except ValueError:
            raise UnknownWebhook(f"no webhook {hook_id[:64]!r}") from None
        if not self.subscriptions.revoke(kind, owner, parsed):
            raise UnknownWebhook(f"no webhook {parsed} here")


def _check(url: str, secret: str | None) -> None:
    """The same limits for every front end (the API's body says them too)."""
    if not URL.match(url) or len(url) < 8:
        raise BadRequest(
            "a webhook's url is an http:// or https:// address of 8 to 2000 characters"
        )
    low, high = SECRET_LENGTHS
    if secret is not None and not low <= len(secret) <= high:
        raise BadRequest(f"a webhook's secret has {low} to {high} characters")
    check_target(url)
