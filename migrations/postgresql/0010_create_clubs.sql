-- PostgreSQL dialect of migrations/0010_create_clubs.sql. The club tables exist in both
-- dialects so that the versions agree; clubs themselves are kept by a node's SQLite file
-- (docs/hosting.md "Several nodes").
CREATE TABLE clubs (
  id           TEXT PRIMARY KEY,
  name         TEXT NOT NULL,
  created_ms   BIGINT NOT NULL,
  webhook_url  TEXT NOT NULL DEFAULT '',
  webhook_kind TEXT NOT NULL DEFAULT 'json'
);
CREATE TABLE members (
  id            TEXT PRIMARY KEY,
  club_id       TEXT NOT NULL REFERENCES clubs(id),
  name          TEXT NOT NULL,
  gm            INTEGER NOT NULL DEFAULT 0,
  password_hash TEXT,
  created_ms    BIGINT NOT NULL,
  UNIQUE (club_id, name)
);
CREATE TABLE invitations (
  token_hash TEXT PRIMARY KEY,
  member_id  TEXT NOT NULL REFERENCES members(id),
  created_ms BIGINT NOT NULL,
  used       INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE member_sessions (
  token_hash TEXT PRIMARY KEY,
  member_id  TEXT NOT NULL REFERENCES members(id),
  created_ms BIGINT NOT NULL,
  expires_ms BIGINT NOT NULL,
  ended      INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX member_sessions_by_member ON member_sessions(member_id);
CREATE TABLE campaigns (
  id         TEXT PRIMARY KEY,
  club_id    TEXT NOT NULL REFERENCES clubs(id),
  created_ms BIGINT NOT NULL,
  body       BYTEA NOT NULL
);
CREATE INDEX campaigns_by_club ON campaigns(club_id);
CREATE TABLE battle_seats (
  battle_id  TEXT NOT NULL,
  member_id  TEXT NOT NULL REFERENCES members(id),
  token_hash TEXT NOT NULL,
  PRIMARY KEY (battle_id, member_id)
);
