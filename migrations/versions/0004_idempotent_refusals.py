"""Idempotency keys remember refusals too: a refused keyed command stays refused.

Revision ID: 0004
Revises: 0003
"""

from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None

# A key's first outcome is its outcome: an applied command's row is written with its events,
# a refusal's row on its own (``refused``), and the primary key (game_id, key) lets only one
# of them exist. Refusals append no events, so they are kept for a bounded time only
# (service.application.idempotency.REFUSALS_KEPT); the index finds the expired ones.
UPGRADE = """
ALTER TABLE idempotency ADD COLUMN refused boolean NOT NULL DEFAULT false;
CREATE INDEX idempotency_refusals_by_age ON idempotency (created_at) WHERE refused;
"""

DOWNGRADE = """
DELETE FROM idempotency WHERE refused;
DROP INDEX idempotency_refusals_by_age;
ALTER TABLE idempotency DROP COLUMN refused;
"""


def upgrade() -> None:
    op.execute(UPGRADE)


def downgrade() -> None:
    op.execute(DOWNGRADE)
