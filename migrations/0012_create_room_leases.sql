-- Which node may write a room when several nodes share one PostgreSQL database
-- (migrations/postgresql/0012_create_room_leases.sql does the work). A SQLite file belongs to one
-- node, which holds every room in it: these tables stay empty, and exist so that both dialects
-- have the same schema at the same version.
CREATE TABLE room_leases (
  room_id    TEXT PRIMARY KEY REFERENCES rooms(id),
  node       TEXT NOT NULL,
  expires_ms INTEGER NOT NULL
) WITHOUT ROWID;
CREATE TABLE cluster_nodes (
  node     TEXT PRIMARY KEY,
  seen_ms  INTEGER NOT NULL,
  since_ms INTEGER NOT NULL
) WITHOUT ROWID;
