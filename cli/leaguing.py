"""What the player, league and projection commands share: the league service over the
configured database, the signed-in account, and their errors as exit codes."""

from __future__ import annotations

import functools
import os
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any, TypeVar
from uuid import UUID

import click

from cli.common import NOT_FOUND, USAGE, CliError, application, game_ref, reports_errors
from service.application.hooks import UnknownWebhook
from service.application.players import NotSignedIn
from service.leagues import LeagueService, league_service
from service.projections.reading import NoBracket
from service.store.leagues import UnknownLeague
from service.store.players import Player, PlayerExists, UnknownPlayer

F = TypeVar("F", bound=Callable[..., Any])

token_option = click.option(
    "--token",
    envvar="CAIRN_TOKEN",
    help="Your player token (or set CAIRN_TOKEN); organisers' commands need an organiser's.",
)


def league_errors(command: F) -> F:
    """The league's own errors as exit codes, then every other as ``reports_errors`` does."""

    @functools.wraps(command)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            return command(*args, **kwargs)
        except (UnknownLeague, UnknownPlayer) as exc:
            raise CliError(str(exc), NOT_FOUND) from exc
        except (UnknownWebhook, NoBracket) as exc:
            raise CliError(exc.message, NOT_FOUND) from exc
        except PlayerExists as exc:
            raise CliError(str(exc)) from exc
        except NotSignedIn as exc:
            raise CliError(exc.message, USAGE) from exc

    return reports_errors(wrapper)  # type: ignore[return-value]


@contextmanager
def leagues() -> Iterator[LeagueService]:
    with application() as app:
        yield league_service(app)


def signed_in(service: LeagueService, token: str | None) -> Player:
    return service.accounts.signed_in(token or os.environ.get("CAIRN_TOKEN"))


def league_id(raw: str) -> UUID:
    try:
        return UUID(raw)
    except ValueError:
        raise CliError(f"{raw!r} is not a league id", USAGE) from None


def league_game(service: LeagueService, raw: str) -> UUID:
    """A league command's GAME: a whole id or a unique start of one, as every other GAME."""
    return game_ref(service.leagues.cairn.store, raw)
