-- The append-only event log: serialized sandtable.v1.Event, seq from 1 without gaps.
-- Nothing ever updates or deletes a row; the triggers make sure of it.
CREATE TABLE events (
  room_id TEXT NOT NULL REFERENCES rooms(id),
  seq     INTEGER NOT NULL,
  body    BLOB NOT NULL,
  PRIMARY KEY (room_id, seq)
) WITHOUT ROWID;
CREATE TRIGGER events_no_update BEFORE UPDATE ON events
  BEGIN SELECT RAISE(ABORT, 'events are append-only'); END;
CREATE TRIGGER events_no_delete BEFORE DELETE ON events
  BEGIN SELECT RAISE(ABORT, 'events are append-only'); END;
