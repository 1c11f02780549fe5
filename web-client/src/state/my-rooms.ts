// The rooms this browser knows: the ones created here (with every seat's link) and the links
// opened here. Kept in localStorage, so "your rooms" means this browser's, never an account.
// Pure functions over a plain list, plus load/save and the browser's host key.

export type SeatRole = "player" | "gm" | "spectator";

export interface SavedLink {
  token: string;
  seat: string;
  role: SeatRole;
  /** What a person calls the seat: the side's name, "Game master", "Spectator". */
  label: string;
  url: string;
}

export interface MyRoom {
  room: string;
  name: string;
  scenario: string;
  /** When it was created here (unix ms); absent for a room only joined here. */
  created?: number;
  /** When a link of it was last opened here, or it was created (unix ms). */
  lastSeen: number;
  links: SavedLink[];
}

export const MY_ROOMS_KEY = "sandtable:my-rooms";
export const HOST_KEY_KEY = "sandtable:host-key";
/** The list is a convenience; a browser that collected more than this forgets the oldest. */
export const MY_ROOMS_LIMIT = 100;

/** The time a room is sorted by: the later of its creation and its last visit. */
function touched(r: MyRoom): number {
  return Math.max(r.created ?? 0, r.lastSeen);
}

export function newestFirst(list: MyRoom[]): MyRoom[] {
  return [...list].sort((a, b) => touched(b) - touched(a) || a.room.localeCompare(b.room));
}

/** Removes `token` from every room but `keep` (a link lives in one room only). */
function withoutToken(list: MyRoom[], token: string, keep: string): MyRoom[] {
  return list.map((r) => (r.room === keep ? r : { ...r, links: r.links.filter((l) => l.token !== token) })).filter((r) => r.room === keep || r.links.length > 0);
}

function cap(list: MyRoom[]): MyRoom[] {
  return newestFirst(list).slice(0, MY_ROOMS_LIMIT);
}

/** A room created here, with all its seats' links. */
export function addCreated(list: MyRoom[], room: { room: string; name: string; scenario: string; links: SavedLink[] }, now: number): MyRoom[] {
  let next = list;
  for (const l of room.links) next = withoutToken(next, l.token, room.room);
  const old = next.find((r) => r.room === room.room);
  const links = [...room.links, ...(old?.links ?? []).filter((l) => !room.links.some((n) => n.token === l.token))];
  const entry: MyRoom = { room: room.room, name: room.name, scenario: room.scenario, created: now, lastSeen: now, links };
  return cap([entry, ...next.filter((r) => r.room !== room.room)]);
}

/** A link opened here (the table page, when the server welcomed it). */
export function addJoined(
  list: MyRoom[],
  j: { room: string; token: string; seat: string; role: SeatRole; label: string; url: string; name: string; scenario: string },
  now: number,
): MyRoom[] {
  const next = withoutToken(list, j.token, j.room);
  const old = next.find((r) => r.room === j.room);
  const link: SavedLink = { token: j.token, seat: j.seat, role: j.role, label: j.label, url: j.url };
  const links = old ? old.links.map((l) => (l.token === j.token ? { ...l, ...link, label: j.label || l.label } : l)) : [];
  if (!links.some((l) => l.token === j.token)) links.push(link);
  const entry: MyRoom = {
    room: j.room,
    name: j.name || old?.name || "",
    scenario: j.scenario || old?.scenario || "",
    created: old?.created,
    lastSeen: now,
    links,
  };
  return cap([entry, ...next.filter((r) => r.room !== j.room)]);
}

/** Forgets a room here (the room itself stays on the server). */
export function forget(list: MyRoom[], room: string): MyRoom[] {
  return list.filter((r) => r.room !== room);
}

/** Forgets one link (a revoked one); the room goes when it has no link left. */
export function forgetLink(list: MyRoom[], token: string): MyRoom[] {
  return list.map((r) => ({ ...r, links: r.links.filter((l) => l.token !== token) })).filter((r) => r.links.length > 0);
}

/**
 * The game master replaced a seat's link (SeatRevoked): the room's old links for that seat are
 * dead, the new one takes their place. Nothing changes for a room this browser does not list.
 */
export function replaceSeatLink(list: MyRoom[], room: string, link: SavedLink): MyRoom[] {
  return list.map((r) => {
    if (r.room !== room) return r;
    const old = r.links.find((l) => l.seat === link.seat);
    const kept = r.links.filter((l) => l.seat !== link.seat);
    return { ...r, links: [...kept, { ...link, label: link.label || old?.label || link.seat }] };
  });
}

/** The link to open a room with: the game master's if this browser has it, else the first. */
export function bestLink(r: MyRoom): SavedLink | undefined {
  return r.links.find((l) => l.role === "gm") ?? r.links[0];
}

export function roleOf(role: number): SeatRole {
  return role === 2 ? "gm" : role === 3 ? "spectator" : "player";
}

// ---- localStorage ----

export interface StorageLike {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

function isRoom(x: unknown): x is MyRoom {
  const r = x as MyRoom;
  return !!r && typeof r.room === "string" && typeof r.lastSeen === "number" && Array.isArray(r.links) && r.links.every((l) => l && typeof l.token === "string" && typeof l.url === "string");
}

export function loadMyRooms(store: StorageLike | null): MyRoom[] {
  try {
    const raw = store?.getItem(MY_ROOMS_KEY);
    const parsed: unknown = raw ? JSON.parse(raw) : [];
    return Array.isArray(parsed) ? newestFirst(parsed.filter(isRoom)) : [];
  } catch {
    return []; // a damaged list is not worth a broken lobby
  }
}

export function saveMyRooms(store: StorageLike | null, list: MyRoom[]): void {
  try {
    store?.setItem(MY_ROOMS_KEY, JSON.stringify(list));
  } catch {
    // full or forbidden (private mode): the list is a convenience
  }
}

/** Applies `change` to the stored list and stores the result. */
export function updateMyRooms(store: StorageLike | null, change: (list: MyRoom[]) => MyRoom[]): MyRoom[] {
  const next = change(loadMyRooms(store));
  saveMyRooms(store, next);
  return next;
}

/**
 * This browser's host key: 128 random bits made once and kept, sent with every room created
 * here so that the server can list them together to their game master (ListRooms).
 */
export function hostKey(store: StorageLike | null, fill: (b: Uint8Array) => void = (b) => crypto.getRandomValues(b)): string {
  const old = store?.getItem(HOST_KEY_KEY);
  if (old && /^[0-9a-f]{32}$/.test(old)) return old;
  const bytes = new Uint8Array(16);
  fill(bytes);
  const key = [...bytes].map((b) => b.toString(16).padStart(2, "0")).join("");
  try {
    store?.setItem(HOST_KEY_KEY, key);
  } catch {
    // not kept: this browser's rooms are then listed one by one
  }
  return key;
}

/** localStorage, or null where the browser refuses it. */
export function browserStore(): StorageLike | null {
  try {
    return typeof localStorage === "undefined" ? null : localStorage;
  } catch {
    return null;
  }
}

/** What the table page records when a link is welcomed (and again when its first view comes). */
export function joinedEntry(
  welcome: { roomId: string; seat: string; role: number; roomName: string },
  view: { scenarioName: string; sides: { id: string; name: string }[] } | undefined,
  token: string,
  url: string,
): Parameters<typeof addJoined>[1] {
  const role = roleOf(welcome.role);
  const side = view?.sides.find((s) => s.id === welcome.seat)?.name;
  const label = role === "gm" ? "Game master" : role === "spectator" ? "Spectator" : side || welcome.seat;
  return { room: welcome.roomId, token, seat: welcome.seat, role, label, url, name: welcome.roomName, scenario: view?.scenarioName ?? "" };
}

/** Where a listed room came from, in words ("" for a room made in the lobby). */
export function originWords(origin: string): string {
  const [kind, from, step] = origin.split(":");
  if (kind === "import") return "replay of a game file";
  if (kind === "branch") return step ? `what if, from step ${step} of room ${from}` : "what if";
  if (kind === "campaign") return "campaign battle";
  return "";
}
