// Aiming aids on a square grid: orthogonal distance, the 90-degree forward arc and a shortest
// orthogonal path. They only help the player aim and explain an obviously bad order before it
// is sent; the server checks every order against the rules and has the last word.
import { GridFacing } from "../gen/sandtable/v1/common_pb";
import type { UnitView, View } from "../gen/sandtable/v1/view_pb";
import { sq } from "../state/words";

export interface Sq {
  col: number;
  row: number;
}

export function same(a: Sq | undefined, b: Sq | undefined): boolean {
  return !!a && !!b && a.col === b.col && a.row === b.row;
}

/** Squares counted through edges, never corners (PW-MOVE-02, PW-FIRE-01). */
export function orthDistance(a: Sq, b: Sq): number {
  return Math.abs(a.col - b.col) + Math.abs(a.row - b.row);
}

const STEP: Record<GridFacing, Sq> = {
  [GridFacing.NORTH]: { col: 0, row: 1 },
  [GridFacing.EAST]: { col: 1, row: 0 },
  [GridFacing.SOUTH]: { col: 0, row: -1 },
  [GridFacing.WEST]: { col: -1, row: 0 },
};

/** True when `to` lies in the 90-degree forward arc of a unit at `from` facing `facing` (PW-DX-07). */
export function inForwardArc(from: Sq, facing: GridFacing, to: Sq): boolean {
  const s = STEP[facing] ?? STEP[GridFacing.NORTH];
  const dx = to.col - from.col;
  const dy = to.row - from.row;
  const ahead = dx * s.col + dy * s.row;
  const side = Math.abs(dx * s.row - dy * s.col);
  return ahead > 0 && side <= ahead;
}

/** Turns a facing a quarter clockwise (+1) or anticlockwise (-1). */
export function rotate(f: GridFacing, by: number): GridFacing {
  return (((f + by) % 4) + 4) % 4 as GridFacing;
}

/** The facing that points from `from` most directly towards `to`. */
export function facingTowards(from: Sq, to: Sq, fallback: GridFacing): GridFacing {
  const dx = to.col - from.col;
  const dy = to.row - from.row;
  if (dx === 0 && dy === 0) return fallback;
  if (Math.abs(dy) >= Math.abs(dx)) return dy > 0 ? GridFacing.NORTH : GridFacing.SOUTH;
  return dx > 0 ? GridFacing.EAST : GridFacing.WEST;
}

export function unitAt(view: View, s: Sq): UnitView | undefined {
  return view.units.find((u) => !u.carriedBy && same(u.square, s));
}

function onBoard(view: View, s: Sq): boolean {
  if (view.board.case !== "grid") return false;
  const g = view.board.value;
  return s.col >= 0 && s.row >= 0 && s.col < g.cols && s.row < g.rows;
}

export type Plan =
  | { ok: true; path: Sq[]; distance: number; note?: string }
  | { ok: false; reason: string; path?: Sq[]; distance?: number };

/** Shortest orthogonal path from the unit to `dest`, through friends but not enemies (PW-MOVE-07). */
export function planMove(view: View, unit: UnitView, dest: Sq): Plan {
  const start = unit.square;
  if (!start) return { ok: false, reason: `${unit.name} is not on the board.` };
  if (!onBoard(view, dest)) return { ok: false, reason: `${sq(dest)} is off the board.` };
  if (same(start, dest)) return { ok: false, reason: `${unit.name} is already there; use the facing buttons to turn in place.` };
  const there = unitAt(view, dest);
  if (there) return { ok: false, reason: `${sq(dest)} is occupied by ${there.name}.` };
  if (unit.moveLeft <= 0) return { ok: false, reason: `${unit.name} has no movement left this turn.` };

  const g = view.board.case === "grid" ? view.board.value : { cols: 0, rows: 0 };
  const key = (s: Sq) => s.row * g.cols + s.col;
  const blocked = new Set<number>();
  for (const u of view.units) if (u.square && !u.carriedBy && u.side !== unit.side) blocked.add(key(u.square));
  const prev = new Map<number, number>([[key(start), -1]]);
  const queue: Sq[] = [start];
  // Neighbours towards the destination first, so ties give a natural-looking "L" path.
  const dirs = [STEP[0], STEP[1], STEP[2], STEP[3]];
  while (queue.length) {
    const cur = queue.shift()!;
    if (same(cur, dest)) break;
    const order = [...dirs].sort(
      (a, b) => orthDistance({ col: cur.col + a.col, row: cur.row + a.row }, dest) - orthDistance({ col: cur.col + b.col, row: cur.row + b.row }, dest),
    );
    for (const d of order) {
      const n = { col: cur.col + d.col, row: cur.row + d.row };
      if (!onBoard(view, n) || blocked.has(key(n)) || prev.has(key(n))) continue;
      prev.set(key(n), key(cur));
      queue.push(n);
    }
  }
  if (!prev.has(key(dest))) return { ok: false, reason: `No clear orthogonal path to ${sq(dest)}: enemy units block the way.` };
  const path: Sq[] = [];
  for (let k = key(dest); k !== key(start); k = prev.get(k)!) path.unshift({ col: k % g.cols, row: Math.floor(k / g.cols) });
  const distance = path.length;
  if (distance > unit.moveLeft) {
    return { ok: false, path, distance, reason: `Too far: ${distance} squares; ${unit.name} may move ${unit.moveLeft} this turn.` };
  }
  const contact = path.findIndex((s) => enemyAdjacent(view, unit, s));
  const note = contact >= 0 && contact < path.length - 1 ? `It will stop at ${sq(path[contact])} on contact with the enemy (PW-MOVE-08).` : undefined;
  return { ok: true, path, distance, note };
}

function enemyAdjacent(view: View, unit: UnitView, s: Sq): boolean {
  return view.units.some((u) => u.side !== unit.side && u.square && !u.carriedBy && orthDistance(u.square, s) === 1);
}

export function isArtillery(unit: UnitView): boolean {
  return unit.type.endsWith("artillery");
}

/** Checks a fire order against what the view shows: range, arc, a target there. */
export function planFire(view: View, unit: UnitView, target: Sq): Plan {
  const start = unit.square;
  if (!start) return { ok: false, reason: `${unit.name} is not on the board.` };
  if (!unit.canFire) return { ok: false, reason: `${unit.name} cannot fire now.` };
  const distance = orthDistance(start, target);
  if (distance === 0) return { ok: false, reason: `${unit.name} cannot fire at its own square.` };
  // A range of 0 means the view does not say (e.g. batteries in the artillery phase): the
  // server checks it.
  if (unit.fireRange > 0 && distance > unit.fireRange) {
    return { ok: false, distance, reason: `Out of range: ${distance} squares; ${unit.name}'s range is ${unit.fireRange}.` };
  }
  if (!inForwardArc(start, unit.facing, target)) {
    return { ok: false, distance, reason: `${sq(target)} is outside ${unit.name}'s forward arc; turn it first.` };
  }
  const there = unitAt(view, target);
  if (there && there.side === unit.side) return { ok: false, distance, reason: `${there.name} is on your own side.` };
  if (!there && !isArtillery(unit)) return { ok: false, distance, reason: `There is no enemy unit at ${sq(target)}.` };
  return { ok: true, path: [], distance };
}

/** Checks a close combat: an orthogonally adjacent enemy (PW-CC-01). */
export function planCloseCombat(unit: UnitView, target: UnitView): Plan {
  if (!unit.canCloseCombat) return { ok: false, reason: `${unit.name} cannot fight a close combat now.` };
  if (target.side === unit.side) return { ok: false, reason: `${target.name} is on your own side.` };
  if (!unit.square || !target.square || orthDistance(unit.square, target.square) !== 1) {
    return { ok: false, reason: `${target.name} is not orthogonally adjacent to ${unit.name}.` };
  }
  return { ok: true, path: [], distance: 1 };
}
