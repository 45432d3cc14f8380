"""``cairn compile``: the rules and bots compiled to C, for faster analyses."""

from __future__ import annotations

import sys
from typing import Any

import click

from cli.common import FAILED, INTERRUPTED, CliError, emit_json, json_option, reports_errors
from service import compiled


@click.command("compile")
@click.option(
    "--check",
    is_flag=True,
    help="Build nothing: say whether this source has a build (exit 1 if it has none).",
)
@json_option
@reports_errors
def compile_(check: bool, as_json: bool) -> None:
    """Compile the rules and bots to C (with mypyc), so that analyses run faster.

    An analysis (cairn analyse, the graph and hints of a game's review page) plays
    thousands of games to their end; its worker processes run this build, about 1.2 to
    1.35 times faster, and give the very same results. The server and every other command
    always run the Python source.

    The build is kept in CAIRN_HOME/compiled and used only with the source it was made
    from: after any change to the rules, analyses run the source until this is run again.
    The first build takes about a minute of every core; again, it does nothing. A running
    server uses a new build from its next start. CAIRN_COMPILED=0 turns builds off.

    Needs mypy (pip install -e '.[compile]'), a C compiler and the Python headers.

    Exit codes: 1 the build failed (the path of its log is printed) or, with --check, this
    source has no build; 2 bad usage; 130 interrupted (nothing is left half built).

    Example: cairn compile --json
    """
    if check:
        _check(as_json)
        return
    missing = compiled.missing_tools()
    if missing:
        raise CliError("cannot compile, missing: " + "; ".join(missing), FAILED)
    bar = _Bar(enabled=not as_json)
    try:
        built = compiled.build(progress=bar)
    except compiled.BuildFailed as failure:
        raise CliError(str(failure), FAILED) from None
    except OSError as error:  # the home not writable, the disk full
        raise CliError(f"cannot build: {error}", FAILED) from None
    except KeyboardInterrupt:
        raise CliError("interrupted: nothing was built", INTERRUPTED) from None
    finally:
        bar.close()
    if as_json:
        emit_json(_described(built))
        return
    if built.reused:
        click.echo(f"already compiled for this source: {built.path}")
    else:
        click.echo(
            f"compiled {built.modules} modules ({built.interpreted} left interpreted)"
            f" in {built.seconds:.0f} s: {built.path}"
        )
    if not compiled.is_enabled():
        click.echo(f"note: {compiled.SWITCH}=0 is set, so analyses will not use it", err=True)


def _check(as_json: bool) -> None:
    where = compiled.built()
    if as_json:  # the one object says it all; the exit code too
        emit_json({"built": where is not None, "enabled": compiled.is_enabled(), "path": where})
        if where is None:
            sys.exit(FAILED)
    elif where is not None:
        click.echo(f"compiled for this source: {where}")
    else:
        reason = "builds are off" if not compiled.is_enabled() else "this source has no build"
        raise CliError(f"{reason}; analyses run the source (cairn compile builds one)", FAILED)


def _described(built: compiled.Build) -> dict[str, Any]:
    return {
        "path": str(built.path),
        "key": built.key,
        "modules": built.modules,
        "interpreted": built.interpreted,
        "seconds": built.seconds,
        "reused": built.reused,
        "enabled": compiled.is_enabled(),
    }


class _Bar:
    """The build's stages on stderr: a line while the types are checked, then a bar over
    the C files compiled."""

    def __init__(self, enabled: bool) -> None:
        self.enabled = enabled
        self.stage = ""
        self.bar: Any = None

    def __call__(self, stage: str, done: int, total: int) -> None:
        if not self.enabled:
            return
        if stage != self.stage:
            self.close()
            self.stage = stage
            if stage == "checking":
                click.echo("checking the rules' types and writing C…", err=True)
                return
            self.bar = click.progressbar(length=total, label="compiling C", file=sys.stderr)
            self.bar.__enter__()
        if self.bar is not None:
            self.bar.length = max(total, done)
            self.bar.update(done - self.bar.pos)

    def close(self) -> None:
        if self.bar is not None:
            self.bar.__exit__(None, None, None)
            self.bar = None
