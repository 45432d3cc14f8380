"""Accounts and owners' webhooks kept on the coordinator alone, so that writing them commits
in one phase on Citus (docs/scaling.md, issue #23).

Revision ID: 0010
Revises: 0009
"""

from alembic import op

revision = "0010"
down_revision = "0009"
branch_labels = None
depends_on = None

# ``players`` and ``owner_webhooks`` were reference tables on Citus, and Citus writes a
# reference table on every node and commits that in two phases, whatever the statement.
# They are now local to the coordinator (service/store/placement.py), where a write touches
# one node. Citus allows no foreign key from a distributed table to such a table, so
# ``seat_players.player_id`` loses its key here, on one PostgreSQL too, so that both
# enforce the same thing: the store checks that a bound player exists before binding
# (``service.store.players.require_players``), and no account is ever deleted, so the check
# cannot be outrun.
#
# ``owner_webhooks.settled_at``: when the hook's per-game copies last matched it (every
# active game of its owner holds a copy in force, or, once revoked, none does). A
# registration or a revocation writes the owner's row first and then one game per
# transaction; a process that dies between them leaves the row unsettled, and the sweep
# finishes it (``Subscriptions.settle``). Hooks registered before were copied in one
# transaction, so they are settled (the column's first default, no UPDATE: on a
# cluster placed as before, the table is still a reference table here).
UPGRADE = """
ALTER TABLE seat_players DROP CONSTRAINT seat_players_player_id_fkey;
ALTER TABLE owner_webhooks ADD COLUMN settled_at timestamptz DEFAULT now();
ALTER TABLE owner_webhooks ALTER COLUMN settled_at DROP DEFAULT;
CREATE INDEX owner_webhooks_unsettled ON owner_webhooks (created_at) WHERE settled_at IS NULL;
"""

DOWNGRADE = """
DROP INDEX owner_webhooks_unsettled;
ALTER TABLE owner_webhooks DROP COLUMN settled_at;
ALTER TABLE seat_players ADD CONSTRAINT seat_players_player_id_fkey
    FOREIGN KEY (player_id) REFERENCES players (player_id);
"""


def _each(statements: str) -> None:
    # One statement per execute: on a schema Citus has distributed, it forwards the DDL's
    # whole query string to the workers' shards, and a string of several statements is
    # refused there ("cannot insert multiple commands into a prepared statement").
    for statement in statements.split(";"):
        if statement.strip():
            op.execute(statement)


def upgrade() -> None:
    _each(UPGRADE)


def downgrade() -> None:
    _each(DOWNGRADE)
