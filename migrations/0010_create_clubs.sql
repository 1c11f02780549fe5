-- Clubs, their members and campaigns (docs/campaigns.md). Members sign in with a password kept
-- as an Argon2id string (libsodium's crypto_pwhash_str); invitations and sessions are capability
-- tokens kept, like seat tokens, only as their SHA-256. Club data is not a game's log: rows are
-- updated (a password set, a session ended, a campaign changed); the games' events and orders
-- stay append-only.
CREATE TABLE clubs (
  id           TEXT PRIMARY KEY,
  name         TEXT NOT NULL,
  created_ms   INTEGER NOT NULL,
  webhook_url  TEXT NOT NULL DEFAULT '',  -- where "your turn" notices go; '' for nowhere
  webhook_kind TEXT NOT NULL DEFAULT 'json'
);
CREATE TABLE members (
  id            TEXT PRIMARY KEY,
  club_id       TEXT NOT NULL REFERENCES clubs(id),
  name          TEXT NOT NULL,
  gm            INTEGER NOT NULL DEFAULT 0,
  password_hash TEXT,  -- NULL until the member turns an invitation into a password
  created_ms    INTEGER NOT NULL,
  UNIQUE (club_id, name)
);
CREATE TABLE invitations (
  token_hash TEXT PRIMARY KEY,
  member_id  TEXT NOT NULL REFERENCES members(id),
  created_ms INTEGER NOT NULL,
  used       INTEGER NOT NULL DEFAULT 0  -- used up, or replaced by a newer invitation
);
CREATE TABLE member_sessions (
  token_hash TEXT PRIMARY KEY,
  member_id  TEXT NOT NULL REFERENCES members(id),
  created_ms INTEGER NOT NULL,
  expires_ms INTEGER NOT NULL,
  ended      INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX member_sessions_by_member ON member_sessions(member_id);
-- A campaign as one serialized sandtable.v1.Campaign (club.proto): its sides, members and battles
-- (standings and each battle's state are worked out from the rooms when asked, never stored).
CREATE TABLE campaigns (
  id         TEXT PRIMARY KEY,
  club_id    TEXT NOT NULL REFERENCES clubs(id),
  created_ms INTEGER NOT NULL,
  body       BLOB NOT NULL
);
CREATE INDEX campaigns_by_club ON campaigns(club_id);
-- The seat link a member was last given for a battle's room (its hash): the next one replaces it.
CREATE TABLE battle_seats (
  battle_id  TEXT NOT NULL,
  member_id  TEXT NOT NULL REFERENCES members(id),
  token_hash TEXT NOT NULL,
  PRIMARY KEY (battle_id, member_id)
);
