"""Webhooks a player or a league registers once, heard in every game of theirs.

Revision ID: 0008
Revises: 0006
"""

from alembic import op

revision = "0008"
down_revision = "0006"
branch_labels = None
depends_on = None

# ``owner_webhooks`` is the registration (a reference table on Citus: one row per hook of a
# player or a league, rarely written, joined by every shard when a game of theirs is
# created). Each is copied into the per-game ``webhooks`` table, under the same ``hook_id``,
# for every game it hears: when a game binds a seat to the player or is created for the
# league, and into their active games when it is registered. So the outbox rows are still
# written in the statement that appends a decision's events, from a game-scoped table
# alone (service/store/statements.py, docs/live-play.md).
#
# ``webhooks.seats``: the seats a player's hook hears in that game (a player may hold more
# than one); NULL with ``seat`` NULL hears every notice (a creator's, a league's).
# ``revoked_at``: a removed hook's rows stay (the outbox refers to them) but hear nothing
# new and deliver nothing more.
UPGRADE = """
CREATE TABLE owner_webhooks (
    hook_id uuid PRIMARY KEY,
    owner_kind text NOT NULL CHECK (owner_kind IN ('player', 'league')),
    owner text NOT NULL,
    url text NOT NULL,
    secret text NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    revoked_at timestamptz
);
CREATE INDEX owner_webhooks_by_owner ON owner_webhooks (owner_kind, owner)
    WHERE revoked_at IS NULL;
ALTER TABLE webhooks ADD COLUMN seats integer[];
ALTER TABLE webhooks ADD COLUMN revoked_at timestamptz;
CREATE INDEX webhooks_by_hook ON webhooks (hook_id);
"""

DOWNGRADE = """
DROP INDEX webhooks_by_hook;
ALTER TABLE webhooks DROP COLUMN revoked_at;
ALTER TABLE webhooks DROP COLUMN seats;
DROP TABLE owner_webhooks;
"""


def upgrade() -> None:
    op.execute(UPGRADE)


def downgrade() -> None:
    op.execute(DOWNGRADE)
