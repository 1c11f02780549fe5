// Join links: <base>/?room=<room_id>&token=<token>. The token alone is the seat's capability;
// the room id is there so a person can tell links apart.

export interface JoinLink {
  room: string;
  token: string;
}

/** Reads a join link from a query string, a full URL, or text pasted around a URL. */
export function parseJoinLink(input: string): JoinLink | null {
  const text = input.trim();
  if (text === "") return null;
  let query = text;
  const q = text.indexOf("?");
  if (q >= 0) query = text.slice(q + 1);
  const hash = query.indexOf("#");
  if (hash >= 0) query = query.slice(0, hash);
  const params = new URLSearchParams(query.split(/\s/)[0]);
  const token = params.get("token")?.trim() ?? "";
  if (!/^[A-Za-z0-9_-]{8,}$/.test(token)) return null;
  return { room: params.get("room")?.trim() ?? "", token };
}

/**
 * The WebSocket address of the server that served this page. A seat's connection names its room
 * (`ws/<room>`) and the lobby's names this browser's home (`ws?home=<h>`): behind a proxy with
 * several nodes (docs/hosting.md) the room's path reaches the node that serves it, and one
 * browser's lobby always reaches the same node, which makes and lists that browser's rooms.
 */
export function wsUrlFor(loc: { protocol: string; host: string; pathname: string }, route: { room?: string; home?: string } = {}): string {
  const scheme = loc.protocol === "https:" ? "wss:" : "ws:";
  const dir = loc.pathname.endsWith("/") ? loc.pathname : loc.pathname.replace(/[^/]*$/, "");
  const base = `${scheme}//${loc.host}${dir}ws`;
  if (route.room) return `${base}/${encodeURIComponent(route.room)}`;
  if (route.home) return `${base}?home=${encodeURIComponent(route.home)}`;
  return base;
}

/** A short, stable name for a host key (FNV-1a, 32 bits): routes a lobby, reveals nothing usable. */
export function homeOf(hostKey: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < hostKey.length; i++) {
    h ^= hostKey.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h.toString(16).padStart(8, "0");
}

/** A join link on this page's own address, for a link the server built for another host. */
export function localJoinUrl(loc: { origin: string; pathname: string }, link: JoinLink): string {
  const params = new URLSearchParams();
  if (link.room) params.set("room", link.room);
  params.set("token", link.token);
  return `${loc.origin}${loc.pathname}?${params.toString()}`;
}
