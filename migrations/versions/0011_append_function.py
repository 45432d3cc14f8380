"""One append is one call: ``cairn_append`` writes a decision's events and what goes with them.

Revision ID: 0011
Revises: 0010
"""

from alembic import op

revision = "0011"
down_revision = "0010"
branch_labels = None
depends_on = None

# The append was up to four statements in one pipeline (events, idempotency record, result,
# outbox rows) wrapped in BEGIN and COMMIT; psycopg's pipeline and cursors for them cost the
# client more than twice what a raw INSERT does (issue #26). The function runs the same
# statements on the server, so the client sends one prepared call (``service.store.appending``).
#
# Every guarantee stays in the schema, not here: the events' defaults announce the
# transaction to the feed (migration 0003; the events are written first, so nothing precedes
# the announce), the primary key and the chain's foreign key refuse a lost race or a wrong
# head hash, the idempotency key's primary key a second attempt, the triggers any change.
# A refusal raises the constraint's own error, and the whole call rolls back with it.
#
# Citus. The function is NOT distributed (no ``create_distributed_function``): a delegated
# call runs on the game's worker, and the events' defaults with it, while the feed's lock,
# transaction ids and positions must be the coordinator's (docs/scaling.md section 3). On
# the coordinator each statement below names the game by ``p_game``, so Citus routes each to
# that game's shard, inside the call's one transaction: one worker, one phase. A lone call
# is sent as a statement of its own, outside a transaction block, which is safe for one
# statement: Citus runs the statements of a function it executes as a multi-statement
# transaction, in one block on the worker. A seat's decision with the system's decisions
# after it is several calls in one BEGIN ... COMMIT (service/store/appending.py). Both were
# checked on a local Citus 13.0.5 cluster (tests/service/test_citus_play.py and
# tests/service/leagues/test_citus_one_phase.py, 2026-12-03). The events
# are inserted one ``INSERT ... VALUES`` each, never an ``INSERT ... SELECT`` from the
# array, which Citus would run through the coordinator by COPY beside the other writes (two
# phases, issue #23). Notice ids come from the client for the same reason (statements.py).
#
# ``p_events`` is a JSON array of ``[type, schema_version, payload, visibility, hash]``, in
# seq order from ``p_start``; each event's prev_hash is the hash of the one before, the first's
# ``p_head``. ``p_command`` goes on the first event only. Returns the events' recorded_at
# (``now()``, the same for every row of the transaction).
UPGRADE = """
CREATE FUNCTION cairn_append(
    p_game uuid, p_start integer, p_head text, p_actor text, p_command jsonb,
    p_metadata jsonb, p_events jsonb, p_key text, p_request_hash text, p_response jsonb,
    p_result jsonb, p_notices jsonb
) RETURNS timestamptz LANGUAGE plpgsql VOLATILE AS $$
DECLARE
    n integer := jsonb_array_length(p_events);
    prev text := p_head;
    e jsonb;
    stamp timestamptz;
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
    IF p_notices IS NOT NULL THEN
        INSERT INTO outbox (game_id, notice_id, hook_id, kind, body)
        SELECT w.game_id, md5(x.id || w.hook_id::text)::uuid, w.hook_id, x.kind, x.body
        FROM webhooks w, jsonb_to_recordset(p_notices) AS x(id text, kind text, seats int[],
                                                            body jsonb)
        WHERE w.game_id = p_game AND w.revoked_at IS NULL
          AND (w.seat = ANY(x.seats) OR w.seats && x.seats
               OR (w.seat IS NULL AND w.seats IS NULL));
    END IF;
    RETURN stamp;
END;
$$
"""

DOWNGRADE = """
DROP FUNCTION cairn_append(uuid, integer, text, text, jsonb, jsonb, jsonb, text, text, jsonb,
                           jsonb, jsonb)
"""


def upgrade() -> None:
    op.execute(UPGRADE)


def downgrade() -> None:
    op.execute(DOWNGRADE)
