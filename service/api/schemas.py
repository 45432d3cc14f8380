"""The OpenAPI document says what the server refuses: a request struct that forbids unknown
fields gets ``additionalProperties: false``, so a client generated from the document (or
schemathesis) knows an extra field is a 400; and its plain fields are described by msgspec,
the decoder that enforces them (``exact_fields``)."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

import msgspec

# Litestar's own plugin for msgspec structs (private, pinned by litestar<3 in pyproject).
from litestar._openapi.schema_generation.plugins.struct import StructSchemaPlugin

if TYPE_CHECKING:
    from litestar._openapi.schema_generation import SchemaCreator
    from litestar.openapi.spec import Schema
    from litestar.typing import FieldDefinition

exact_fields: dict[str, dict[str, Any]] = {}
"""Per strict struct (by its name), msgspec's own schema of each field that names no
other schema. Litestar drops a bound of 0 on an optional field (it tests the bound's truth)
and every constraint on a list's items, so a client would send what the server refuses;
``service.api.document`` puts these in their place."""


class StrictStructSchemas(StructSchemaPlugin):
    def to_openapi_schema(
        self, field_definition: FieldDefinition, schema_creator: SchemaCreator
    ) -> Schema:
        schema = super().to_openapi_schema(field_definition, schema_creator)
        info = msgspec.inspect.type_info(field_definition.type_)
        if getattr(info, "forbid_unknown_fields", False):
            schema.additional_properties = False
            exact_fields[field_definition.type_.__name__] = _plain_fields(field_definition.type_)
        return schema


def _plain_fields(struct: Any) -> dict[str, Any]:
    _, components = msgspec.json.schema_components([struct])
    fields = components[struct.__name__].get("properties", {})
    return {name: field for name, field in fields.items() if '"$ref"' not in json.dumps(field)}
