"""The viewer's HTML pages, read from the package's static files (no build step)."""

from __future__ import annotations

from importlib.resources import files
from pathlib import Path

from litestar import Response

STATIC = Path(str(files("service.viewer") / "static"))


def page(name: str) -> Response[bytes]:
    return Response(
        (STATIC / name).read_bytes(),
        media_type="text/html; charset=utf-8",
        headers={"Cache-Control": "no-cache", "Vary": "Accept"},
    )
