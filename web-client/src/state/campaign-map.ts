// Where each battle of a campaign goes on its map (ui/campaign-map.ts draws it): a battle that
// follows another sits one column to the right of it, so a battle's column is the length of its
// chain of `follows`; a chain keeps its row, a second battle following the same one branches onto
// a new row below, and a battle that follows nothing starts a row of its own. Rows are handed out
// in the order the battles were added, a whole branch before the next, so no two boxes share a
// place. The server never sends a cycle or a `follows` naming no battle of the campaign, but a map
// drawn from such an answer must still come out: an unknown battle counts as none, and a battle
// whose chain leads back to itself starts a row.
import type { Battle } from "../gen/sandtable/v1/club_pb";

export type MapBattle = Pick<Battle, "id" | "follows" | "status">;

export interface MapBox {
  id: string;
  col: number;
  row: number;
  /** Planned, and what it follows is over (or it follows nothing): it can be opened now. */
  next: boolean;
}

/** An arrow from the battle followed to the one that follows it. */
export interface MapEdge {
  from: string;
  to: string;
}

export interface MapLayout {
  boxes: MapBox[];  // in the battles' order
  edges: MapEdge[];
  cols: number;
  rows: number;
}

/** The battle `b` follows as far as the map is concerned ("" for none). */
function parentOf(b: MapBattle, byId: ReadonlyMap<string, MapBattle>): string {
  if (!b.follows || !byId.has(b.follows)) return "";
  // Up the chain at most once round every battle: a chain that comes back here is a cycle.
  let at = b.follows;
  for (let i = 0; i < byId.size && at; i++) {
    if (at === b.id) return "";
    at = byId.get(at)?.follows ?? "";
  }
  return b.follows;
}

export function layoutCampaign(battles: readonly MapBattle[]): MapLayout {
  const byId = new Map(battles.map((b) => [b.id, b]));
  const parent = new Map(battles.map((b) => [b.id, parentOf(b, byId)]));
  const kids = new Map<string, string[]>();
  for (const b of battles) {
    const p = parent.get(b.id);
    if (p) kids.set(p, [...(kids.get(p) ?? []), b.id]);
  }

  const at = new Map<string, { col: number; row: number }>();
  let rows = 0;
  const place = (id: string, col: number, row: number): void => {
    if (at.has(id)) return;
    at.set(id, { col, row });
    // The first battle that follows goes on along this row; each other one takes the next free row.
    (kids.get(id) ?? []).forEach((k, i) => place(k, col + 1, i === 0 ? row : rows++));
  };
  for (const b of battles) if (!parent.get(b.id)) place(b.id, 0, rows++);
  // Every chain ends at a battle that follows none, so nothing is left; a row each if it were.
  for (const b of battles) if (!at.has(b.id)) place(b.id, 0, rows++);

  const planned = (b: MapBattle | undefined) => !b?.status || b.status === "planned";
  const boxes = battles.map((b) => {
    const p = parent.get(b.id) ?? "";
    return { id: b.id, ...at.get(b.id)!, next: planned(b) && (!p || byId.get(p)?.status === "over") };
  });
  const edges = battles.filter((b) => parent.get(b.id)).map((b) => ({ from: parent.get(b.id)!, to: b.id }));
  return { boxes, edges, cols: Math.max(0, ...boxes.map((b) => b.col + 1)), rows };
}
