-- A room's clocks (docs/campaigns.md "Clocks"): the GM's settings and each side's time left, as a
-- serialized sandtable.v1.ClockState, replaced as the clocks run. Not part of the game's log (the
-- engine has no clock): the events and orders stay append-only.
CREATE TABLE room_clocks (
  room_id TEXT PRIMARY KEY REFERENCES rooms(id),
  state   BLOB NOT NULL
) WITHOUT ROWID;
