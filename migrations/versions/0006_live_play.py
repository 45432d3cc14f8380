"""Live play: who created a game (they may abandon it), webhooks, and the notice outbox.

Revision ID: 0006
Revises: 0007 (chained after the head this branch was built on; re-chained at merge)
"""

from alembic import op

revision = "0006"
down_revision = "0007"
branch_labels = None
depends_on = None

# Every primary key and unique index includes game_id, so the tables shard with the events
# (docs/scaling.md). Tokens and secrets: a creator's token is kept as its sha256 only; a
# webhook's secret must be kept as given, since each notice is signed with it.
# ``owner_kind`` is who registered a webhook: 'seat' (with ``seat``), 'creator', and later
# 'player' or 'league' (issue #15), with ``owner`` naming them.
UPGRADE = """
CREATE TABLE game_creators (
    game_id uuid PRIMARY KEY REFERENCES games (game_id),
    token_sha256 text NOT NULL
);
CREATE TABLE webhooks (
    game_id uuid NOT NULL REFERENCES games (game_id),
    hook_id uuid NOT NULL,
    url text NOT NULL,
    secret text NOT NULL,
    owner_kind text NOT NULL CHECK (owner_kind IN ('seat', 'creator', 'player', 'league')),
    owner text NOT NULL DEFAULT '',
    seat integer,
    created_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (game_id, hook_id)
);
CREATE TABLE outbox (
    game_id uuid NOT NULL,
    notice_id uuid NOT NULL,
    hook_id uuid NOT NULL,
    kind text NOT NULL,
    body jsonb NOT NULL,
    attempts integer NOT NULL DEFAULT 0,
    next_at timestamptz NOT NULL DEFAULT now(),
    delivered_at timestamptz,
    last_error text,
    created_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (game_id, notice_id),
    FOREIGN KEY (game_id, hook_id) REFERENCES webhooks (game_id, hook_id)
);
CREATE INDEX outbox_owed ON outbox (next_at) WHERE delivered_at IS NULL;
"""

DOWNGRADE = """
DROP TABLE outbox;
DROP TABLE webhooks;
DROP TABLE game_creators;
"""


def upgrade() -> None:
    op.execute(UPGRADE)


def downgrade() -> None:
    op.execute(DOWNGRADE)
