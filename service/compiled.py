"""The domain compiled to C by mypyc, for the analysis workers alone.

An analysis plays thousands of games to their end with the domain's rules and bots, and
compiled they run 1.2 to 1.35 times faster (bench/README.md, "compiled analyses"). Only the
workers that play rollouts run a build: the server, the CLI and the tests run the Python
source, which stays the one source of truth, and a build must give the very same graphs
(``tests/service/analysis/test_compiled.py`` holds the two to each other, number for number).

A build is a copy of the ``domain`` package with a C extension beside each module mypyc
compiles, kept in ``CAIRN_HOME/compiled/<key>`` and never in the source tree. The key hashes
every file of the package (the marks of the modules left interpreted with them) and the
Python and mypy that built it, so a build is used only with the source it was made from:
after any edit of a rule the workers run the source again until ``cairn compile`` is run
again, never a stale extension.

The workers fork from a fork server (``service.analysis.running``), which imports
``service.compiled_first`` before anything else; that puts the build for this source, if
there is one, in front of the source on ``sys.path`` (``activate``). ``CAIRN_COMPILED=0``
turns builds off.

Some modules stay interpreted, each for a reason seen, which its first line gives
(``MARKER``): mypyc cannot yet compile it, or a compiled class would change what the codec
reads, what the pool pickles or what a test replaces.
"""

from __future__ import annotations

import functools
import hashlib
import importlib
import importlib.util
import json
import os
import shutil
import subprocess
import sys
import sysconfig
import time
import warnings
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from importlib import metadata
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path
from typing import Any

from service.home import cairn_home

FORMAT = 1
"""Bumped whenever a build is made differently, so that older builds are not used."""
SWITCH = "CAIRN_COMPILED"
PACKAGES = ("domain/core", "domain/games", "domain/analysis")
MARK = "build.json"
"""Written last, when a build is whole: a folder without it is not a build."""
OPT = "3"

MARKER = "# cairn compile leaves this module interpreted: "
"""A module's first line, with the reason after it: mypyc cannot yet compile the module, or a
compiled class would change what the codec reads, what the pool pickles or what a test
replaces (bench/HISTORY.md, sections ``compiled`` and ``compiled2``, has each case). The
reason sits with the code it concerns, so a game's modules are marked in the game."""

Reporter = Callable[[str, int, int], None]
"""Told the stage (``"checking"``, ``"compiling"``), how far it is and how far it goes."""


class BuildFailed(Exception):
    """mypyc or the C compiler refused; the message says why and where the log is."""


@dataclass(frozen=True)
class Build:
    path: Path
    key: str
    modules: int
    interpreted: int
    seconds: float
    reused: bool


def source_root() -> Path:
    """The folder holding the ``domain`` package this process would import (not importing
    it: the fork server must not import the source before ``activate``)."""
    spec = importlib.util.find_spec("domain")
    assert spec is not None and spec.origin is not None, "the domain package is installed"
    return Path(spec.origin).parent.parent


def _files(root: Path) -> list[Path]:
    return sorted(
        path
        for path in (root / "domain").rglob("*")
        if path.is_file()
        and "__pycache__" not in path.parts
        and not any(path.name.endswith(suffix) for suffix in EXTENSION_SUFFIXES)
    )


def key(root: Path) -> str:
    """What a build depends on: every file of the package (the markers of the modules left
    interpreted with them), the Python and the mypy that compile it, and ``FORMAT``."""
    digest = hashlib.sha256()
    for part in (str(FORMAT), sys.version, _mypy_version()):
        digest.update(part.encode() + b"\0")
    for path in _files(root):
        digest.update(str(path.relative_to(root)).encode() + b"\0")
        digest.update(hashlib.sha256(path.read_bytes()).digest())
    return digest.hexdigest()[:32]


def _mypy_version() -> str:
    try:
        return metadata.version("mypy")
    except metadata.PackageNotFoundError:
        return "none"


def modules(tree: Path) -> list[str]:
    """The modules of ``tree`` that mypyc compiles, as paths relative to it."""
    return [path for path, interpreted in _sources(tree) if not interpreted]


def interpreted(tree: Path) -> list[str]:
    """The modules of ``tree`` that its marks leave interpreted."""
    return [path for path, left in _sources(tree) if left]


def _sources(tree: Path) -> list[tuple[str, bool]]:
    found = sorted(
        (str(path.relative_to(tree)), path)
        for package in PACKAGES
        for path in (tree / package).rglob("*.py")
    )
    return [(name, path.read_text().startswith(MARKER)) for name, path in found]


def missing_tools() -> list[str]:
    """What a build needs and this machine lacks, each as a sentence saying how to get it."""
    missing = []
    if importlib.util.find_spec("mypyc") is None:
        missing.append("mypy (with mypyc): pip install -e '.[compile]'")
    compiler = (sysconfig.get_config_var("CC") or "cc").split()[0]
    if shutil.which(compiler) is None:
        missing.append(f"a C compiler ({compiler}): on Debian, apt-get install gcc")
    headers = sysconfig.get_paths()["include"]
    if not (Path(headers) / "Python.h").is_file():
        missing.append(f"the Python headers ({headers}/Python.h): on Debian, python3-dev")
    return missing


def is_enabled() -> bool:
    return os.environ.get(SWITCH, "1").strip() not in ("0", "false", "no", "off")


def built(home: Path | None = None, root: Path | None = None) -> Path | None:
    """The build for this very source, if ``cairn compile`` made one and builds are on."""
    if not is_enabled():
        return None
    where = _place(home, root)
    return where if (where / MARK).is_file() else None


def _place(home: Path | None, root: Path | None) -> Path:
    return (home or cairn_home()) / "compiled" / (key(root) if root else _own_key())


@functools.cache
def _own_key() -> str:
    """The key of the source this process imported, worked out once (about 10 ms of
    hashing): a running server asks at every analysis whether its build has appeared."""
    return key(source_root())


def build(
    home: Path | None = None,
    root: Path | None = None,
    progress: Reporter = lambda stage, done, total: None,
) -> Build:
    """The build for this source: the one already made, else a new one (about a minute of
    every core). Made in a scratch folder beside its place and renamed into it when whole,
    so an interrupted build leaves nothing that looks finished; its key is the copy's, so
    a rule edited while it builds cannot be filed under the other source's key."""
    root = root or source_root()
    place = _place(home, root)
    if (place / MARK).is_file():
        return _described(place, reused=True)
    place.parent.mkdir(parents=True, exist_ok=True)
    scratch = place.parent / f".building.{os.getpid()}"
    shutil.rmtree(scratch, ignore_errors=True)
    try:
        started = time.monotonic()
        leave = shutil.ignore_patterns("__pycache__", "*.so")
        shutil.copytree(root / "domain", scratch / "domain", ignore=leave)
        place = place.parent / key(scratch)
        count = _compile_in(scratch, progress)
        mark = {
            "key": place.name,
            "modules": count,
            "interpreted": len(interpreted(scratch)),
            "seconds": round(time.monotonic() - started, 1),
            "python": sys.version.split()[0],
            "mypy": _mypy_version(),
        }
        shutil.rmtree(scratch / "build", ignore_errors=True)
        shutil.rmtree(scratch / ".mypy_cache", ignore_errors=True)
        (scratch / MARK).write_text(json.dumps(mark, indent=2) + "\n")
        try:
            scratch.rename(place)
        except OSError:  # another build of the same source got there first
            if not (place / MARK).is_file():
                raise
        return _described(place, reused=False)
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


def _described(place: Path, reused: bool) -> Build:
    mark = json.loads((place / MARK).read_text())
    return Build(place, mark["key"], mark["modules"], mark["interpreted"], mark["seconds"], reused)


def _compile_in(tree: Path, progress: Reporter) -> int:
    """mypyc over ``tree``'s copy, in a process of its own (setuptools changes directory
    and writes to standard output), watched for progress: the C files appear once the
    types are checked, then an object file for each as gcc compiles it."""
    count = len(modules(tree))
    log = tree / "build.log"
    with log.open("w") as out:
        child = subprocess.Popen(
            [sys.executable, "-m", "service.compiled", str(tree)],
            cwd=tree,
            stdout=out,
            stderr=subprocess.STDOUT,
            stdin=subprocess.DEVNULL,
        )
        try:
            while child.poll() is None:
                _report(tree, count, progress)
                time.sleep(0.25)
        except BaseException:
            child.kill()
            child.wait()
            raise
    if child.returncode != 0:
        kept = tree.parent / "last-failed-build.log"
        shutil.copyfile(log, kept)
        tail = "\n".join(log.read_text(errors="replace").splitlines()[-15:])
        raise BuildFailed(f"the build failed (its whole log: {kept}):\n{tail}")
    _report(tree, count, progress)
    return count


def _report(tree: Path, count: int, progress: Reporter) -> None:
    sources = list((tree / "build").rglob("*.c"))
    if not sources:
        progress("checking", 0, count)
        return
    objects = list((tree / "build").rglob("*.o"))
    progress("compiling", len(objects), len(sources))


def compile_tree(tree: Path, opt: str = OPT) -> int:
    """Build the extensions of ``tree``'s ``domain`` in place (run in ``tree``): what
    ``cairn compile`` runs in its scratch copy, and ``bench.compiled`` in a checkout."""
    from mypyc.build import mypycify
    from setuptools import setup  # type: ignore[import-untyped]
    from setuptools.command.build_ext import build_ext  # type: ignore[import-untyped]

    class ParallelBuild(build_ext):  # type: ignore[misc]
        """mypyc writes one shared extension of many C files, which setuptools compiles one
        after another: here each file is compiled on its own, on every core."""

        def build_extension(self, extension: Any) -> None:
            whole = self.compiler.compile

            def each(sources: list[str], *args: Any, **kwargs: Any) -> list[str]:
                with ThreadPoolExecutor(os.cpu_count() or 1) as pool:
                    parts = pool.map(lambda source: whole([source], *args, **kwargs), sources)
                    return [made for part in parts for made in part]

            self.compiler.compile = each
            try:
                super().build_extension(extension)
            finally:
                del self.compiler.compile

    os.chdir(tree)
    compiled = modules(tree)
    setup(
        name="cairn-compiled-domain",
        packages=[],
        cmdclass={"build_ext": ParallelBuild},
        script_args=[
            *("build_ext", "--inplace", "--build-temp", "build", "--build-lib", "build/lib"),
        ],
        ext_modules=mypycify(
            compiled, opt_level=opt, multi_file=True, debug_level="0", target_dir="build"
        ),
    )
    return len(compiled)


def activate(home: Path | None = None) -> Path | None:
    """Put this source's build in front of it on ``sys.path``, in a process that has not
    imported the domain yet (the analysis fork server); the build's path, or None when
    there is none, builds are off, or it does not import (then the source is used, with a
    warning, as if there were none)."""
    if "domain" in sys.modules:
        return None
    where = built(home)
    if where is None:
        return None
    sys.path.insert(0, str(where))
    try:
        games = importlib.import_module("domain.games")
        for name in games.SHIPPED.values():
            importlib.import_module(name)
    except Exception as error:  # a build that does not load must not stop an analysis
        sys.path.remove(str(where))
        for name in [name for name in sys.modules if name.split(".")[0] == "domain"]:
            del sys.modules[name]
        warnings.warn(
            f"the compiled domain in {where} does not load ({error}); using the source",
            stacklevel=2,
        )
        return None
    return where


def is_in_use() -> bool:
    """Whether this process runs compiled modules of the domain."""
    return any(
        (getattr(module, "__file__", None) or "").endswith(tuple(EXTENSION_SUFFIXES))
        for name, module in list(sys.modules.items())
        if name.startswith("domain.")
    )


def main(argv: list[str] | None = None) -> None:
    (tree,) = argv if argv is not None else sys.argv[1:]
    compile_tree(Path(tree).resolve())


if __name__ == "__main__":
    main()
