// Order entry for this seat, driven entirely by the engine's action menu (View.menu): which
// unit is selected, which of its actions is being aimed, the target and facing picked among
// those the menu offers, the artillery-style plan being put together, and the overlay that
// shows it. The client knows no rule: it highlights what the menu lists, sends what the player
// picks from it, and the server has the last word.
import type { MessageInitShape } from "@bufbuild/protobuf";
import { GridFacing, type GridSquare } from "../gen/sandtable/v1/common_pb";
import type { Action, ActionTarget, PlayActionSchema, PointPick } from "../gen/sandtable/v1/menu_pb";
import type { UnitView, View } from "../gen/sandtable/v1/view_pb";
import { GridRoute, withRoute, type RouteOverlay } from "./grid-route";
import { movePlay, normalFacing, PathDraft, roundPoint, type Pt } from "./ruler";

export type PlayInit = MessageInitShape<typeof PlayActionSchema>;

export interface Sq {
  col: number;
  row: number;
}

export const key = (q: Sq) => `${q.col},${q.row}`;
export const same = (a: Sq | undefined, b: Sq | undefined) => !!a && !!b && a.col === b.col && a.row === b.row;

/** What the board draws on top of the terrain for the order being aimed. */
export interface Overlay {
  selected?: string;
  activeUnit?: string;
  reachable?: Set<string>;
  targets?: Set<string>;
  /** Free tables: units the action being aimed may pick. */
  targetUnits?: Set<string>;
  /** Square key -> the menu's preview in words (ActionTarget.detail). */
  details?: Map<string, string>;
  aim?: { from: Sq; to: Sq; label: string };
  highlight?: Sq[];
  planned?: { from: Sq; to: Sq }[];
  preview?: { at: Sq; facing: GridFacing };
  /** Free tables, in inches: the move being drawn from the unit's position. */
  path?: { from: Pt; points: Pt[]; pointer?: Pt; label: string; over: boolean; facingDeg?: number };
  /** Free tables: lines with a label (a shot being aimed, a measure), from and to in inches. */
  lines?: { from: Pt; to: Pt; label: string; cls: string }[];
  /** Free tables: the target unit being previewed. */
  aimedUnit?: string;
  /** Grids: the route being chosen for a move, as the engine answered it (grid-route.ts). */
  route?: RouteOverlay;
  /** Free tables: the point being picked (Action.point) with its marker, in inches. */
  point?: PointMark;
}

/**
 * The marker drawn where a point is picked: a rectangle `length` (along the facing) by `width`,
 * or a circle of diameter `length` when round; nothing but the cross when its size is 0.
 * `pending` while it follows the pointer, before the click that picks it.
 */
export interface PointMark {
  at: Pt;
  facingDeg: number;
  length: number;
  width: number;
  round: boolean;
  /** The pick carries an orientation (PointPick.facing_free): the facing is shown. */
  facingFree: boolean;
  pending: boolean;
}

/** The marker of a point pick at `at`, turned to `facingDeg`. */
export function pointMark(pick: PointPick, at: Pt, facingDeg: number, pending: boolean): PointMark {
  return { at, facingDeg, length: pick.markerLength, width: pick.markerWidth, round: pick.markerRound, facingFree: pick.facingFree, pending };
}

/** Keyboard letters for the kinds that have one. */
export const KIND_KEYS: Record<string, string> = { move: "M", fire: "F", close_combat: "C" };

export function actions(view: View | undefined): Action[] {
  return view?.menu?.actions ?? [];
}

/** True when the menu offers this seat anything: it is the seat's time to act. */
export function myTurn(view: View | undefined): boolean {
  return !!view && !view.paused && !view.result?.over && actions(view).length > 0;
}

/**
 * The page (tab) title: "Your turn — <scenario>" while the menu offers this seat something, so a
 * player in another tab sees when the table waits for them; else the scenario's name.
 */
export function pageTitle(view: View | undefined, roomName = ""): string {
  const name = view?.scenarioName || roomName || "Sandtable";
  return myTurn(view) ? `Your turn — ${name}` : name;
}

export function unitActions(view: View | undefined, unitId: string): Action[] {
  return actions(view).filter((a) => a.unitId === unitId && a.kind !== "answer" && a.kind !== "plan");
}

/** Actions that belong to no unit: ending an activation or a turn, proceeding, holding. */
export function generalActions(view: View | undefined): Action[] {
  return actions(view).filter((a) => !a.unitId && a.kind !== "answer" && a.kind !== "plan");
}

export function planActions(view: View | undefined): Action[] {
  return actions(view).filter((a) => a.kind === "plan");
}

export function answerFor(view: View | undefined, decisionId: number): Action | undefined {
  return actions(view).find((a) => a.kind === "answer" && a.decisionId === decisionId);
}

/** Whether picking the action needs more than a click on its button. */
export function needsAiming(a: Action): boolean {
  return a.targets.length > 0 || a.facings.length > 0 || !!a.move || !!a.point;
}

/** The facing a move or turn starts with: the unit's own if the menu allows it, else the first offered. */
export function defaultFacing(a: Action, current: GridFacing): GridFacing {
  if (a.facings.length === 0 || a.facings.includes(current)) return current;
  return a.facings[0];
}

/** The next facing among those allowed, a quarter turn at a time clockwise (+1) or back (-1). */
export function turnAmong(allowed: GridFacing[], from: GridFacing, by: number): GridFacing {
  const all = allowed.length ? allowed : [GridFacing.NORTH, GridFacing.EAST, GridFacing.SOUTH, GridFacing.WEST];
  for (let i = 1; i <= 4; i++) {
    const f = ((((from + by * i) % 4) + 4) % 4) as GridFacing;
    if (all.includes(f)) return f;
  }
  return from;
}

export function targetAt(a: Action, q: Sq | null, unit?: UnitView): ActionTarget | undefined {
  if (unit) {
    const t = a.targets.find((t) => t.unitId === unit.id);
    if (t) return t;
  }
  return q ? a.targets.find((t) => same(t.square, q)) : undefined;
}

/** A move on a grid: its target is a square, reached by a route of waypoints (grid-route.ts). */
export function gridMove(a: Action): boolean {
  return a.kind === "move" && !a.move && a.targets.some((t) => !!t.square);
}

export interface Draft {
  action: Action;
  target?: ActionTarget;
  facing?: GridFacing;
  /** A free-table move: the path drawn. */
  path?: PathDraft;
  /** A free-table point pick (Action.point): where, and which way. */
  point?: PointDraft;
}

/**
 * A point being picked anywhere on a free table for one action (Action.point): the point
 * clicked (none yet: null), in inches, and the orientation, which only a facing-free pick turns.
 * The client checks nothing about the point: the engine does, like any order.
 */
export class PointDraft {
  at: Pt | null = null;
  /** Compass degrees (0 = north, clockwise), as PlayAction.facing_deg; 0 until turned. */
  facingDeg = 0;

  constructor(readonly actionId: string) {}

  /** Picks the point, or moves the one already picked. */
  place(p: Pt): void {
    this.at = roundPoint(p);
  }

  /** Turns the orientation by `by` degrees, clockwise for positive. */
  turn(by: number): void {
    this.facingDeg = normalFacing(this.facingDeg + by);
  }
}

/** The order a point pick makes: PlayAction{action, point, facing_deg}; 0 unless the pick is facing-free. */
export function pointPlay(a: Action, d: PointDraft): PlayInit | null {
  if (!d.at) return null;
  return { action: a.id, point: { x: d.at.x, y: d.at.y }, facingDeg: a.point?.facingFree ? d.facingDeg : 0 };
}

export class Orders {
  selected: string | null = null;
  /** The action being aimed (its id: the menu is rebuilt with every view). */
  actionId: string | null = null;
  target: string | null = null;
  facing: GridFacing | null = null;
  hover: Sq | null = null;
  /** Plan picks: plan action id -> target id. */
  plan = new Map<string, string>();
  /** An action waiting on the player's answer to its `confirm` question. */
  confirming: PlayInit | null = null;
  confirmText = "";
  /** The free-table move being drawn for the aimed action (Action.move). */
  path: PathDraft | null = null;
  /** Grids: the waypoints clicked for the move being aimed (PlayAction.route). */
  route: GridRoute | null = null;
  /** Free tables: the point being picked for the aimed action (Action.point). */
  pick: PointDraft | null = null;
  /** The turn and phase of the last view, to see a new phase begin. */
  private phase = "";
  /** The active unit of the last view, to see a unit become active. */
  private lastActive = "";

  constructor(private readonly seat: () => string) {}

  unit(view: View | undefined): UnitView | undefined {
    return view?.units.find((u) => u.id === this.selected);
  }

  action(view: View | undefined): Action | undefined {
    return this.actionId ? actions(view).find((a) => a.id === this.actionId) : undefined;
  }

  draft(view: View | undefined): Draft | null {
    const a = this.action(view);
    if (!a) return null;
    if (a.move) return this.path && this.path.actionId === a.id && this.path.ready() ? { action: a, path: this.path } : null;
    if (a.point) return this.pick && this.pick.actionId === a.id && this.pick.at ? { action: a, point: this.pick } : null;
    const target = this.target ? a.targets.find((t) => t.id === this.target) : undefined;
    if (a.targets.length && !target) return null;
    if (!a.targets.length && !a.facings.length) return null;
    return { action: a, target, facing: this.facing ?? undefined };
  }

  reset(): void {
    this.selected = null;
    this.clearAim();
  }

  clearAim(): void {
    this.actionId = null;
    this.target = null;
    this.facing = null;
    this.path = null;
    this.route = null;
    this.pick = null;
  }

  /** Drops what the new view no longer offers; selects the active unit when it is ours. */
  sync(view: View): void {
    const u = this.unit(view);
    if (this.selected && (!u || u.side !== this.seat())) this.reset();
    // A new phase lets go of a unit it gives nothing to do (a battery whose shot is over when
    // activations begin), so the page does not keep aiming it.
    const phase = `${view.turn?.turn ?? 0}|${view.turn?.phase ?? ""}`;
    if (phase !== this.phase && this.selected && !unitActions(view, this.selected).length && !planActions(view).some((p) => p.unitId === this.selected)) this.reset();
    this.phase = phase;
    const a = this.action(view);
    if (this.route && this.route.actionId !== a?.id) this.route = null;
    if (this.actionId && !a) this.clearAim();
    else if (this.path && (!a?.move || this.path.actionId !== a.id)) this.path = null;
    else if (this.pick && (!a?.point || this.pick.actionId !== a.id)) this.pick = null;
    else if (a && this.target && !a.targets.some((t) => t.id === this.target)) {
      this.target = null;
      this.facing = null;
      this.route = null;
    }
    const plans = new Set(planActions(view).map((p) => p.id));
    for (const [id, t] of [...this.plan]) {
      const p = planActions(view).find((x) => x.id === id);
      if (!plans.has(id) || !p?.targets.some((x) => x.id === t)) this.plan.delete(id);
    }
    const active = view.turn?.activeUnit ?? "";
    const fresh = active !== this.lastActive;
    this.lastActive = active;
    if (active && myTurn(view) && !this.selected && unitActions(view, active).length) this.select(view, active);
    // A unit of ours that has just become the active one with a path to draw (a move whose
    // allowance was rolled by the order before): its drawn move is aimed, so the next click on
    // the table is the path's first point, as the banner asks.
    else if (active && fresh && myTurn(view) && this.selected === active && !this.actionId && unitActions(view, active).some((a) => !!a.move)) this.select(view, active);
  }

  select(view: View, id: string): void {
    const u = view.units.find((x) => x.id === id);
    if (!u || u.side !== this.seat()) return;
    this.selected = id;
    this.clearAim();
    const own = unitActions(view, id);
    const first = ["move", "fire", "close_combat"].map((k) => own.find((a) => a.kind === k)).find(Boolean);
    const plan = planActions(view).find((a) => a.unitId === id);
    const pick = first ?? plan;
    if (pick) this.aim(view, pick);
  }

  /** Starts aiming an action: a drawn move gets a fresh path from the unit's own facing, a point pick no point yet. */
  private aim(view: View, a: Action): void {
    this.actionId = a.id;
    this.path = a.move ? new PathDraft(a.id, a.move.modes, view.units.find((u) => u.id === a.unitId)?.facingDeg ?? 0) : null;
    this.pick = a.point ? new PointDraft(a.id) : null;
  }

  /** Starts aiming an action (a button or its key). Returns an order to send at once, if it needs no aiming. */
  choose(view: View, actionId: string): PlayInit | null {
    const a = actions(view).find((x) => x.id === actionId);
    if (!a) return null;
    if (!needsAiming(a)) return { action: a.id };
    this.target = null;
    this.facing = null;
    this.route = null;
    this.aim(view, a);
    if (!a.targets.length && a.facings.length) this.facing = defaultFacing(a, this.unit(view)?.facing ?? GridFacing.NORTH);
    return null;
  }

  /** The selected unit's action of a kind (for the M/F/C keys). */
  chooseKind(view: View, kind: string): string | null {
    const u = this.unit(view);
    if (!u) return "Select one of your units first.";
    const a = unitActions(view, u.id).find((x) => x.kind === kind);
    if (!a) return `${u.name || u.id} is offered no ${kind.replace("_", " ")} now.`;
    this.choose(view, a.id);
    return null;
  }

  /** A click on a square (and the unit there, if any). Returns a sentence when it does nothing. */
  click(view: View, q: Sq | null, there: UnitView | undefined): string | null {
    const a = this.action(view);
    if (a) {
      const t = targetAt(a, q, there);
      if (t) {
        if (a.kind === "plan") {
          this.plan.set(a.id, t.id);
          return null;
        }
        if (gridMove(a) && t.square) {
          // A grid move grows a route: each click is the next waypoint, the last is where it goes.
          if (!this.route || this.route.actionId !== a.id) this.route = new GridRoute(a.id);
          this.route.add(t.square);
          this.target = this.routeTarget(a);
        } else {
          this.target = t.id;
        }
        this.facing = a.facings.length ? defaultFacing(a, this.facing ?? this.unit(view)?.facing ?? GridFacing.NORTH) : null;
        return null;
      }
    }
    if (there && there.side === this.seat()) {
      this.select(view, there.id);
      return null;
    }
    if (a && a.targets.length) return `${a.label || a.id}: pick one of the highlighted targets.`;
    return null;
  }

  /**
   * A click on a free table (inches) while a point pick is aimed: the point is picked there, or
   * moved there. False when the aimed action picks no point.
   */
  pickPoint(view: View, p: Pt): boolean {
    const a = this.action(view);
    if (!a?.point) return false;
    if (!this.pick || this.pick.actionId !== a.id) this.pick = new PointDraft(a.id);
    this.pick.place(p);
    return true;
  }

  /** Q / E on a facing-free point pick: turns its orientation. False when there is nothing to turn. */
  turnPoint(view: View, by: number): boolean {
    const a = this.action(view);
    if (!a?.point?.facingFree || !this.pick || this.pick.actionId !== a.id) return false;
    this.pick.turn(by);
    return true;
  }

  /** The menu's target at the route's last waypoint. */
  private routeTarget(a: Action): string | null {
    const pts = this.route?.points ?? [];
    return pts.length ? (targetAt(a, pts[pts.length - 1])?.id ?? null) : null;
  }

  /** Backspace / "Undo point" on a grid route: drops its last waypoint. False when there is none. */
  undoPoint(view: View): boolean {
    const a = this.action(view);
    if (!a || !this.route?.undo()) return false;
    this.target = this.routeTarget(a);
    if (!this.target) {
      this.route = null;
      this.facing = null;
    }
    return true;
  }

  /** Q/E and the arrow keys: turn the facing being aimed; or start the unit's turn in place. */
  turn(view: View, by: number | GridFacing, absolute = false): void {
    let a = this.action(view);
    const u = this.unit(view);
    if (!u) return;
    if (!a || !a.facings.length || (a.targets.length && !this.target)) {
      const face = unitActions(view, u.id).find((x) => x.kind === "face");
      if (!face) return;
      a = face;
      this.actionId = face.id;
      this.target = null;
      this.facing = defaultFacing(face, u.facing);
    }
    const from = this.facing ?? u.facing;
    if (absolute) {
      if (a.facings.includes(by as GridFacing)) this.facing = by as GridFacing;
    } else {
      this.facing = turnAmong(a.facings, from, by);
    }
  }

  /** The order the current draft sends, or null when something is still to pick. */
  order(view: View): PlayInit | null {
    const d = this.draft(view);
    if (!d) return null;
    if (d.path) return movePlay(d.action, d.path, view.units.find((u) => u.id === d.action.unitId)?.facingDeg ?? 0);
    if (d.point) return pointPlay(d.action, d.point);
    const p: PlayInit = { action: d.action.id };
    if (d.target) p.target = d.target.id;
    if (d.action.facings.length && d.facing !== undefined) p.facing = d.facing;
    if (gridMove(d.action) && d.target?.square && this.routeTarget(d.action) !== d.target.id) {
      // A target picked in the list, not on the board: a route of that one square.
      this.route = new GridRoute(d.action.id);
      this.route.add(d.target.square);
    }
    return withRoute(p, this.route);
  }

  /** The whole plan as one order: the first pick, the other picks in `also`; no pick holds. */
  planOrder(view: View): PlayInit | null {
    const picks = planActions(view)
      .filter((a) => this.plan.has(a.id))
      .map((a) => ({ action: a.id, target: this.plan.get(a.id)! }));
    if (picks.length) return { ...picks[0], also: picks.slice(1) };
    const hold = planActions(view).find((a) => !a.unitId && !needsAiming(a));
    return hold ? { action: hold.id } : null;
  }

  /** The confirm question of the action an order names, if it has one. */
  question(view: View, p: PlayInit): string {
    return actions(view).find((a) => a.id === p.action)?.confirm ?? "";
  }

  overlay(view: View): Overlay {
    const o: Overlay = { selected: this.selected ?? undefined, activeUnit: view.turn?.activeUnit || undefined };
    const u = this.unit(view);
    const a = this.action(view);
    const squares = (xs: ActionTarget[]) => new Set(xs.filter((t) => t.square).map((t) => key(t.square!)));
    const unitSquare = (id: string) => view.units.find((x) => x.id === id)?.square;
    const squareOf = (t: ActionTarget): GridSquare | undefined => t.square ?? (t.unitId ? unitSquare(t.unitId) : undefined);
    if (a) {
      o.details = new Map(a.targets.filter((t) => t.detail && squareOf(t)).map((t) => [key(squareOf(t)!), `${t.label || t.id}: ${t.detail}`]));
      o.targetUnits = new Set(a.targets.filter((t) => t.unitId).map((t) => t.unitId));
      if (a.kind === "move") o.reachable = squares(a.targets);
      else o.targets = new Set(a.targets.map(squareOf).filter((q): q is GridSquare => !!q).map(key));
      const from = u?.square;
      const chosen = this.target ? a.targets.find((t) => t.id === this.target) : undefined;
      if (chosen && a.kind === "move" && chosen.square) {
        o.preview = { at: chosen.square, facing: this.facing ?? u?.facing ?? GridFacing.NORTH };
      } else if (chosen && from && squareOf(chosen)) {
        o.aim = { from, to: squareOf(chosen)!, label: chosen.detail };
      } else if (!a.targets.length && a.facings.length && from && this.facing !== null) {
        o.preview = { at: from, facing: this.facing };
      } else if (this.hover && from) {
        const t = targetAt(a, this.hover);
        if (t && t.detail) o.aim = { from, to: this.hover, label: t.detail };
      }
      if (a.point && this.pick?.actionId === a.id && this.pick.at) o.point = pointMark(a.point, this.pick.at, this.pick.facingDeg, false);
    }
    o.planned = planActions(view).flatMap((p) => {
      const t = this.plan.get(p.id);
      const tgt = t ? p.targets.find((x) => x.id === t) : undefined;
      const from = p.unitId ? unitSquare(p.unitId) : undefined;
      const to = tgt && squareOf(tgt);
      return from && to ? [{ from, to }] : [];
    });
    return o;
  }
}
