"""``cairn_append`` also answers how many outbox rows it wrote.

Revision ID: 0012
Revises: 0011
"""

import importlib

from alembic import op

revision = "0012"
down_revision = "0011"
branch_labels = None
depends_on = None

# The webhook deliverer is woken after a commit that wrote outbox rows. The application
# knew only whether a decision carried notices, and most do (every move that brings a seat
# to act) in games where no hook hears them: a wake-up and an outbox claim per move for
# nothing (issue #26). Only the INSERT below knows which hooks hear a notice when it
# commits (a hook may be registered by any process at any time), so the function answers
# its row count, and the application wakes the deliverer only when it is not 0.
#
# The same function as migration 0011's, statement for statement, with OUT parameters
# (``stamp``: the events' recorded_at, as before; ``outboxed``: the rows the outbox INSERT
# wrote, from ``GET DIAGNOSTICS``), called as ``SELECT stamp, outboxed FROM
# cairn_append(...)``. A function's result type cannot be replaced, so it is dropped and
# made again in this migration's transaction: a process still running the code before this
# migration reads the new answer as a timestamp and fails its appends, so stop the old
# processes before upgrading, as for any migration.
#
# Citus. Still NOT distributed (migration 0011 says why): it runs on the coordinator, and
# each statement names the game, so Citus routes it to the game's shard. The outbox INSERT
# ... SELECT joins the game's webhooks (co-located by game_id) and is routed to that one
# shard as before; the row count it reports is what Citus's executor gives for a routed
# INSERT.
UPGRADE = """
DROP FUNCTION cairn_append(uuid, integer, text, text, jsonb, jsonb, jsonb, text, text, jsonb,
                           jsonb, jsonb);
CREATE FUNCTION cairn_append(
    p_game uuid, p_start integer, p_head text, p_actor text, p_command jsonb,
    p_metadata jsonb, p_events jsonb, p_key text, p_request_hash text, p_response jsonb,
    p_result jsonb, p_notices jsonb, OUT stamp timestamptz, OUT outboxed integer
) LANGUAGE plpgsql VOLATILE AS $$
DECLARE
    n integer := jsonb_array_length(p_events);
    prev text := p_head;
    e jsonb;
BEGIN
    IF n = 0 THEN
        RAISE EXCEPTION 'an append needs at least one event'
            USING ERRCODE = 'invalid_parameter_value';
    END IF;
    FOR i IN 0 .. n - 1 LOOP
        e := p_events -> i;
        INSERT INTO events (game_id, seq, type, schema_version, payload, visibility, actor,
                            decision_seq, command, metadata, prev_hash, hash)
        VALUES (p_game, p_start + i, e ->> 0, (e ->> 1)::integer, e -> 2, e ->> 3, p_actor,
                p_start, CASE WHEN i = 0 THEN p_command END, p_metadata, prev, e ->> 4)
        RETURNING recorded_at INTO stamp;
        prev := e ->> 4;
    END LOOP;
    IF p_key IS NOT NULL THEN
        INSERT INTO idempotency (game_id, key, request_hash, response)
        VALUES (p_game, p_key, p_request_hash, p_response);
    END IF;
    IF p_result IS NOT NULL THEN
        UPDATE games SET status = 'finished', result = p_result, finished_at = now()
        WHERE game_id = p_game AND status <> 'finished';
    END IF;
    outboxed := 0;
    IF p_notices IS NOT NULL THEN
        INSERT INTO outbox (game_id, notice_id, hook_id, kind, body)
        SELECT w.game_id, md5(x.id || w.hook_id::text)::uuid, w.hook_id, x.kind, x.body
        FROM webhooks w, jsonb_to_recordset(p_notices) AS x(id text, kind text, seats int[],
                                                            body jsonb)
        WHERE w.game_id = p_game AND w.revoked_at IS NULL
          AND (w.seat = ANY(x.seats) OR w.seats && x.seats
               OR (w.seat IS NULL AND w.seats IS NULL));
        GET DIAGNOSTICS outboxed = ROW_COUNT;
    END IF;
END;
$$
"""

DOWNGRADE = """
DROP FUNCTION cairn_append(uuid, integer, text, text, jsonb, jsonb, jsonb, text, text, jsonb,
                           jsonb, jsonb);
"""


def upgrade() -> None:
    op.execute(UPGRADE)


def downgrade() -> None:
    op.execute(DOWNGRADE)
    # migration 0011's function, as it made it (its module's name is no identifier)
    op.execute(importlib.import_module("migrations.versions.0011_append_function").UPGRADE)
