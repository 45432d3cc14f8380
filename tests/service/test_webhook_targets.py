"""Where notices may go (service/application/targets.py): by default only to public hosts,
checked at registration and again at delivery, and a receiver's redirect is never followed.
Any player may register a webhook, so a private target would let them make the service
call inside its own network. The rest of the suite allows private targets (tests/conftest.py)
since its receivers are on 127.0.0.1; these tests take that away."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any
from uuid import UUID

import pytest

from service.application import Application
from service.application.targets import PRIVATE_TARGETS, refusal
from service.store import EventStore
from service.store.webhooks import Webhooks
from service.webhooks import Deliverer
from tests.support.receiver import Receiver

SECRET = "a-shared-secret-of-some-length"
PLAYERS = [{"kind": "player", "player": name} for name in ("ann", "bob")]


@pytest.fixture
def public_only(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(PRIVATE_TARGETS, raising=False)


@pytest.fixture
def receiver() -> Iterator[Receiver]:
    made = Receiver().start()
    yield made
    made.stop()


@pytest.mark.parametrize(
    "url",
    [
        "http://127.0.0.1:9/hook",
        "http://localhost/hook",
        "http://10.1.2.3/hook",
        "http://192.168.0.10:8080/hook",
        "http://169.254.169.254/latest/meta-data",
        "http://[::1]/hook",
        "http://0.0.0.0/hook",
        "https://no-such-host.invalid/hook",
    ],
)
def test_private_loopback_reserved_and_unresolvable_hosts_are_refused(
    public_only: None, url: str
) -> None:
    assert refusal(url) is not None


def test_a_public_address_is_allowed_and_an_operator_may_allow_private_ones(
    public_only: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert refusal("https://93.184.216.34/hook") is None  # an address: no lookup needed
    assert refusal("http://127.0.0.1:9/hook") is not None
    monkeypatch.setenv(PRIVATE_TARGETS, "1")
    assert refusal("http://127.0.0.1:9/hook") is None


def _owed_to(store: EventStore, url: str) -> tuple[Deliverer, UUID]:
    """A game whose seat-1 hook (registered while private targets were allowed) is owed
    a notice."""
    cairn = Application(store)
    created = cairn.create_game(
        "counting", 2, {"target": 20}, setup={"deck": [9, 8, 7, 6, 5, 4, 3, 2, 1]},
        seat_info=PLAYERS,
    )  # fmt: skip
    webhooks = Webhooks(store.pool)
    webhooks.register(created.game_id, url, SECRET, "seat", "1", 1)
    cairn.act(created.game_id, 0, {"type": "add", "amount": 1})  # seat 1's turn: owed
    return Deliverer(webhooks, retry_first=60), created.game_id


def _last_error(store: EventStore, game_id: UUID) -> Any:
    with store.connection() as conn:
        row = conn.execute(
            "SELECT last_error, delivered_at FROM outbox WHERE game_id = %s", (game_id,)
        ).fetchone()
    assert row is not None
    assert row["delivered_at"] is None, "not delivered"
    return row["last_error"]


@pytest.mark.storage
def test_a_hook_whose_host_is_private_now_is_not_sent_to(
    store: EventStore, receiver: Receiver, public_only: None
) -> None:
    deliverer, game_id = _owed_to(store, receiver.url)
    assert deliverer.deliver_due() == 0
    assert receiver.seen == [], "checked again at delivery, not only at registration"
    assert "private" in _last_error(store, game_id)


class _Redirecting(BaseHTTPRequestHandler):
    target = ""

    def do_POST(self) -> None:
        self.send_response(302)
        self.send_header("Location", self.target)
        self.send_header("Content-Length", "0")
        self.end_headers()

    def log_message(self, *args: Any) -> None:
        return


@pytest.mark.storage
def test_a_receivers_redirect_is_never_followed(store: EventStore, receiver: Receiver) -> None:
    handler = type("Redirect", (_Redirecting,), {"target": receiver.url})
    redirecting = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=redirecting.serve_forever, daemon=True).start()
    try:
        url = f"http://127.0.0.1:{redirecting.server_address[1]}/hook"
        deliverer, game_id = _owed_to(store, url)
        assert deliverer.deliver_due() == 0
        assert receiver.seen == [], "the redirect was followed"
        assert "302" in _last_error(store, game_id)
    finally:
        redirecting.shutdown()
