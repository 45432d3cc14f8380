"""``cairn player``: accounts with a display name, an organiser role and a personal token."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

import click

from cli.common import emit_json, json_option
from cli.hooks import SECRET_HELP, say_added, say_listed, say_removed
from cli.leaguing import league_errors, leagues
from service.projections.rating_history import ratings_over_time
from service.projections.reading import history_of
from service.store.players import Player


@click.group()
def player() -> None:
    """Player accounts: create one, rotate or revoke its token, see its history.

    Example: cairn player create ann --organiser
    """


@player.command()
@click.argument("name")
@click.option("--organiser", is_flag=True, help="The account may run leagues.")
@json_option
@league_errors
def create(name: str, organiser: bool, as_json: bool) -> None:
    """Create an account and print its token, this once (only its hash is kept).

    Example: cairn player create ann --organiser
    """
    with leagues() as service:
        account, token = service.accounts.create(name, organiser)
    if as_json:
        emit_json(_account(account) | {"token": token})
        return
    role = "organiser" if organiser else "player"
    click.echo(f"{account.name} ({role}) {account.player_id}")
    click.echo(f"token (shown once, keep it): {token}")


@player.command()
@click.argument("name")
@json_option
@league_errors
def rotate(name: str, as_json: bool) -> None:
    """Give the account a fresh token; the old one stops working at once.

    Example: cairn player rotate ann
    """
    with leagues() as service:
        account = service.accounts.find(name)
        token = service.accounts.rotate(account)
    if as_json:
        emit_json(_account(account) | {"token": token})
        return
    click.echo(f"new token for {account.name} (shown once): {token}")


@player.command()
@click.argument("name")
@json_option
@league_errors
def revoke(name: str, as_json: bool) -> None:
    """End the account's token; `cairn player rotate` issues a new one.

    Example: cairn player revoke ann
    """
    with leagues() as service:
        account = service.accounts.find(name)
        service.accounts.revoke(account)
    if as_json:
        emit_json(_account(account) | {"revoked": True})
        return
    click.echo(f"{account.name}'s token is revoked")


@player.command()
@click.argument("name")
@json_option
@league_errors
def history(name: str, as_json: bool) -> None:
    """A player's ratings and league games, newest first.

    Example: cairn player history ann --json
    """
    with leagues() as service:
        account = service.accounts.find(name)
        service.catch_up()
        found = history_of(service, account.player_id)
    if as_json:
        emit_json(found)
        return
    for rating in found["ratings"]:
        mark = " (provisional)" if rating["provisional"] else ""
        click.echo(
            f"{rating['ruleset']:<12} rating {rating['display']:.2f}{mark}"
            f"  mu {rating['mu']:.2f} sigma {rating['sigma']:.2f}  games {rating['games']}"
        )
    for game in found["games"]:
        change = game["rating_change"]
        moved = f"  rating {change:+.2f}" if change is not None else ""
        place = game["place"] if game["place"] is not None else "-"
        click.echo(
            f"{game['game_id']}  season {game['season']} round {game['round']}"
            f"  {game['status']:<9} place {place}{moved}"
        )
    if not found["ratings"] and not found["games"]:
        click.echo(f"{account.name} has played no league game yet")


@player.command()
@click.argument("name")
@json_option
@league_errors
def ratings(name: str, as_json: bool) -> None:
    """A player's ratings over time, per ruleset: each rated game's change, oldest first,
    and the deviation as inactivity has grown it now (sigma now).

    Example: cairn player ratings ann --json
    """
    with leagues() as service:
        account = service.accounts.find(name)
        service.catch_up()
        views = service.leagues.cairn.store.league_views
        found = ratings_over_time(views, account.player_id, datetime.now(UTC))
    if as_json:
        emit_json(_iso(found))
        return
    for rated in found["rulesets"]:
        mark = " (provisional)" if rated["provisional"] else ""
        click.echo(
            f"{rated['ruleset']}: rating {rated['display']:.2f}{mark}, now"
            f" {rated['display_now']:.2f} (sigma {rated['sigma']:.2f} -> {rated['sigma_now']:.2f}"
            f" after {rated['idle_periods']} idle weeks), {rated['games']} games"
        )
        for game in rated["history"]:
            when = game["rated_at"].date().isoformat() if game["rated_at"] else "-"
            click.echo(
                f"  {when}  {game['game_id']}  place {game['place']}"
                f"  {game['display_before']:.2f} -> {game['display_after']:.2f}"
                f" ({game['change']:+.2f})"
            )
    if not found["rulesets"]:
        click.echo(f"{account.name} has no rated game yet")


def _iso(value: Any) -> Any:
    """Times as ISO 8601 text, as the API writes them."""
    if isinstance(value, datetime):
        return value.isoformat()
    if isinstance(value, dict):
        return {k: _iso(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_iso(v) for v in value]
    return value


def _account(account: Player) -> dict[str, object]:
    return {
        "player_id": str(account.player_id),
        "name": account.name,
        "organiser": account.is_organiser,
    }


@player.group()
def webhook() -> None:
    """A player's webhooks: turn notices for their seats in every game of theirs.

    Example: cairn player webhook add ann https://example.test/hook
    """


@webhook.command("add")
@click.argument("name")
@click.argument("url")
@click.option("--secret", help=SECRET_HELP)
@json_option
@league_errors
def webhook_add(name: str, url: str, secret: str | None, as_json: bool) -> None:
    """Register a webhook for the player; a generated secret is printed this once.

    Example: cairn player webhook add ann https://example.test/hook --json
    """
    with leagues() as service:
        hook, shown = service.hooks.add_for_player(service.accounts.find(name), url, secret)
    say_added(hook, shown, as_json)


@webhook.command("list")
@click.argument("name")
@json_option
@league_errors
def webhook_list(name: str, as_json: bool) -> None:
    """The player's webhooks in force, oldest first (never their secrets).

    Example: cairn player webhook list ann --json
    """
    with leagues() as service:
        hooks = service.hooks.of_player(service.accounts.find(name))
    say_listed(hooks, as_json)


@webhook.command("remove")
@click.argument("name")
@click.argument("hook_id")
@json_option
@league_errors
def webhook_remove(name: str, hook_id: str, as_json: bool) -> None:
    """Remove one of the player's webhooks: it hears nothing more, in any game.

    Example: cairn player webhook remove ann 0b6f3c1e-8f1d-4a7e-9a43-2f1c5d6e7a8b
    """
    with leagues() as service:
        service.hooks.remove_for_player(service.accounts.find(name), hook_id)
    say_removed(hook_id, as_json)
