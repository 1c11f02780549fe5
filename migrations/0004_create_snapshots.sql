-- Display snapshots: the serialized GM View at a sequence, for a lobby or an admin tool to show a
-- room without replaying it. Recovery never reads them: a room is rebuilt exactly with
-- Game::from_log over the events table.
CREATE TABLE snapshots (
  room_id TEXT NOT NULL REFERENCES rooms(id),
  seq     INTEGER NOT NULL,
  gm_view BLOB NOT NULL,
  PRIMARY KEY (room_id, seq)
) WITHOUT ROWID;
