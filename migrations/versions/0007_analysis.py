"""Analyses: a projection of rollout results, cached by what was asked, never in a game's log.

Revision ID: 0007
Revises: 0005
"""

from alembic import op

revision = "0007"
down_revision = "0005"
branch_labels = None
depends_on = None

# One row per distinct analysis request of a game (docs/analysis.md): ``request_key`` is the
# sha256 of its canonical request (kind, game version, viewer, rules version, bot, rollouts,
# seed, point, top), so the same request finds the same job or result. Every key includes
# game_id, like every other table's, so the table shards with the games (docs/scaling.md).
# Deleting every row loses nothing but time: each is recomputed from the log on request.
UPGRADE = """
CREATE TABLE analyses (
    game_id      uuid NOT NULL REFERENCES games (game_id),
    analysis_id  uuid NOT NULL,
    request_key  text NOT NULL,
    request      jsonb NOT NULL,
    status       text NOT NULL CHECK (status IN ('running', 'done', 'failed')),
    done         integer NOT NULL DEFAULT 0,
    total        integer NOT NULL DEFAULT 0,
    result       jsonb,
    error        text,
    created_at   timestamptz NOT NULL DEFAULT now(),
    updated_at   timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (game_id, analysis_id),
    UNIQUE (game_id, request_key)
);
"""

DOWNGRADE = """
DROP TABLE analyses;
"""


def upgrade() -> None:
    op.execute(UPGRADE)


def downgrade() -> None:
    op.execute(DOWNGRADE)
