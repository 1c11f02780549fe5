// Routes by waypoints on a grid (PlayAction.route): the squares the player clicked for a move,
// in order, the last being where the unit goes. The engine joins them by its own shortest legal
// steps; the page asks it (a preview) after every change and draws the squares it answers with
// the cost it gives. The client never computes a path or a cost itself.
import type { QueryInit, QueryResult } from "../net/connection";
import type { Action } from "../gen/sandtable/v1/menu_pb";
import { s } from "./dom";
import type { PlayInit, Sq } from "./orders";

// As orders.ts names squares (imported from there, this module would make a cycle).
const key = (q: Sq) => `${q.col},${q.row}`;
const same = (a: Sq, b: Sq) => a.col === b.col && a.row === b.row;

/** What the board draws for the route being chosen. */
export interface RouteOverlay {
  /** The mover's square. */
  from?: Sq;
  waypoints: Sq[];
  /** The engine's squares after the start (empty until it answers; when it refuses, the way it judged). */
  squares: Sq[];
  /** "3 of 4 squares", or "cannot go this way" (the note beside it has the engine's sentence). */
  label: string;
  refused: boolean;
}

/** The waypoints of one grid move, as the player clicks them. */
export class GridRoute {
  points: Sq[] = [];

  constructor(readonly actionId: string) {}

  /**
   * A click on a highlighted square: it becomes the next waypoint. A click on a waypoint already
   * chosen takes the route back to it (the later points are dropped); on the last, nothing changes.
   */
  add(q: Sq): void {
    const i = this.points.findIndex((p) => same(p, q));
    if (i >= 0) this.points = this.points.slice(0, i + 1);
    else this.points = [...this.points, { col: q.col, row: q.row }];
  }

  /** Backspace / "Undo point": drops the last waypoint. False when there was none. */
  undo(): boolean {
    if (!this.points.length) return false;
    this.points = this.points.slice(0, -1);
    return true;
  }

  /** The target id of the last waypoint (the menu names squares by "col,row"). */
  end(): string | null {
    return this.points.length ? key(this.points[this.points.length - 1]) : null;
  }
}

/** The route on a move pick (the last point is its target). */
export function withRoute(p: PlayInit, route: GridRoute | null): PlayInit {
  if (!route || route.actionId !== p.action || !route.points.length) return p;
  return { action: p.action, target: p.target, facing: p.facing, route: route.points.map((q) => ({ col: q.col, row: q.row })) };
}

/** The preview to ask for the route as it stands (asked as soon as it changes). */
export function routeQuestion(a: Action | undefined, p: PlayInit | null): { key: string; query: QueryInit; delay: number } | null {
  if (!a || a.kind !== "move" || a.move || !p?.route?.length) return null;
  // The facing changes nothing the route costs: one question per set of waypoints.
  const ask: PlayInit = { action: p.action, target: p.target, route: p.route.map((q) => ({ col: q.col ?? 0, row: q.row ?? 0 })) };
  return { key: `route|${JSON.stringify(ask)}`, query: { body: { case: "preview", value: ask } }, delay: 0 };
}

/** The engine's answer in what the board draws: its squares and "used of allowed squares". */
export function routeOverlay(route: GridRoute | null, r: QueryResult | undefined, from: Sq | undefined): RouteOverlay | undefined {
  if (!route || !route.points.length) return undefined;
  const out: RouteOverlay = { from, waypoints: route.points, squares: [], label: "", refused: false };
  if (!r) return out;
  const a = r.answer;
  // A refused route comes with the squares the engine read its refusal from (too long, stopped).
  out.squares = a.route.map((q) => ({ col: q.col, row: q.row }));
  if (!a.ok) return { ...out, label: "cannot go this way", refused: true };
  out.label = `${a.squaresUsed} of ${a.squaresUsed + a.squaresLeft} squares`;
  return out;
}

/** The route over the grid: a line through the engine's squares, the waypoints, the cost at the end. */
export function drawRoute(r: RouteOverlay, centre: (q: Sq) => { x: number; y: number }, sq: number): SVGElement {
  const g = s("g", { class: "grid-route" + (r.refused ? " refused" : ""), "data-testid": "grid-route" });
  if (r.from && r.squares.length) {
    const pts = [r.from, ...r.squares].map(centre);
    g.append(s("polyline", { class: "route-line", points: pts.map((p) => `${p.x},${p.y}`).join(" ") }));
    for (const q of r.squares) {
      const c = centre(q);
      g.append(s("circle", { class: "route-step", "data-square": key(q), cx: c.x, cy: c.y, r: sq * 0.08 }));
    }
  }
  r.waypoints.forEach((q, i) => {
    const c = centre(q);
    g.append(s("circle", { class: "route-point", "data-waypoint": key(q), cx: c.x, cy: c.y, r: sq * 0.16 }), s("text", { class: "route-number", x: c.x, y: c.y + 4, "text-anchor": "middle" }, i + 1));
  });
  if (r.label) {
    const c = centre(r.waypoints[r.waypoints.length - 1]);
    const w = Math.max(70, r.label.length * 7.6 + 16); // bold 13px runs about 7.5px a character
    const y = c.y - sq * 0.5 - 10; // above the square, clear of the facing arrow at its edge
    g.append(
      s("rect", { class: "route-label-back", x: c.x - w / 2, y: y - 15, width: w, height: 20, rx: 4 }),
      s("text", { class: "route-label", "data-testid": "route-label", x: c.x, y: y, "text-anchor": "middle" }, r.label),
    );
  }
  return g;
}

/** Where the page pins the engine's answer for a grid route: beside its last waypoint (col, row). */
export function routeNoteAt(route: GridRoute | null): { x: number; y: number } | null {
  const p = route?.points[route.points.length - 1];
  return p ? { x: p.col, y: p.row } : null;
}
