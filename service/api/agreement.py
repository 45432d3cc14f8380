"""What the OpenAPI document must say for it and the server to agree, beyond what Litestar
infers from the handlers: a generated client (or schemathesis, which checks both ways in
``tests/service/api/test_conformance.py``) sends only what the server accepts and is
answered only as the document says.

* An optional parameter's schema is its value's, without ``null`` (a header or query
  parameter left out is how "none" is sent; ``null`` would be the text "null").
* Every id in a path that the server reads as a UUID is declared ``format: uuid``.
* An operation that reads a JSON body may answer 413 (too large) and 415 (not JSON, or no
  content type at all); one that reads none answers neither, whatever it declared.
* The plain fields of a request body are described by msgspec, which decodes them
  (``service.api.schemas.exact_fields``): Litestar drops a bound of 0 on an optional field
  and every constraint on a list's items.
* An operation on one game may answer 409 ``rules_version_mismatch``: the game was recorded
  under rules this engine cannot replay exactly (docs/rules-versions.md), whatever it reads.
* Integer bounds are integers: Litestar writes ``1.0``, and a schema-driven generator then
  sends ``28.0`` for an integer, which the strict decoder refuses.
"""

from __future__ import annotations

from typing import Any

from service.api.schemas import exact_fields

UUID_IDS = frozenset({"game_id", "league_id", "analysis_id", "hook_id"})
"""Path parameters parsed as UUIDs (a player is named by name or id, so ``player_id`` is
not one)."""
BODY_REFUSALS = {
    "413": "The body is larger than this operation accepts",
    "415": "The body is not sent as JSON (or has no Content-Type)",
}
_BOUNDS = ("minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum")


def agree(doc: dict[str, Any]) -> None:
    """Make ``doc`` (Litestar's document, as a dict) say what the server does, in place."""
    schemas = doc.get("components", {}).get("schemas", {})
    for name, fields in exact_fields.items():
        key = next((k for k in schemas if k == name or k.endswith(f"_{name}")), None)
        if key is not None:
            schemas[key].setdefault("properties", {}).update(fields)
    for operations in doc.get("paths", {}).values():
        for operation in operations.values():
            if isinstance(operation, dict):
                _absent_not_null(operation)
                _uuid_ids(operation)
                _body_refusals(operation)
                _unreplayable_games(operation)
    _integral_bounds(doc)


def _absent_not_null(operation: dict[str, Any]) -> None:
    """An optional parameter is left out, never sent as null: its schema is the other arm
    (Litestar writes ``oneOf: [X, null]`` with X's bounds beside it)."""
    for parameter in operation.get("parameters", []):
        schema = parameter.get("schema", {})
        arms = schema.get("oneOf") or schema.get("anyOf") or []
        kept = [arm for arm in arms if arm.get("type") != "null"]
        if len(arms) == 2 and len(kept) == 1:
            rest = {k: v for k, v in schema.items() if k not in ("oneOf", "anyOf")}
            parameter["schema"] = {**kept[0], **rest}


def _uuid_ids(operation: dict[str, Any]) -> None:
    for parameter in operation.get("parameters", []):
        if parameter.get("in") == "path" and parameter.get("name") in UUID_IDS:
            parameter["schema"] = {"type": "string", "format": "uuid"}


def _body_refusals(operation: dict[str, Any]) -> None:
    responses = operation.setdefault("responses", {})
    body = operation.get("requestBody")
    for status, description in BODY_REFUSALS.items():
        if body is None:
            responses.pop(status, None)
        else:
            responses.setdefault(status, {"description": description})
    if body is not None and "application/json" in body.get("content", {}):
        responses.setdefault("400", {"description": "Malformed JSON, or a value out of range"})


def _unreplayable_games(operation: dict[str, Any]) -> None:
    names = {p.get("name") for p in operation.get("parameters", []) if p.get("in") == "path"}
    if "game_id" in names:
        operation.setdefault("responses", {}).setdefault("409", {"description": UNREPLAYABLE})


UNREPLAYABLE = (
    "The game was recorded under rules this engine cannot replay (rules_version_mismatch)"
)


def _integral_bounds(value: Any) -> None:
    if isinstance(value, dict):
        for key, item in value.items():
            if key in _BOUNDS and isinstance(item, float) and item.is_integer():
                value[key] = int(item)
            else:
                _integral_bounds(item)
    elif isinstance(value, list):
        for item in value:
            _integral_bounds(item)
