"""The shipped rulesets. Importing this package registers every one of them."""

from domain.core import registry


def load_all() -> None:
    """Import each game package so that it registers its ruleset (idempotent)."""
    import importlib

    for name in _GAMES:
        importlib.import_module(f"domain.games.{name}")


_GAMES: tuple[str, ...] = ("peninsula", "peloponnes", "five_peaks")

__all__ = ["load_all", "registry"]
