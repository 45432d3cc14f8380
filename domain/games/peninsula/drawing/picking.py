"""Peninsula's legal commands in words and as the board places a seat clicks to make them.

A place is named as the drawing's ``data-place`` names it (``sheets`` and ``table`` draw
each one): a hex by its sheet label (``F5``), a face-up card's icon (``card 1
village``), a solo card's side (``card 2 left``), a mission card (``mission B: 2 VP``), and the
seat's own controls under its sheet (``end actions``, ``lifesaver``, ``harbor tickets``, an
icon in hand: ``hand mountain``). A command's places come in the order a player picks them:
what the move is made with first, then where, then where its arrow or path goes.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from domain.core.drawing.board import Ghost, say_plainly

END_ACTIONS = "end actions"
LIFESAVER = "lifesaver"
HARBOR_TICKETS = "harbor tickets"


def card_icon(index: int, icon: str) -> str:
    """An icon on face-up card ``index`` (0-based, as commands count; 1-based in words)."""
    return f"card {index + 1} {icon}"


def card_side(index: int, side: str) -> str:
    return f"card {index + 1} {side}"


def mission(letter: str, vp: int) -> str:
    """A mission card, named with what it shows (``B: 2 VP``) so its name holds its words."""
    return f"mission {letter}: {vp} VP"


def in_hand(icon: str) -> str:
    return f"hand {icon}"


def say(command: Mapping[str, Any], content: Any) -> str:
    """A legal command in words, its hexes by their sheet labels."""
    place = _labeller(content)
    kind = command.get("type")
    if kind == "move_architect":
        # ``via`` is the path's hexes between here and there (a swimmer's or a ferry's)
        path = command.get("via") or []
        via = f" via {', '.join(place(p) for p in path)}" if path else ""
        return f"move the architect to {place(command['to'])} by {command['by']}{via}"
    if kind == "draw_icon":
        arrow = command.get("arrow")
        extra = f", with an arrow to {place(arrow)}" if _is_place(arrow) else ""
        bonus = f", using {command['bonus']}" if command.get("bonus") else ""
        return f"draw a {command['icon']} at {place(command['at'])}{extra}{bonus}"
    if kind == "trade_icon":
        return f"trade the {command['icon']} to move to {place(command['to'])} by {command['by']}"
    if kind == "draft_card":
        return f"draft card {command['card'] + 1}, keeping the {command['keep']}"
    if kind == "fill_icon":
        return f"fill the icon at {place(command['at'])}"
    if kind == "end_actions":
        return "end your actions"
    if kind == "claim_mission":
        hexes = ", ".join(place(h) for h in command.get("placement") or [])
        on = f" on {hexes}" if hexes else ""
        return f"claim mission {command['mission']} with the {command['icon']}s{on}"
    return _say_bonus(command, place) or say_plainly(_labelled(command, place), content)


def _say_bonus(command: Mapping[str, Any], place: Callable[[Any], str]) -> str:
    """The rarer commands (a draft in solo, a lifesaver, the landmark bonuses) in words."""
    match command.get("type"):
        case "choose_icons":
            return f"take card 1's {command['first']} icon and card 2's {command['second']}"
        case "use_lifesaver":
            return "use a lifesaver: draw the active seat's icon instead"
        case "use_rainbow":
            return f"rainbow: turn the {command['icon']} in hand into a {command['into']}"
        case "use_harbor_tickets":
            return "use the harbor tickets bonus: gain 2 harbor tickets this turn"
        case "draw_harbor":
            return f"draw a harbor at {place(command['sea'])} for {place(command['land'])}"
        case "steepen_coast":
            return f"steepen the coast at {place(command['at'])}"
        case "build_bridge":
            return f"build a bridge from {place(command['a'])} to {place(command['b'])}"
        case "light_landmark":
            return f"light the landmark at {place(command['at'])}"
    return ""


def places(command: Mapping[str, Any], content: Any) -> list[str]:
    """The places a seat clicks, in order, to make ``command`` on the board."""
    return [*_controls(command, content), *_hexes(command, _labeller(content))]


def orders(command: Mapping[str, Any], content: Any) -> list[list[str]]:
    """An icon drawn or traded may be picked in the seat's hand first, then its hexes."""
    if command.get("type") in ("draw_icon", "trade_icon"):
        return [[in_hand(command["icon"]), *places(command, content)]]
    return []


def ghosts(command: Mapping[str, Any], content: Any) -> list[Ghost]:
    """What a move leaves on the sheet, for the preview: the icon, its arrow, the
    architect where it goes, a claimed mission's hexes."""
    place = _labeller(content)
    match command.get("type"):
        case "draw_icon":
            arrow = command.get("arrow")
            tail = [Ghost(place(arrow), "arrow", joined=True)] if _is_place(arrow) else []
            return [Ghost(place(command["at"]), command["icon"]), *tail]
        case "move_architect" | "trade_icon":
            return [Ghost(place(command["to"]), "architect")]
        case "fill_icon":
            return [Ghost(place(command["at"]), "filled")]
        case "claim_mission":
            claimed = f"mission {command['mission']}"
            return [Ghost(place(h), claimed) for h in command.get("placement") or []]
        case "draft_card":
            return [Ghost(card_icon(command["card"], command["keep"]), "kept")]
        case "draw_harbor":
            return [Ghost(place(command["sea"]), "harbor")]
        case "build_bridge":
            return [Ghost(place(command["a"]), "bridge"), Ghost(place(command["b"]), "", True)]
        case "steepen_coast":
            return [Ghost(place(command["at"]), "cliff")]
        case "light_landmark":
            return [Ghost(place(command["at"]), "lit")]
    return []


def _controls(command: Mapping[str, Any], content: Any) -> list[str]:
    """The places a command is made with before any hex: a card, a mission, a control."""
    match command.get("type"):
        case "draft_card":
            return [card_icon(command["card"], command["keep"])]
        case "choose_icons":
            return [card_side(0, command["first"]), card_side(1, command["second"])]
        case "claim_mission":
            vp = {m["letter"]: m["vp"] for m in content.get("missions", [])}
            return [mission(command["mission"], vp.get(command["mission"], 0))]
        case "use_rainbow":
            return [in_hand(command["icon"])]
        case "use_lifesaver":
            return [LIFESAVER]
        case "use_harbor_tickets":
            return [HARBOR_TICKETS]
        case "end_actions":
            return [END_ACTIONS]
    return []


def _hexes(command: Mapping[str, Any], place: Callable[[Any], str]) -> list[str]:
    """Every hex the command names, in its fields' order: where a move is made, then where
    its arrow or path goes (a mission's placement, hex by hex)."""
    found: list[str] = []

    def walk(value: Any) -> None:
        if _is_place(value):
            found.append(place(value))
        elif isinstance(value, Mapping):
            for key, inner in value.items():
                if key != "seat":
                    walk(inner)
        elif isinstance(value, list | tuple):
            for inner in value:
                walk(inner)

    walk(command)
    return found


def _labeller(content: Any) -> Callable[[Any], str]:
    labels = {(h["q"], h["r"]): h["label"] for m in content.get("maps", []) for h in m["hexes"]}

    def place(p: Any) -> str:
        return str(labels.get((p["q"], p["r"]), f"({p['q']},{p['r']})")) if p else ""

    return place


def _labelled(value: Any, place: Any) -> Any:
    """The command with every place written as its sheet label, and no seat."""
    if _is_place(value):
        return place(value)
    if isinstance(value, Mapping):
        return {k: _labelled(v, place) for k, v in value.items() if k != "seat"}
    if isinstance(value, list | tuple):
        return [_labelled(v, place) for v in value]
    return value


def _is_place(value: Any) -> bool:
    return isinstance(value, Mapping) and set(value) == {"q", "r"}
