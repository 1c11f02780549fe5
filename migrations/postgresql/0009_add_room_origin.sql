-- PostgreSQL dialect of migrations/0009_add_room_origin.sql.
ALTER TABLE rooms ADD COLUMN origin TEXT;
