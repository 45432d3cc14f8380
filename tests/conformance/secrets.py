"""Secrets the conformance suite derives by itself, and the search for them in what is shown.

A viewer's secrets are the values inside events it may not see (server-only and other
seats' events) that appear in no event it may see. A ruleset cannot opt out: a ``secrets``
hook that lists nothing hides nothing from this search. To keep coincidences out, only
values that carry information are kept: strings of 16 characters or more, lists of three
items or more, and objects of two keys or more. A single hidden number (one card drawn into
a hand) cannot be told from a coincidence, so a ruleset whose secrets are such scalars lists
what they add up to (a hand, say) in its ``secrets`` hook as well.
"""

from __future__ import annotations

from typing import Any

from domain.core import can_see
from domain.core.codec import encode
from service.store.records import canonical_json

MIN_TEXT = 16
MIN_ITEMS = 3
MIN_KEYS = 2


def subtrees(value: Any) -> set[str]:
    """The canonical JSON of every node in a JSON value."""
    found = {canonical_json(value)}
    if isinstance(value, dict):
        for child in value.values():
            found |= subtrees(child)
    elif isinstance(value, list):
        for child in value:
            found |= subtrees(child)
    return found


def telling(value: Any) -> list[Any]:
    """The nodes of a JSON value that carry enough information to be a secret."""
    out: list[Any] = []
    if isinstance(value, str) and len(value) >= MIN_TEXT:
        out.append(value)
    elif isinstance(value, list):
        if len(value) >= MIN_ITEMS:
            out.append(value)
        for child in value:
            out += telling(child)
    elif isinstance(value, dict):
        if len(value) >= MIN_KEYS:
            out.append(value)
        for child in value.values():
            out += telling(child)
    return out


class Knowledge:
    """What one viewer has been shown by the feed, and what was kept from it."""

    def __init__(self, viewer: int | None) -> None:
        self.viewer = viewer
        self.known: set[str] = set()
        self.hidden: dict[str, Any] = {}
        self.feed: list[Any] = []

    def observe(self, ruleset: Any, events: tuple[Any, ...]) -> None:
        for event in events:
            payload = encode(event)
            if can_see(ruleset.visibility(event), self.viewer):
                self.known |= subtrees(payload)
                self.feed.append(payload)
            else:
                for node in telling(payload):
                    self.hidden.setdefault(canonical_json(node), node)

    def derived(self) -> list[Any]:
        """What this viewer may not see: hidden values it was never shown another way."""
        return [node for text, node in self.hidden.items() if text not in self.known]


def declared(ruleset: Any, state: Any, viewer: int | None) -> list[Any]:
    """What the ruleset itself lists as secret from ``viewer`` (empty values carry nothing)."""
    return [s for s in ruleset.secrets(state, viewer) if s not in ("", None, [], {})]


def assert_not_in(secrets: list[Any], shown: Any, message: str) -> None:
    """No secret is a JSON subtree of ``shown``, and no long secret string is inside it.

    A subtree's canonical JSON is a substring of the whole's, so the substring test is a
    cheap filter; only a hit pays for the exact walk over every subtree.
    """
    text = canonical_json(shown)
    nodes: set[str] | None = None
    for secret in secrets:
        spelled = canonical_json(secret)
        if spelled in text:
            nodes = subtrees(shown) if nodes is None else nodes
            assert spelled not in nodes, f"{message}: {spelled[:120]}"
        if isinstance(secret, str) and len(secret) >= MIN_TEXT:
            assert secret not in text, message.replace("secret", "secret text")
