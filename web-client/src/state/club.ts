// What the club pages decide before they draw: standings in order, a battle's state and whose
// turn in words, which button a battle offers, a password's problems, links on this page's own
// address, and the clubs this browser has visited (so the lobby and the sign-in form can name them).
import type { Battle, Campaign, Dashboard, MyGame, Standing } from "../gen/sandtable/v1/club_pb";

/** "A", "A and B", "A, B and C". */
export function andList(names: string[]): string {
  if (names.length <= 1) return names[0] ?? "";
  return `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}`;
}

/** A standings table in order: most points, then most wins, fewest losses, then by name. */
export function ranked(list: readonly Standing[]): Standing[] {
  return [...list].sort((a, b) => b.points - a.points || b.won - a.won || a.lost - b.lost || a.name.localeCompare(b.name));
}

export function sideName(c: Campaign, id: string): string {
  return c.sides.find((s) => s.id === id)?.name ?? id;
}

/** The campaign side a member plays on ("" for none). */
export function sideOf(c: Campaign, memberId: string): string {
  return c.sides.find((s) => s.memberIds.includes(memberId))?.id ?? "";
}

export function battleName(c: Campaign, id: string): string {
  return c.battles.find((b) => b.id === id)?.name ?? id;
}

/** A battle's state in words: "planned", "playing, turn 3", "over". */
export function statusWords(b: Pick<Battle, "status" | "turn">): string {
  if (b.status === "playing") return b.turn > 0 ? `playing, turn ${b.turn}` : "playing, not started";
  return b.status || "planned";
}

/** Who won, once a battle is over: "North won", "A draw"; "" before the end. */
export function winnerWords(c: Campaign, b: Battle): string {
  if (b.status !== "over") return "";
  return b.winner ? `${sideName(c, b.winner)} won` : "A draw";
}

/** "Waiting for North" while a battle is played and the game waits on some side. */
export function battleWaiting(c: Campaign, b: Battle): string {
  if (b.status !== "playing" || !b.waitingFor.length) return "";
  return `Waiting for ${andList(b.waitingFor.map((id) => sideName(c, id)))}`;
}

/** A game of "Your games" in words: whose turn, or how it ended. */
export function gameWords(g: MyGame): string {
  if (g.status === "over") return "Over";
  if (g.yourTurn) return "Your turn";
  if (g.waitingFor.length) return `Waiting for ${andList(g.waitingFor)}`;
  return g.turn > 0 ? "Playing" : "Not started";
}

/**
 * The button a battle offers this member: the GM opens a planned battle; once it has a room, a
 * member with a seat in it (their side plays it; the GM's seat for the GM) plays, anyone else watches.
 */
export function battleAction(d: Dashboard, c: Campaign, b: Battle): "open" | "play" | "watch" | null {
  const me = d.me;
  if (!me) return null;
  if (b.status === "planned" || !b.roomId) return me.gm ? "open" : null;
  if (me.gm || d.games.some((g) => g.battleId === b.id)) return "play";
  const mine = sideOf(c, me.id);
  return mine && b.sides.some((s) => s.campaignSide === mine) ? "play" : "watch";
}

/** The battles a new battle may follow: those already in the campaign, in order. */
export function followChoices(c: Campaign): { value: string; label: string }[] {
  return [{ value: "", label: "none (a fresh start)" }, ...c.battles.map((b) => ({ value: b.id, label: b.name }))];
}

/** Which campaign side plays each scenario side when the GM leaves it: in order, round again. */
export function defaultSides(c: Campaign, scenarioSides: readonly string[]): string[] {
  return scenarioSides.map((_, i) => c.sides[i % Math.max(1, c.sides.length)]?.id ?? "");
}

export const PASSWORD_MIN = 10;
export const PASSWORD_MAX = 200;

/** What is wrong with a chosen password and its confirmation ("" when nothing). */
export function passwordProblem(chosen: string, again: string): string {
  if (chosen.length < PASSWORD_MIN) return `A password needs at least ${PASSWORD_MIN} characters.`;
  if (chosen.length > PASSWORD_MAX) return `A password may have at most ${PASSWORD_MAX} characters.`;
  if (chosen !== again) return "The two passwords are not the same.";
  return "";
}

/**
 * A link the server built (an invitation `<base>/?invite=T`, a seat `<base>/?room=R&token=T`) on
 * this page's own address, so a server that names itself differently still leads here.
 */
export function localLink(loc: { origin: string; pathname: string }, url: string): string {
  const q = url.indexOf("?");
  if (q < 0) return url;
  const params = new URLSearchParams(url.slice(q + 1).split("#")[0]);
  const keep = new URLSearchParams();
  for (const k of ["invite", "room", "token", "club"]) {
    const v = params.get(k);
    if (v) keep.set(k, v);
  }
  return keep.toString() ? `${loc.origin}${loc.pathname}?${keep.toString()}` : url;
}

/** The address of a club's dashboard, on this page's address. */
export function clubUrl(loc: { origin: string; pathname: string }, clubId: string): string {
  return `${loc.origin}${loc.pathname}?club=${encodeURIComponent(clubId)}`;
}

// ---- the clubs this browser knows ----

export const CLUBS_KEY = "sandtable:clubs";

export interface KnownClub {
  id: string;
  name: string;
  seen: number;
}

interface Store {
  getItem(k: string): string | null;
  setItem(k: string, v: string): void;
}

export function knownClubs(store: Store | null): KnownClub[] {
  try {
    const list = JSON.parse(store?.getItem(CLUBS_KEY) ?? "[]") as unknown;
    if (!Array.isArray(list)) return [];
    return list.filter((c): c is KnownClub => typeof c?.id === "string" && typeof c?.name === "string" && typeof c?.seen === "number");
  } catch {
    return [];
  }
}

/** Records a club opened here, most recent first (at most 20). */
export function rememberClub(store: Store | null, club: { id: string; name: string }, now: number): void {
  if (!club.id) return;
  const list = [{ id: club.id, name: club.name, seen: now }, ...knownClubs(store).filter((c) => c.id !== club.id)].slice(0, 20);
  try {
    store?.setItem(CLUBS_KEY, JSON.stringify(list));
  } catch {
    // a full or blocked storage: the club still works, only the lobby will not list it
  }
}
