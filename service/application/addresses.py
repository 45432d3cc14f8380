"""Whether an IP address is public: one Cairn may send a notice to, in every spelling.

An IPv6 address can carry an IPv4 one, and a network that routes it reaches that IPv4
address: IPv4-mapped ``::ffff:a.b.c.d`` (a dual-stack socket connects to a.b.c.d itself),
IPv4-translated ``::ffff:0:a.b.c.d``, the deprecated IPv4-compatible ``::a.b.c.d``, NAT64
``64:ff9b::a.b.c.d``, 6to4 ``2002:AABB:CCDD::`` (bits 16 to 48) and Teredo (its server and
client). So every IPv4 address an IPv6 one embeds is unwrapped and judged as well. The
tables are written out here rather than read from ``ipaddress``'s ``is_global``, whose
answer for these prefixes differs between Python versions; ``is_global`` and its siblings
may only refuse more.
"""

from __future__ import annotations

from ipaddress import IPv4Address, IPv4Network, IPv6Address, IPv6Network, ip_network

IPAddress = IPv4Address | IPv6Address

_NOT_PUBLIC_V4 = tuple(
    IPv4Network(n)
    for n in (
        "0.0.0.0/8",  # "this network", the unspecified address
        "10.0.0.0/8",  # private
        "100.64.0.0/10",  # shared, carrier-grade NAT
        "127.0.0.0/8",  # loopback
        "169.254.0.0/16",  # link-local, the cloud metadata address
        "172.16.0.0/12",  # private
        "192.0.0.0/24",  # IETF protocol assignments
        "192.0.2.0/24",  # documentation
        "192.88.99.0/24",  # 6to4 relays (deprecated)
        "192.168.0.0/16",  # private
        "198.18.0.0/15",  # benchmarking
        "198.51.100.0/24",  # documentation
        "203.0.113.0/24",  # documentation
        "224.0.0.0/4",  # multicast
        "240.0.0.0/4",  # reserved, and the limited broadcast 255.255.255.255
    )
)

_GLOBAL_UNICAST_V6 = IPv6Network("2000::/3")
"""Where every public IPv6 address is; what is outside it is not, but for the prefixes
below that carry an IPv4 address."""

_NOT_PUBLIC_V6 = tuple(
    IPv6Network(n)
    for n in (
        "2001::/23",  # IETF protocol assignments, Teredo 2001::/32 among them
        "2001:db8::/32",  # documentation
        "3fff::/20",  # documentation
    )
)

_MAPPED = ip_network("::ffff:0:0/96")
_TRANSLATED = ip_network("::ffff:0:0:0/96")
_COMPATIBLE = ip_network("::/96")
_NAT64 = ip_network("64:ff9b::/96")
_SIX_TO_FOUR = ip_network("2002::/16")

_CARRIERS = (_MAPPED, _NAT64, _SIX_TO_FOUR)
"""Prefixes an address may be sent to when the IPv4 address they carry is public: they reach
that address (a dual-stack socket, a NAT64 gateway, a 6to4 relay) and nothing else."""


def embedded_ipv4(ip: IPv6Address) -> tuple[IPv4Address, ...]:
    """Every IPv4 address ``ip`` carries in a spelling some network routes."""
    low32 = IPv4Address(int(ip) & 0xFFFFFFFF)
    found: list[IPv4Address] = []
    if ip in _MAPPED or ip in _TRANSLATED or ip in _COMPATIBLE or ip in _NAT64:
        found.append(low32)
    if ip.sixtofour is not None:
        found.append(ip.sixtofour)
    if ip.teredo is not None:
        found.extend(ip.teredo)
    return tuple(found)


def _is_public_v4(ip: IPv4Address) -> bool:
    if any(ip in network for network in _NOT_PUBLIC_V4):
        return False
    return ip.is_global and not (ip.is_multicast or ip.is_reserved or ip.is_unspecified)


def why_not_public(ip: IPAddress) -> str | None:
    """Why ``ip`` is no public address (None: it is one)."""
    if isinstance(ip, IPv4Address):
        return None if _is_public_v4(ip) else f"{ip} is a private, loopback or reserved address"
    if ip.scope_id:
        return f"{ip} names a network interface: a link-local address"
    for carried in embedded_ipv4(ip):
        if not _is_public_v4(carried):
            return f"{ip} carries {carried}, a private, loopback or reserved address"
    if any(ip in prefix for prefix in _CARRIERS):
        return None  # judged by the public IPv4 address it carries, above
    public = (
        ip in _GLOBAL_UNICAST_V6
        and not any(ip in network for network in _NOT_PUBLIC_V6)
        and ip.is_global
        and not (ip.is_multicast or ip.is_reserved or ip.is_site_local)
    )
    return None if public else f"{ip} is a private, loopback or reserved address"
