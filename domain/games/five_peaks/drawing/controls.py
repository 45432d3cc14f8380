"""Five Peaks' moves made on the board: the places each command uses (``places``) and the
controls the drawing shows for them (``controls``), named by one set of functions so that
the two always agree.

A place is a board cell (``"x,y"``), a card (in hand, in the market, a panorama, a drawn
campfire card), a stone, a resource or one of the turn's action buttons. A command that
needs several choices is picked in order: a card, then its option; the new tile, then the
corner it touches, then its turn; the campfire card kept, then the others in the order they
go under the deck; the container given, then the one taken.

The drawing shows a seat the controls its own view makes possible now (its stage, its
rewards, its backpack, its campfire cards); the page highlights, of those, only the ones a
legal command uses.
"""

from __future__ import annotations

import textwrap
from collections.abc import Iterable, Mapping
from typing import Any

from domain.core.drawing.board import Ghost
from domain.core.drawing.svg import element, group, text, title
from domain.games.five_peaks.drawing.turns import MINI, mini
from domain.games.five_peaks.geometry import label

BASICS = ("mushroom", "berry", "herb")
CONTAINERS = ("basket", "jar", "pouch")
RESOURCES = (*BASICS, *CONTAINERS)
BUTTON_H = 22.0
GAP = 4.0
CHAR = 6.3
"""A small (9 px) character's width at most, as the drawing measures its lines."""
ACTIONS = {
    "take_left": ("take left", "take what is left here"),
    "collect": ("collect", "collect this space"),
    "exchange": ("exchange", "exchange once"),
    "pack": ("pack", "pack two into a container"),
    "refresh": ("refresh market", "refresh the market"),
    "rest": ("rest", "rest for endorphins"),
    "draw_campfire": ("draw campfire", "draw campfire cards"),
}
TURNS = ("turned 0°", "turned 90°", "turned 180°", "turned 270°")


def cell(at: Mapping[str, Any]) -> str:
    return label(int(at["x"]), int(at["y"]))


def card(card_id: str) -> str:
    return f"card {card_id}"


def option(card_id: str, index: int) -> str:
    return f"{card_id} option {index + 1}"


def market(index: int) -> str:
    return f"market {index + 1}"


def places(command: Mapping[str, Any], content: Any) -> list[str]:
    """The places ``command`` uses, in the order a player picks them."""
    kind = command.get("type")
    if kind == "play_card":
        chosen, index = str(command["card"]), int(command.get("option", 0))
        return (
            [card(chosen)]
            if index == 0 and _options(content, chosen) == 1
            else [
                card(chosen),
                option(chosen, index),
            ]
        )
    if kind == "move":
        return [cell(command["to"])]
    if kind == "place_peak":
        return [cell(command["at"])]
    if kind == "place_tile":
        return ["new tile", cell(command["corner"]), TURNS[int(command["rotation"]) % 4]]
    if kind in ACTIONS:
        return [ACTIONS[str(kind)][0]]
    if kind == "pass":
        return ["pass"]
    if kind == "box_card":
        return [card(str(command["card"]))]
    if kind == "take_card":
        return [market(int(command["index"]))]
    if kind == "buy_panorama":
        return [f"panorama {command['card']}"]
    if kind == "place_stone":
        return [f"stone {command['stone']}"]
    if kind in ("forage", "harvest", "discard"):
        return [f"{kind} {command['resource']}"]
    if kind == "buy_container":
        return [f"buy {command['resource']}"]
    if kind == "convert":
        return [f"give {command['give']}", f"take {command['take']}"]
    if kind == "keep_campfire":
        returned = list(command.get("returned", []))
        return [f"campfire {c}" for c in [command["card"], *returned[:-1]]]
    return []


def ghosts(command: Mapping[str, Any], content: Any) -> list[Ghost]:
    """What a move leaves on the board, for the preview (from the command alone)."""
    kind = command.get("type")
    if kind == "move":
        return [Ghost(cell(command["to"]), "your hiker")]
    if kind == "place_peak":
        return [Ghost(cell(command["at"]), "peak")]
    if kind == "place_tile":
        turned = TURNS[int(command["rotation"]) % 4]
        return [Ghost(cell(command["corner"]), f"new tile, {turned}")]
    if kind == "take_card":
        return [Ghost(market(int(command["index"])), "taken")]
    if kind == "buy_panorama":
        return [Ghost(f"panorama {command['card']}", "bought")]
    return []


def _options(content: Any, card_id: str) -> int:
    for spec in content.get("cards", []):
        if spec["id"] == card_id:
            return len(spec.get("options", []))
    return 0


def button(x: float, y: float, width: float, place: str, words: str, about: str) -> str:
    """A control: a box with its words, named ``place`` for the page to highlight."""
    return group(
        [
            title(about),
            element(
                "rect",
                x=x,
                y=y,
                width=width,
                height=BUTTON_H,
                rx=3,
                fill="#fbfaf6",
                stroke="#8a7f6a",
            ),
            text(x + 4, y + 14.5, words, class_="small", stroke="none"),
        ],
        class_="control",
        data_place=place,
    )


def width_of(words: str) -> float:
    return len(words) * CHAR + 8


class Rows:
    """Controls laid out left to right, wrapping at ``right``."""

    def __init__(self, left: float, top: float, right: float) -> None:
        self.left, self.right = left, right
        self.x, self.y = left, top
        self.parts: list[str] = []

    def label(self, words: str) -> None:
        """Words over the controls after them, wrapped to the rows' width (a phone's)."""
        self.newline()
        lines = textwrap.wrap(words, max(int((self.right - self.left) / CHAR), 1))
        for i, line in enumerate(lines):
            self.parts.append(text(self.left, self.y + 12 + 12 * i, line, class_="small muted"))
        self.y += BUTTON_H + 12 * (len(lines) - 1)

    def add(self, place: str, words: str, about: str = "") -> None:
        wide = width_of(words)
        if self.x > self.left and self.x + wide > self.right:
            self.newline()
        self.parts.append(button(self.x, self.y, wide, place, words, about or words))
        self.x += wide + GAP

    def newline(self) -> None:
        if self.x > self.left:
            self.x = self.left
            self.y += BUTTON_H + GAP

    @property
    def bottom(self) -> float:
        return self.y + (BUTTON_H + GAP if self.x > self.left else 0)


def controls(view: Mapping[str, Any], content: Any, seat: int, rows: Rows) -> None:
    """The seat's hand, and on its turn the controls its stage and rewards make possible:
    an over-full backpack or a campfire draw comes first, then a reward, then the stage
    (docs/rules/five-peaks.md, Turn structure)."""
    hiker = view["hikers"][seat]
    mine = view.get("phase") == "play" and view.get("turn") == seat
    fires = _fires(content, hiker.get("campfire", []))
    if "hand" in hiker:
        _hand(view, content, hiker["hand"], ("twice" in fires) if mine else None, rows)
    if not mine:
        return
    rows.label("your moves now:")
    backpack = hiker.get("backpack", {})
    if sum(backpack.values()) > int(hiker.get("backpack_limit", 10)):
        _verbs(rows, "discard", [r for r in RESOURCES if backpack.get(r)], "put back one")
        return
    if hiker.get("drawn"):
        _campfire(content, hiker["drawn"], rows)
        return
    words = _pass_words(view)
    if words:
        rows.add("pass", words, "pass: " + words)
    if "buy_container" in fires:
        _verbs(rows, "buy", CONTAINERS, "buy a container")
    rewards = view.get("rewards") or []
    if rewards:
        if rewards[0]["kind"] == "campfire":
            rows.add(*_action("draw_campfire"))
        return
    _stage(view, content, hiker, rows)


def _stage(view: Mapping[str, Any], content: Any, hiker: Mapping[str, Any], rows: Rows) -> None:
    stage = str((view.get("stage") or {}).get("kind", ""))
    for verb in {"space": ("take_left", "collect", "exchange"), "pack": ("pack",),
                 "observe": ("refresh",), "camp": ("rest",)}.get(stage, ()):  # fmt: skip
        rows.add(*_action(verb))
    if stage == "tile" and view.get("revealed_tile"):
        _turns(content, str(view["revealed_tile"]), rows)
    if stage in ("forage", "harvest"):
        _verbs(rows, stage, BASICS, f"{stage} one")
    if stage == "space":
        backpack = hiker.get("backpack", {})
        _verbs(rows, "stone", sorted(set(hiker.get("stones", []))), "place a stone", "stone")
        _verbs(rows, "give", [c for c in CONTAINERS if backpack.get(c)], "convert: give")
        _verbs(rows, "take", CONTAINERS, "convert: take")


def _campfire(content: Any, drawn: list[str], rows: Rows) -> None:
    rows.label("campfire: click the card to keep, then the rest in the order they go under")
    titles = {f["id"]: f.get("title") or f["id"] for f in content.get("campfire", [])}
    for fire in drawn:
        rows.add(f"campfire {fire}", titles.get(fire.rsplit("-", 1)[0], fire), fire)


def _turns(content: Any, tile: str, rows: Rows) -> None:
    """The new tile, then each of its turns drawn small over the button that chooses it."""
    rows.newline()
    rows.add("new tile", f"new tile {tile}", f"the revealed terrain tile {tile}")
    spec = next((t for t in content.get("tiles", []) if t["id"] == tile), None)
    if spec is None:
        return
    high = int(spec["size"]) * MINI + GAP
    for turn, words in enumerate(TURNS):
        if rows.x + width_of(words) > rows.right:
            rows.newline()
        rows.parts.append(mini(rows.x, rows.y, turn, spec))
        rows.y += high
        rows.add(words, words, f"the new tile {words} clockwise")
        rows.y -= high
    rows.y += high


def _verbs(rows: Rows, verb: str, things: Iterable[str], about: str, name: str = "") -> None:
    listed = list(things)
    if not listed:
        return
    rows.newline()
    for thing in listed:
        words = f"{name or verb} {thing}"
        rows.add(words, words, f"{about} {thing}")


def _action(verb: str) -> tuple[str, str, str]:
    place, words = ACTIONS[verb]
    return place, words, words


def _pass_words(view: Mapping[str, Any]) -> str:
    """What passing does now, or "" where it is no choice: a card must be played, a
    revealed tile placed, a camp resolved (docs/rules/five-peaks.md, Turn structure)."""
    kind = (view.get("stage") or {}).get("kind")
    if view.get("rewards"):
        return "skip this reward"
    if kind in ("play", "tile", "camp"):
        return ""
    return "end your turn" if kind == "done" else "done with this step"


def _fires(content: Any, held: Iterable[str]) -> set[str]:
    """The effects of the seat's campfire cards (a card's id is its kind's and a copy's)."""
    effects = {f["id"]: f.get("effect") for f in content.get("campfire", [])}
    found = (effects.get(fire.rsplit("-", 1)[0]) or effects.get(fire) for fire in held)
    return {str(e.get("effect") if isinstance(e, Mapping) else e) for e in found if e}


def option_words(spec: Mapping[str, Any]) -> str:
    effect = str(spec.get("effect", ""))
    if effect == "move":
        return "move " + " or ".join(str(s) for s in spec.get("steps", []))
    if effect == "pack":
        return f"pack {spec.get('count')} {spec.get('give')} → {spec.get('take')}"
    if effect == "harvest":
        return f"harvest x{spec.get('times', 1)}"
    return effect.replace("_", " ")


def _hand(
    view: Mapping[str, Any], content: Any, hand: list[str], twice: bool | None, rows: Rows
) -> None:
    """The hand's cards, and at the play stage of the seat's turn (``twice`` not None)
    their options. The served content does not
    say which card a "twice" campfire card doubles, so with one every card offers it (the
    page highlights only the legal one)."""
    specs = {c["id"]: c for c in content.get("cards", [])}
    stage = (view.get("stage") or {}).get("kind")
    playing = twice is not None and stage == "play" and not view.get("rewards")
    boxing = twice is not None and stage == "box" and not view.get("rewards")
    how = " (click a card to play it)" if playing else " (click a card to box it)" if boxing else ""
    rows.label(f"your hand{how}:")
    for held in sorted(set(hand)):
        spec = specs.get(held, {"title": held, "options": []})
        copies = hand.count(held)
        words = str(spec.get("title") or held) + (f" x{copies}" if copies > 1 else "")
        rows.add(card(held), words, f"card {words}: " + ", ".join(
            option_words(o) for o in spec.get("options", [])))  # fmt: skip
        if not playing:
            continue
        options = [option_words(o) for o in spec.get("options", [])]
        if twice:
            options.append("move 1, twice")
        # A card of one option is played by its own click; only more options are offered.
        first = 0 if len(spec.get("options", [])) > 1 else 1
        for index, words in list(enumerate(options))[first:]:
            rows.add(option(held, index), f"{index + 1}: {words}", f"{held}: {words}")
