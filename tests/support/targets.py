"""Webhook targets for tests: spellings of private and public addresses, and resolvers that
never ask a real DNS server (service/application/targets.py)."""

from __future__ import annotations

ISSUE_SPELLINGS = [
    # IPv4-compatible, NAT64 and 6to4 spellings of loopback and the cloud metadata address
    "http://[::127.0.0.1]/",
    "http://[::169.254.169.254]/",
    "http://[64:ff9b::7f00:1]/",
    "http://[64:ff9b::a9fe:a9fe]/",
    "http://[2002:7f00:1::]/",
    "http://[2002:a9fe:a9fe::]/",
    # the check read 93.184.216.34 after the '@', the sender 127.0.0.1
    "http://127.0.0.1:9\\@93.184.216.34/",
]
"""The spellings issue #27 found accepted (tests/service/api/test_webhook_target_refusal.py
sends them to every endpoint)."""

NOT_PUBLIC = [
    "http://127.0.0.1:9/hook",
    "http://127.1.2.3/hook",
    "http://10.1.2.3/hook",
    "http://172.16.0.1/hook",
    "http://192.168.0.10:8080/hook",
    "http://169.254.169.254/latest/meta-data",
    "http://100.64.0.1/hook",
    "http://0.0.0.0/hook",
    "http://192.0.0.8/hook",
    "http://192.0.2.1/hook",
    "http://198.18.0.1/hook",
    "http://224.0.0.1/hook",
    "http://240.0.0.1/hook",
    "http://255.255.255.255/hook",
    "http://[::]/hook",
    "http://[::1]/hook",
    "http://[::ffff:127.0.0.1]/hook",  # IPv4-mapped
    "http://[::ffff:a9fe:a9fe]/hook",
    "http://[::ffff:0:7f00:1]/hook",  # IPv4-translated
    "http://[::93.184.216.34]/hook",  # IPv4-compatible is deprecated: never, even public
    "http://[64:ff9b::10.0.0.1]/hook",
    "http://[64:ff9b:1::7f00:1]/hook",  # local-use NAT64
    "http://[2002:c0a8:1::]/hook",  # 6to4 of 192.168.0.1
    "http://[2002:a00:1:1::5]/hook",  # 6to4 of 10.0.0.1
    "http://[2001:0:4136:e378:8000:63bf:3fff:fdd2]/hook",  # Teredo
    "http://[2001:db8::1]/hook",
    "http://[fc00::1]/hook",
    "http://[fd12:3456::1]/hook",
    "http://[fe80::1]/hook",
    "http://[fec0::1]/hook",
    "http://[ff02::1]/hook",
    "http://[100::1]/hook",
    "http://localhost/hook",
    "http://private.test/hook",  # resolves to a public and a private address
    "http://no-such-host.test/hook",  # does not resolve
]

MALFORMED = [
    "http://93.184.216.34\\@127.0.0.1/",
    "http://user@93.184.216.34/",
    "http://user:pw@93.184.216.34/",
    "http://93.184.216.34/a b",
    "http://93.184.216.34/#fragment",
    "http://ex\u00e4mple.test/",
    "http://[fe80::1%25eth0]/",
    "http://93.184.216.34:0/",
    "http://93.184.216.34:99999/",
    "http://exa%6dple.test/",
    "ftp://93.184.216.34/",
]

PUBLIC = [
    "https://93.184.216.34/hook",
    "http://[2606:2800:220:1:248:1893:25c8:1946]:8080/hook?x=1",
    "http://[::ffff:93.184.216.34]/hook",  # mapped: a dual-stack socket reaches the IPv4 one
    "http://[64:ff9b::5db8:d822]/hook",  # NAT64 of 93.184.216.34
    "http://[2002:5db8:d822::1]/hook",  # 6to4 of 93.184.216.34
    "https://hooks.example.test/hook",
]

NAMES = {
    "localhost": ["127.0.0.1", "::1"],
    "private.test": ["93.184.216.34", "10.0.0.7"],
    "hooks.example.test": ["93.184.216.34", "2606:2800:220:1:248:1893:25c8:1946"],
}


def fake_resolve(host: str, port: int) -> list[str]:
    """No real DNS in tests: the names above, and nothing else resolves."""
    if host not in NAMES:
        raise OSError(f"{host} does not resolve")
    return NAMES[host]


class Rebinding:
    """A name that resolves to a public address the first time and to loopback after, as
    a DNS rebinding attack answers; every other name does not resolve."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.asked = 0

    def __call__(self, host: str, port: int) -> list[str]:
        if host != self.name:
            raise OSError(f"{host} does not resolve")
        self.asked += 1
        return ["93.184.216.34"] if self.asked == 1 else ["127.0.0.1"]
