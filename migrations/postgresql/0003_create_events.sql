-- PostgreSQL dialect of migrations/0003_create_events.sql: the append-only event log. Nothing
-- ever updates or deletes a row; the triggers make sure of it, as SQLite's do.
CREATE TABLE events (
  room_id TEXT NOT NULL REFERENCES rooms(id),
  seq     BIGINT NOT NULL,
  body    BYTEA NOT NULL,
  PRIMARY KEY (room_id, seq)
);
CREATE FUNCTION sandtable_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% are append-only', TG_TABLE_NAME;
END $$;
CREATE TRIGGER events_no_update BEFORE UPDATE ON events
  FOR EACH ROW EXECUTE FUNCTION sandtable_append_only();
CREATE TRIGGER events_no_delete BEFORE DELETE ON events
  FOR EACH ROW EXECUTE FUNCTION sandtable_append_only();
-- TRUNCATE skips row triggers; a statement trigger refuses it too.
CREATE TRIGGER events_no_truncate BEFORE TRUNCATE ON events
  FOR EACH STATEMENT EXECUTE FUNCTION sandtable_append_only();
