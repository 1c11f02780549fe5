-- PostgreSQL dialect of migrations/0004_create_snapshots.sql.
CREATE TABLE snapshots (
  room_id TEXT NOT NULL REFERENCES rooms(id),
  seq     BIGINT NOT NULL,
  gm_view BYTEA NOT NULL,
  PRIMARY KEY (room_id, seq)
);
