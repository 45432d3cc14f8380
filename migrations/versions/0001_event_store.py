"""The event store: games, append-only hash-chained events, snapshots, idempotency.

Revision ID: 0001
Revises:
"""

from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None

# Every primary key and unique index includes game_id, so the store can shard by game
# (docs/scaling.md). The events table refuses UPDATE, DELETE and TRUNCATE for everyone,
# the owner included: history is only ever appended to.
UPGRADE = """
CREATE TABLE games (
    game_id        uuid PRIMARY KEY,
    ruleset        text NOT NULL,
    rules_version  text NOT NULL,
    content_hash   text NOT NULL,
    seats          integer NOT NULL CHECK (seats > 0),
    seat_info      jsonb NOT NULL DEFAULT '[]'::jsonb,
    options        jsonb NOT NULL DEFAULT '{}'::jsonb,
    status         text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'finished')),
    result         jsonb,
    parent_id      uuid REFERENCES games (game_id),
    fork_at        integer CHECK (fork_at >= 0),
    created_at     timestamptz NOT NULL DEFAULT now(),
    finished_at    timestamptz,
    CHECK ((parent_id IS NULL) = (fork_at IS NULL))
);
CREATE INDEX games_ruleset_status ON games (ruleset, status, created_at);

CREATE TABLE events (
    game_id          uuid NOT NULL REFERENCES games (game_id),
    seq              integer NOT NULL CHECK (seq > 0),
    -- A foreign key from each event to the one before it makes a gap in seq impossible:
    -- an append that skips ahead of the head fails like a conflict.
    prev_seq         integer GENERATED ALWAYS AS (NULLIF(seq - 1, 0)) STORED,
    global_position  bigint GENERATED ALWAYS AS IDENTITY,
    tx               xid8 NOT NULL DEFAULT pg_current_xact_id(),
    type             text NOT NULL,
    schema_version   integer NOT NULL,
    payload          jsonb NOT NULL,
    visibility       text NOT NULL,
    actor            text,
    decision_seq     integer NOT NULL,
    command          jsonb,
    recorded_at      timestamptz NOT NULL DEFAULT now(),
    metadata         jsonb NOT NULL DEFAULT '{}'::jsonb,
    prev_hash        text NOT NULL,
    hash             text NOT NULL,
    PRIMARY KEY (game_id, seq),
    FOREIGN KEY (game_id, prev_seq) REFERENCES events (game_id, seq)
);
-- The global feed reads in (tx, global_position) order; see EventStore.read_all.
CREATE INDEX events_feed ON events (tx, global_position);

CREATE FUNCTION cairn_events_are_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    RAISE EXCEPTION 'events are append-only: % is not allowed', TG_OP
        USING ERRCODE = 'insufficient_privilege';
END;
$$;
CREATE TRIGGER events_no_update_delete BEFORE UPDATE OR DELETE ON events
    FOR EACH ROW EXECUTE FUNCTION cairn_events_are_immutable();
CREATE TRIGGER events_no_truncate BEFORE TRUNCATE ON events
    FOR EACH STATEMENT EXECUTE FUNCTION cairn_events_are_immutable();

CREATE TABLE snapshots (
    game_id      uuid NOT NULL REFERENCES games (game_id),
    seq          integer NOT NULL,
    engine       text NOT NULL,
    state        bytea NOT NULL,
    created_at   timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (game_id, engine, seq)
);

CREATE TABLE idempotency (
    game_id       uuid NOT NULL REFERENCES games (game_id),
    key           text NOT NULL,
    request_hash  text NOT NULL,
    response      jsonb NOT NULL,
    created_at    timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (game_id, key)
);
"""

DOWNGRADE = """
DROP TABLE idempotency;
DROP TABLE snapshots;
DROP TABLE events;
DROP FUNCTION cairn_events_are_immutable();
DROP TABLE games;
"""


def upgrade() -> None:
    op.execute(UPGRADE)


def downgrade() -> None:
    op.execute(DOWNGRADE)
