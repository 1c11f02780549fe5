-- The hex SHA-256 of the host key the creating browser sent (CreateRoom.host_key); NULL when it
-- sent none. Rooms sharing it are listed together to their GM (ListRooms). Room metadata, not
-- part of the game: the events table's append-only rules are untouched.
ALTER TABLE rooms ADD COLUMN host_key_hash TEXT;
CREATE INDEX rooms_by_host_key ON rooms(host_key_hash);
