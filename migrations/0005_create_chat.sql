-- Chat, kept per channel: 1 = players (and GM), 2 = spectators (and GM).
CREATE TABLE chat (
  room_id TEXT NOT NULL REFERENCES rooms(id),
  id      INTEGER NOT NULL,
  seat    TEXT NOT NULL,
  channel INTEGER NOT NULL,
  text    TEXT NOT NULL,
  unix_ms INTEGER NOT NULL,
  PRIMARY KEY (room_id, id)
) WITHOUT ROWID;
