"""A client generated from the served OpenAPI document type-checks against a recorded game.

openapi-typescript turns ``/schema/openapi.json`` into TypeScript types (the document itself
is validated in test_document.py); ``tests/client/client.ts`` uses them to read
a real Peninsula game's view, legal commands and events, recorded here into a ``.ts`` file
typed by the generated types; ``tsc --noEmit`` must accept it, and must refuse a view that
breaks the published shape. The node tools are pinned in ``tests/client/package-lock.json``
(``.ci/run`` installs them with ``npm ci``; this test does so too when they are missing).
"""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.service.api.conftest import Server
from tests.service.api.playing import Table

pytestmark = pytest.mark.storage

CLIENT = Path(__file__).resolve().parents[2] / "client"
BIN = CLIENT / "node_modules" / ".bin"


def _tools() -> Path:
    if shutil.which("npm") is None:
        pytest.skip("npm is not installed (apt-get install npm); .ci/run installs it")
    if not (BIN / "tsc").exists() or not (BIN / "openapi-typescript").exists():
        subprocess.run(
            ["npm", "ci", "--no-audit", "--no-fund"], cwd=CLIENT, check=True, timeout=600
        )
    return BIN


def _run(*command: str | Path, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [str(c) for c in command], cwd=cwd, capture_output=True, text=True, timeout=300
    )


def _recorded(game: dict[str, Any], legal: list[Any], feed: list[Any]) -> str:
    def typed(name: str, kind: str, value: Any) -> str:
        return f"export const {name}: {kind} = {json.dumps(value, indent=1)};\n"

    return (
        'import type { components } from "./cairn";\n'
        'type Schemas = components["schemas"];\n'
        + typed("view", 'Schemas["GameView"]', game)
        + typed("commands", 'Schemas["Command"][]', legal)
        + typed("events", 'Schemas["Event"][]', feed)
    )


def test_a_generated_typescript_client_type_checks_against_a_recorded_game(
    server: Server, http: httpx.Client, tmp_path: Path
) -> None:
    tools = _tools()
    (tmp_path / "openapi.json").write_text(http.get("/schema/openapi.json").text)
    generated = _run(tools / "openapi-typescript", "openapi.json", "-o", "cairn.d.ts", cwd=tmp_path)
    assert generated.returncode == 0, generated.stdout + generated.stderr
    seats = [{"kind": "player", "player": "ann"}, {"kind": "bot", "bot": "greedy"}]
    table = Table.create(server, http, "peninsula", seats)
    for _ in range(6):
        table.step()
    server.quiet()
    seat = 0 if 0 in table.view()["to_act"] else None
    legal = table.legal(0) if seat is not None else []
    feed = table.events(0)["events"]
    recorded = _recorded(table.view(0), legal, feed)
    (tmp_path / "recorded.ts").write_text(recorded)
    for name in ("client.ts", "tsconfig.json"):
        shutil.copy(CLIENT / name, tmp_path / name)
    checked = _run(tools / "tsc", "-p", "tsconfig.json", cwd=tmp_path)
    assert checked.returncode == 0, checked.stdout + checked.stderr

    # The types are strict enough to catch a client's mistake: a place written as a label.
    broken = recorded.replace('"location": {', '"location": "E5", "_": {', 1)
    assert broken != recorded
    (tmp_path / "recorded.ts").write_text(broken)
    refused = _run(tools / "tsc", "-p", "tsconfig.json", cwd=tmp_path)
    assert refused.returncode != 0 and "recorded.ts" in refused.stdout, refused.stdout
