-- Real snapshots: the serialized sandtable.v1.GameSnapshot (the engine's whole state at `seq`,
-- Game::save) next to the GM view. At start a room is loaded from its latest snapshot plus the
-- events after it (server/recovery.cc), and from the whole log when the snapshot has no state
-- (rows from before this migration) or cannot be loaded (other rules version, bad bytes).
ALTER TABLE snapshots ADD COLUMN state BLOB;
