"""Snapshots pickle domain states, whose read-only mappings need a reducer."""

from __future__ import annotations

import pickle
import types
from dataclasses import dataclass
from typing import Any

import service.application.loading  # noqa: F401 - registers the reducer


@dataclass(frozen=True)
class Held:
    table: types.MappingProxyType[str, Any]


def test_a_state_with_read_only_mappings_survives_a_snapshot() -> None:
    state = Held(types.MappingProxyType({"a": types.MappingProxyType({"b": (1, 2)})}))
    again = pickle.loads(pickle.dumps(state, protocol=pickle.HIGHEST_PROTOCOL))
    assert again == state
    assert isinstance(again.table, types.MappingProxyType)
    assert isinstance(again.table["a"], types.MappingProxyType)
