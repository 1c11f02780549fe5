-- PostgreSQL dialect of migrations/0001_create_rooms.sql (the same schema; see that file).
CREATE TABLE rooms (
  id          TEXT PRIMARY KEY,
  name        TEXT NOT NULL,
  ruleset     TEXT NOT NULL,
  scenario_id TEXT NOT NULL,
  created_ms  BIGINT NOT NULL
);
