-- PostgreSQL dialect of migrations/0008_create_orders.sql: append-only, like the events.
CREATE TABLE orders (
  room_id   TEXT NOT NULL REFERENCES rooms(id),
  first_seq BIGINT NOT NULL,
  body      BYTEA NOT NULL,
  PRIMARY KEY (room_id, first_seq)
);
CREATE TRIGGER orders_no_update BEFORE UPDATE ON orders
  FOR EACH ROW EXECUTE FUNCTION sandtable_append_only();
CREATE TRIGGER orders_no_delete BEFORE DELETE ON orders
  FOR EACH ROW EXECUTE FUNCTION sandtable_append_only();
CREATE TRIGGER orders_no_truncate BEFORE TRUNCATE ON orders
  FOR EACH STATEMENT EXECUTE FUNCTION sandtable_append_only();
