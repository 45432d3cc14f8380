"""Knock-out brackets in the league projection, and when each rating last moved.

Revision ID: 0009
Revises: 0008
"""

from alembic import op

revision = "0009"
down_revision = "0008"
branch_labels = None
depends_on = None

# ``league_brackets``: one row per league season that has a bracket (a knock-out league's,
# or a season's playoffs), as ``league.bracket_drawn`` drew it; ``advanced`` lists every
# ``league.player_advanced`` as [round, player, game_id, reason] in feed order. Disposable
# like every projection table (`cairn projections rebuild`).
#
# ``ratings.rated_at`` and ``rating_changes.rated_at``: when the rated game's result was
# recorded (the league event's ``recorded_at``), so that a rating's deviation grows with the
# rating periods its player went without a game (docs/leagues.md "Ratings"). NULL in rows
# written before: a rebuild fills them.
UPGRADE = """
CREATE TABLE league_brackets (
    league_id    uuid NOT NULL,
    season       integer NOT NULL,
    kind         text NOT NULL,
    start_round  integer NOT NULL,
    seeds        jsonb NOT NULL,
    ratings      jsonb NOT NULL DEFAULT '[]'::jsonb,
    advanced     jsonb NOT NULL DEFAULT '[]'::jsonb,
    PRIMARY KEY (league_id, season)
);
ALTER TABLE ratings ADD COLUMN rated_at timestamptz;
ALTER TABLE rating_changes ADD COLUMN rated_at timestamptz;
"""

DOWNGRADE = """
ALTER TABLE rating_changes DROP COLUMN rated_at;
ALTER TABLE ratings DROP COLUMN rated_at;
DROP TABLE league_brackets;
"""


def upgrade() -> None:
    op.execute(UPGRADE)


def downgrade() -> None:
    op.execute(DOWNGRADE)
