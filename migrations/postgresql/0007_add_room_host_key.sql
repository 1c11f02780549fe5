-- PostgreSQL dialect of migrations/0007_add_room_host_key.sql.
ALTER TABLE rooms ADD COLUMN host_key_hash TEXT;
CREATE INDEX rooms_by_host_key ON rooms(host_key_hash);
