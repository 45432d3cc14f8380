"""``cairn audit``: check that recorded games are exactly what their rules and seeds produce."""

from __future__ import annotations

from typing import Any

import click

from cli.common import (
    FAILED,
    NOT_FOUND,
    UNVERIFIABLE,
    USAGE,
    CliError,
    application,
    emit_json,
    game_ref,
    is_replay_file,
    json_option,
    progress,
    read_replay_file,
    reports_errors,
)
from service.application import Application
from service.audit import audit_game
from service.replays import ReplayFileError, audit_file
from service.store import Store, UnknownGame

PAGE = 500
# Which verdict decides the exit code when several games were audited: the worst one.
EXIT_CODES = {"failed": FAILED, "missing": NOT_FOUND, "unverifiable": UNVERIFIABLE}


@click.command(short_help="Check games against their rules, seeds and hashes.")
@click.argument("targets", nargs=-1, metavar="(GAME... | --all | FILE...)")
@click.option("--all", "every", is_flag=True, help="Audit every stored game.")
@json_option
@reports_errors
def audit(targets: tuple[str, ...], every: bool, as_json: bool) -> None:
    """Audit games: hash chain, commitments, every command re-decided, every draw
    re-derived from the revealed seed, and the final result. Names the first failing seq.

    Every game and file named is audited, and each gets one line: clean, failed (with
    why), not yet auditable (a game still running: its seed is not revealed yet), missing,
    or unverifiable (recorded under rules this engine does not have). A FILE (an exported
    replay) is audited with no database at all.

    Exit code 0 when nothing failed, 1 if one failed, 3 if one is missing, 5 if one was
    recorded under rules this engine cannot replay exactly.

    Example: cairn audit --all    or    cairn audit final.ndjson other.ndjson
    """
    if every == bool(targets):
        raise CliError("give games or files to audit, or --all", USAGE)
    files = [t for t in targets if _is_file(t)]
    games = [t for t in targets if t not in files]
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


def _is_file(target: str) -> bool:
    try:
        return is_replay_file(target)
    except CliError:
        return True  # a path that is not there: reported as missing, with the others


def _audit_file(path: str) -> dict[str, Any]:
    try:
        text = read_replay_file(path)
    except CliError as exc:
        return _refused(path, "missing" if exc.exit_code == NOT_FOUND else "failed", exc.message)
    try:
        report = audit_file(text)
    except ReplayFileError as exc:
        reason = exc.message if exc.line > 1 else f"not a replay file ({exc.message})"
        return {**_refused(path, "failed", reason), "check": "file", "line": exc.line}
    return {"file": path, **report.to_json(), "summary": f"{path}: {report.summary()}"}


def _refused(target: str, verdict: str, reason: str) -> dict[str, Any]:
    return {
        "file": target,
        "game_id": None,
        "verdict": verdict,
        "check": None,
        "line": None,
        "seq": None,
        "reason": reason,
        "summary": f"{target}: {verdict}: {reason}",
    }


def _audit_stored(app: Application, game: str) -> dict[str, Any]:
    try:
        report = audit_game(app.store, game_ref(app.store, game))
    except UnknownGame:
        return {**_refused(game, "missing", "no such game is stored"), "file": None}
    return {**report.to_json(), "summary": report.summary()}


def _all_games(store: Store) -> list[str]:
    ids: list[str] = []
    while True:
        page = store.games(limit=PAGE, offset=len(ids))
        ids += [str(g.game_id) for g in page]
        if len(page) < PAGE:
            return ids


def _exit_for(reports: list[dict[str, Any]]) -> None:
    """A closing count on stderr (each failure was printed once, above), and the exit code
    of the worst verdict."""
    if not reports:
        click.echo("no games to audit", err=True)
        return
    counts: dict[str, int] = {}
    for report in reports:
        counts[report["verdict"]] = counts.get(report["verdict"], 0) + 1
    worst = next((v for v in EXIT_CODES if counts.get(v)), None)
    if worst is None:
        return
    tally = ", ".join(f"{n} {verdict}" for verdict, n in counts.items())
    raise CliError(f"audited {len(reports)}: {tally}", EXIT_CODES[worst])
