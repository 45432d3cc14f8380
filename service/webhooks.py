"""Webhook delivery: the outbox's notices POSTed after commit, signed, retried, at least once.

A reaction: every commit wakes the delivering thread, which also looks at the outbox at
start-up and whenever the next retry falls due, so notices written by a process that died
before sending them are sent by the next one to start. Each POST carries:

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
import json
import os
import threading
import urllib.error
import urllib.request
from typing import Any
from uuid import UUID

from service.application.targets import refusal
from service.logs import logger
from service.store.recorders import WebhookRecorder
from service.store.webhooks import Owed

TIMEOUT = 5.0
LEASE = 30.0
"""Seconds a claimed notice is this process's: longer than sending a whole claim (5 notices
of at most ``TIMEOUT`` each); a process that dies holding one delays it by at most this."""
LONGEST_WAIT = 5.0
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
    return json.dumps({**notice, **owed.body}, sort_keys=True, separators=(",", ":")).encode()


def signature(secret: str, body: bytes) -> str:
    return "sha256=" + hmac.new(secret.encode(), body, hashlib.sha256).hexdigest()


def send(owed: Owed) -> None:
    """POST one notice; raises on anything but a 2xx answer."""
    body = body_of(owed)
    request = urllib.request.Request(
        owed.url,
        data=body,
        method="POST",
        headers={
            "Content-Type": "application/json",
            "User-Agent": "cairn-webhooks",
            "X-Cairn-Notice-Id": str(owed.notice_id),
            "X-Cairn-Signature": signature(owed.secret, body),
        },
    )
    with _OPENER.open(request, timeout=TIMEOUT) as answer:
        if not 200 <= answer.status < 300:
            raise urllib.error.HTTPError(owed.url, answer.status, "not 2xx", answer.headers, None)


class _NoRedirects(urllib.request.HTTPRedirectHandler):
    """A receiver's redirect is an error, never followed: it could point the service at an
    address it may not send to (service.application.targets)."""

    def redirect_request(self, *args: Any, **kwargs: Any) -> None:
        return None


_OPENER = urllib.request.build_opener(_NoRedirects)


class Deliverer:
    def __init__(self, webhooks: WebhookRecorder, retry_first: float = RETRY_FIRST) -> None:
        self.webhooks = webhooks
        self.retry_first = retry_first
        self._wake = threading.Event()
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None

    def committed(self, game_id: UUID) -> None:
        """A commit may have written notices: look at the outbox now (cheap)."""
        self._wake.set()

    def deliver_due(self) -> int:
        """Send every notice due now, once each; how many were delivered."""
        delivered = 0
        while not self._stop.is_set():
            owed = self.webhooks.claim(LEASE)
            if not owed:
                return delivered
            for notice in owed:
                delivered += self._deliver(notice)
        return delivered

    def _deliver(self, owed: Owed) -> int:
        log = logger().bind(notice_id=str(owed.notice_id), kind=owed.kind)
        try:
            reason = refusal(owed.url)  # again: the name may resolve elsewhere now
            if reason is not None:
                raise ValueError(reason)
            send(owed)
        except (OSError, ValueError) as exc:
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
        while not self._stop.is_set():
            try:
                self.deliver_due()
                due = self.webhooks.next_due()
            except Exception:
                logger().warning("webhooks.failed", retry_in=LONGEST_WAIT, exc_info=True)
                due = LONGEST_WAIT
            wait = LONGEST_WAIT if due is None else min(max(due, 0.01), LONGEST_WAIT)
            self._wake.wait(wait)
            self._wake.clear()
