-- One row per room. A room's game is its event log (events table); these columns are what the
-- lobby and the loader need without replaying it.
CREATE TABLE rooms (
  id          TEXT PRIMARY KEY,
  name        TEXT NOT NULL,
  ruleset     TEXT NOT NULL,
  scenario_id TEXT NOT NULL,
  created_ms  INTEGER NOT NULL
);
