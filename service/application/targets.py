"""Where Cairn may POST a notice: only to hosts on the public internet, unless the operator
allows private targets (``CAIRN_WEBHOOK_PRIVATE_TARGETS=1``, or ``cairn serve
--webhook-private-targets``), as on a league's own network or in tests.

Any player may register a webhook, so without this a player could make the service call
its own database, a cloud metadata address or anything else only it can reach. The host
is checked when a hook is registered and again before each delivery, since a name may
resolve elsewhere later; and a receiver's redirect is never followed (service.webhooks).
"""

from __future__ import annotations

import ipaddress
import os
import socket
from urllib.parse import urlsplit

from service.application.errors import BadRequest

PRIVATE_TARGETS = "CAIRN_WEBHOOK_PRIVATE_TARGETS"


class TargetRefused(BadRequest):
    code = "webhook_target_refused"


def are_private_targets_allowed() -> bool:
    return os.environ.get(PRIVATE_TARGETS, "") == "1"


def refusal(url: str) -> str | None:
    """Why ``url`` may not be sent to (None: it may). A host that does not resolve is
    refused too: its notices could never arrive."""
    if are_private_targets_allowed():
        return None
    host = urlsplit(url).hostname
    if not host:
        return "a webhook's url names no host"
    try:
        found = socket.getaddrinfo(host, None, proto=socket.IPPROTO_TCP)
    except (OSError, UnicodeError):
        return f"a webhook's host {host!r} does not resolve"
    for *_, address in found:
        ip = ipaddress.ip_address(str(address[0]).split("%")[0])
        if not ip.is_global:
            return (
                f"a webhook's host {host!r} is a private, loopback or reserved address;"
                f" an operator may allow those with {PRIVATE_TARGETS}=1"
            )
    return None


def check_target(url: str) -> None:
    """TargetRefused (a 400) for a url Cairn may not send notices to."""
    reason = refusal(url)
    if reason is not None:
        raise TargetRefused(reason)
