"""The pages need nothing but ``cairn serve`` (#24, "Quality a person notices"): every page,
stylesheet, script and module they load is one of ``service/viewer/static``'s own files,
named by a path on the same server, and each is package data that ``pip install`` ships.
No CDN, no other origin, no file a build step would have to make."""

from __future__ import annotations

import re
import tomllib
from fnmatch import fnmatch
from pathlib import Path

ROOT = Path(__file__).parents[3]
STATIC = ROOT / "service" / "viewer" / "static"
SVG_NAMESPACE = "http://www.w3.org/2000/svg"
"""A name, never fetched: the one absolute address the scripts may hold."""
LOADED = re.compile(r"""(?:src|href)=["']([^"']+)["']""")
IMPORTED = re.compile(r"""(?:import\s[^"']*?from\s*|import\s*\(?\s*)["']([^"']+)["']""")


def shipped() -> list[str]:
    """The static files' globs in pyproject's package data."""
    data = tomllib.loads((ROOT / "pyproject.toml").read_text())
    globs: list[str] = data["tool"]["setuptools"]["package-data"]["service.viewer"]
    return globs


def loaded(path: Path) -> list[str]:
    """What a page or script asks the browser to fetch: its src and href, its imports."""
    text = path.read_text()
    found = LOADED.findall(text) if path.suffix == ".html" else []
    return found + (IMPORTED.findall(text) if path.suffix == ".js" else [])


def test_every_file_loaded_is_the_servers_own_and_shipped() -> None:
    files = sorted(STATIC.iterdir())
    assert any(p.suffix == ".html" for p in files) and any(p.suffix == ".js" for p in files)
    for path in files:
        assert any(fnmatch(f"static/{path.name}", glob) for glob in shipped()), path.name
        for address in loaded(path):
            if address.startswith(("#", "data:")):
                continue  # a place on the page, or an inline icon
            assert not re.match(r"^[a-z]+:|^//", address), f"{path.name} loads {address}"
            name = address.removeprefix("/viewer/static/").removeprefix("./")
            if address.startswith(("/viewer/static/", "./")):
                assert (STATIC / name).is_file(), f"{path.name} loads {address}, not shipped"
        addresses = re.findall(r"\bhttps?://[^\s\"'`)]+", path.read_text())
        assert set(addresses) <= {SVG_NAMESPACE}, f"{path.name} names {addresses}"


def test_the_check_sees_a_script_from_a_cdn(tmp_path: Path) -> None:
    page = tmp_path / "page.html"
    page.write_text('<script src="https://cdn.example.net/lib.js"></script>')
    script = tmp_path / "module.js"
    script.write_text('import { x } from "https://cdn.example.net/x.js";')
    assert loaded(page) == ["https://cdn.example.net/lib.js"]
    assert loaded(script) == ["https://cdn.example.net/x.js"]
