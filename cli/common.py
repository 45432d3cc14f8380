"""What every game command shares: exit codes, one-line errors, JSON output, progress bars.

Exit codes (README, "CLI"): 0 success; 1 a check failed or the request was refused; 2 bad
usage; 3 no such game, file or ruleset; 4 the database is unavailable; 5 the game was
recorded under rules this engine cannot replay exactly.
"""

from __future__ import annotations

import functools
import json
import sys
from collections.abc import Callable, Container, Iterable, Iterator, Sequence
from contextlib import ExitStack, contextmanager
from pathlib import Path
from typing import Any, TypeVar
from uuid import UUID

import click

from cli.database import open_service
from domain.core import RuleViolation
from domain.core.registry import UnknownRuleset
from domain.games import load_all
from service.application import (
    Application,
    ApplicationError,
    BadRequest,
    RulesVersionMismatch,
)
from service.application.targets import PrivateTarget
from service.composition import Service
from service.replays import ReplayFileError
from service.store import DatabaseUnavailable, UnknownGame, VersionConflict
from service.store.recorders import Store

FAILED, USAGE, NOT_FOUND, UNAVAILABLE, UNVERIFIABLE = 1, 2, 3, 4, 5
INTERRUPTED = 130  # Ctrl-C, as shells report a SIGINT
T = TypeVar("T")
F = TypeVar("F", bound=Callable[..., Any])


class CliError(click.ClickException):
    """A one-line reason and the exit code that classifies it."""

    def __init__(self, message: str, exit_code: int = FAILED) -> None:
        super().__init__(message)
        # click reads exit_code off the instance; it declares it on the class only
        self.exit_code = exit_code  # type: ignore[misc]


def _classify(exc: Exception) -> CliError | None:
    if isinstance(exc, ReplayFileError):
        if exc.line == 1:
            return CliError(f"refused: not a replay file ({exc.message})", FAILED)
        return CliError(f"refused: {exc.message}", FAILED)
    if isinstance(exc, RulesVersionMismatch):
        return CliError(exc.message, UNVERIFIABLE)
    if isinstance(exc, (UnknownGame, UnknownRuleset)):
        return CliError(str(exc), NOT_FOUND)
    if isinstance(exc, DatabaseUnavailable):
        return CliError(f"the database is unavailable: {exc}", UNAVAILABLE)
    if isinstance(exc, RuleViolation):
        return CliError(f"{exc.code}: {exc.message}", FAILED)
    if isinstance(exc, PrivateTarget):
        return CliError(exc.message, FAILED)  # a refusal, not bad usage (issue #25)
    if isinstance(exc, BadRequest):
        return CliError(exc.message, USAGE)
    if isinstance(exc, ApplicationError):
        return CliError(exc.message, FAILED)
    if isinstance(exc, VersionConflict):
        return CliError(str(exc), FAILED)
    return None


def reports_errors(command: F) -> F:
    """Turn the service's errors into a one-line reason and a meaningful exit code."""

    @functools.wraps(command)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            return command(*args, **kwargs)
        except Exception as exc:
            mapped = _classify(exc)
            if mapped is None:
                raise
            raise mapped from exc

    return wrapper  # type: ignore[return-value]


@contextmanager
def application() -> Iterator[Application]:
    """The application over the configured database; failing to reach it exits 4."""
    with service() as served:
        yield served.cairn


@contextmanager
def service(bots: bool = False) -> Iterator[Service]:
    """The service (with the bot driver if ``bots``); failing to reach the database exits 4."""
    with ExitStack() as stack:
        try:
            served = stack.enter_context(open_service(bots=bots))
        except click.ClickException as exc:
            code = exc.exit_code if exc.exit_code != FAILED else UNAVAILABLE
            raise CliError(exc.message, code) from exc
        yield served


def game_ref(store: Store, text: str) -> UUID:
    """The game a GAME argument names: its whole id, or a prefix of exactly one game's id
    (the viewer shows 8 characters). No match is UnknownGame (exit 3); a prefix of several
    games is bad usage (exit 2)."""
    try:
        return UUID(text)
    except ValueError:
        pass
    found = store.game_ids_starting(text.strip().lower(), limit=3)
    if not found:
        raise UnknownGame(text)
    if len(found) > 1:
        some = ", ".join(str(g) for g in found[:2]) + (", ..." if len(found) > 2 else "")
        raise CliError(f"{text!r} is the start of several game ids ({some}): give more", USAGE)
    return found[0]


def emit_json(value: Any) -> None:
    click.echo(json.dumps(value, sort_keys=True, ensure_ascii=False, default=str))


def progress(items: Iterable[T], length: int, label: str, enabled: bool = True) -> Iterator[T]:
    """Items with a progress bar on stderr (never on stdout, which --json keeps clean)."""
    if not enabled or length < 2:
        yield from items
        return
    with click.progressbar(items, length=length, label=label, file=sys.stderr) as bar:
        yield from bar


def is_replay_file(target: str) -> bool:
    """Whether a GAME|FILE argument names a file; a missing path is refused as such."""
    if Path(target).is_file():
        return True
    if target.endswith(".ndjson") or "/" in target:
        raise CliError(f"no file {target}", NOT_FOUND)
    return False


def read_replay_file(path: str) -> str:
    load_all()
    try:
        return Path(path).read_text(encoding="utf-8")
    except FileNotFoundError:
        raise CliError(f"no file {path}", NOT_FOUND) from None
    except UnicodeDecodeError:
        raise CliError(f"{path} is not a replay file: it is not UTF-8 text", FAILED) from None
    except OSError as exc:
        raise CliError(f"cannot read {path}: {exc.strerror or exc}", FAILED) from None


def viewer_option(seat: int | None, spectator: bool) -> int | None:
    if seat is not None and spectator:
        raise CliError("give --seat or --spectator, not both", USAGE)
    return seat


json_option = click.option("--json", "as_json", is_flag=True, help="Print JSON for scripts.")


def legend_line(legend: str) -> str:
    """A ruleset's legend as printed under its drawing, once: a ruleset's ``render`` draws
    only the position (docs/ruleset-contract.md, "Presentation")."""
    return f"legend: {legend}"


def table_lines(
    head: Sequence[str], body: Sequence[Sequence[str]], left: Container[int]
) -> list[str]:
    """Rows under their header, each column as wide as its widest cell: the columns in
    ``left`` (names, words) read from the left, the others (numbers) from the right."""
    widths = [max(len(line[i]) for line in (head, *body)) for i in range(len(head))]
    return [
        "  ".join(
            cell.ljust(width) if i in left else cell.rjust(width)
            for i, (cell, width) in enumerate(zip(line, widths, strict=True))
        ).rstrip()
        for line in (head, *body)
    ]
