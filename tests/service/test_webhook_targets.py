"""Where notices may go (service/application/targets.py): by default only to public hosts,
checked at registration and again at delivery, and a receiver's redirect is never followed.
Any player may register a webhook, so a private target would let them make the service
call inside its own network. The rest of the suite allows private targets (tests/conftest.py)
since its receivers are on 127.0.0.1; these tests take that away. The deliveries run on both
stores, and why one failed is read from the outbox through ``WebhookRecorder.notices``."""

from __future__ import annotations

import shutil
import socket
import ssl
import subprocess
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from ipaddress import IPv4Address, IPv6Address
from pathlib import Path
from typing import Any
from uuid import UUID

import pytest

from service.application import Application, targets
from service.application.addresses import embedded_ipv4, why_not_public
from service.application.targets import (
    PRIVATE_TARGETS,
    Target,
    TargetRefused,
    check_target,
    parse_target,
    refusal,
)
from service.store import Store
from service.webhooks import Deliverer
from tests.support.receiver import Receiver
from tests.support.targets import (
    ISSUE_SPELLINGS,
    MALFORMED,
    NOT_PUBLIC,
    PUBLIC,
    Rebinding,
    fake_resolve,
)

SECRET = "a-shared-secret-of-some-length"
PLAYERS = [{"kind": "player", "player": name} for name in ("ann", "bob")]


@pytest.fixture
def public_only(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(PRIVATE_TARGETS, raising=False)


@pytest.fixture
def resolver(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(targets, "resolve_host", fake_resolve)


@pytest.mark.parametrize("url", ISSUE_SPELLINGS + NOT_PUBLIC + MALFORMED)
def test_private_loopback_reserved_unresolvable_and_malformed_targets_are_refused(
    public_only: None, resolver: None, url: str
) -> None:
    assert refusal(url) is not None
    with pytest.raises(TargetRefused):
        check_target(url)


@pytest.mark.parametrize("url", PUBLIC)
def test_public_targets_are_allowed_in_every_spelling(
    public_only: None, resolver: None, url: str
) -> None:
    assert refusal(url) is None


@pytest.mark.parametrize(
    ("address", "carried"),
    [
        ("::127.0.0.1", "127.0.0.1"),
        ("::ffff:169.254.169.254", "169.254.169.254"),
        ("::ffff:0:10.0.0.1", "10.0.0.1"),
        ("64:ff9b::a9fe:a9fe", "169.254.169.254"),
        ("2002:7f00:1::", "127.0.0.1"),
        ("2002:a9fe:a9fe:1234::1", "169.254.169.254"),
    ],
)
def test_every_ipv4_address_an_ipv6_one_carries_is_unwrapped_and_judged(
    address: str, carried: str
) -> None:
    ip = IPv6Address(address)
    assert IPv4Address(carried) in embedded_ipv4(ip)
    reason = why_not_public(ip)
    assert reason is not None and carried in reason


def test_teredo_carries_its_server_and_client() -> None:
    teredo = IPv6Address("2001:0:4136:e378:8000:63bf:3fff:fdd2")
    assert embedded_ipv4(teredo) == (IPv4Address("65.54.227.120"), IPv4Address("192.0.2.45"))
    assert why_not_public(teredo) is not None


def test_an_operator_may_allow_private_targets_but_never_a_malformed_url(
    public_only: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert refusal("http://127.0.0.1:9/hook") is not None
    monkeypatch.setenv(PRIVATE_TARGETS, "1")
    assert refusal("http://127.0.0.1:9/hook") is None
    assert refusal("http://[::127.0.0.1]/hook") is None
    assert refusal("http://127.0.0.1:9\\@93.184.216.34/") is not None


def test_a_url_is_read_once_into_the_parts_the_request_is_built_from() -> None:
    assert parse_target("HTTP://Hooks.Example.TEST:8443/a/b?c=d") == Target(
        "http", "hooks.example.test", 8443, "/a/b?c=d"
    )
    assert parse_target("https://[2606:2800::1]") == Target("https", "2606:2800::1", 443, "/")


def _owed_to(store: Store, url: str) -> tuple[Deliverer, UUID]:
    """A game whose seat-1 hook (registered while private targets were allowed) is owed
    a notice."""
    cairn = Application(store)
    created = cairn.create_game(
        "counting", 2, {"target": 20}, setup={"deck": [9, 8, 7, 6, 5, 4, 3, 2, 1]},
        seat_info=PLAYERS,
    )  # fmt: skip
    store.webhooks.register(created.game_id, url, SECRET, "seat", "1", 1)
    cairn.act(created.game_id, 0, {"type": "add", "amount": 1})  # seat 1's turn: owed
    return Deliverer(store.webhooks, retry_first=60), created.game_id


def _undelivered_errors(store: Store, game_id: UUID) -> list[str | None]:
    """Why each notice of the game not delivered yet failed last."""
    return [n.last_error for n in store.webhooks.notices(game_id=game_id) if not n.delivered]


def _last_error(store: Store, game_id: UUID) -> str:
    [notice] = store.webhooks.notices(game_id=game_id)
    assert not notice.delivered and notice.last_error is not None, "not delivered, and why"
    return notice.last_error


def test_a_hook_whose_host_is_private_now_is_not_sent_to(
    any_store: Store, receiver: Receiver, public_only: None
) -> None:
    store = any_store
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


def test_a_receivers_redirect_is_never_followed(any_store: Store, receiver: Receiver) -> None:
    store = any_store
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


class Diverting:
    """A connector that records where it was asked to connect and, so that nothing leaves
    loopback, connects to the test's receiver instead."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.asked: list[tuple[str, int]] = []

    def __call__(self, address: tuple[str, int], timeout: float) -> socket.socket:
        self.asked.append(address)
        return socket.create_connection(("127.0.0.1", self.port), timeout)


def test_a_name_resolving_public_then_private_is_refused_the_second_time(
    public_only: None,
) -> None:
    rebinding = Rebinding("rebind.example.test")
    assert refusal("http://rebind.example.test/hook", rebinding) is None
    assert "127.0.0.1" in str(refusal("http://rebind.example.test/hook", rebinding))


def test_delivery_connects_to_the_address_it_checked_and_rechecks_each_time(
    any_store: Store, receiver: Receiver, public_only: None
) -> None:
    """One resolution per delivery: the address judged public is the one connected to
    (with the name as Host), and when the name resolves to loopback the next time, nothing
    is sent at all."""
    store = any_store
    assert receiver.server is not None
    rebinding = Rebinding("rebind.example.test")
    diverting = Diverting(receiver.server.server_address[1])
    url = f"http://rebind.example.test:{diverting.port}/hook?from=cairn"
    _, game_id = _owed_to(store, url)
    deliverer = Deliverer(store.webhooks, 60, rebinding, diverting)
    assert deliverer.deliver_due() == 1
    assert rebinding.asked == 1, "resolved once: no second lookup between check and connect"
    assert diverting.asked == [("93.184.216.34", diverting.port)]
    headers, _ = receiver.seen[0]
    assert headers["Host"] == f"rebind.example.test:{diverting.port}"
    cairn = Application(store)
    cairn.act(game_id, 1, {"type": "add", "amount": 1})
    cairn.act(game_id, 0, {"type": "add", "amount": 1})  # seat 1's turn again: owed
    assert deliverer.deliver_due() == 0
    assert rebinding.asked == 2
    assert diverting.asked == [("93.184.216.34", diverting.port)], "never connected again"
    assert len(receiver.seen) == 1
    [error] = _undelivered_errors(store, game_id)
    assert error is not None and "127.0.0.1" in error


class _Recording(BaseHTTPRequestHandler):
    seen: list[dict[str, str]] = []

    def do_POST(self) -> None:
        self.rfile.read(int(self.headers["Content-Length"]))
        self.seen.append(dict(self.headers))
        self.send_response(204)
        self.end_headers()

    def log_message(self, *args: Any) -> None:
        return


def test_https_delivery_names_the_host_for_sni_and_the_certificate(
    any_store: Store, public_only: None, tmp_path: Path
) -> None:
    """The socket goes to the address checked, but TLS still speaks to the name: it is the
    server name sent (SNI) and the name the certificate must be for."""
    if shutil.which("openssl") is None:
        pytest.skip("openssl is needed to make a certificate")
    name = "hooks.example.test"
    cert, key = tmp_path / "cert.pem", tmp_path / "key.pem"
    subprocess.run(
        ["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1",
         "-keyout", str(key), "-out", str(cert), "-subj", f"/CN={name}",
         "-addext", f"subjectAltName=DNS:{name}"],
        check=True, capture_output=True, timeout=60,
    )  # fmt: skip
    names: list[str | None] = []
    served = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    served.load_cert_chain(cert, key)
    served.sni_callback = lambda _sock, server_name, _ctx: names.append(server_name)
    handler = type("Recording", (_Recording,), {"seen": []})
    receiver = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    receiver.socket = served.wrap_socket(receiver.socket, server_side=True)
    threading.Thread(target=receiver.serve_forever, daemon=True).start()
    try:
        port = receiver.server_address[1]
        diverting = Diverting(port)
        _owed_to(any_store, f"https://{name}:{port}/hook")
        trusting = ssl.create_default_context(cafile=str(cert))
        deliverer = Deliverer(any_store.webhooks, 60, fake_resolve, diverting, trusting)
        assert deliverer.deliver_due() == 1
        assert diverting.asked == [("93.184.216.34", port)]
        assert names == [name]
        assert handler.seen[0]["Host"] == f"{name}:{port}"
    finally:
        receiver.shutdown()
        receiver.server_close()
