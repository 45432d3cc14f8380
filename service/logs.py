"""structlog set-up: one JSON object per line, with request and game context bound."""

from __future__ import annotations

import logging
import sys
from typing import Any

import msgspec
import structlog

_loggers: dict[str, structlog.stdlib.BoundLogger] = {}
_encoder = msgspec.json.Encoder(enc_hook=str)


def _json(event: dict[str, Any], **_: Any) -> str:
    """structlog's JSON serializer: msgspec, a fraction of ``json.dumps``'s cost per line;
    anything it does not know is written as its ``str``."""
    return _encoder.encode(event).decode()


class _Stderr:
    """Whatever ``sys.stderr`` is when a line is written, not when logging was configured:
    the CLI configures logging inside a command, where a test runner may swap stderr."""

    def write(self, text: str) -> int:
        return sys.stderr.write(text)

    def flush(self) -> None:
        sys.stderr.flush()


def configure(level: str = "INFO", json: bool = True) -> None:
    """Route structlog and the standard library through one JSON renderer on stderr."""
    renderer: structlog.types.Processor = (
        structlog.processors.JSONRenderer(serializer=_json)
        if json
        else structlog.dev.ConsoleRenderer()
    )
    structlog.configure(
        processors=[
            structlog.contextvars.merge_contextvars,
            structlog.processors.add_log_level,
            structlog.processors.TimeStamper(fmt="iso", utc=True),
            structlog.processors.format_exc_info,
            renderer,
        ],
        wrapper_class=structlog.make_filtering_bound_logger(logging.getLevelName(level)),
        logger_factory=structlog.PrintLoggerFactory(file=_Stderr()),  # type: ignore[arg-type]
        cache_logger_on_first_use=True,
    )
    forget_loggers()


def forget_loggers() -> None:
    """Drop the kept loggers: call after configuring structlog directly (tests do)."""
    _loggers.clear()  # loggers handed out before bound the old configuration


def logger(name: str = "cairn") -> structlog.stdlib.BoundLogger:
    """The named logger, kept: a fresh ``get_logger`` proxy would assemble its processor
    chain again on every first use, that is on every request."""
    log = _loggers.get(name)
    if log is None:
        log = _loggers[name] = structlog.get_logger(name)
    return log
