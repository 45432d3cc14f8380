"""Where Cairn may POST a notice: only to public addresses, unless the operator allows
private targets (``CAIRN_WEBHOOK_PRIVATE_TARGETS=1``, or ``cairn serve
--webhook-private-targets``), as on a league's own network or in tests.

Any player may register a webhook, so without this a player could make the service call
its own database, a cloud metadata address or anything else only it can reach. Three
things make the check hold for the request actually sent:

* a url is parsed once, strictly, here, and the sender builds its request from those parts
  (``Target``): no backslash, user name or fragment, nothing two url parsers could read as
  two different hosts;
* the host is resolved, every address it resolves to is judged (``addresses``: every
  IPv6 spelling of a private IPv4 address included), and the sender connects to one of
  those very addresses, sending the name only as ``Host`` and TLS server name, so a name
  that resolves elsewhere a moment later (DNS rebinding) changes nothing;
* it is done when a hook is registered and again before each delivery; and a receiver's
  redirect is never followed (service.webhooks).
"""

from __future__ import annotations

import os
import re
import socket
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from ipaddress import IPv4Address, IPv6Address, ip_address
from typing import Literal
from urllib.parse import urlsplit

from service.application.addresses import IPAddress, why_not_public
from service.application.errors import BadRequest

PRIVATE_TARGETS = "CAIRN_WEBHOOK_PRIVATE_TARGETS"

Resolve = Callable[[str, int], Iterable[str]]
"""A host name and port to the addresses it resolves to, as strings."""

_NAME = re.compile(
    r"^[a-z0-9_]([a-z0-9_-]{0,61}[a-z0-9_])?(\.[a-z0-9_]([a-z0-9_-]{0,61}[a-z0-9_])?)*\.?$"
)
"""A DNS name in ASCII (an international one in its xn-- spelling), lower-cased."""

_PLAIN = re.compile(r"^[\x21-\x7e]+$")
"""Printable ASCII, no space: no control character for a parser to strip or stop at."""


class TargetRefused(BadRequest):
    code = "webhook_target_refused"


class PrivateTarget(TargetRefused):
    """A well-formed url whose host resolves to an address the service does not send to:
    refused by policy, not misused (the CLI exits 1 for it, 2 for a malformed url)."""


@dataclass(frozen=True)
class Target:
    """A webhook's url, parsed once: what the check judges is what the sender sends to."""

    scheme: Literal["http", "https"]
    host: str
    """A lower-case name, or an address (an IPv6 one without brackets)."""
    port: int
    path: str
    """The path and query, as the request line carries them."""

    def literal(self) -> IPAddress | None:
        """The address the url names itself, if it names one rather than a host name."""
        try:
            return IPv6Address(self.host) if ":" in self.host else IPv4Address(self.host)
        except ValueError:
            return None


def are_private_targets_allowed() -> bool:
    return os.environ.get(PRIVATE_TARGETS, "") == "1"


def system_resolve(host: str, port: int) -> list[str]:
    """The addresses the system's resolver gives ``host`` (an OSError if none)."""
    found = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM, proto=socket.IPPROTO_TCP)
    return [str(address[0]) for *_, address in found]


resolve_host: Resolve = system_resolve
"""The resolver registration checks with (the deliverer is given its own); tests put one
here that never asks a real DNS server."""


def parse_target(url: str) -> Target:
    """The url's parts, or TargetRefused for one that is not plainly an http(s) address."""
    if not _PLAIN.match(url) or "\\" in url:
        raise TargetRefused(
            "a webhook's url is printable ASCII with no spaces or backslashes"
            " (an international name in its xn-- spelling)"
        )
    parts = urlsplit(url)
    scheme = parts.scheme.lower()
    if scheme not in ("http", "https"):
        raise TargetRefused("a webhook's url is an http:// or https:// address")
    if "@" in parts.netloc:
        raise TargetRefused("a webhook's url carries no user name or password ('@')")
    if "#" in url:
        raise TargetRefused("a webhook's url has no fragment ('#')")
    try:
        port = parts.port
    except ValueError:
        raise TargetRefused("a webhook's url has a port from 1 to 65535") from None
    host = parts.hostname or ""
    if parts.netloc.startswith("["):
        try:
            IPv6Address(host)
        except ValueError:
            raise TargetRefused(f"a webhook's host {host!r} is no IPv6 address") from None
        if "%" in host:
            raise TargetRefused("a webhook's address names no network interface ('%')")
    elif not _NAME.match(host):
        raise TargetRefused(f"a webhook's host {host!r} is no host name or address")
    if port == 0:
        raise TargetRefused("a webhook's url has a port from 1 to 65535")
    path = (parts.path or "/") + (f"?{parts.query}" if parts.query else "")
    default = 443 if scheme == "https" else 80
    return Target("https" if scheme == "https" else "http", host, port or default, path)


def addresses_of(target: Target, resolve: Resolve | None = None) -> list[IPAddress]:
    """The addresses a request to ``target`` may connect to: the one it names, or every one
    its host resolves to. TargetRefused if there is none."""
    literal = target.literal()
    if literal is not None:
        return [literal]
    try:
        found = list((resolve or resolve_host)(target.host, target.port))
        addresses = [ip_address(a.split("%")[0]) for a in found]
    except (OSError, UnicodeError, ValueError):
        addresses = []
    if not addresses:
        raise TargetRefused(f"a webhook's host {target.host!r} does not resolve")
    return addresses


def checked(url: str, resolve: Resolve | None = None) -> tuple[Target, list[IPAddress]]:
    """The url's parts and the addresses a request to it may connect to, all of them
    public unless private targets are allowed; TargetRefused otherwise."""
    target = parse_target(url)
    found = addresses_of(target, resolve)
    if are_private_targets_allowed():
        return target, found
    for address in found:
        reason = why_not_public(address)
        if reason is not None:
            raise PrivateTarget(
                f"a webhook's host {target.host!r} resolves to {reason};"
                f" an operator may allow those with {PRIVATE_TARGETS}=1"
            )
    return target, found


def refusal(url: str, resolve: Resolve | None = None) -> str | None:
    """Why ``url`` may not be sent to (None: it may). A host that does not resolve is
    refused too: its notices could never arrive."""
    try:
        check_target(url, resolve)
    except TargetRefused as refused:
        return refused.message
    return None


def check_target(url: str, resolve: Resolve | None = None) -> None:
    """TargetRefused (a 400) for a url Cairn may not send notices to. With private targets
    allowed only its form is checked: the host need not resolve yet."""
    if are_private_targets_allowed():
        parse_target(url)
        return
    checked(url, resolve)
