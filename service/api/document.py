"""The OpenAPI document a front end is built on, and its documentation page, offline.

Litestar generates the document from the handlers and the msgspec structs; this module
adds what only the registered rulesets know, generated from their code
(``service.command_schemas``, from the type hints the codec follows):

* ``Command``: a seat's command, per ruleset a union discriminated by ``type``
  (``commands.<ruleset>``), in ``SendCommand.command`` and ``LegalCommands.commands``;
* ``Event``: a stored event as the feed, the stream and command answers carry it, with its
  payload typed by its ``type`` (``event.<name>``);
* ``GameView``: the view, typed by the game's ``ruleset`` (``view.<ruleset>``, from
  ``Presentation.view_type``; a ruleset without one is described as an object);
* the security schemes (a seat's bearer token, a stream ticket, the admin token), and every
  4xx and 503 answer as ``application/problem+json``;
* what makes it agree with the server where Litestar's inference falls short (UUID ids,
  413 and 415 exactly where a body is read, exact body fields: ``service.api.agreement``).

The rulesets are those registered when the document is first served (every shipped one is
registered at import); the typed document is built once per process.

Swagger UI's files come from the ``swagger-ui-bundle-v2`` package and are served under
``/schema/assets``, so ``/schema`` needs no network beyond the server.
"""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import swagger_ui_bundle  # type: ignore[import-untyped]  # no stubs; one path is read
from litestar import Request, Response, get
from litestar.datastructures import CacheControlHeader
from litestar.openapi.plugins import JsonRenderPlugin, SwaggerRenderPlugin
from litestar.static_files import create_static_files_router

from domain.core import registry
from domain.core.registry import wire_name
from service.api.agreement import agree
from service.command_schemas import JSONSchema, command_schema, event_schema, type_schema
from service.viewer.pages import page

ASSETS = "/schema/assets"
PLACES = (
    "**Places.** A place on a board is written the same way in views, commands, legal"
    " commands, events and served content: as the ruleset's coordinates object. A hex"
    ' board writes a hex as `{"q": q, "r": r}`, axial coordinates of pointy-top hexes with'
    " odd rows shifted east; its content pack (`GET /rulesets/{ruleset}/content/{hash}`)"
    ' gives every hex its sheet label (`"C4"`) for people. A place from a view compares'
    " equal to the same place in a legal command."
)
SECURITY_SCHEMES: dict[str, Any] = {
    "playerToken": {
        "type": "http",
        "scheme": "bearer",
        "description": "A player account's token (cairn player create prints it once); it"
        " also acts in the player's seats of league games.",
    },
    "seatToken": {
        "type": "http",
        "scheme": "bearer",
        "description": "A seat's token, returned once when the seat is created or joined.",
    },
    "streamTicket": {
        "type": "apiKey",
        "in": "query",
        "name": "ticket",
        "description": "A short-lived stream ticket (POST /games/{id}/stream-tickets), for a"
        " browser's EventSource, which cannot send the token.",
    },
    "adminToken": {
        "type": "http",
        "scheme": "bearer",
        "description": "The organisers' token `cairn serve` was given (--admin-token-file).",
    },
    "creatorToken": {
        "type": "http",
        "scheme": "bearer",
        "description": "A game's creator token, returned once by createGame"
        " (`creator_token`); it may abandon that game (docs/live-play.md).",
    },
}
EVENT_RECORD: JSONSchema = {
    "type": "object",
    "description": "A stored event; `hash`, `prev_hash` and `command` appear once it is"
    " public to everyone (the game and its ancestors are over).",
    "properties": {
        "seq": {"type": "integer"},
        "type": {"type": "string"},
        "schema_version": {"type": "integer"},
        "visibility": {"type": "string"},
        "actor": {"type": ["string", "null"], "description": "`seat:N` or `system`"},
        "payload": {"type": "object", "additionalProperties": True},
        "recorded_at": {"type": "string", "format": "date-time"},
        "prev_hash": {"type": "string"},
        "hash": {"type": "string"},
        "command": {"type": ["object", "null"], "additionalProperties": True},
    },
    "required": ["seq", "type", "schema_version", "visibility", "actor", "payload"],
}


REQUEST_BODIES: dict[str, Any] = {
    "importReplay": {
        "required": True,
        "description": "A replay file (docs/replay-format.md), as GET /games/{id}/replay gives it",
        "content": {"application/x-ndjson": {"schema": {"type": "string"}}},
    }
}
"""Bodies a handler reads raw, which Litestar cannot describe by itself."""


def _ref(name: str) -> JSONSchema:
    return {"$ref": f"#/components/schemas/{name}"}


def typed(document: dict[str, Any]) -> dict[str, Any]:
    """Litestar's document with every ruleset's commands, events and views typed."""
    doc = copy.deepcopy(document)
    _request_bodies(doc)
    agree(doc)
    components = doc.setdefault("components", {})
    schemas = components.setdefault("schemas", {})
    components["securitySchemes"] = SECURITY_SCHEMES
    info = doc.setdefault("info", {})
    info["description"] = f"{info.get('description', '')}\n\n{PLACES}".strip()
    rulesets = registry.all_rulesets()
    _commands(schemas, rulesets)
    _events(schemas, rulesets)
    _views(schemas, rulesets)
    _patch(schemas, "SendCommand", "command", _ref("Command"))
    _patch(schemas, "LegalCommands", "commands", {"type": "array", "items": _ref("Command")})
    _patch(schemas, "EventPage", "events", {"type": "array", "items": _ref("Event")})
    _patch(schemas, "CommandAccepted", "events", {"type": "array", "items": _ref("Event")})
    _problems(doc)
    _headers(doc)
    return doc


def _commands(schemas: dict[str, Any], rulesets: tuple[Any, ...]) -> None:
    unions = []
    for ruleset in rulesets:
        mapping = {}
        for command_type in ruleset.command_types:
            name = wire_name(command_type)
            key = f"command.{ruleset.id}.{name}"
            schemas[key] = command_schema(command_type)
            mapping[name] = _ref(key)["$ref"]
        schemas[f"commands.{ruleset.id}"] = {
            "description": f"A command a seat of a {ruleset.title} game may send",
            "oneOf": [{"$ref": ref} for ref in mapping.values()],
            "discriminator": {"propertyName": "type", "mapping": mapping},
        }
        unions.append(_ref(f"commands.{ruleset.id}"))
    schemas["Command"] = {
        "description": "A command of the game's ruleset; GET /rulesets/{id} has each one's"
        " schema for that ruleset's newest rules version. `seat` may be left out: the token"
        " says which seat acts.",
        "anyOf": unions,
    }


def _events(schemas: dict[str, Any], rulesets: tuple[Any, ...]) -> None:
    variants = {}
    for ruleset in rulesets:
        for event_type in ruleset.event_types:
            name = wire_name(event_type)
            if name in variants:
                continue  # the lifecycle's events are every ruleset's
            schemas[f"event.{name}"] = event_schema(event_type)
            variants[name] = {
                "type": "object",
                "properties": {"type": {"const": name}, "payload": _ref(f"event.{name}")},
                "required": ["type", "payload"],
            }
    schemas["EventRecord"] = EVENT_RECORD
    schemas["Event"] = {
        "description": "A stored event, its payload typed by its type (at the event type's"
        " current schema_version; an older one carries that version's payload)",
        "allOf": [_ref("EventRecord"), {"oneOf": list(variants.values())}],
    }


def _views(schemas: dict[str, Any], rulesets: tuple[Any, ...]) -> None:
    variants = []
    for ruleset in rulesets:
        view_type = ruleset.presentation.view_type
        key = f"view.{ruleset.id}"
        if view_type is None:
            schemas[key] = {
                "type": "object",
                "additionalProperties": True,
                "description": "this ruleset publishes no view type",
            }
        else:
            schemas[key] = {**type_schema(view_type), "title": key}
        variants.append(
            {
                "type": "object",
                "properties": {"ruleset": {"const": ruleset.id}, "view": _ref(key)},
                "required": ["ruleset", "view"],
            }
        )
    name = _key(schemas, "GameView")
    schemas[name] = {"allOf": [schemas[name], {"oneOf": variants}]}


def _key(schemas: dict[str, Any], name: str) -> str:
    return next(k for k in schemas if k == name or k.endswith(f"_{name}"))


def _patch(schemas: dict[str, Any], struct: str, field: str, schema: JSONSchema) -> None:
    schemas[_key(schemas, struct)]["properties"][field] = schema


def _problems(doc: dict[str, Any]) -> None:
    """Every 4xx and 5xx answer of every operation is a problem, whatever Litestar put."""
    schema = _ref(_key(doc["components"]["schemas"], "Problem"))
    problem = {"application/problem+json": {"schema": schema}}
    for operations in doc.get("paths", {}).values():
        for operation in operations.values():
            if not isinstance(operation, dict):
                continue
            for status, response in operation.get("responses", {}).items():
                if str(status)[0] in "45":
                    response["content"] = problem


def _headers(doc: dict[str, Any]) -> None:
    """``Location`` on every 201 is a URL path, always sent; a content pack may be a 304."""
    for operations in doc.get("paths", {}).values():
        for operation in operations.values():
            if not isinstance(operation, dict):
                continue
            responses = operation.get("responses", {})
            location = responses.get("201", {}).get("headers", {}).get("Location")
            if location is not None:
                location.update(required=True, schema={"type": "string"})
            if operation.get("operationId") == "getContent":
                responses["304"] = {"description": "Not modified: the ETag matched"}


def _request_bodies(doc: dict[str, Any]) -> None:
    for operations in doc.get("paths", {}).values():
        for operation in operations.values():
            if isinstance(operation, dict) and operation.get("operationId") in REQUEST_BODIES:
                operation["requestBody"] = REQUEST_BODIES[operation["operationId"]]


class _Typed:
    """The typed document, built once from the first document Litestar hands over."""

    def __init__(self) -> None:
        self._built: tuple[int, dict[str, Any], bytes] | None = None

    def of(self, document: dict[str, Any]) -> tuple[dict[str, Any], bytes]:
        if self._built is None or self._built[0] != id(document):
            built = typed(document)
            self._built = (id(document), built, json.dumps(built).encode())
        return self._built[1], self._built[2]


_TYPED = _Typed()


class TypedJson(JsonRenderPlugin):
    """``/schema/openapi.json``: the typed document."""

    def render(self, request: Request[Any, Any, Any], openapi_schema: dict[str, Any]) -> bytes:
        return _TYPED.of(openapi_schema)[1]


class OfflineSwagger(SwaggerRenderPlugin):
    """``/schema``: Swagger UI from files this server serves, over the typed document."""

    def __init__(self) -> None:
        super().__init__(
            js_url=f"{ASSETS}/swagger-ui-bundle.js",
            css_url=f"{ASSETS}/swagger-ui.css",
            standalone_preset_js_url=f"{ASSETS}/swagger-ui-standalone-preset.js",
            path="/swagger",
            favicon=f"<link rel='icon' type='image/png' href='{ASSETS}/favicon-32x32.png'>",
        )

    def render(self, request: Request[Any, Any, Any], openapi_schema: dict[str, Any]) -> bytes:
        return super().render(request, _TYPED.of(openapi_schema)[0])


ASSET_FILES = create_static_files_router(
    path=ASSETS,
    directories=[Path(swagger_ui_bundle.swagger_ui_path)],
    include_in_schema=False,
    cache_control=CacheControlHeader(max_age=86400, public=True),
)


@get(
    "/",
    operation_id="getIndex",
    summary="Where the documentation is (a browser asking for HTML gets the home page)",
    tags=["health"],
)
async def index(request: Request[Any, Any, Any]) -> Response[Any]:
    # A person's browser asks for HTML first and gets the home page; a client asking for
    # JSON (or for anything) gets the discovery document.
    if request.accept.best_match(["application/json", "text/html"]) == "text/html":
        return page("home.html")
    return Response(INDEX, headers={"Vary": "Accept"})


INDEX = {
    "name": "Cairn",
    "documentation": "/schema",
    "openapi": "/schema/openapi.json",
    "rulesets": "/rulesets",
    "games": "/games",
    "viewer": "/viewer",
    "health": "/health",
}
