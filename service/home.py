"""Where Cairn keeps its own files: the embedded database, the compiled domain."""

from __future__ import annotations

import os
from pathlib import Path


def cairn_home() -> Path:
    """``CAIRN_HOME``, else ``$XDG_DATA_HOME/cairn``, else ``~/.local/share/cairn``."""
    explicit = os.environ.get("CAIRN_HOME")
    if explicit:
        return Path(explicit).expanduser()
    data_home = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(data_home) / "cairn"
