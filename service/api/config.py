"""What ``cairn serve`` configures for the app: browsers' origins, the organisers' admin
token, the secret stream tickets are signed with, and the stream's keep-alive.

``cairn serve`` turns its options into environment variables, so that every worker process
builds the same configuration (``ServeConfig.from_env``); tests build one directly.
"""

from __future__ import annotations

import hashlib
import os
import secrets
from dataclasses import dataclass, field
from pathlib import Path

CORS_ORIGINS = "CAIRN_CORS_ORIGINS"
ADMIN_TOKEN = "CAIRN_ADMIN_TOKEN"
ADMIN_TOKEN_FILE = "CAIRN_ADMIN_TOKEN_FILE"
TICKET_SECRET = "CAIRN_TICKET_SECRET"
MIN_ADMIN_TOKEN = 16
"""An admin token shorter than this is refused: it guards imports into the shared store."""


class ConfigError(ValueError):
    """A configuration ``cairn serve`` cannot start with; the message says what to fix."""


def _digest(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def new_ticket_secret() -> str:
    return secrets.token_hex(32)


@dataclass(frozen=True)
class ServeConfig:
    """``cors_origins``: the origins a browser page may call the API from (none: no CORS
    headers at all). ``admin_token_sha256``: the organisers' token, hashed; None disables
    what needs it (``POST /replays``). ``ticket_secret``: signs stream tickets; every
    process serving one database must share it. ``keepalive_seconds``: how long a stream
    stays silent before a keep-alive comment."""

    cors_origins: tuple[str, ...] = ()
    admin_token_sha256: str | None = None
    ticket_secret: str = field(default_factory=new_ticket_secret)
    keepalive_seconds: float = 15.0

    @classmethod
    def from_env(cls) -> ServeConfig:
        origins = tuple(o for o in os.environ.get(CORS_ORIGINS, "").split() if o)
        return cls(
            cors_origins=origins,
            admin_token_sha256=admin_token_from_env(),
            ticket_secret=os.environ.get(TICKET_SECRET) or new_ticket_secret(),
        )

    def is_admin(self, token: str | None) -> bool:
        if token is None or self.admin_token_sha256 is None:
            return False
        return secrets.compare_digest(_digest(token), self.admin_token_sha256)


def admin_token_from_env() -> str | None:
    """The hash of the admin token in ``CAIRN_ADMIN_TOKEN_FILE`` (its first line) or
    ``CAIRN_ADMIN_TOKEN``; None when neither is set."""
    path = os.environ.get(ADMIN_TOKEN_FILE, "").strip()
    if path:
        return _digest(read_admin_token(Path(path)))
    token = os.environ.get(ADMIN_TOKEN, "").strip()
    if token:
        return _digest(checked_admin_token(token, ADMIN_TOKEN))
    return None


def read_admin_token(path: Path) -> str:
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise ConfigError(f"cannot read the admin token file {path}: {exc}") from None
    lines = text.strip().splitlines()
    return checked_admin_token(lines[0].strip() if lines else "", str(path))


def checked_admin_token(token: str, where: str) -> str:
    if len(token) < MIN_ADMIN_TOKEN or any(c.isspace() for c in token):
        raise ConfigError(
            f"the admin token in {where} must be at least {MIN_ADMIN_TOKEN} characters,"
            " with no spaces (e.g. the output of `openssl rand -hex 32`)"
        )
    return token
