"""End to end: ``cairn serve`` as a real process, an all-bot game over httpx, and a bounded
schemathesis run against the OpenAPI document it serves (no 5xx, no schema mismatch)."""

from __future__ import annotations

import contextlib
import itertools
import os
import re
import signal
import subprocess
import sys
import time
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any, cast

import httpx
import pytest
import schemathesis
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis.errors import Unsatisfiable
from schemathesis import GenerationMode, checks
from schemathesis.core.failures import Failure, FailureGroup

from tests.service.api import st_hooks  # registers the NDJSON serializer
from tests.service.api.conftest import free_port
from tests.service.api.playing import seats_for
from tests.support.rulesets import installed

pytestmark = pytest.mark.storage

ROOT = Path(__file__).resolve().parents[3]
# Every shared ruleset (tests/support/rulesets.py), each played to its end by bots and each
# a target of the fuzzing: the served Cairn is ``cairn serve`` with the test rulesets
# registered too (tests/support/serve.py).
RULESETS = [r.id for r in installed()]
COMMAND = ["tests.support.serve"]


@pytest.fixture(scope="module")
def served(database_url: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    port = free_port()
    env = {**os.environ, "DATABASE_URL": database_url, "PYTHONPATH": str(ROOT)}
    log = (tmp_path_factory.mktemp("serve") / "serve.log").open("w")
    process = subprocess.Popen(
        [sys.executable, "-m", *COMMAND, "serve", "--port", str(port)],
        cwd=ROOT,
        env=env,
        stdout=log,
        stderr=subprocess.STDOUT,
    )
    url = f"http://127.0.0.1:{port}"
    try:
        _wait_healthy(url, process)
        yield url
    finally:
        process.send_signal(signal.SIGINT)
        try:
            process.wait(15)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
        log.close()


def _wait_healthy(url: str, process: subprocess.Popen[Any]) -> None:
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        assert process.poll() is None, "cairn serve exited early"
        try:
            if httpx.get(f"{url}/health", timeout=2).status_code == 200:
                return
        except httpx.TransportError:
            pass
        time.sleep(0.2)
    raise AssertionError("cairn serve did not become healthy")


def _all_bot_game(url: str, ruleset: str) -> str:
    seats = seats_for(ruleset, bots=99)
    created = httpx.post(f"{url}/games", json={"ruleset": ruleset, "seats": seats})
    assert created.status_code == 201, created.text
    game_id: str = created.json()["game_id"]
    deadline = time.monotonic() + 90
    while time.monotonic() < deadline:
        view = httpx.get(f"{url}/games/{game_id}").json()
        if view["is_terminal"]:
            return game_id
        time.sleep(0.1)
    raise AssertionError("the bots did not finish their game")


@pytest.fixture(scope="module")
def finished_games(served: str) -> dict[str, str]:
    """An all-bot game of each ruleset, played to its end by the served bots."""
    return {ruleset: _all_bot_game(served, ruleset) for ruleset in RULESETS}


@pytest.mark.parametrize("ruleset", RULESETS)
def test_cairn_serve_plays_an_all_bot_game_to_the_end(
    served: str, finished_games: dict[str, str], ruleset: str
) -> None:
    game_id = finished_games[ruleset]
    view = httpx.get(f"{served}/games/{game_id}").json()
    assert view["status"] == "finished" and view["result"]["ranks"]
    events = httpx.get(f"{served}/games/{game_id}/events").json()
    assert events["log_is_public"]
    assert httpx.get(f"{served}/schema/openapi.json").json()["paths"]["/games/{game_id}/stream"]


@pytest.fixture(scope="module")
def fuzz_targets(served: str, finished_games: dict[str, str]) -> list[dict[str, Any]]:
    """For each ruleset, a finished game (streams of it end) and a live one with a seat
    token: the fuzzing takes them in turn, so every ruleset's games are fuzzed."""
    targets = []
    for ruleset in RULESETS:
        players = seats_for(ruleset, bots=0)
        live = httpx.post(f"{served}/games", json={"ruleset": ruleset, "seats": players}).json()
        targets.append(
            {
                "finished": finished_games[ruleset],
                "live": live["game_id"],
                "token": live["seats"][0]["token"],
            }
        )
    return targets


# No 5xx; every status, content type, header and body as the document says; invalid data
# refused with a 4xx.
CHECKS = [
    checks.not_a_server_error,
    checks.status_code_conformance,
    checks.content_type_conformance,
    checks.response_headers_conformance,
    checks.response_schema_conformance,
    checks.negative_data_rejection,
]


def test_fuzzing_the_served_api_finds_no_5xx_and_no_schema_mismatch(
    served: str, fuzz_targets: list[dict[str, Any]]
) -> None:
    """Valid and invalid requests to every operation: no 5xx, every 4xx a problem, and every
    response as the OpenAPI document describes it.

    Bounded (a dozen examples per operation and mode) to run in CI.
    """
    api = schemathesis.openapi.from_url(f"{served}/schema/openapi.json")
    turn = itertools.count()
    failures: list[str] = []
    operations = [cast(Any, result).ok() for result in api.get_all_operations()]
    assert len(operations) >= 12
    for operation in operations:
        for mode in (GenerationMode.POSITIVE, GenerationMode.NEGATIVE):

            @settings(
                max_examples=12,
                deadline=None,
                database=None,
                derandomize=True,
                phases=[Phase.generate],
                suppress_health_check=list(HealthCheck),
            )
            @given(case=operation.as_strategy(mode))
            def call(case: Any) -> None:
                _aim(case, fuzz_targets, next(turn))
                response = case.call(base_url=served, timeout=20)
                where = f"{case.method} {case.formatted_path}"
                kind = response.headers.get("content-type") or [""]
                kind = kind[0] if isinstance(kind, list) else kind  # schemathesis: lists
                if response.status_code >= 500:
                    failures.append(f"{where}: {response.text}")
                elif response.status_code >= 400 and kind != "application/problem+json":
                    failures.append(f"{where}: not a problem")
                try:
                    case.validate_response(response, checks=CHECKS)
                except (Failure, FailureGroup) as found:
                    failures.append(f"{where}: {str(found)[:800]}")

            with contextlib.suppress(Unsatisfiable):  # nothing to make invalid, e.g. no input
                call()
    assert failures == [], "\n\n".join(failures)


def _aim(case: Any, targets: list[dict[str, Any]], turn: int) -> None:
    """Mostly real games, so the fuzz reaches past the 404; streams only of ended games.
    Each ruleset's games in turn, four calls at a time."""
    if not case.path_parameters or "game_id" not in case.path_parameters:
        return
    if not _is_uuid(case.path_parameters["game_id"]):
        return  # a negative case's invalid id: the 404 it is for
    target = targets[(turn // 4) % len(targets)]
    if case.path.endswith("/stream"):
        case.path_parameters["game_id"] = target["finished"]
    elif turn % 4:
        case.path_parameters["game_id"] = target["live"]
    if turn % 2:
        case.headers = {**(case.headers or {}), "Authorization": f"Bearer {target['token']}"}


# The checks that found the document and the server disagreeing (#27), as `st run` runs
# them: its examples and coverage phases send what a hand-written client would (no body,
# no Content-Type, an undeclared method, OPTIONS, a missing required header), which the
# fuzzing above does not. positive_data_acceptance is left out: JSON Schema counts 28.0
# as an integer and any string as text, while the server refuses a fraction written for
# an integer and U+0000 (docs/api.md, "Bad input"), and a rule may refuse what the schema
# allows (a 422).
ST_CHECKS = [
    "not_a_server_error",
    "status_code_conformance",
    "content_type_conformance",
    "response_headers_conformance",
    "response_schema_conformance",
    "negative_data_rejection",
    "missing_required_header",
    "unsupported_method",
    "allow_header_conformance",
]


def test_schemathesis_run_finds_the_document_and_the_server_agree(
    served: str, tmp_path: Path
) -> None:
    """``st run`` over the served document, bounded (5 examples per operation, one
    worker, a fixed seed; about 30 s on an idle machine)."""
    command = [
        str(Path(sys.executable).parent / "st"),
        "run",
        f"{served}/schema/openapi.json",
        "--phases=examples,coverage,fuzzing",
        "--max-examples=5",
        "--seed=27",
        "--workers=1",
        "--request-timeout=20",
        f"--checks={','.join(ST_CHECKS)}",
        "--output-truncate=false",
    ]
    hooks = {"SCHEMATHESIS_HOOKS": st_hooks.__name__, "PYTHONPATH": str(ROOT)}
    run = subprocess.run(
        command,
        cwd=tmp_path,
        env={**os.environ, **hooks},
        capture_output=True,
        text=True,
        timeout=900,
        check=False,
    )
    assert run.returncode == 0, run.stdout[-20_000:] + run.stderr[-2_000:]
    tested = re.search(r"Tested: (\d+)", run.stdout)
    assert tested is not None and int(tested.group(1)) >= 40, run.stdout[-5_000:]


def _is_uuid(value: Any) -> bool:
    try:
        uuid.UUID(str(value))
    except ValueError:
        return False
    return True
