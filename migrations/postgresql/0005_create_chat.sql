-- PostgreSQL dialect of migrations/0005_create_chat.sql.
CREATE TABLE chat (
  room_id TEXT NOT NULL REFERENCES rooms(id),
  id      BIGINT NOT NULL,
  seat    TEXT NOT NULL,
  channel INTEGER NOT NULL,
  text    TEXT NOT NULL,
  unix_ms BIGINT NOT NULL,
  PRIMARY KEY (room_id, id)
);
