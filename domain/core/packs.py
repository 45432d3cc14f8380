# cairn compile leaves this module interpreted: generic dataclass (service/compiled.py).
"""Content packs: the folders of JSON files a ruleset ships its original content in.

Every ruleset keeps its packs the same way (rules/CONTENT.md: content is data), so reading,
hashing and finding them is here once; each game's ``content`` package only says which
files a pack has and how to validate them (its ``build``).

- A pack is a folder beside the game's content module, one JSON file per part.
- A folder may hold ``pack.json`` with ``{"extends": other}``: every file it lacks is the
  other pack's, and the hash covers the files as resolved, so a pack is what it plays with
  however it is stored.
- The content hash is sha256 over the canonical JSON (sorted keys, no spaces, UTF-8) of
  ``{"pack": name, "files": {file name: parsed JSON}}``: reformatting a file keeps it, any
  changed value changes it. Stored games name their pack by it for ever, so this function
  must never change.
- Packs are never changed once shipped; a change is a new pack, and a shelf lists its packs
  oldest first (docs/rules-versions.md).
"""

from __future__ import annotations

import functools
import hashlib
import json
import types
from collections.abc import Callable, Mapping
from importlib import resources
from typing import Any, Generic, Protocol, TypeVar

MANIFEST = "pack.json"


class Hashed(Protocol):
    @property
    def content_hash(self) -> str: ...


C = TypeVar("C", bound=Hashed)


def content_hash(pack: str, files: Mapping[str, Any]) -> str:
    canonical = json.dumps(
        {"pack": pack, "files": files}, sort_keys=True, separators=(",", ":"), ensure_ascii=False
    )
    return hashlib.sha256(canonical.encode("utf-8")).hexdigest()


class Shelf(Generic[C]):
    """One ruleset's shipped packs: read, validated by ``build`` and cached once each.

    ``error(file, path, message)`` is the game's ContentError, raised for a file that is not
    JSON or a manifest that names no other pack.
    """

    def __init__(
        self,
        package: str,
        names: tuple[str, ...],
        files: tuple[str, ...],
        build: Callable[[str, Mapping[str, Any]], C],
        error: Callable[[str, str, str], Exception],
    ) -> None:
        self.package, self.names, self.files = package, names, files
        self._build, self._error = build, error
        self.load: Callable[[str], C] = functools.cache(self._load)
        self.packs: Callable[[], tuple[C, ...]] = functools.cache(self._packs)
        self._by_hash = functools.cache(self._index)

    def read(self, pack: str) -> dict[str, Any]:
        """The parsed JSON of every file of ``pack``, by file name (inherited ones included)."""
        if pack not in self.names:
            raise ValueError(f"unknown content pack {pack!r}; known: {', '.join(self.names)}")
        folder = resources.files(self.package).joinpath(pack)
        manifest = folder.joinpath(MANIFEST)
        base: dict[str, Any] = {}
        if manifest.is_file():
            extends = self._parse(manifest.read_text(encoding="utf-8"), MANIFEST).get("extends")
            if extends not in self.names or extends == pack:
                raise self._error(MANIFEST, "$.extends", "not a pack")
            base = self.read(str(extends))
        files: dict[str, Any] = {}
        for name in self.files:
            own = folder.joinpath(name)
            if own.is_file():
                files[name] = self._parse(own.read_text(encoding="utf-8"), name)
            elif name in base:
                files[name] = base[name]
        return files

    def by_hash(self, hash_: str) -> C:
        """The pack a game plays with, for ever: the one its content hash names."""
        try:
            return self._by_hash()[hash_]
        except KeyError:
            raise KeyError(f"no {self.package} pack has hash {hash_}") from None

    def _load(self, pack: str) -> C:
        return self._build(pack, self.read(pack))

    def _packs(self) -> tuple[C, ...]:
        return tuple(self.load(name) for name in self.names)

    def _index(self) -> Mapping[str, C]:
        return types.MappingProxyType({pack.content_hash: pack for pack in self.packs()})

    def _parse(self, text: str, name: str) -> Any:
        try:
            return json.loads(text)
        except json.JSONDecodeError as exc:
            raise self._error(name, "$", f"not valid JSON: {exc}") from None
