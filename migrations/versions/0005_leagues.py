"""Leagues: player accounts, league streams beside game streams, and league projections.

Revision ID: 0005
Revises: 0004
"""

from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None

# Players are a table, not a stream: an account is a credential (a token hash that rotation
# replaces and revocation ends), and secrets, even hashed, must never sit in an append-only
# log that forks and exports copy (docs/leagues.md).
#
# A league's stream is league_events, the same shape as events: (league_id, seq) with no
# gaps, the hash chain enforced by a foreign key, append-only by trigger, and the feed's
# columns (global_position from the same sequence, tx) filled by the same announcing
# defaults, so the feed's horizon (migration 0003) covers league appends too and a reader
# of the league feed never skips a late commit. A separate table rather than rows in
# events: events references games, and a league is no game (no ruleset, seats or seed of
# its own); every game-side reader (sweep, audit, the games list) stays as it was.
#
# league_games is written in the same transaction as the RoundScheduled event that names
# the games, so the results process can find a finished game's league at once.
# seat_players binds a league game's seat to a player account: the player's own token
# acts in that seat (SeatTokens.seat_for).
#
# The projection tables (league_*, ratings, rating_changes) are disposable: `cairn
# projections rebuild` empties and refills them; projection_tracking holds each
# projection's feed cursor, updated in the same transaction as the rows it covers.
UPGRADE = """
CREATE TABLE players (
    player_id     uuid PRIMARY KEY,
    name          text NOT NULL UNIQUE,
    is_organiser  boolean NOT NULL DEFAULT false,
    token_hash    text UNIQUE CHECK (length(token_hash) = 64),
    created_at    timestamptz NOT NULL DEFAULT now(),
    revoked_at    timestamptz
);

CREATE TABLE leagues (
    league_id   uuid PRIMARY KEY,
    created_at  timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE league_events (
    league_id        uuid NOT NULL REFERENCES leagues (league_id),
    seq              integer NOT NULL CHECK (seq > 0),
    prev_seq         integer GENERATED ALWAYS AS (NULLIF(seq - 1, 0)) STORED,
    global_position  bigint NOT NULL DEFAULT cairn_feed_position(),
    tx               xid8 NOT NULL DEFAULT cairn_appending_tx(),
    type             text NOT NULL,
    schema_version   integer NOT NULL,
    payload          jsonb NOT NULL,
    actor            text,
    command          jsonb,
    recorded_at      timestamptz NOT NULL DEFAULT now(),
    prev_hash        text NOT NULL,
    hash             text NOT NULL,
    PRIMARY KEY (league_id, seq),
    UNIQUE (league_id, seq, hash),
    FOREIGN KEY (league_id, prev_seq, prev_hash) REFERENCES league_events (league_id, seq, hash),
    CHECK (seq > 1 OR prev_hash = repeat('0', 64))
);
CREATE INDEX league_events_feed ON league_events (tx, global_position);
CREATE TRIGGER league_events_no_update_delete BEFORE UPDATE OR DELETE ON league_events
    FOR EACH ROW EXECUTE FUNCTION cairn_events_are_immutable();
CREATE TRIGGER league_events_no_truncate BEFORE TRUNCATE ON league_events
    FOR EACH STATEMENT EXECUTE FUNCTION cairn_events_are_immutable();

CREATE TABLE league_games (
    league_id  uuid NOT NULL REFERENCES leagues (league_id),
    game_id    uuid NOT NULL,
    PRIMARY KEY (league_id, game_id)
);
CREATE INDEX league_games_by_game ON league_games (game_id);

CREATE TABLE seat_players (
    game_id    uuid NOT NULL REFERENCES games (game_id),
    seat       integer NOT NULL CHECK (seat >= 0),
    player_id  uuid NOT NULL REFERENCES players (player_id),
    PRIMARY KEY (game_id, seat)
);
CREATE INDEX seat_players_by_player ON seat_players (player_id);

CREATE TABLE projection_tracking (
    name        text PRIMARY KEY,
    cursor      text NOT NULL DEFAULT '',
    applied     bigint NOT NULL DEFAULT 0,
    updated_at  timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE league_summaries (
    league_id  uuid PRIMARY KEY,
    name       text NOT NULL,
    ruleset    text NOT NULL,
    seats      integer NOT NULL,
    pairing    text NOT NULL,
    points     jsonb NOT NULL,
    options    jsonb NOT NULL,
    season     integer NOT NULL DEFAULT 0,
    members    jsonb NOT NULL DEFAULT '[]'::jsonb
);

CREATE TABLE league_fixtures (
    league_id  uuid NOT NULL,
    game_id    uuid NOT NULL,
    season     integer NOT NULL,
    round      integer NOT NULL,
    players    jsonb NOT NULL,
    status     text NOT NULL,
    places     jsonb NOT NULL DEFAULT '[]'::jsonb,
    scores     jsonb NOT NULL DEFAULT '[]'::jsonb,
    reason     text,
    ordinal    bigint NOT NULL,
    PRIMARY KEY (league_id, game_id)
);

CREATE TABLE league_standings (
    league_id  uuid NOT NULL,
    season     integer NOT NULL,
    player_id  uuid NOT NULL,
    points     integer NOT NULL DEFAULT 0,
    played     integer NOT NULL DEFAULT 0,
    wins       integer NOT NULL DEFAULT 0,
    score      bigint NOT NULL DEFAULT 0,
    forfeits   integer NOT NULL DEFAULT 0,
    PRIMARY KEY (league_id, season, player_id)
);

CREATE TABLE ratings (
    player_id  uuid NOT NULL,
    ruleset    text NOT NULL,
    mu         double precision NOT NULL,
    sigma      double precision NOT NULL,
    games      integer NOT NULL,
    PRIMARY KEY (player_id, ruleset)
);

CREATE TABLE rating_changes (
    league_id     uuid NOT NULL,
    game_id       uuid NOT NULL,
    player_id     uuid NOT NULL,
    ruleset       text NOT NULL,
    place         integer NOT NULL,
    mu_before     double precision NOT NULL,
    sigma_before  double precision NOT NULL,
    mu_after      double precision NOT NULL,
    sigma_after   double precision NOT NULL,
    ordinal       bigint NOT NULL,
    PRIMARY KEY (league_id, game_id, player_id)
);
CREATE INDEX rating_changes_by_player ON rating_changes (player_id, ordinal);
"""

DOWNGRADE = """
DROP TABLE rating_changes;
DROP TABLE ratings;
DROP TABLE league_standings;
DROP TABLE league_fixtures;
DROP TABLE league_summaries;
DROP TABLE projection_tracking;
DROP TABLE seat_players;
DROP TABLE league_games;
DROP TABLE league_events;
DROP TABLE leagues;
DROP TABLE players;
"""


def upgrade() -> None:
    op.execute(UPGRADE)


def downgrade() -> None:
    op.execute(DOWNGRADE)
