-- Capability tokens, stored only as hex SHA-256. A seat may have had several tokens over time;
-- revoked ones stay (revoked = 1) so an old link is answered with TOKEN_REVOKED, not BAD_TOKEN.
CREATE TABLE seats (
  token_hash TEXT PRIMARY KEY,
  room_id    TEXT NOT NULL REFERENCES rooms(id),
  seat       TEXT NOT NULL,
  role       INTEGER NOT NULL,
  revoked    INTEGER NOT NULL DEFAULT 0,
  created_ms INTEGER NOT NULL
) WITHOUT ROWID;
CREATE INDEX seats_by_room ON seats(room_id, seat);
