"""The ASGI entry point ``cairn serve`` hands to uvicorn (one per worker process)."""

from __future__ import annotations

import os

from litestar import Litestar

from service.api.app import create_app
from service.logs import configure

RESOLVED_URL = "CAIRN_RESOLVED_DATABASE_URL"


def create_from_env() -> Litestar:
    """Build the app on the database ``cairn serve`` resolved and migrated beforehand."""
    configure(os.environ.get("CAIRN_LOG_LEVEL", "INFO"))
    url = os.environ.get(RESOLVED_URL)
    if not url:
        from service.store.database import database_url

        url = database_url()
    return create_app(database_url=url)
