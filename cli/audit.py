"""``cairn audit``: check that recorded games are exactly what their rules and seeds produce."""

from __future__ import annotations

from typing import Any

import click

from cli.common import (
    FAILED,
    UNVERIFIABLE,
    USAGE,
    CliError,
    application,
    emit_json,
    is_replay_file,
    json_option,
    progress,
    read_replay_file,
    reports_errors,
)
from service.application import Application
from service.audit import audit_game
from service.replays import ReplayFileError, audit_file
from service.store import EventStore

PAGE = 500


@click.command(short_help="Check games against their rules, seeds and hashes.")
@click.argument("targets", nargs=-1, metavar="(GAME... | --all | FILE)")
@click.option("--all", "every", is_flag=True, help="Audit every stored game.")
@json_option
@reports_errors
def audit(targets: tuple[str, ...], every: bool, as_json: bool) -> None:
    """Audit games: hash chain, commitments, every command re-decided, every draw
    re-derived from the revealed seed, and the final result. Names the first failing seq.

    A FILE (an exported replay) is audited with no database at all.
    Exit code 0 when every game is clean, 1 if one failed, 5 if one was recorded under
    rules this engine cannot replay exactly.

    Example: cairn audit --all    or    cairn audit final.ndjson
    """
    if every == bool(targets):
        raise CliError("give games or files to audit, or --all", USAGE)
    files = [t for t in targets if is_replay_file(t)]
    games = [t for t in targets if not is_replay_file(t)]
    reports = [_audit_file(path) for path in files]
    if games or every:
        with application() as app:
            ids = _all_games(app.store) if every else games
            reports += [_audit_stored(app, game) for game in progress(ids, len(ids), "auditing")]
    for report in reports:
        if as_json:
            emit_json(report)
        else:
            click.echo(report["summary"])
    _exit_for(reports)


def _audit_file(path: str) -> dict[str, Any]:
    try:
        report = audit_file(read_replay_file(path))
    except ReplayFileError as exc:
        return {
            "file": path,
            "game_id": None,
            "verdict": "failed",
            "check": "file",
            "line": exc.line,
            "seq": None,
            "reason": exc.message,
            "summary": f"{path}: failed: {exc.message}",
        }
    return {"file": path, **report.to_json(), "summary": f"{path}: {report.summary()}"}


def _audit_stored(app: Application, game: str) -> dict[str, Any]:
    report = audit_game(app.store, game)
    return {**report.to_json(), "summary": report.summary()}


def _all_games(store: EventStore) -> list[str]:
    ids: list[str] = []
    while True:
        page = store.games(limit=PAGE, offset=len(ids))
        ids += [str(g.game_id) for g in page]
        if len(page) < PAGE:
            return ids


def _exit_for(reports: list[dict[str, Any]]) -> None:
    failed = [r for r in reports if r["verdict"] == "failed"]
    unverifiable = [r for r in reports if r["verdict"] == "unverifiable"]
    if failed:
        raise CliError(
            f"audit failed for {len(failed)} of {len(reports)}; first: {failed[0]['summary']}",
            FAILED,
        )
    if unverifiable:
        raise CliError(
            f"{len(unverifiable)} of {len(reports)} cannot be verified by this engine;"
            f" first: {unverifiable[0]['summary']}",
            UNVERIFIABLE,
        )
    if not reports:
        click.echo("no games to audit", err=True)
