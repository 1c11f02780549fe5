// Free-table geometry for drawing orders: a path's length as a tape measure gives it (straight
// legs, no terrain: the engine prices terrain, the client only measures), the waypoints being
// drawn, the facing picked with a handle, and the PlayAction they make. Pure: no DOM, no rule.
//
// Facings are compass degrees as the engine reads PlayAction.facing_deg (engine/geom/arcs.h):
// 0 = north = +y (the top of the table as drawn), growing clockwise, so 90 = east = +x; the
// engine accepts them in half-degree steps (anything else is refused), so every facing the client
// sends is rounded to the half degree and reduced to [0, 360).
import type { Action } from "../gen/sandtable/v1/menu_pb";
import type { PlayInit } from "./orders";

/** A point on a free table, in inches; y grows northward (up the table as drawn). */
export interface Pt {
  x: number;
  y: number;
}

export function distance(a: Pt, b: Pt): number {
  return Math.hypot(b.x - a.x, b.y - a.y);
}

/** The length of the polyline from `start` through `points`, leg by straight leg. */
export function pathLength(start: Pt, points: readonly Pt[]): number {
  let total = 0;
  let at = start;
  for (const p of points) {
    total += distance(at, p);
    at = p;
  }
  return total;
}

/** Reduces to [0, 360) and rounds to the half degree the engine works in. */
export function normalFacing(deg: number): number {
  const half = Math.round(deg * 2) / 2;
  const r = ((half % 360) + 360) % 360;
  return r === 360 ? 0 : r + 0; // + 0 turns -0 into 0
}

/** The compass bearing from one point to another (0 = north, clockwise), or null when they coincide. */
export function bearing(from: Pt, to: Pt): number | null {
  const dx = to.x - from.x;
  const dy = to.y - from.y;
  if (Math.hypot(dx, dy) < 1e-9) return null;
  return normalFacing((Math.atan2(dx, dy) * 180) / Math.PI);
}

/** The point `length` inches from `at` along a compass facing (where the facing handle sits). */
export function ahead(at: Pt, facingDeg: number, length: number): Pt {
  const r = (facingDeg * Math.PI) / 180;
  return { x: at.x + Math.sin(r) * length, y: at.y + Math.cos(r) * length };
}

/** Inches in words as a tape reads them: one decimal, none when whole: 5.2", 6". */
export function inchesText(d: number): string {
  const r = Math.round(d * 10) / 10;
  return `${Number.isInteger(r) ? r.toFixed(0) : r.toFixed(1)}"`;
}

/** Inches as the server gave them, to the hundredth (the engine's own sentences use hundredths): 1.75", 10.3". */
export function exactInches(d: number): string {
  return `${Number((Math.round(d * 100) / 100).toFixed(2))}"`;
}

/** The ruler's label: inches drawn of inches allowed, and whether the drawing is past them. */
export function rulerLabel(used: number, max: number): { text: string; over: boolean } {
  const over = max > 0 && used > max + 1e-9;
  return { text: max > 0 ? `${inchesText(used)} of ${inchesText(max)}` : inchesText(used), over };
}

/** Waypoints are kept to the hundredth of an inch: finer than a hand can place them, and short in the log. */
export function roundPoint(p: Pt): Pt {
  return { x: Math.round(p.x * 100) / 100, y: Math.round(p.y * 100) / 100 };
}

/**
 * A free-table move being drawn for one action: the waypoints after the unit's own position,
 * the mode picked among MoveLimits.modes, and the facing at the end. The start is never stored:
 * it is the unit's position in the current view.
 */
export class PathDraft {
  points: Pt[] = [];
  mode: string;
  /** The facing at the end; starts as the unit's own. */
  facingDeg: number;
  /** Whether the player has turned it (a facing-only order is still an order). */
  turned = false;

  constructor(
    readonly actionId: string,
    modes: readonly string[],
    unitFacingDeg: number,
  ) {
    this.mode = modes[0] ?? "";
    this.facingDeg = normalFacing(unitFacingDeg);
  }

  add(p: Pt): void {
    this.points.push(roundPoint(p));
  }

  /** Removes the last waypoint; false when there was none. */
  undo(): boolean {
    return this.points.pop() !== undefined;
  }

  end(start: Pt): Pt {
    return this.points.at(-1) ?? start;
  }

  length(start: Pt): number {
    return pathLength(start, this.points);
  }

  /** Faces the end toward a point (the handle dragged there); nothing when it is on the end itself. */
  faceToward(start: Pt, p: Pt): void {
    const b = bearing(this.end(start), p);
    if (b === null) return;
    this.facingDeg = b;
    this.turned = true;
  }

  /** Turns the end facing by `by` degrees, clockwise for positive. */
  turn(by: number): void {
    this.facingDeg = normalFacing(this.facingDeg + by);
    this.turned = true;
  }

  /** Something to send: a waypoint drawn or the facing turned. */
  ready(): boolean {
    return this.points.length > 0 || this.turned;
  }
}

/** The order a drawn move makes: PlayAction{action, path, mode, facing_deg} for the menu's action. */
export function movePlay(a: Action, d: PathDraft, unitFacingDeg: number): PlayInit {
  const p: PlayInit = { action: a.id, path: d.points.map((q) => ({ x: q.x, y: q.y })) };
  const modes = a.move?.modes ?? [];
  if (modes.length) p.mode = modes.includes(d.mode) ? d.mode : modes[0];
  // Only a facing-free move chooses its end facing; otherwise the unit's own is sent unchanged.
  p.facingDeg = a.move?.facingFree ? d.facingDeg : normalFacing(unitFacingDeg);
  return p;
}

/** The inches the picked mode allows (MoveLimits.modeMaxInches, in the order of modes), else the action's most. */
export function allowedInches(limits: { maxInches: number; modes: readonly string[]; modeMaxInches: readonly number[] }, mode: string): number {
  const i = limits.modes.indexOf(mode);
  return i >= 0 && i < limits.modeMaxInches.length ? limits.modeMaxInches[i] : limits.maxInches;
}
