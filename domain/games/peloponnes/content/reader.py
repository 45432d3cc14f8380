"""Strict reading of one content JSON file: every failure names the file and the JSON path."""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass
from typing import Any, NoReturn

from domain.games.peloponnes.content.model import ContentError
from domain.games.peloponnes.goods import LETTERS, Goods, from_letters


@dataclass(frozen=True)
class Reader:
    file: str

    def fail(self, path: str, message: str) -> NoReturn:
        raise ContentError(self.file, path, message)

    def check(self, ok: bool, path: str, message: str) -> None:
        if not ok:
            self.fail(path, message)

    def obj(
        self, value: Any, path: str, required: Collection[str], optional: Collection[str] = ()
    ) -> Mapping[str, Any]:
        """An object with ``required`` keys and no keys outside required + optional."""
        self.check(isinstance(value, dict), path, "must be an object")
        missing = [k for k in required if k not in value]
        self.check(not missing, path, f"missing field(s): {', '.join(missing)}")
        unknown = sorted(set(value) - set(required) - set(optional))
        self.check(not unknown, path, f"unknown field(s): {', '.join(unknown)}")
        result: Mapping[str, Any] = value
        return result

    def items(self, value: Any, path: str, min_len: int = 0) -> list[Any]:
        self.check(isinstance(value, list), path, "must be a list")
        self.check(len(value) >= min_len, path, f"must have at least {min_len} item(s)")
        result: list[Any] = value
        return result

    def text(self, value: Any, path: str) -> str:
        self.check(isinstance(value, str) and value.strip() != "", path, "must be a text")
        result: str = value
        return result

    def integer(self, value: Any, path: str, low: int, high: int) -> int:
        ok = isinstance(value, int) and not isinstance(value, bool)
        self.check(ok, path, "must be an integer")
        self.check(low <= value <= high, path, f"must be between {low} and {high}")
        result: int = value
        return result

    def flag(self, value: Any, path: str) -> bool:
        self.check(isinstance(value, bool), path, "must be true or false")
        result: bool = value
        return result

    def choice(self, value: Any, path: str, options: Collection[str]) -> str:
        self.check(value in options, path, f"must be one of {', '.join(options)}")
        result: str = value
        return result

    def goods(
        self, value: Any, path: str, keys: Collection[str], low: int = 0, high: int = 20
    ) -> Goods:
        """A ``{"C": 5, "P": 1}`` object over the printed letters ``keys``."""
        printed = self.obj(value, path, (), keys)
        for key, amount in printed.items():
            self.check(key in LETTERS, f"{path}.{key}", "not a track letter")
            self.integer(amount, f"{path}.{key}", low, high)
            self.check(amount != 0, f"{path}.{key}", "leave out a zero")
        return from_letters(printed)
