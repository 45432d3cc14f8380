"""Webhook delivery: the outbox's notices POSTed after commit, signed, retried, at least once.

An outbox reader: a commit that wrote outbox rows (an append that counted some, a new game
whose opening carried notices, a seat taken) wakes the delivering thread
(``Application.outbox_readers``); most moves write none and leave it asleep. It also looks
at the outbox at start-up, whenever the next retry falls due and at least every
``LONGEST_WAIT`` seconds, so notices written by another process, or by one that died before
sending them, are sent within that. Each POST carries:

* the JSON body ``{"notice_id", "kind", "game_id", "version", "seats"}``;
* ``X-Cairn-Notice-Id`` (the same id: a receiver that saw it already ignores it);
* ``X-Cairn-Signature: sha256=<hex>``, the HMAC-SHA256 of the exact body bytes under the
  secret given when the webhook was registered.

Any 2xx answer delivers the notice; anything else (an error status, a refused connection,
no answer within ``TIMEOUT``) retries after ``backoff`` (docs/live-play.md).
"""

from __future__ import annotations

import hashlib
import hmac
import http.client
import json
import os
import socket
import ssl
import threading
import time
from collections.abc import Callable, Sequence
from typing import Any
from uuid import UUID

from service.application.addresses import IPAddress
from service.application.targets import Resolve, Target, TargetRefused, checked
from service.logs import logger
from service.store.recorders import WebhookRecorder
from service.store.webhooks import Owed

TIMEOUT = 5.0
LEASE = 30.0
"""Seconds a claimed notice is this process's: longer than sending a whole claim (5 notices
of at most ``TIMEOUT`` each); a process that dies holding one delays it by at most this."""
LONGEST_WAIT = 5.0
"""Seconds the delivering thread sleeps at most: how late it finds notices no wake-up of its
own announced (another process's, one whose wake-up failed)."""
RETRY_FIRST = 1.0
RETRY_LONGEST = 3600.0


def backoff(attempts: int, first: float = RETRY_FIRST) -> float:
    """Seconds before retrying a notice sent ``attempts`` times: 1, 2, 4 ... at most an hour."""
    return float(min(first * 2 ** max(attempts - 1, 0), RETRY_LONGEST))


def retry_first_from_env() -> float:
    """``CAIRN_WEBHOOK_RETRY_SECONDS`` (the first retry's delay), else 1 second."""
    raw = os.environ.get("CAIRN_WEBHOOK_RETRY_SECONDS", "").strip()
    return max(float(raw), 0.01) if raw else RETRY_FIRST


def body_of(owed: Owed) -> bytes:
    notice = {"notice_id": str(owed.notice_id), "kind": owed.kind, "game_id": str(owed.game_id)}
    return json.dumps({**notice, **_heard(owed)}, sort_keys=True, separators=(",", ":")).encode()


def _heard(owed: Owed) -> dict[str, Any]:
    """The notice's body as this webhook hears it: a ``your_turn`` to a seat's or a player's
    webhook names only that hook's own seats, so that in a simultaneous phase (every seat to
    act at once) the receiver can tell which seat is its own (issue #25)."""
    own = [owed.seat] if owed.seat is not None else owed.seats
    if owed.kind != "your_turn" or own is None:
        return owed.body
    return {**owed.body, "seats": [s for s in owed.body.get("seats", []) if s in own]}


def signature(secret: str, body: bytes) -> str:
    return "sha256=" + hmac.new(secret.encode(), body, hashlib.sha256).hexdigest()


Connect = Callable[[tuple[str, int], float], socket.socket]
"""Open a TCP connection to an address and port within a timeout (``socket.create_connection``;
tests give one that records where it was asked to go)."""


def send(
    owed: Owed,
    target: Target,
    addresses: Sequence[IPAddress],
    connect: Connect = socket.create_connection,
    tls: ssl.SSLContext | None = None,
) -> None:
    """POST one notice to ``target``, connecting to the first of ``addresses`` (the ones
    checked) that answers; raises on anything but a 2xx answer. A redirect is such an
    answer: it is never followed, since it could point anywhere. ``tls`` is the system's
    trusted certificates unless given (tests)."""
    body = body_of(owed)
    conn = _pinned(target, addresses, connect, tls or ssl.create_default_context())
    try:
        conn.request(
            "POST",
            target.path,
            body=body,
            headers={
                "Content-Type": "application/json",
                "User-Agent": "cairn-webhooks",
                "X-Cairn-Notice-Id": str(owed.notice_id),
                "X-Cairn-Signature": signature(owed.secret, body),
            },
        )
        answer = conn.getresponse()
        answer.read()
        if not 200 <= answer.status < 300:
            raise OSError(f"HTTP Error {answer.status}: not 2xx")
    finally:
        conn.close()


def _pinned(
    target: Target, addresses: Sequence[IPAddress], connect: Connect, tls: ssl.SSLContext
) -> http.client.HTTPConnection:
    """A connection to ``target``'s name (its Host header and TLS server name) whose socket
    goes to one of ``addresses``, never to whatever the name resolves to by then."""

    def opened() -> socket.socket:
        failure: OSError = OSError(f"no address for {target.host}")
        for address in addresses:
            try:
                return connect((str(address), target.port), TIMEOUT)
            except OSError as exc:
                failure = exc
        raise failure

    if target.scheme == "https":
        return _PinnedTLS(target, opened, tls)
    return _Pinned(target, opened)


class _Pinned(http.client.HTTPConnection):
    def __init__(self, target: Target, opened: Callable[[], socket.socket]) -> None:
        super().__init__(target.host, target.port, timeout=TIMEOUT)
        self._opened = opened

    def connect(self) -> None:
        self.sock = self._opened()


class _PinnedTLS(http.client.HTTPSConnection):
    """The certificate is checked against the name, and the name is the TLS server name
    (SNI), though the socket goes to an address."""

    def __init__(
        self, target: Target, opened: Callable[[], socket.socket], tls: ssl.SSLContext
    ) -> None:
        self._tls = tls
        super().__init__(target.host, target.port, timeout=TIMEOUT, context=self._tls)
        self._opened = opened

    def connect(self) -> None:
        self.sock = self._tls.wrap_socket(self._opened(), server_hostname=self.host)


class Deliverer:
    def __init__(
        self,
        webhooks: WebhookRecorder,
        retry_first: float = RETRY_FIRST,
        resolve: Resolve | None = None,
        connect: Connect = socket.create_connection,
        tls: ssl.SSLContext | None = None,
    ) -> None:
        self.webhooks = webhooks
        self.retry_first = retry_first
        self.resolve = resolve
        self.connect = connect
        self.tls = tls
        self._wake = threading.Event()
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None

    def noticed(self, game_id: UUID) -> None:
        """A commit may have written notices: look at the outbox now (cheap)."""
        self._wake.set()

    def deliver_due(self) -> int:
        """Send every notice due now, once each; how many were delivered."""
        return self._deliver_due()[0]

    def _deliver_due(self) -> tuple[int, bool]:
        """How many notices were delivered, and whether any was claimed at all."""
        delivered, claimed = 0, False
        while not self._stop.is_set():
            owed = self.webhooks.claim(LEASE)
            if not owed:
                break
            claimed = True
            for notice in owed:
                delivered += self._deliver(notice)
        return delivered, claimed

    def _deliver(self, owed: Owed) -> int:
        log = logger().bind(notice_id=str(owed.notice_id), kind=owed.kind)
        try:
            # Checked again (the name may resolve elsewhere now), once: the addresses judged
            # are the ones connected to.
            target, addresses = checked(owed.url, self.resolve)
            send(owed, target, addresses, self.connect, self.tls)
        except (OSError, ValueError, http.client.HTTPException, TargetRefused) as exc:
            retry_in = backoff(owed.attempts + 1, self.retry_first)
            self.webhooks.failed(owed, str(exc), retry_in)
            log.info("webhook.failed", attempt=owed.attempts + 1, retry_in=retry_in)
            return 0
        self.webhooks.delivered(owed)
        log.info("webhook.delivered", attempt=owed.attempts + 1)
        return 1

    def start(self) -> None:
        self._thread = threading.Thread(target=self._loop, name="cairn-webhooks", daemon=True)
        self._thread.start()

    def close(self) -> None:
        self._stop.set()
        self._wake.set()
        if self._thread is not None:
            self._thread.join(10)

    def _loop(self) -> None:
        look_at = 0.0  # (monotonic) when the outbox's timings are to be looked at again
        while not self._stop.is_set():
            try:
                _, claimed = self._deliver_due()
                # A wake-up that claimed nothing learned nothing about when to look next: no
                # notice of any process is due (a claim sees them all), and the deliverer
                # sleeps on to the time it had, as if not woken. A new game's opening wakes
                # it in a game with no hook as well: asking ``next_due`` after each such
                # claim would be a second outbox query.
                if claimed or time.monotonic() >= look_at:
                    look_at = time.monotonic() + self._next_look()
            except Exception:
                logger().warning("webhooks.failed", retry_in=LONGEST_WAIT, exc_info=True)
                look_at = time.monotonic() + LONGEST_WAIT
            self._wake.wait(max(look_at - time.monotonic(), 0.0))
            self._wake.clear()

    def _next_look(self) -> float:
        """Seconds until the next retry falls due, at least 0.01 and at most LONGEST_WAIT."""
        due = self.webhooks.next_due()
        return LONGEST_WAIT if due is None else min(max(due, 0.01), LONGEST_WAIT)
