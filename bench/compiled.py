"""The domain compiled by mypyc in place, in this checkout: issue #26's experiment.

``cairn compile`` (``service.compiled``) is the product's build: a copy of the domain
compiled under ``CAIRN_HOME``, run by the analysis workers only, for the source it was made
from. This benchmark helper builds the same modules (all but those whose first line leaves
them interpreted, ``service.compiled.MARKER``) in place instead, beside the ``.py`` files,
so that ``PYTHONPATH=.`` imports them in any process, the tests and the fingerprints
included, until ``--clean`` removes them: clean before editing the domain, or the
extensions run the old code. Against the built tree one test fails, and only there, because
it spies on a function through ``monkeypatch`` and compiled callers in the same module never
call the replacement (``test_sheet_shortcuts.py``'s
``test_the_kept_icon_masks_are_the_plain_ones_sheet_after_sheet`` counts
``masks._one_more``; its other assertion, the masks themselves, holds). Needs mypy (the
test extra), gcc and the Python headers; about a minute of both cores.

Run: ``.venv/bin/python -m bench.compiled [--opt 3] [--clean]``
"""

from __future__ import annotations

import argparse
import shutil
import sys
from pathlib import Path

from service.compiled import OPT, compile_tree, interpreted

ROOT = Path(__file__).resolve().parent.parent


def clean() -> None:
    built = [*ROOT.glob("*__mypyc*.so"), *(ROOT / "domain").rglob("*.so")]
    for path in built:
        path.unlink()
    shutil.rmtree(ROOT / "build", ignore_errors=True)
    print(f"removed {len(built)} compiled modules")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--opt", default=OPT, help="the C compiler's level, 0 to 3")
    parser.add_argument("--clean", action="store_true", help="remove the compiled modules")
    args = parser.parse_args(argv)
    clean()
    if not args.clean:
        count = compile_tree(ROOT, args.opt)
        print(f"compiled {count} modules, {len(interpreted(ROOT))} left interpreted")


if __name__ == "__main__":
    sys.exit(main())
