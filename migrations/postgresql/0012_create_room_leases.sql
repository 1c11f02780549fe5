-- PostgreSQL dialect of migrations/0012_create_room_leases.sql: which node may write a room.
-- A node holds a room while its lease is live and renews it every few seconds; every commit
-- checks, inside its transaction, that this node still holds each room it writes (sandtable_fence),
-- so two nodes never write one room. Times are the database's clock, the one clock every node
-- shares. Leases and heartbeats are not a game's log: their rows are updated and deleted.
CREATE TABLE room_leases (
  room_id    TEXT PRIMARY KEY REFERENCES rooms(id),
  node       TEXT NOT NULL,
  expires_ms BIGINT NOT NULL
);
CREATE INDEX room_leases_by_node ON room_leases(node);
-- Each node's last heartbeat, and since when it has been beating without a gap longer than a
-- lease: a room's home node that has been back that long (so the proxy sends to it again) gets
-- its rooms handed back.
CREATE TABLE cluster_nodes (
  node     TEXT PRIMARY KEY,
  seen_ms  BIGINT NOT NULL,
  since_ms BIGINT NOT NULL
);
CREATE FUNCTION sandtable_now_ms() RETURNS BIGINT LANGUAGE sql VOLATILE AS $$
  SELECT (extract(epoch FROM clock_timestamp()) * 1000)::BIGINT
$$;
-- Raises (and so rolls back the commit it is part of) unless `holder` holds a live lease on every
-- room of `rooms`; the leases stay locked until that commit ends, so a takeover waits for it.
CREATE FUNCTION sandtable_fence(rooms TEXT[], holder TEXT) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  missing TEXT;
BEGIN
  PERFORM 1 FROM room_leases WHERE room_id = ANY(rooms) FOR SHARE;
  SELECT r INTO missing FROM unnest(rooms) AS r
   WHERE NOT EXISTS (SELECT 1 FROM room_leases l
                      WHERE l.room_id = r AND l.node = holder AND l.expires_ms > sandtable_now_ms());
  IF missing IS NOT NULL THEN
    RAISE EXCEPTION 'this node no longer holds room %', missing;
  END IF;
END $$;
