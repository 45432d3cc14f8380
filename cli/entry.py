"""The ``cairn`` command's entry point, kept light on purpose.

An analysis plays its rollouts in processes started with ``spawn``, and a spawned process
imports its parent's main module first: for ``cairn serve`` or ``cairn analyse`` that is
the console script pip writes, which imports the module named here. Naming ``cli.main``
there made every analysis worker import the whole CLI, the API and Litestar before its
first rollout (0.75 s of each analysis's start, measured: bench/README.md). This module
imports nothing until the command runs.
"""

from __future__ import annotations


def main() -> None:
    from cli.main import main as run

    run()
