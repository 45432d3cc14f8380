"""The feed's horizon counts only appending transactions; the chain is a constraint; the fork
lineage has no foreign key; pickled snapshots are dropped.

Revision ID: 0003
Revises: 0002
"""

from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None

# The feed (EventStore.read_all, docs/scaling.md section 3). Every transaction that writes
# events announces itself before its transaction id exists, by taking a shared
# transaction-level advisory lock (the feed lock) that every session sees in pg_locks. The
# feed's horizon is the oldest transaction id that is either running at the reader's
# snapshot and not proved a stranger's, or held by an announced transaction (one that
# still holds the feed lock), or else the next id to be assigned. A stranger is a
# transaction holding its own id without the feed lock: a session idle in a transaction,
# in this database or another, a CREATE DATABASE, a migration, a bulk load into another
# table. It can never append events (below), so it holds nothing back.
#
# Why no late commit is skipped. The reader takes its snapshot S, then reads pg_locks, then
# reads rows below the horizon in a later statement. An appender T locks before its id
# exists and keeps the lock until its commit is visible everywhere (on Citus, until every
# worker committed: docs/scaling.md). If T's id is at or above xmax(S), the horizon (never
# above xmax(S)) is at or below it. If below, T was running at S (its id is in S's list,
# and, holding the feed lock, it is no stranger), or still holds the lock when pg_locks is
# read (a Citus commit on the workers after the coordinator's own), and either way the
# horizon is at or below its id; or T released the lock before pg_locks was read, and then
# the reader's later statement sees all its rows. So no row below the horizon can become
# visible later.
#
# An event row announces its transaction through its defaults (cairn_feed_position, then
# cairn_appending_tx for tx): the first row of a transaction takes the lock and then the
# id, later rows find it taken. A transaction that had written anything before announcing
# itself is refused, since its id may already be below a horizon a reader has passed; the
# store announces first (``SELECT cairn_announce_append()``) in transactions that write a
# game row before its events.
#
# The chain. Each event's (prev_seq, prev_hash) must be the (seq, hash) of the event before
# it in the same game, and the first event's prev_hash is the genesis hash: an append whose
# expected head hash is wrong is refused by the database, whoever sends it.
#
# The lineage. games.parent_id stays a plain column: Citus distributes games by game_id and
# refuses a foreign key from one game's row to another's (docs/scaling.md); the store
# checks that a fork's parent exists when it copies the parent's events.
UPGRADE = """
CREATE FUNCTION cairn_announce_append() RETURNS xid8 LANGUAGE plpgsql VOLATILE AS $$
DECLARE
    current xid8 := pg_current_xact_id_if_assigned();
BEGIN
    IF current IS NULL THEN
        PERFORM pg_advisory_xact_lock_shared(1128352082, 1);
        current := pg_current_xact_id();
        PERFORM set_config('cairn.appending_tx', current::text, true);
    ELSIF current_setting('cairn.appending_tx', true) IS DISTINCT FROM current::text THEN
        RAISE EXCEPTION 'events must be written before anything else in a transaction'
            USING ERRCODE = 'object_not_in_prerequisite_state',
                  HINT = 'start the transaction with SELECT cairn_announce_append()';
    END IF;
    RETURN current;
END;
$$;

CREATE FUNCTION cairn_feed_horizon() RETURNS xid8 LANGUAGE plpgsql VOLATILE AS $$
DECLARE
    snapshot pg_snapshot := pg_current_snapshot();
    here oid := (SELECT oid FROM pg_database WHERE datname = current_database());
    next bigint := pg_snapshot_xmax(snapshot)::text::bigint;
    oldest bigint;
BEGIN
    -- pg_locks is read once (a MATERIALIZED CTE is evaluated once), so what it says about
    -- one transaction is of one moment. Its ids are 32 bits wide: a running one is matched
    -- by its low 32 bits, and an announced one is placed below ``next`` by its distance
    -- from it, modulo 2^32 (an id at or past ``next`` is no lower bound).
    WITH locks AS MATERIALIZED (
        SELECT virtualtransaction, locktype, database, classid, objid, objsubid, mode,
               granted, transactionid
        FROM pg_locks WHERE locktype IN ('advisory', 'transactionid')
    ), holders AS (
        SELECT virtualtransaction,
               bool_or(locktype = 'advisory' AND database = here AND classid = 1128352082
                       AND objid = 1 AND objsubid = 2) AS announced
        FROM locks GROUP BY virtualtransaction
    ), own AS (
        SELECT l.transactionid::text::bigint AS xid, h.announced
        FROM locks AS l JOIN holders AS h USING (virtualtransaction)
        WHERE l.locktype = 'transactionid' AND l.mode = 'ExclusiveLock' AND l.granted
    ), running AS (
        SELECT x::text::bigint AS x FROM pg_snapshot_xip(snapshot) AS x
    ), behind AS (
        SELECT (next % 4294967296 - xid + 4294967296) % 4294967296 AS distance
        FROM own WHERE announced
    )
    SELECT least(
        (SELECT min(r.x) FROM running AS r WHERE NOT EXISTS (
            SELECT 1 FROM own AS o WHERE NOT o.announced AND o.xid = r.x % 4294967296)),
        (SELECT next - max(distance) FROM behind WHERE distance BETWEEN 1 AND 2147483647)
    ) INTO oldest;
    RETURN coalesce(oldest, next)::text::xid8;
END;
$$;

-- A column's default runs in column order, and global_position's comes before tx's. As an
-- identity column its nextval could assign the transaction id (a sequence assigns one when
-- it writes WAL, every 32 values) before tx's default took the feed lock; so the position
-- comes from a default that announces first.
CREATE SEQUENCE events_position AS bigint;
SELECT setval('events_position', (SELECT coalesce(max(global_position), 0) + 1 FROM events),
              false);
ALTER TABLE events ALTER COLUMN global_position DROP IDENTITY;
ALTER SEQUENCE events_position OWNED BY events.global_position;

CREATE FUNCTION cairn_feed_position() RETURNS bigint LANGUAGE sql VOLATILE AS $$
    SELECT CASE WHEN cairn_announce_append() IS NOT NULL THEN nextval('events_position') END
$$;
-- Null (and so refused by NOT NULL) unless this transaction announced itself.
CREATE FUNCTION cairn_appending_tx() RETURNS xid8 LANGUAGE sql VOLATILE AS $$
    SELECT nullif(current_setting('cairn.appending_tx', true), '')::xid8
$$;

ALTER TABLE events ALTER COLUMN global_position SET DEFAULT cairn_feed_position();
ALTER TABLE events ALTER COLUMN tx SET DEFAULT cairn_appending_tx();

ALTER TABLE events ADD CONSTRAINT events_seq_hash UNIQUE (game_id, seq, hash);
ALTER TABLE events DROP CONSTRAINT events_game_id_prev_seq_fkey;
ALTER TABLE events ADD CONSTRAINT events_chain FOREIGN KEY (game_id, prev_seq, prev_hash)
    REFERENCES events (game_id, seq, hash);
ALTER TABLE events ADD CONSTRAINT events_genesis
    CHECK (seq > 1 OR prev_hash = repeat('0', 64));

ALTER TABLE games DROP CONSTRAINT games_parent_id_fkey;

-- Snapshots were pickles; they are a disposable cache, now encoded data.
DELETE FROM snapshots;
"""

DOWNGRADE = """
DELETE FROM snapshots;
ALTER TABLE games ADD CONSTRAINT games_parent_id_fkey FOREIGN KEY (parent_id)
    REFERENCES games (game_id);
ALTER TABLE events DROP CONSTRAINT events_genesis;
ALTER TABLE events DROP CONSTRAINT events_chain;
ALTER TABLE events ADD CONSTRAINT events_game_id_prev_seq_fkey FOREIGN KEY (game_id, prev_seq)
    REFERENCES events (game_id, seq);
ALTER TABLE events DROP CONSTRAINT events_seq_hash;
ALTER TABLE events ALTER COLUMN tx SET DEFAULT pg_current_xact_id();
ALTER TABLE events ALTER COLUMN global_position DROP DEFAULT;
DROP SEQUENCE events_position;
ALTER TABLE events ALTER COLUMN global_position ADD GENERATED ALWAYS AS IDENTITY;
SELECT setval(pg_get_serial_sequence('events', 'global_position'),
              (SELECT coalesce(max(global_position), 0) + 1 FROM events), false);
DROP FUNCTION cairn_feed_position();
DROP FUNCTION cairn_appending_tx();
DROP FUNCTION cairn_feed_horizon();
DROP FUNCTION cairn_announce_append();
"""


def upgrade() -> None:
    op.execute(UPGRADE)


def downgrade() -> None:
    op.execute(DOWNGRADE)
