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

/** The WebSocket address of the server that served this page. */
export function wsUrlFor(loc: { protocol: string; host: string; pathname: string }): string {
  const scheme = loc.protocol === "https:" ? "wss:" : "ws:";
  const dir = loc.pathname.endsWith("/") ? loc.pathname : loc.pathname.replace(/[^/]*$/, "");
  return `${scheme}//${loc.host}${dir}ws`;
}

/** A join link on this page's own address, for a link the server built for another host. */
export function localJoinUrl(loc: { origin: string; pathname: string }, link: JoinLink): string {
  const params = new URLSearchParams();
  if (link.room) params.set("room", link.room);
  params.set("token", link.token);
  return `${loc.origin}${loc.pathname}?${params.toString()}`;
}
