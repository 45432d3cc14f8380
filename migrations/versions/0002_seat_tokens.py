"""Seat tokens and invite codes, stored only as sha256 hashes.

Revision ID: 0002
Revises: 0001
"""

from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None

# A token is looked up by (game_id, token_hash): the game comes from the URL, so a token
# can never open another game, and the key keeps game_id first for sharding by game.
# 'seat' rows are bearer tokens of a seat; 'invite' rows are one-use codes for an open seat.
UPGRADE = """
CREATE TABLE seat_tokens (
    game_id     uuid NOT NULL REFERENCES games (game_id),
    token_hash  text NOT NULL CHECK (length(token_hash) = 64),
    seat        integer NOT NULL CHECK (seat >= 0),
    purpose     text NOT NULL CHECK (purpose IN ('seat', 'invite')),
    created_at  timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (game_id, token_hash)
);
CREATE UNIQUE INDEX seat_tokens_one_per_seat ON seat_tokens (game_id, seat, purpose);
"""

DOWNGRADE = """
DROP TABLE seat_tokens;
"""


def upgrade() -> None:
    op.execute(UPGRADE)


def downgrade() -> None:
    op.execute(DOWNGRADE)
