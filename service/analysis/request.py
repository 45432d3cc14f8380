"""What an analysis asks for, checked, and the key it is cached under."""

from __future__ import annotations

import hashlib
from dataclasses import asdict, dataclass
from typing import Any, Literal

from domain.core import Ruleset
from service.application import BadRequest
from service.store.records import canonical_json

Kind = Literal["graph", "hints"]
DEFAULT_ROLLOUTS = 100
MAX_ROLLOUTS = 10_000
DEFAULT_TOP = 8
MAX_TOP = 64
DEFAULT_SEED = "cairn"
"""The analysis seed when none is given: fixed, so an analysis repeats unless asked not to."""
DEFAULT_BOT = "greedy"


@dataclass(frozen=True)
class Request:
    """One analysis of one game: a graph of every decision point, or hints at one point.

    ``at`` is the position after event ``at`` (hints only); ``top`` bounds the commands
    scored there; ``seed`` is the analysis seed every rollout's luck is derived from.
    """

    kind: Kind = "graph"
    bot: str = DEFAULT_BOT
    rollouts: int = DEFAULT_ROLLOUTS
    seed: str = DEFAULT_SEED
    at: int | None = None
    top: int = DEFAULT_TOP

    def checked(self, ruleset: Ruleset[Any, Any, Any]) -> Request:
        if self.kind not in ("graph", "hints"):
            raise BadRequest("an analysis is a 'graph' or 'hints'")
        if self.bot not in ruleset.bots:
            known = ", ".join(sorted(ruleset.bots))
            raise BadRequest(f"{ruleset.title} has no bot {self.bot!r}; it has {known}")
        if not 1 <= self.rollouts <= MAX_ROLLOUTS:
            raise BadRequest(f"rollouts must be between 1 and {MAX_ROLLOUTS}")
        if not 1 <= self.top <= MAX_TOP:
            raise BadRequest(f"top must be between 1 and {MAX_TOP}")
        if not self.seed or len(self.seed) > 200:
            raise BadRequest("the analysis seed is 1 to 200 characters")
        if self.kind == "hints" and self.at is None:
            raise BadRequest("hints are for one position: give at")
        if self.kind == "graph" and self.at is not None:
            raise BadRequest("a graph covers the whole game: at is for hints")
        return self

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


def request_key(
    request: Request, *, version: int, viewer: str, rules_version: str
) -> tuple[str, dict[str, Any]]:
    """The cache key of ``request`` on a game at ``version`` as ``viewer`` may know it:
    sha256 of the canonical JSON, and that JSON as stored beside the result."""
    body = {**request.to_json(), "version": version, "viewer": viewer, "rules": rules_version}
    return hashlib.sha256(canonical_json(body).encode()).hexdigest(), body
