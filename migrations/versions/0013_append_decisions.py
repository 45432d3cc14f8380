"""``cairn_append_decisions``: a seat's decision and the system's decisions after it, one call.

Revision ID: 0013
Revises: 0012
"""

from alembic import op

revision = "0013"
down_revision = "0012"
branch_labels = None
depends_on = None

# A seat's decision and the system's decisions due right after it are appended in one
# commit (issue #26). They went as one ``cairn_append`` call each, in a BEGIN ... COMMIT
# block: a Peloponnes move (the seat's decision and about four of the system's, ten events)
# was seven statements on the server. This function writes the same rows with the same
# statements, decision after decision, in one call (bench/HISTORY.md, branch ``pelo-http``:
# 65 to 80 us less of the database's CPU and 25 to 75 us less of the client's a Peloponnes
# move, some 2 % of what the move costs).
#
# It is ``cairn_append``'s body (migrations 0011, 0012) in a loop over the decisions:
# ``p_decisions`` is a JSON array of ``[actor, command, metadata, events, result, notices]``,
# ``events`` as ``cairn_append``'s ``p_events`` (``[type, schema_version, payload, visibility,
# hash]``), ``command``, ``result`` and ``notices`` JSON null for none. Seqs run on from
# ``p_start`` and each event's prev_hash is the hash of the one before, the first's
# ``p_head``; a decision's command goes on its first event, and its first seq is each of its
# events' decision_seq. The idempotency record goes in after the first decision's events,
# as the first call wrote it. Answers the events' recorded_at and the outbox rows written by
# every decision's notices. Every guarantee stays the schema's, as for ``cairn_append``: the
# events are written first (the feed's announce in their defaults), a refusal raises the
# constraint's own error and rolls the whole call back.
#
# Citus. Not distributed, as ``cairn_append`` (migration 0011 says why): it runs on the
# coordinator, and every statement in it names the game by ``p_game``, so Citus routes each
# to the game's shard, inside the call's one transaction: one worker, one phase. The call is
# sent alone, outside a transaction block, as a lone ``cairn_append`` call is. The outbox's
# ``INSERT ... SELECT`` reads the notices from a variable, as 0012's reads them from a
# parameter.
UPGRADE = """
CREATE FUNCTION cairn_append_decisions(
    p_game uuid, p_start integer, p_head text, p_decisions jsonb, p_key text,
    p_request_hash text, p_response jsonb, OUT stamp timestamptz, OUT outboxed integer
) LANGUAGE plpgsql VOLATILE AS $$
DECLARE
    start integer := p_start;
    prev text := p_head;
    d jsonb;
    evs jsonb;
    e jsonb;
    n integer;
    written integer;
BEGIN
    outboxed := 0;
    FOR k IN 0 .. jsonb_array_length(p_decisions) - 1 LOOP
        d := p_decisions -> k;
        evs := d -> 3;
        n := jsonb_array_length(evs);
        IF n = 0 THEN
            RAISE EXCEPTION 'an append needs at least one event'
                USING ERRCODE = 'invalid_parameter_value';
        END IF;
        FOR i IN 0 .. n - 1 LOOP
            e := evs -> i;
            INSERT INTO events (game_id, seq, type, schema_version, payload, visibility, actor,
                                decision_seq, command, metadata, prev_hash, hash)
            VALUES (p_game, start + i, e ->> 0, (e ->> 1)::integer, e -> 2, e ->> 3, d ->> 0,
                    start, CASE WHEN i = 0 THEN nullif(d -> 1, 'null') END, d -> 2, prev,
                    e ->> 4)
            RETURNING recorded_at INTO stamp;
            prev := e ->> 4;
        END LOOP;
        IF k = 0 AND p_key IS NOT NULL THEN
            INSERT INTO idempotency (game_id, key, request_hash, response)
            VALUES (p_game, p_key, p_request_hash, p_response);
        END IF;
        IF jsonb_typeof(d -> 4) <> 'null' THEN
            UPDATE games SET status = 'finished', result = d -> 4, finished_at = now()
            WHERE game_id = p_game AND status <> 'finished';
        END IF;
        IF jsonb_typeof(d -> 5) <> 'null' THEN
            INSERT INTO outbox (game_id, notice_id, hook_id, kind, body)
            SELECT w.game_id, md5(x.id || w.hook_id::text)::uuid, w.hook_id, x.kind, x.body
            FROM webhooks w, jsonb_to_recordset(d -> 5) AS x(id text, kind text, seats int[],
                                                              body jsonb)
            WHERE w.game_id = p_game AND w.revoked_at IS NULL
              AND (w.seat = ANY(x.seats) OR w.seats && x.seats
                   OR (w.seat IS NULL AND w.seats IS NULL));
            GET DIAGNOSTICS written = ROW_COUNT;
            outboxed := outboxed + written;
        END IF;
        start := start + n;
    END LOOP;
END;
$$
"""

DOWNGRADE = """
DROP FUNCTION cairn_append_decisions(uuid, integer, text, jsonb, text, text, jsonb);
"""


def upgrade() -> None:
    op.execute(UPGRADE)


def downgrade() -> None:
    op.execute(DOWNGRADE)
