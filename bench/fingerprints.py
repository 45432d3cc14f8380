"""What the fingerprint checks share (bench/five_peaks_fingerprint.py,
bench/peninsula_fingerprint.py and bench/rollout_fingerprint.py): record the hashes of a
set of seeded games, or check the code against hashes recorded before a change that must
not change behaviour."""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path


def record_or_check(found: Mapping[str, str], file: Path, record: bool) -> int:
    """Write ``found`` to ``file`` (``record``), or compare it with what ``file`` holds and
    name every game that differs; the exit code: non-zero on any difference."""
    if record:
        file.write_text(json.dumps(found, indent=2, sort_keys=True) + "\n")
        print(f"recorded {len(found)} fingerprints in {file}")
        return 0
    wanted = json.loads(file.read_text())
    differ = sorted(k for k in wanted if found.get(k) != wanted[k])
    for key in differ:
        print(f"DIFFERS  {key}")
    print(f"{len(wanted) - len(differ)} of {len(wanted)} games identical")
    return 1 if differ else 0
