"""Strict reading of one content JSON file: every failure names the file and the JSON path."""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass
from typing import Any, NoReturn

from domain.games.peninsula.content.model import ContentError
from domain.games.peninsula.hexes import Hex, from_offset, parse_hex


@dataclass(frozen=True)
class Reader:
    file: str

    def fail(self, path: str, message: str) -> NoReturn:
        raise ContentError(self.file, path, message)

    def check(self, ok: bool, path: str, message: str) -> None:
        if not ok:
            self.fail(path, message)

    def obj(
        self,
        value: Any,
        path: str,
        required: Collection[str] = (),
        optional: Collection[str] = (),
        *,
        open_keys: bool = False,
    ) -> Mapping[str, Any]:
        """An object with ``required`` keys and no keys outside required + optional."""
        self.check(isinstance(value, dict), path, "must be an object")
        missing = [k for k in required if k not in value]
        self.check(not missing, path, f"missing field(s): {', '.join(missing)}")
        if not open_keys:
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

    def hex(self, value: Any, path: str) -> Hex:
        self.text(value, path)
        try:
            return parse_hex(value)
        except ValueError as exc:
            self.fail(path, str(exc))

    def legend(self, value: Any, path: str, meanings: Collection[str]) -> Mapping[str, str]:
        """A one-character-per-hex legend: symbol -> meaning."""
        legend = self.obj(value, path, open_keys=True)
        for symbol, meaning in legend.items():
            where = f"{path}.{symbol}"
            self.check(len(symbol) == 1 and symbol != " ", where, "a symbol is one visible char")
            self.choice(meaning, where, meanings)
        return legend

    def grid(self, value: Any, path: str, legend: Mapping[str, str]) -> dict[str, set[Hex]]:
        """Hexes by legend meaning, from rows drawn as on the sheet.

        Row ``r`` lists its hexes separated by single spaces; odd rows start with one space,
        being shifted half a hex east (odd-r layout, see hexes.py). Row 0 is an even row.
        """
        rows = self.items(value, path, min_len=1)
        cells: dict[str, set[Hex]] = {meaning: set() for meaning in legend.values()}
        for r, row in enumerate(rows):
            where = f"{path}[{r}]"
            self.text(row, where)
            body = row[1:] if r % 2 else row
            self.check(r % 2 == 0 or row.startswith(" "), where, "an odd row starts with a space")
            self.check(not body.startswith(" "), where, "too much indentation")
            for col, symbol in enumerate(body[::2]):
                self.check(symbol in legend, where, f"unknown symbol {symbol!r} at column {col}")
                cells[legend[symbol]].add(from_offset(col, r))
            gaps = set(body[1::2])
            self.check(gaps <= {" "}, where, "hexes must be separated by single spaces")
        return cells
