// A free table drawn in SVG: terrain, each figure on its base, vehicles as hulls, labels placed
// so they do not overprint, and the overlays that aim, measure and mark (board.ts places and pans it).
import type { UnitView, View } from "../gen/sandtable/v1/view_pb";
import { lookFor, type Look } from "../rulesets";
import { s } from "./dom";
import { markerText, plainMarkers } from "./panels";
import { sideColour, terrainStyle } from "./look";
import type { Overlay, PointMark } from "./orders";
import { ahead, type Pt } from "./ruler";
import type { Orient } from "./orientation";

export const INCH = 20; // SVG units per inch on a free table

/** What drawTable reads from the overlay: the units it marks as selected, targeted or aimed at. */
export function tableMarks(o: Overlay): string {
  return `${o.selected ?? ""}|${[...(o.targetUnits ?? [])].sort().join(",")}|${o.aimedUnit ?? ""}`;
}


// A free-table unit as players see it on the table: each living figure on its base (5/8" square
// unless the rule set's look gives the kind's size; leaders ringed, heavy weapons barred, medics
// crossed), vehicles and emplacements as their hull, the name and figure count at the centre, and
// its markers underneath.
const BASE = 0.625 * INCH;

/** A figure's base as drawn, width (across its facing) and depth in SVG units. */
function baseOf(look: Look, kind: string): { w: number; d: number; sized: boolean } {
  const size = look.figureBase?.(kind);
  return size ? { w: size[0] * INCH, d: size[1] * INCH, sized: true } : { w: BASE, d: BASE, sized: false };
}

/** How far a base reaches up or down the screen from its centre when turned by `turn` degrees. */
function reach(b: { w: number; d: number; sized: boolean }, turn: number): number {
  if (!b.sized) return BASE / 2;  // the square base: as it always was
  const r = (turn * Math.PI) / 180;
  return Math.abs((b.w / 2) * Math.sin(r)) + Math.abs((b.d / 2) * Math.cos(r));
}

/**
 * Where the table's unit labels go: a label that would overprint one already placed (units side
 * by side in a melee, a prisoner group beside its captors) moves away, up for names and down for
 * markers, one line at a time. Widths are estimated from the text (no layout is read).
 */
export class LabelPlacer {
  private readonly boxes: { x0: number; x1: number; y0: number; y1: number }[] = [];
  place(cx: number, y: number, text: string, size: number, away: 1 | -1): number {
    const half = (text.length * size * 0.58) / 2;
    for (let i = 0; i < 8; i++, y += away * (size + 2)) {
      const box = { x0: cx - half, x1: cx + half, y0: y - size, y1: y };
      if (!this.boxes.some((b) => b.x0 < box.x1 && box.x0 < b.x1 && b.y0 < box.y1 && box.y0 < b.y1)) {
        this.boxes.push(box);
        return y;
      }
    }
    return y;
  }
}

function drawTableUnit(v: View, u: UnitView, P: (p: { x: number; y: number }) => string, o: Overlay, labels: LabelPlacer, deg: number): SVGElement {
  const col = sideColour(v, u.side);
  const look = lookFor(v.ruleset);
  const hidden = u.markers.some((m) => m.key === "hidden");
  const cls = ["unit", "table-unit"];
  if (hidden) cls.push("hidden-unit");
  if (u.id === o.selected) cls.push("selected");
  if (o.targetUnits?.has(u.id)) cls.push("targeted");
  if (u.id === o.aimedUnit) cls.push("aimed");
  const g = s("g", { class: cls.join(" "), "data-unit": u.id, "data-side": u.side });
  const [cx, cy] = P(u.position!).split(",").map(Number);
  if (u.figures.length) {
    for (const f of u.figures) {
      if (!f.position) continue;
      const [fx, fy] = P(f.position).split(",").map(Number);
      const fig = s("g", { class: `figure ${f.kind}`, transform: `translate(${fx} ${fy}) rotate(${u.facingDeg + deg})` });
      const { w, d } = baseOf(look, f.kind);
      fig.append(s("rect", { x: -w / 2, y: -d / 2, width: w, height: d, rx: 2, fill: look.paleFigure?.(f.kind) ? "#fff" : col.fill, stroke: col.ink, "stroke-width": 1.2, "stroke-dasharray": hidden ? "3 2" : "" }));
      fig.append(s("rect", { x: -w / 2, y: -d / 2, width: w, height: 2.5, fill: col.ink }));  // the front edge
      for (const mark of look.figureMarks?.(f.kind, col.ink, { w, d }) ?? []) fig.append(mark);
      g.append(fig);
    }
  } else {
    const [l, w] = look.hull?.(u.type) ?? [2, 1.5];
    g.append(s("g", { transform: `translate(${cx} ${cy}) rotate(${u.facingDeg + deg})` },
      s("rect", { x: (-w * INCH) / 2, y: (-l * INCH) / 2, width: w * INCH, height: l * INCH, rx: 3, fill: col.fill, stroke: col.ink, "stroke-width": 1.5, "stroke-dasharray": hidden ? "4 3" : "" }),
      s("rect", { x: (-w * INCH) / 2, y: (-l * INCH) / 2, width: w * INCH, height: 4, fill: col.ink })));
  }
  // The name above the topmost base, the markers below the lowest one.
  const placed = u.figures.filter((f) => f.position).map((f) => ({ y: Number(P(f.position!).split(",")[1]), r: reach(baseOf(look, f.kind), u.facingDeg + deg) }));
  const top = placed.length ? Math.min(...placed.map((f) => f.y - f.r)) : cy - 1.2 * INCH;
  const bottom = placed.length ? Math.max(...placed.map((f) => f.y + f.r)) : cy + 1.2 * INCH;
  const name = u.maxStrength > 0 ? `${u.name || u.id} · ${u.strength}` : u.name || u.id;
  g.append(s("text", { x: cx, y: labels.place(cx, top - 4, name, 11, -1), "text-anchor": "middle", class: "table-label" }, name));
  const quiet = look.quietMarkers ?? [];
  const shown = plainMarkers(u).filter((m) => !quiet.includes(m.key)).map(markerText).join(" · ");
  if (shown) g.append(s("text", { x: cx, y: labels.place(cx, bottom + 11, shown, 9, 1), "text-anchor": "middle", class: "table-markers" }, shown));
  return g;
}

export function drawTable(v: View, o: Overlay, t: Orient): SVGElement {
  if (v.board.case !== "table") return s("g");
  const { height } = v.board.value;
  const H = height * INCH;
  const P = (p: { x: number; y: number }) => {
    const q = t.out({ x: p.x * INCH, y: H - p.y * INCH });
    return `${q.x},${q.y}`;
  };
  const drawn = t.size;
  const g = s("g", { class: "free-table" });
  g.append(s("rect", { x: 0, y: 0, width: drawn.w, height: drawn.h, fill: "#f1f0dc", stroke: "#6b6b55", "stroke-width": 2 }));
  // In the style's order, as on a grid: what the engine adds during play (a minefield found, a
  // strike landed) lies over the scenery it falls on.
  const features = [...v.terrain].sort((a, b) => terrainStyle(a.kind).order - terrainStyle(b.kind).order);
  for (const f of features) {
    const st = terrainStyle(f.kind);
    const fill = st.fill === "none" ? "transparent" : st.fill;
    const stroke = st.stroke ?? "#0003";
    if (f.polygon.length) g.append(s("polygon", { points: f.polygon.map(P).join(" "), fill, stroke }));
    if (f.circle?.centre) {
      const [cx, cy] = P(f.circle.centre).split(",");
      g.append(s("circle", { cx, cy, r: f.circle.radius * INCH, fill, stroke }));
    }
    if (f.polyline.length) g.append(s("polyline", { points: f.polyline.map(P).join(" "), fill: "none", stroke: fill, "stroke-width": 8 }));
  }
  const look = lookFor(v.ruleset);
  const labels = new LabelPlacer();
  for (const u of v.units) {
    if (!u.position || u.carriedBy) continue;
    // A unit with no figure left and no hull to show (e.g. infantry wiped out) has nothing on the table.
    if (!u.figures.length && u.strength === 0 && u.maxStrength > 0 && !look.hull?.(u.type)) continue;
    g.append(drawTableUnit(v, u, P, o, labels, t.deg));
  }
  // Scale bar: 6 inches, marked every inch.
  const bar = s("g", { class: "scale-bar", transform: `translate(0 ${drawn.h + 14})` });
  for (let i = 0; i < 6; i++) bar.append(s("rect", { x: i * INCH, y: 0, width: INCH, height: 5, fill: i % 2 ? "#fff" : "#333", stroke: "#333" }));
  bar.append(s("text", { x: 6 * INCH + 6, y: 6 }, '6"'));
  g.append(bar);
  return g;
}

function tagWidth(text: string): number {
  return Math.max(30, text.length * 7.4 + 12);
}

/** A label on a light box, centred on (x, y), sized to its text; k scales it to screen pixels. */
function tag(x: number, y: number, text: string, cls: string, k: number, testid?: string): SVGElement {
  const w = tagWidth(text);
  return s("g", { class: `tag ${cls}`, transform: `translate(${x} ${y}) scale(${k})` },
    s("rect", { x: -w / 2, y: -11, width: w, height: 21, rx: 5 }),
    s("text", { y: 4.5, "text-anchor": "middle", "data-testid": testid }, text));
}

/** What lies over a free table while aiming: the point being picked, the path being drawn with its ruler and facing handle, aim and measure lines. */
export function drawTableOverlay(v: View, o: Overlay, k: number, t: Orient): SVGElement {
  if (v.board.case !== "table") return s("g");
  const H = v.board.value.height * INCH;
  const X = (p: Pt) => t.out({ x: p.x * INCH, y: H - p.y * INCH });
  const g = s("g");
  if (o.point) g.append(drawPointMark(o.point, X(o.point.at), k, t.deg));
  for (const l of o.lines ?? []) {
    const a = X(l.from);
    const b = X(l.to);
    const line = s("g", { class: `table-line ${l.cls}` },
      s("line", { class: "casing", x1: a.x, y1: a.y, x2: b.x, y2: b.y }),
      s("line", { class: "stroke", x1: a.x, y1: a.y, x2: b.x, y2: b.y }),
      s("circle", { cx: a.x, cy: a.y, r: 3.5 * k }),
      s("circle", { cx: b.x, cy: b.y, r: 3.5 * k }));
    if (l.label) line.append(tag((a.x + b.x) / 2, (a.y + b.y) / 2, l.label, "line-tag", k));
    g.append(line);
  }
  const path = o.path;
  if (path) {
    const pts = [path.from, ...path.points].map(X);
    const cls = "move-path" + (path.over ? " over" : "");
    const d = s("g", { class: cls, "data-testid": "move-path" });
    if (pts.length > 1) {
      const points = pts.map((p) => `${p.x},${p.y}`).join(" ");
      d.append(s("polyline", { class: "casing", points }), s("polyline", { class: "stroke", points }));
    }
    const last = pts[pts.length - 1];
    if (path.pointer) {
      const q = X(path.pointer);
      d.append(s("line", { class: "pending", x1: last.x, y1: last.y, x2: q.x, y2: q.y }));
    }
    path.points.forEach((p, i) => {
      const q = X(p);
      d.append(s("circle", { class: "waypoint", cx: q.x, cy: q.y, r: 4.5 * k, "data-waypoint": i }));
    });
    d.append(s("circle", { class: "path-start", cx: pts[0].x, cy: pts[0].y, r: 3 * k }));
    if (path.facingDeg !== undefined) {
      const end = path.points.at(-1) ?? path.from;
      // The handle sits a fixed 40 pixels out along the facing, whatever the zoom.
      const tip = X(ahead(end, path.facingDeg, (40 * k) / INCH));
      const e = X(end);
      const len = Math.hypot(tip.x - e.x, tip.y - e.y) || 1;
      const stop = { x: tip.x - ((tip.x - e.x) / len) * 9 * k, y: tip.y - ((tip.y - e.y) / len) * 9 * k }; // the arrowhead shows before the handle
      d.append(
        s("line", { class: "facing-arm", x1: e.x, y1: e.y, x2: stop.x, y2: stop.y, "marker-end": "url(#arrow)" }),
        // A finger is wider than the handle: an unseen ring around it takes hold of it too.
        s("circle", { class: "facing-hit", cx: tip.x, cy: tip.y, r: 18 * k, "data-handle": "facing" }),
        s("circle", { class: "facing-handle", cx: tip.x, cy: tip.y, r: 7 * k, "data-handle": "facing" }, s("title", {}, `Facing ${path.facingDeg}°: drag to turn (or Q / E)`)),
      );
    }
    const labelAt = path.pointer ? X(path.pointer) : last;
    // Left of the pointer (or of the path's end): the server's note pins to the right, the facing arm ahead.
    d.append(tag(labelAt.x - (tagWidth(path.label) / 2 + 14) * k, labelAt.y, path.label, "ruler" + (path.over ? " over" : ""), k, "ruler"));
    g.append(d);
  }
  return g;
}

/** Inline so the marker needs no stylesheet of its own: a dashed orange outline over a faint fill. */
const MARK_LINE = { fill: "#d55e0022", stroke: "#d55e00", "stroke-width": 2, "stroke-dasharray": "6 4", "vector-effect": "non-scaling-stroke" };
const MARK_INK = { stroke: "#1d2328", "stroke-width": 2, "vector-effect": "non-scaling-stroke" };

/**
 * A point being picked on a free table (drawn at `c`, SVG units): its marker turned to the pick's
 * facing (a rectangle's length lies along it), a cross at the point, and an arrow along the
 * facing when the pick turns. Fainter while it only follows the pointer.
 */
function drawPointMark(m: PointMark, c: { x: number; y: number }, k: number, deg: number): SVGElement {
  const g = s("g", { class: "point-pick" + (m.pending ? " pending" : ""), "data-testid": "point-pick", opacity: m.pending ? 0.55 : 1, transform: `translate(${c.x} ${c.y}) rotate(${m.facingDeg + deg})` });
  const length = m.length * INCH;
  const width = m.width * INCH;
  if (m.round && length > 0) g.append(s("circle", { r: length / 2, ...MARK_LINE }));
  else if (!m.round && length > 0 && width > 0) g.append(s("rect", { x: -width / 2, y: -length / 2, width, height: length, ...MARK_LINE }));
  // The cross and the arrow keep one size on screen (k: SVG units per pixel), whatever the zoom.
  const arm = 7 * k;
  g.append(s("line", { x1: -arm, y1: 0, x2: arm, y2: 0, ...MARK_INK }), s("line", { x1: 0, y1: -arm, x2: 0, y2: arm, ...MARK_INK }));
  if (m.facingFree) g.append(s("line", { x1: 0, y1: 0, x2: 0, y2: -(length / 2 + 28 * k), "marker-end": "url(#arrow)", ...MARK_INK }));
  return g;
}
