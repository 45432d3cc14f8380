"""Webhooks from the command line: a player's (``cairn player webhook``) and a league's
(``cairn league webhook``, organisers only). Both say a hook the same way."""

from __future__ import annotations

from collections.abc import Sequence

import click

from cli.common import emit_json, json_option
from cli.leaguing import league_errors, league_id, leagues, signed_in, token_option
from service.store.subscriptions import OwnerHook

SECRET_HELP = "Signs the notices (16 to 256 characters); generated if left out."


def say_added(hook: OwnerHook, shown: str | None, as_json: bool) -> None:
    """A new hook; a generated secret is shown this once."""
    if as_json:
        emit_json(as_record(hook) | {"secret": shown})
        return
    click.echo(f"{hook.hook_id} {hook.url}")
    if shown is not None:
        click.echo(f"secret (shown once, keep it): {shown}")


def say_listed(hooks: Sequence[OwnerHook], as_json: bool) -> None:
    for hook in hooks:
        if as_json:
            emit_json(as_record(hook))
        else:
            click.echo(f"{hook.hook_id} {hook.url} since {hook.created_at:%Y-%m-%d %H:%M}")


def say_removed(hook_id: str, as_json: bool) -> None:
    if as_json:
        emit_json({"hook_id": hook_id, "removed": True})
        return
    click.echo(f"webhook {hook_id} removed")


def as_record(hook: OwnerHook) -> dict[str, object]:
    return {"hook_id": str(hook.hook_id), "url": hook.url, "created_at": hook.created_at}


@click.group("webhook")
def league_webhook() -> None:
    """A league's webhooks: every turn notice of every game the league scheduled
    (organisers only).

    Example: cairn league webhook add $LEAGUE https://example.test/hook --token $TOKEN
    """


@league_webhook.command("add")
@click.argument("league_ref", metavar="LEAGUE")
@click.argument("url")
@click.option("--secret", help=SECRET_HELP)
@token_option
@json_option
@league_errors
def league_add(
    league_ref: str, url: str, secret: str | None, token: str | None, as_json: bool
) -> None:
    """Register a webhook for the league; a generated secret is printed this once.

    Example: cairn league webhook add $LEAGUE https://example.test/hook --json
    """
    target = league_id(league_ref)
    with leagues() as service:
        hook, shown = service.hooks.add_for_league(signed_in(service, token), target, url, secret)
    say_added(hook, shown, as_json)


@league_webhook.command("list")
@click.argument("league_ref", metavar="LEAGUE")
@token_option
@json_option
@league_errors
def league_list(league_ref: str, token: str | None, as_json: bool) -> None:
    """The league's webhooks in force, oldest first (never their secrets).

    Example: cairn league webhook list $LEAGUE --json
    """
    target = league_id(league_ref)
    with leagues() as service:
        hooks = service.hooks.of_league(signed_in(service, token), target)
    say_listed(hooks, as_json)


@league_webhook.command("remove")
@click.argument("league_ref", metavar="LEAGUE")
@click.argument("hook_id")
@token_option
@json_option
@league_errors
def league_remove(league_ref: str, hook_id: str, token: str | None, as_json: bool) -> None:
    """Remove one of the league's webhooks: it hears nothing more, in any game.

    Example: cairn league webhook remove $LEAGUE 0b6f3c1e-8f1d-4a7e-9a43-2f1c5d6e7a8b
    """
    target = league_id(league_ref)
    with leagues() as service:
        service.hooks.remove_for_league(signed_in(service, token), target, hook_id)
    say_removed(hook_id, as_json)
