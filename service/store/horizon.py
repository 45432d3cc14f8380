"""The feed's horizon, and on Citus the workers' state.

The horizon is the transaction id the global feeds (games' and leagues') are read below
(migrations/versions/0003_feed_chain_lineage.py argues why none is skipped).

On Citus one more thing can hold it: a transaction that committed in two phases and whose
``COMMIT PREPARED`` failed on a worker (the worker's connection lost between the phases).
Its coordinator part is over and has let go of the feed lock, so ``cairn_feed_horizon()``
has moved past its id; its rows on that worker become visible only when Citus's recovery
commits the prepared transaction, up to a minute later. A reader that went on past it would
never see them. So on Citus, once the horizon is read, every worker is asked for prepared
transactions of this database not yet resolved, and while there is one (or a worker does
not answer) the feed holds: it returns nothing new until they are resolved.

Sound because of the order: a transaction below the horizon has finished on the
coordinator, so it has either committed on its workers (in one phase, before its coordinator
part; or in two, already) or left a prepared transaction there, which this check, made
after the horizon was read, finds. One prepared later belongs to a transaction still running
when the horizon was read, whose id is not below it. The plain move commits in one phase
(tests/service/test_citus_play.py), so a hold is rare and short: a two-phase commit in
flight (an operator's statement; the service's own writes each touch one node), or one
left to recovery.
"""

from __future__ import annotations

from typing import Any

import psycopg
from psycopg.rows import tuple_row

_HORIZON = (
    "SELECT cairn_feed_horizon()::text, EXISTS (SELECT FROM pg_extension WHERE extname = 'citus')"
)
_UNRESOLVED = (
    "SELECT count(*) FILTER (WHERE NOT success OR result <> '0') FROM run_command_on_workers("
    "$$SELECT count(*) FROM pg_prepared_xacts WHERE database = current_database()$$)"
)


def feed_horizon(conn: psycopg.Connection[Any]) -> str | None:
    """The horizon as text, or None while the feed must hold (above). Each is a statement of
    its own, before the rows are read with a snapshot taken after them."""
    with conn.cursor(row_factory=tuple_row) as cur:
        row = cur.execute(_HORIZON).fetchone()
        assert row is not None
        horizon, citus = str(row[0]), bool(row[1])
        if citus:
            held = cur.execute(_UNRESOLVED).fetchone()
            if held is None or held[0]:
                return None
    return horizon


_WORKERS = (
    "SELECT nodename || ':' || nodeport, success FROM run_command_on_workers('SELECT 1')"
    " ORDER BY nodeport, nodename"
)


def worker_states(conn: psycopg.Connection[Any]) -> dict[str, str]:
    """On Citus, each worker as the coordinator reaches it now, ``"ok"`` or ``"down"``; empty
    on one PostgreSQL. A worker that does not answer in 2 s counts as down (Citus's own
    connection timeout is 30 s)."""
    with conn.cursor(row_factory=tuple_row) as cur:
        row = cur.execute("SELECT EXISTS (SELECT FROM pg_extension WHERE extname = 'citus')")
        found = row.fetchone()
        if not (found and found[0]):
            return {}
        with conn.transaction():
            cur.execute("SET LOCAL citus.node_connection_timeout = 2000")
            rows = cur.execute(_WORKERS).fetchall()
    return {str(name): "ok" if success else "down" for name, success in rows}
