"""Peloponnes' legal commands in words, as the board places a seat clicks to make them
(tiles by id, the decision band's buttons), and what each leaves on them (a preview)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from domain.core.drawing.board import Ghost, say_plainly
from domain.games.peloponnes.drawing.layout import Tiles


def say(command: Mapping[str, Any], content: Any) -> str:
    tiles = Tiles(content)
    kind = command.get("type")
    if kind == "bid":
        return f"bid {command['amount']} for {tiles.words(command['tile'])}"
    if kind == "withdraw":
        return "withdraw from the bidding"
    if kind == "pay_now":
        return "pay for the building now"
    if kind == "mark_with_coin":
        return "mark the building with a coin and pay later"
    plain = {k: v for k, v in command.items() if k != "seat"}
    return say_plainly(plain, content)


def places(command: Mapping[str, Any], content: Any) -> list[str]:
    """The places a command is made with, in the order they are clicked: a bid's tile and
    its coins, a moved bid's tile, a sea tile, the decision band's buttons, the goods of a
    chosen income one by one, and the tableau tiles saved or paid for (by id, "none" for
    none of them; those two and the goods may be clicked in any order: ``unordered``)."""
    kind = command.get("type")
    if kind == "bid":
        return [str(command["tile"]), f"coins:{command['amount']}"]
    if kind == "move_bid":
        return [str(command["tile"])]
    if kind == "buy_sea_tile":
        return [f"sea:{command['tile']}"]
    if kind == "choose_income":
        return [f"good:{g}" for g in command["goods"]]
    if kind in ("save_tiles", "pay_unpaid"):
        return sorted(str(t) for t in command["tiles"]) or ["none"]
    if kind == "choose_end_bonus":
        return [f"end:{command['tile']}:{command['pick']}"]
    fixed = {"withdraw": "withdraw", "pay_now": "pay:now", "mark_with_coin": "pay:mark"}
    return [fixed[kind]] if kind in fixed else []


def unordered(command: Mapping[str, Any]) -> bool:
    """Goods of an income and tiles saved or paid for are a set: any order makes it."""
    return command.get("type") in ("choose_income", "save_tiles", "pay_unpaid")


def ghosts(command: Mapping[str, Any], content: Any) -> list[Ghost]:
    """What a move leaves on its places, for the preview (from the command alone)."""
    kind = command.get("type")
    if kind == "bid":
        return [Ghost(str(command["tile"]), f"your bid: {command['amount']}")]
    if kind == "move_bid":
        return [Ghost(str(command["tile"]), "your bid")]
    if kind == "buy_sea_tile":
        return [Ghost(f"sea:{command['tile']}", "bought")]
    if kind == "choose_income":
        goods = list(command["goods"])
        return [Ghost(f"good:{g}", f"+{goods.count(g)}") for g in dict.fromkeys(goods)]
    if kind in ("save_tiles", "pay_unpaid"):
        done = "saved" if kind == "save_tiles" else "paid"
        return [Ghost(str(t), done) for t in command["tiles"]]
    return []
