"""The game's options, and how the rules read them and the tiles' adopted values.

Every rule the reference (shared/rules/peloponnes-reference.md) calls *adopted* is an option
whose default is the reference's value, so a league can choose another reading; so is each
tile value the pack marks as adopted (docs/rules/peloponnes.md, Options).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from domain.core import PLATFORM_OPTIONS, Option
from domain.games.peloponnes.content import DISASTERS, Content, Disaster, Tile

NO_PROTECTION = "none"


def protection_option(tile: Tile) -> str:
    return f"protects_{tile.id}"


def abilities_option(tile: Tile) -> str:
    return f"abilities_{tile.id}"


def options(content: Content) -> tuple[Option, ...]:
    return (
        Option("sea_tiles", False, "expansion: the sea tiles"),
        Option(
            "six_player_tiles",
            "auto",
            "expansion: the 8 six-player tiles (6 drawn a round); auto uses them with 6 seats",
            ("auto", "yes", "no"),
        ),
        Option(
            "compensation",
            1,
            "coins for a seat that ends the round without a tile (adopted: 1)",
            bounds=(0, 5),
        ),
        Option(
            "turn_order",
            "tile_minimum",
            "next round's order (adopted: winners by their tile's minimum bid, low first, "
            "then seats without a tile)",
            ("tile_minimum", "amount_paid", "fixed"),
        ),
        Option(
            "storage",
            "capped",
            "wood and stone capped at 10, food at 13, the excess onto the luxury track "
            "(adopted), or unlimited",
            ("capped", "unlimited"),
        ),
        Option(
            "thirds",
            "round_up",
            "plague and drought take a third, rounded up (uncertain) or down",
            ("round_up", "round_down"),
        ),
        Option(
            "supply_timing",
            "at_reveal",
            "a revealed supply tile's supply happens at once, or at the end of that round",
            ("at_reveal", "round_end"),
        ),
        Option(
            "tie_break",
            "higher_value",
            "tied scores: the higher of the two compared values wins (adopted), else shared",
            ("higher_value", "shared"),
        ),
        Option(
            "unpaid_buildings",
            "inactive",
            "an unpaid building gives no income, protection, ability or prestige until paid",
            ("inactive", "active"),
        ),
        *_adopted_tile_options(content),
        *PLATFORM_OPTIONS,
    )


def _adopted_tile_options(content: Content) -> tuple[Option, ...]:
    found: list[Option] = []
    for tile in content.tiles.values():
        if "protects" in tile.adopted and tile.protects is not None:
            found.append(
                Option(
                    protection_option(tile),
                    tile.protects,
                    f"the disaster {tile.label} protects its owner from (adopted: {tile.protects})",
                    (*DISASTERS, NO_PROTECTION),
                )
            )
        if "abilities" in tile.adopted:
            found.append(
                Option(
                    abilities_option(tile),
                    "adopted",
                    f"{tile.label}'s ability: the adopted reading of its icon, or none",
                    ("adopted", "none"),
                )
            )
    return tuple(found)


def protects(options: Mapping[str, Any], tile: Tile) -> Disaster | None:
    """The disaster a tile protects from, after the options."""
    if "protects" not in tile.adopted:
        return tile.protects
    chosen = options.get(protection_option(tile), tile.protects)
    return next((d for d in DISASTERS if d == chosen), None)


def frees_placement(options: Mapping[str, Any], tile: Tile) -> bool:
    if "abilities" in tile.adopted and options.get(abilities_option(tile)) == "none":
        return False
    return tile.free_placement


def is_capped(options: Mapping[str, Any]) -> bool:
    return bool(options.get("storage", "capped") == "capped")


def uses_six_player_tiles(options: Mapping[str, Any], seats: int) -> bool:
    chosen = options.get("six_player_tiles", "auto")
    return bool(chosen == "yes" or (chosen == "auto" and seats == 6))
