"""Content packs (domain/core/packs.py): read, inherited, hashed and found the same way for
every ruleset. Each shipped game's own pack tests check its content; these check the shelf."""

from __future__ import annotations

import json
import sys
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from domain.core.packs import Shelf, content_hash

PACKAGE = "cairn_test_packs"


class BadContent(ValueError):
    def __init__(self, file: str, path: str, message: str) -> None:
        super().__init__(f"{file}: {path}: {message}")


@dataclass(frozen=True)
class Pack:
    name: str
    files: Mapping[str, Any]
    content_hash: str


def build(name: str, files: Mapping[str, Any]) -> Pack:
    return Pack(name, files, content_hash(name, files))


@pytest.fixture
def package(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    root = tmp_path / PACKAGE
    root.mkdir()
    (root / "__init__.py").write_text("")
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.delitem(sys.modules, PACKAGE, raising=False)
    return root


def write(root: Path, pack: str, files: dict[str, Any], indent: int | None = None) -> None:
    (root / pack).mkdir(exist_ok=True)
    for name, value in files.items():
        (root / pack / name).write_text(json.dumps(value, indent=indent))


def shelf(names: tuple[str, ...]) -> Shelf[Pack]:
    return Shelf(PACKAGE, names, ("a.json", "b.json"), build, BadContent)


def test_a_pack_is_its_files_and_a_hash_that_ignores_layout(package: Path) -> None:
    write(package, "one", {"a.json": {"x": 1}, "b.json": [1, 2]})
    write(package, "spaced", {"a.json": {"x": 1}, "b.json": [1, 2]}, indent=4)
    loaded = shelf(("one", "spaced"))
    one, spaced = loaded.load("one"), loaded.load("spaced")
    assert one.files == {"a.json": {"x": 1}, "b.json": [1, 2]}
    assert one.content_hash == content_hash("one", one.files)
    # the pack's name is hashed too: the same files under two names are two packs
    assert spaced.content_hash == content_hash("spaced", one.files) != one.content_hash
    assert loaded.load("one") is one, "validated once"


def test_any_changed_value_changes_the_hash() -> None:
    files = {"a.json": {"x": 1}, "b.json": [1, 2]}
    assert content_hash("p", files) != content_hash("p", {**files, "b.json": [2, 1]})
    assert content_hash("p", files) == content_hash("p", dict(reversed(files.items())))


def test_a_pack_extends_another_for_the_files_it_lacks(package: Path) -> None:
    write(package, "base", {"a.json": {"x": 1}, "b.json": [1]})
    write(package, "next", {"b.json": [2], "pack.json": {"extends": "base"}})
    loaded = shelf(("base", "next")).load("next")
    assert loaded.files == {"a.json": {"x": 1}, "b.json": [2]}


def test_a_manifest_naming_no_other_pack_is_refused(package: Path) -> None:
    write(package, "self", {"a.json": {}, "b.json": [], "pack.json": {"extends": "self"}})
    with pytest.raises(BadContent, match=r"pack.json: \$.extends"):
        shelf(("self",)).load("self")


def test_a_file_that_is_not_json_names_itself(package: Path) -> None:
    write(package, "broken", {"a.json": {}})
    (package / "broken" / "b.json").write_text("{not json")
    with pytest.raises(BadContent, match=r"b.json: \$: not valid JSON"):
        shelf(("broken",)).load("broken")


def test_packs_are_found_by_hash_and_an_unknown_pack_is_refused(package: Path) -> None:
    write(package, "one", {"a.json": {}, "b.json": []})
    loaded = shelf(("one",))
    (only,) = loaded.packs()
    assert loaded.by_hash(only.content_hash) is only
    with pytest.raises(KeyError):
        loaded.by_hash("0" * 64)
    with pytest.raises(ValueError, match="unknown content pack 'two'"):
        loaded.load("two")
