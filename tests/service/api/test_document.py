"""The OpenAPI document: readable operation ids, bearer auth as a security scheme, every
4xx a problem, Location on 201, typed commands, events and views generated from the code;
and the documentation page works offline."""

from __future__ import annotations

import copy
import json
import re
import uuid
from typing import Any

import httpx
import jsonschema_rs
import pytest
from openapi_spec_validator import validate
from openapi_spec_validator.validation.exceptions import OpenAPIValidationError

from domain.core import registry
from domain.core.registry import wire_name
from domain.leagues.standings import TIEBREAKS
from tests.service.api.conftest import Server
from tests.service.api.playing import Table

pytestmark = pytest.mark.storage

METHODS = {"get", "post", "put", "patch", "delete"}


@pytest.fixture(scope="module")
def document(server: Server) -> dict[str, Any]:
    with server.client() as http:
        body: dict[str, Any] = http.get("/schema/openapi.json").json()
    return body


def operations(document: dict[str, Any]) -> list[tuple[str, str, dict[str, Any]]]:
    return [
        (method, path, operation)
        for path, item in document["paths"].items()
        for method, operation in item.items()
        if method in METHODS
    ]


def test_the_document_is_valid_openapi(document: dict[str, Any]) -> None:
    validate(document)
    broken = copy.deepcopy(document)  # the control: the validator does refuse a bad one
    broken["paths"]["/games"]["post"]["parameters"] = [{"name": "x"}]
    with pytest.raises(OpenAPIValidationError):
        validate(broken)


def test_every_operation_has_a_readable_operation_id(document: dict[str, Any]) -> None:
    ids = [op["operationId"] for _, _, op in operations(document)]
    assert len(ids) == len(set(ids)) >= 17
    assert all(re.fullmatch(r"[a-z]+(?:[A-Z][a-z]+)*", i) for i in ids), ids
    assert {"createGame", "sendCommand", "getLegalCommands", "streamEvents"} <= set(ids)


def test_bearer_auth_is_a_security_scheme_not_a_header_parameter(
    document: dict[str, Any],
) -> None:
    schemes = document["components"]["securitySchemes"]
    assert schemes["seatToken"] == {**schemes["seatToken"], "type": "http", "scheme": "bearer"}
    assert schemes["streamTicket"]["in"] == "query"
    for method, path, operation in operations(document):
        headers = [
            p["name"].lower() for p in operation.get("parameters", []) if p["in"] == "header"
        ]
        assert "authorization" not in headers, (method, path)
    by_id = {op["operationId"]: op for _, _, op in operations(document)}
    assert by_id["sendCommand"]["security"] == [{"seatToken": []}]
    assert {} in by_id["getGame"]["security"], "a spectator needs no token"
    assert by_id["importReplay"]["security"] == [{"adminToken": []}]


def test_every_4xx_is_problem_json_and_every_201_carries_location(
    document: dict[str, Any],
) -> None:
    for _, path, operation in operations(document):
        for status, response in operation["responses"].items():
            if status.startswith(("4", "5")):
                assert set(response["content"]) == {"application/problem+json"}, (path, status)
            if status == "201":
                assert response["headers"]["Location"]["required"] is True, path


def test_commands_are_a_union_discriminated_by_type_per_ruleset(document: dict[str, Any]) -> None:
    schemas = document["components"]["schemas"]
    send = schemas["SendCommand"]["properties"]["command"]
    assert send == {"$ref": "#/components/schemas/Command"}
    legal = schemas["LegalCommands"]["properties"]["commands"]["items"]
    assert legal == {"$ref": "#/components/schemas/Command"}
    for ruleset in registry.all_rulesets():
        union = schemas[f"commands.{ruleset.id}"]
        assert union["discriminator"]["propertyName"] == "type"
        names = {wire_name(t) for t in ruleset.command_types}
        assert set(union["discriminator"]["mapping"]) == names
        for name in names:
            command = schemas[f"command.{ruleset.id}.{name}"]
            assert command["properties"]["type"] == {"const": name}
            assert command["additionalProperties"] is False


def _validator(document: dict[str, Any], name: str) -> Any:
    """A JSON Schema validator for one component, resolving refs inside the document."""
    return jsonschema_rs.validator_for({**document, "$ref": f"#/components/schemas/{name}"})


def test_a_recorded_game_fits_the_document(
    server: Server, http: httpx.Client, document: dict[str, Any]
) -> None:
    seats = [{"kind": "player", "player": "ann"}, {"kind": "bot", "bot": "random"}]
    table = Table.create(server, http, "peninsula", seats)
    for _ in range(4):
        table.step()
    server.quiet()
    game = _validator(document, "GameView")
    for viewer in (0, None):
        shown = table.view(viewer)
        assert game.is_valid(shown), list(game.iter_errors(shown))[:3]
    wrong = table.view(0)
    wrong["view"]["sheets"][0]["location"] = "E5"
    assert not game.is_valid(wrong), "a label is not a place"
    event = _validator(document, "Event")
    for recorded in table.events(0)["events"]:
        assert event.is_valid(recorded), (recorded["type"], list(event.iter_errors(recorded))[:3])
    command = _validator(document, "Command")
    if 0 in table.view()["to_act"]:
        for legal in table.legal(0):
            assert command.is_valid(legal), legal
    assert not command.is_valid({"type": "draw_icon", "at": "E5"})


def test_places_are_documented(document: dict[str, Any]) -> None:
    assert '{"q": q, "r": r}' in document["info"]["description"]


def test_the_documentation_page_needs_no_network(http: httpx.Client) -> None:
    page = http.get("/schema")
    assert page.status_code == 200 and "SwaggerUIBundle" in page.text
    sources = re.findall(r"(?:src|href)=[\"']([^\"']+)", page.text)
    assert sources and all(s.startswith("/schema/assets/") for s in sources), sources
    for source in sources:
        assert http.get(source).status_code == 200, source
    assert "cdn." not in page.text and "https://" not in page.text.split("<body>")[0]


def test_the_root_points_to_the_documentation(http: httpx.Client) -> None:
    index = http.get("/").json()
    assert index["documentation"] == "/schema" and index["openapi"] == "/schema/openapi.json"
    assert http.get(index["openapi"]).status_code == 200


UUID_IDS = {"game_id", "league_id", "analysis_id", "hook_id"}


def test_every_id_the_server_reads_as_a_uuid_is_declared_one(document: dict[str, Any]) -> None:
    """A generated client (or schemathesis) would otherwise send "0" and be refused."""
    seen = set()
    for method, path, operation in operations(document):
        for parameter in operation.get("parameters", []):
            if parameter["in"] == "path" and parameter["name"] in UUID_IDS:
                seen.add(parameter["name"])
                assert parameter["schema"] == {"type": "string", "format": "uuid"}, (method, path)
    assert seen == UUID_IDS


def test_413_and_415_are_declared_exactly_where_a_body_is_read(
    document: dict[str, Any],
) -> None:
    for method, path, operation in operations(document):
        declared = {"413", "415"} & set(operation["responses"])
        reads = "requestBody" in operation
        assert declared == ({"413", "415"} if reads else set()), (method, path)


def test_every_operation_on_a_game_declares_the_unreplayable_409(
    document: dict[str, Any],
) -> None:
    """A game recorded under rules this engine cannot replay answers 409
    rules_version_mismatch from any operation that loads it (schemathesis found it
    undocumented on board.svg and steps)."""
    on_games = 0
    for method, path, operation in operations(document):
        if "{game_id}" in path:
            on_games += 1
            assert "409" in operation["responses"], (method, path)
    assert on_games > 10


def test_a_bound_of_0_and_item_constraints_reach_the_document(document: dict[str, Any]) -> None:
    """Litestar left out ``minimum: 0`` on optional fields and every list item's bounds."""
    schemas = document["components"]["schemas"]
    seat = schemas["TakeSeat"]["properties"]["seat"]["anyOf"][0]
    assert seat == {"type": "integer", "minimum": 0, "maximum": 5}
    version = schemas["SendCommand"]["properties"]["expected_version"]["anyOf"][0]
    assert version["minimum"] == 0
    league = schemas["CreateLeague"]["properties"]
    assert league["points"]["anyOf"][0]["items"]["minimum"] == 0
    assert league["bye_points"]["anyOf"][0] == {"type": "integer", "minimum": 0, "maximum": 1000}
    tiebreaks = league["tiebreaks"]["anyOf"][0]
    assert sorted(tiebreaks["items"]["enum"]) == sorted(TIEBREAKS) and tiebreaks["maxItems"] == 5
    assert schemas["RecordForfeit"]["properties"]["players"]["items"]["minLength"] == 1
    board = next(o for _, p, o in operations(document) if p.endswith("/board.svg"))
    seat_query = next(p for p in board["parameters"] if p["name"] == "seat")
    assert seat_query["schema"]["type"] == "integer" and seat_query["schema"]["minimum"] == 0


def test_a_standings_row_names_its_tiebreaks(document: dict[str, Any]) -> None:
    """#25: each row's tie-break numbers, by the names a league orders them with."""
    schemas = document["components"]["schemas"]
    row = schemas["StandingBody"]
    assert "tiebreaks" in row["required"]
    assert row["properties"]["tiebreaks"]["items"] == {"$ref": "#/components/schemas/TiebreakBody"}
    number = schemas["TiebreakBody"]["properties"]
    assert sorted(number["tiebreak"]["enum"]) == sorted(TIEBREAKS)
    assert number["value"]["type"] == "integer"


def test_integer_bounds_are_integers(document: dict[str, Any]) -> None:
    """``1.0`` as an integer's bound makes a generator send ``28.0``, which is refused."""
    floats = re.findall(r'"(?:minimum|maximum)": -?\d+\.\d+', json.dumps(document))
    assert floats == []


@pytest.mark.parametrize(
    ("path", "allowed"),
    [
        ("/games", "GET, OPTIONS, POST"),
        ("/players/me/webhooks", "GET, OPTIONS, POST"),
        ("/leagues/{id}/webhooks", "GET, OPTIONS, POST"),
        ("/games/{id}", "GET, OPTIONS"),
        ("/games/{id}/commands", "OPTIONS, POST"),
    ],
)
def test_options_names_every_method_of_the_path(
    http: httpx.Client, document: dict[str, Any], path: str, allowed: str
) -> None:
    answer = http.options(path.replace("{id}", str(uuid.uuid4())))
    assert answer.status_code == 204
    assert answer.headers["allow"] == allowed
    template = next(p for p in document["paths"] if re.sub(r"\{[a-z_]+\}", "{id}", p) == path)
    declared = {m.upper() for m in document["paths"][template]} | {"OPTIONS"}
    assert set(allowed.split(", ")) == declared
