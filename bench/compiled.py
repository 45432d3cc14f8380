"""The domain compiled by mypyc, in place: issue #26's experiment (branch ``compiled``).

Builds a C extension beside each module of ``domain/core``, ``domain/games`` and
``domain/analysis`` that mypyc compiles and that keeps its meaning compiled (one shared
``*__mypyc*.so`` at the top of the tree), so that ``PYTHONPATH=.`` imports them instead of
the ``.py`` files; ``--clean`` removes them. Not part of any install: the pure-Python domain
is the one source of truth, and bench/HISTORY.md (sections ``compiled`` and, a day later,
``compiled2``) says, with figures, why this stayed an experiment. Compare with
``bench.speed --before <a plain tree> --after .``; run the fingerprints on the built tree,
and ``tests/domain tests/conformance``: against the built tree one test fails, and only
there, because it spies on a function through ``monkeypatch`` and compiled callers in the
same module never call the replacement (``test_sheet_shortcuts.py``'s
``test_the_kept_icon_masks_are_the_plain_ones_sheet_after_sheet`` counts
``masks._one_more``; its other assertion, the masks themselves, holds). Needs mypy (the
test extra), gcc and the Python headers; about 3 minutes of both cores at ``--opt 3``.

Run: ``.venv/bin/python -m bench.compiled [--opt 3] [--clean]``
"""

from __future__ import annotations

import argparse
import os
import shutil
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("domain/core", "domain/games", "domain/analysis")

# Left interpreted, and why: each was seen to fail compiled, or holds a class another
# module's trick needs interpreted.
INTERPRETED = {
    # generic frozen dataclasses: mypyc's class fails at import ("attribute '__dict__' of
    # 'type' objects is not writable")
    "domain/core/contract.py": "generic dataclass",
    "domain/core/packs.py": "generic dataclass",
    "domain/core/compose.py": "generic dataclass",
    "domain/core/ruleset.py": "generic dataclass",
    # ``NAME: ClassVar[str] = ...`` in a dataclass: mypyc gives the dataclass decorator
    # ``NAME: str``, so NAME becomes a field with a default and the next field fails
    "domain/core/live.py": "ClassVar in dataclasses",
    "domain/core/lifecycle.py": "ClassVar in dataclasses; Table is every Game's base",
    "domain/games/five_peaks/commands.py": "ClassVar in dataclasses",
    "domain/games/five_peaks/events.py": "ClassVar in dataclasses",
    "domain/games/peninsula/commands.py": "ClassVar in dataclasses; built through __dict__",
    "domain/games/peninsula/events.py": "ClassVar in dataclasses",
    "domain/games/peloponnes/commands.py": "ClassVar in dataclasses",
    "domain/games/peloponnes/events.py": "ClassVar in dataclasses",
    # copies and memos through the instance ``__dict__`` (``changed``, ``copied``, the
    # bot's memos on the game and on a ``Space``): a compiled class has none
    "domain/games/five_peaks/state.py": "instances copied through __dict__",
    "domain/games/five_peaks/geometry.py": "the bot keeps a memo in a Space's __dict__",
    "domain/games/peninsula/state.py": "instances copied through __dict__",
    "domain/games/peloponnes/state.py": "instances copied through __dict__",
    "domain/games/peloponnes/goods.py": "Goods built through __dict__",
    # ``Playout`` crosses the analysis pool: a compiled frozen dataclass does not unpickle
    # (FrozenInstanceError in the parent's result thread, and the graph waits forever)
    "domain/analysis/rollouts.py": "Playout is pickled by the pool",
    # the same with ``copy.copy`` (tests/domain/peninsula/test_bridge_sites.py)
    "domain/games/peninsula/content/model.py": "MapSpec is copied",
    "domain/games/peninsula/hexes.py": "Hex is a tuple subclass since pen-hex; not tried compiled",
    # a compiled class's ``__annotations__`` keep no type arguments (``tuple[str, ...]``
    # becomes ``type``): the codec cannot decode it, the API cannot publish its schema
    "domain/games/five_peaks/views.py": "TypedDict views published as schemas",
    "domain/games/peninsula/views.py": "TypedDict views published as schemas",
    "domain/games/peloponnes/views.py": "TypedDict views published as schemas",
    "domain/games/peloponnes/setup.py": "ExplicitSetup decoded by the codec",
    # tests replace a module's function or constant (monkeypatch); compiled callers in
    # the same module call the compiled one and never see the replacement
    "domain/core/luck.py": "tests replace luck.word",
}


def modules() -> list[str]:
    found = sorted(
        str(path.relative_to(ROOT))
        for package in PACKAGES
        for path in (ROOT / package).rglob("*.py")
    )
    return [path for path in found if path not in INTERPRETED]


def clean() -> None:
    built = [*ROOT.glob("*__mypyc*.so"), *(ROOT / "domain").rglob("*.so")]
    for path in built:
        path.unlink()
    shutil.rmtree(ROOT / "build" / "mypyc", ignore_errors=True)
    print(f"removed {len(built)} compiled modules")


def build(opt: str) -> None:
    from mypyc.build import mypycify
    from setuptools import setup

    os.chdir(ROOT)
    compiled = modules()
    setup(
        name="cairn-compiled-domain",
        packages=[],
        script_args=[
            "build_ext",
            "--inplace",
            "-j",
            "2",
            "--build-temp",
            "build/mypyc",
            "--build-lib",
            "build/mypyc/lib",
        ],
        ext_modules=mypycify(
            compiled, opt_level=opt, multi_file=True, debug_level="0", target_dir="build/mypyc"
        ),
    )
    print(f"compiled {len(compiled)} modules, {len(INTERPRETED)} left interpreted")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--opt", default="3", help="the C compiler's level, 0 to 3")
    parser.add_argument("--clean", action="store_true", help="remove the compiled modules")
    args = parser.parse_args(argv)
    clean()
    if not args.clean:
        build(args.opt)


if __name__ == "__main__":
    sys.exit(main())
