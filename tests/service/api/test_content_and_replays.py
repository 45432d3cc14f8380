"""What a front end downloads besides play: content packs, cacheable for ever, and replay
files (anyone may download a finished game's; importing one needs the admin token)."""

from __future__ import annotations

import uuid

import httpx
import pytest
from psycopg_pool import ConnectionPool

from domain.core import registry
from service.application import Application
from service.replays import export_game
from service.store import EventStore
from service.store.migrate import upgrade
from tests.service.api.conftest import ADMIN_TOKEN, Server
from tests.service.api.playing import Table
from tests.support.databases import scratch_database
from tests.support.replaying import HOSTILE, finished_game, with_hostile_payload

pytestmark = pytest.mark.storage

BOTS = [{"kind": "bot", "bot": "random"}, {"kind": "bot", "bot": "greedy"}]
NDJSON = {"Content-Type": "application/x-ndjson"}


def test_every_pack_of_every_version_is_served_immutable(http: httpx.Client) -> None:
    for ruleset in registry.every_version():
        for pack in ruleset.packs:
            url = f"/rulesets/{ruleset.id}/content/{pack.content_hash}"
            served = http.get(url)
            assert served.status_code == 200, (url, served.text)
            assert served.json() == ruleset.presentation.content(pack)
            assert "immutable" in served.headers["cache-control"]
            etag = served.headers["etag"]
            assert etag == f'"{pack.content_hash}"'
            again = http.get(url, headers={"If-None-Match": etag})
            assert again.status_code == 304 and not again.content


def test_a_view_names_the_content_it_is_drawn_with(server: Server, http: httpx.Client) -> None:
    table = Table.create(server, http, "peninsula", [{"kind": "player", "player": "ann"}])
    view = table.view(0)
    content = http.get(view["content_url"]).json()
    assert content["content_hash"] == view["content_hash"]
    assert view["view"]["map"] in {m["id"] for m in content["maps"]}


def test_unknown_content_is_404(http: httpx.Client) -> None:
    body = http.get("/rulesets/peninsula/content/" + "0" * 64).json()
    assert body["status"] == 404 and body["code"] == "unknown_content"
    assert http.get("/rulesets/nope/content/abc").json()["code"] == "unknown_ruleset"


def test_a_position_past_the_end_is_404(server: Server, http: httpx.Client) -> None:
    table = Table.create(server, http, "counting", [*BOTS[:1], {"kind": "player", "player": "a"}])
    version = table.version()
    refused = http.get(f"/games/{table.game_id}", params={"at": version + 1000})
    assert refused.status_code == 404 and refused.json()["code"] == "no_such_event"
    assert http.get(f"/games/{table.game_id}", params={"at": version}).status_code == 200


def test_anyone_downloads_a_finished_game_s_replay_as_cairn_export_writes_it(
    server: Server, http: httpx.Client
) -> None:
    table = Table.create(server, http, "counting", BOTS)
    server.quiet()
    downloaded = http.get(f"/games/{table.game_id}/replay")
    assert downloaded.status_code == 200, downloaded.text
    assert downloaded.headers["content-type"].startswith("application/x-ndjson")
    assert "attachment" in downloaded.headers["content-disposition"]
    assert downloaded.text == export_game(server.cairn.store, table.game_id)
    live = Table.create(
        server, http, "counting", [{"kind": "player", "player": f"p{i}"} for i in range(2)]
    )
    refused = http.get(f"/games/{live.game_id}/replay")
    assert refused.status_code == 409 and refused.json()["code"] == "export_refused"
    assert http.get(f"/games/{uuid.uuid4()}/replay").status_code == 404


def test_importing_needs_the_admin_token(server: Server, http: httpx.Client) -> None:
    table = Table.create(server, http, "counting", BOTS)
    server.quiet()
    text = http.get(f"/games/{table.game_id}/replay").text
    url = "/replays"
    assert http.post(url, content=text, headers=NDJSON).status_code == 401
    wrong = {**NDJSON, "Authorization": "Bearer not-the-admin-token-at-all"}
    assert http.post(url, content=text, headers=wrong).status_code == 401
    seat = {**NDJSON, "Authorization": f"Bearer {ADMIN_TOKEN}"}
    assert (
        http.post(
            url, content=text, headers={**seat, "Content-Type": "application/json"}
        ).status_code
        == 415
    )
    again = http.post(url, content=text, headers=seat)
    assert again.status_code == 200, again.text
    assert again.json() == {
        "game_id": table.game_id,
        "events": table.version(),
        "imported": False,
        "audit": "clean",
    }
    broken = text.replace('"format_version":1', '"format_version":9', 1)
    refused = http.post(url, content=broken, headers=seat)
    assert refused.status_code == 400 and refused.json()["code"] == "bad_replay_file"
    assert "line 1" in refused.json()["detail"]


def test_a_new_game_is_imported_with_its_location(
    server: Server, http: httpx.Client, database_url: str
) -> None:
    with scratch_database(database_url, "cairn_elsewhere") as elsewhere:
        upgrade(elsewhere)
        with ConnectionPool(elsewhere, min_size=1, max_size=2) as pool:
            other = Application(EventStore(pool))  # another server's game
            game_id = finished_game(other, "counting", "imported-over-http")
            text = export_game(other.store, game_id)
    imported = http.post(
        "/replays", content=text, headers={**NDJSON, "Authorization": f"Bearer {ADMIN_TOKEN}"}
    )
    assert imported.status_code == 201, imported.text
    assert imported.headers["location"] == f"/games/{game_id}"
    assert imported.json()["imported"] is True
    assert http.get(f"/games/{game_id}/replay").text == text


@pytest.mark.parametrize("hostile", sorted(HOSTILE))
def test_a_hostile_replay_file_is_a_400_never_a_500(
    server: Server, http: httpx.Client, hostile: str
) -> None:
    table = Table.create(server, http, "counting", BOTS)
    server.quiet()
    text = http.get(f"/games/{table.game_id}/replay").text
    admin = {**NDJSON, "Authorization": f"Bearer {ADMIN_TOKEN}"}
    for line, changed in [
        (4, with_hostile_payload(text, 3, HOSTILE[hostile])),
        (1, HOSTILE[hostile] + "\n" + text.partition("\n")[2]),
    ]:
        refused = http.post("/replays", content=changed, headers=admin)
        assert refused.status_code == 400, refused.text
        assert refused.headers["content-type"] == "application/problem+json"
        assert refused.json()["code"] == "bad_replay_file"
        assert f"line {line}: " in refused.json()["detail"]


def test_the_import_checks_the_token_before_the_body(http: httpx.Client) -> None:
    """Without the admin token the answer is 401 whatever is sent (it was a 415 for a body
    that is not NDJSON, before any token was looked at)."""
    for headers in ({}, {"Content-Type": "application/json"}):
        refused = http.post("/replays", content=b"{}", headers=headers)
        assert refused.status_code == 401, refused.text
    wrong = {"Authorization": "Bearer not-the-admin-token-at-all"}
    assert http.post("/replays", content=b"{}", headers=wrong).status_code == 401
    admin = {"Authorization": f"Bearer {ADMIN_TOKEN}", "Content-Type": "application/json"}
    assert http.post("/replays", content=b"{}", headers=admin).status_code == 415
