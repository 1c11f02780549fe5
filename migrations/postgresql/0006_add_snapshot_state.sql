-- PostgreSQL dialect of migrations/0006_add_snapshot_state.sql.
ALTER TABLE snapshots ADD COLUMN state BYTEA;
