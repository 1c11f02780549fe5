-- Every accepted order that changed a game, serialized sandtable.v1.Command, keyed by the seq of
-- the first event it produced: with the seed these re-run the game (sandtable-cli verify).
-- Written in the same transaction as its events. Append-only, like the events.
CREATE TABLE orders (
  room_id   TEXT NOT NULL REFERENCES rooms(id),
  first_seq INTEGER NOT NULL,
  body      BLOB NOT NULL,
  PRIMARY KEY (room_id, first_seq)
) WITHOUT ROWID;
CREATE TRIGGER orders_no_update BEFORE UPDATE ON orders
  BEGIN SELECT RAISE(ABORT, 'orders are append-only'); END;
CREATE TRIGGER orders_no_delete BEFORE DELETE ON orders
  BEGIN SELECT RAISE(ABORT, 'orders are append-only'); END;
