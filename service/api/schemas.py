"""The OpenAPI document says what the server refuses: a request struct that forbids unknown
fields gets ``additionalProperties: false``, so a client generated from the document (or
schemathesis) knows an extra field is a 400."""

from __future__ import annotations

from typing import TYPE_CHECKING

import msgspec

# Litestar's own plugin for msgspec structs (private, pinned by litestar<3 in pyproject).
from litestar._openapi.schema_generation.plugins.struct import StructSchemaPlugin

if TYPE_CHECKING:
    from litestar._openapi.schema_generation import SchemaCreator
    from litestar.openapi.spec import Schema
    from litestar.typing import FieldDefinition


class StrictStructSchemas(StructSchemaPlugin):
    def to_openapi_schema(
        self, field_definition: FieldDefinition, schema_creator: SchemaCreator
    ) -> Schema:
        schema = super().to_openapi_schema(field_definition, schema_creator)
        info = msgspec.inspect.type_info(field_definition.type_)
        if getattr(info, "forbid_unknown_fields", False):
            schema.additional_properties = False
        return schema
