"""A webhook receiver on 127.0.0.1 for tests: records every POST, fails the first few."""

from __future__ import annotations

import threading
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any


@dataclass
class Receiver:
    """An HTTP receiver on 127.0.0.1 that answers 500 to its first ``failures`` requests."""

    failures: int = 0
    seen: list[tuple[dict[str, str], bytes]] = field(default_factory=list)
    arrived: threading.Event = field(default_factory=threading.Event)
    wanted: int = 1
    server: ThreadingHTTPServer | None = None

    @property
    def url(self) -> str:
        assert self.server is not None
        return f"http://127.0.0.1:{self.server.server_address[1]}/hook"

    def start(self, port: int = 0) -> Receiver:
        receiver = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:
                body = self.rfile.read(int(self.headers["Content-Length"]))
                receiver.seen.append((dict(self.headers), body))
                failing = len(receiver.seen) <= receiver.failures
                self.send_response(500 if failing else 204)
                self.end_headers()
                if not failing and len(receiver.seen) - receiver.failures >= receiver.wanted:
                    receiver.arrived.set()

            def log_message(self, *args: Any) -> None:
                return

        self.server = ThreadingHTTPServer(("127.0.0.1", port), Handler)
        threading.Thread(target=self.server.serve_forever, daemon=True).start()
        return self

    def stop(self) -> None:
        if self.server is not None:
            self.server.shutdown()
            self.server.server_close()
