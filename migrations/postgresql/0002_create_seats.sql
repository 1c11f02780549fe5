-- PostgreSQL dialect of migrations/0002_create_seats.sql.
CREATE TABLE seats (
  token_hash TEXT PRIMARY KEY,
  room_id    TEXT NOT NULL REFERENCES rooms(id),
  seat       TEXT NOT NULL,
  role       INTEGER NOT NULL,
  revoked    INTEGER NOT NULL DEFAULT 0,
  created_ms BIGINT NOT NULL
);
CREATE INDEX seats_by_room ON seats(room_id, seat);
