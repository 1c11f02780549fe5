-- PostgreSQL dialect of migrations/0011_create_room_clocks.sql.
CREATE TABLE room_clocks (
  room_id TEXT PRIMARY KEY REFERENCES rooms(id),
  state   BYTEA NOT NULL
);
