-- Where a room's game came from when it was not played here: "import:<the file's room id>" for
-- a game file opened as a room to replay (POST /api/import). NULL for a room played here. Room
-- metadata, not part of the game: the events table's append-only rules are untouched.
ALTER TABLE rooms ADD COLUMN origin TEXT;
