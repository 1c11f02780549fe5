// A grid table drawn in SVG: squares and their terrain, units as counters with their facing,
// markers and strength, and the overlays that aim a move or a shot (board.ts places and pans it).
import type { GridSquare } from "../gen/sandtable/v1/common_pb";
import type { UnitView, View } from "../gen/sandtable/v1/view_pb";
import { lookFor } from "../rulesets";
import { s } from "./dom";
import { markerGlyphs, markerText, plainMarkers } from "./panels";
import { sideColour, terrainStyle } from "./look";
import { drawRoute } from "./grid-route";
import { key, type Overlay, type Sq } from "./orders";
import type { Orient } from "./orientation";

export const SQ = 60; // SVG units per grid square

export function centre(v: View, q: Sq, t: Orient): { x: number; y: number } {
  const rows = v.board.case === "grid" ? v.board.value.rows : 0;
  return t.out({ x: (q.col + 0.5) * SQ, y: (rows - 1 - q.row + 0.5) * SQ });
}

export function drawGrid(v: View, o: Overlay, t: Orient): SVGElement {
  if (v.board.case !== "grid") return s("g");
  const { cols, rows } = v.board.value;
  const g = s("g", { class: "grid-board" });
  const drawn = t.size;
  g.append(s("rect", { x: 0, y: 0, width: drawn.w, height: drawn.h, fill: "#f1f0dc", stroke: "#6b6b55", "stroke-width": 2 }));

  const features = [...v.terrain].sort((a, b) => terrainStyle(a.kind).order - terrainStyle(b.kind).order);
  for (const f of features) {
    const st = terrainStyle(f.kind);
    const tg = s("g", { class: `terrain terrain-${f.kind}` }, s("title", {}, f.name ? `${st.label}: ${f.name}` : st.label));
    if (f.kind === "road") {
      const set = new Set(f.squares.map(key));
      for (const q of f.squares) {
        const c = centre(v, q, t);
        tg.append(s("circle", { cx: c.x, cy: c.y, r: SQ * 0.09, fill: st.fill }));
        for (const n of [{ col: q.col + 1, row: q.row }, { col: q.col, row: q.row + 1 }]) {
          if (!set.has(key(n))) continue;
          const d = centre(v, n, t);
          tg.append(s("line", { x1: c.x, y1: c.y, x2: d.x, y2: d.y, stroke: st.fill, "stroke-width": SQ * 0.18, "stroke-linecap": "round" }));
        }
      }
    } else {
      for (const q of f.squares) {
        const c = centre(v, q, t);
        const r = { x: c.x - SQ / 2, y: c.y - SQ / 2, width: SQ, height: SQ };
        if (st.fill !== "none") tg.append(s("rect", { ...r, fill: st.fill, stroke: st.stroke, "stroke-width": st.stroke ? 4 : undefined }));
        if (st.pattern) tg.append(s("rect", { ...r, fill: `url(#${st.pattern})` }));
        if (f.level > 1) tg.append(s("text", { x: r.x + 4, y: r.y + 12, class: "level" }, `L${f.level}`));
      }
    }
    g.append(tg);
  }

  // Grid lines and coordinates along the edges.
  const lines = s("g", { class: "grid-lines" });
  const line = (a: { x: number; y: number }, b: { x: number; y: number }) => {
    const [p, q] = [t.out(a), t.out(b)];
    return s("line", { x1: p.x, y1: p.y, x2: q.x, y2: q.y });
  };
  for (let c = 1; c < cols; c++) lines.append(line({ x: c * SQ, y: 0 }, { x: c * SQ, y: rows * SQ }));
  for (let r = 1; r < rows; r++) lines.append(line({ x: 0, y: r * SQ }, { x: cols * SQ, y: r * SQ }));
  g.append(lines);
  // Column numbers along the south edge, row numbers along the west edge, wherever those lie now.
  const labels = s("g", { class: "coords" });
  const label = (p: { x: number; y: number }, text: number) => {
    const q = t.out(p);
    return s("text", { x: q.x, y: q.y, "text-anchor": "middle", "dominant-baseline": "central" }, text);
  };
  for (let c = 0; c < cols; c++) labels.append(label({ x: (c + 0.5) * SQ, y: rows * SQ + 12 }, c));
  for (let r = 0; r < rows; r++) labels.append(label({ x: -12, y: (rows - 1 - r + 0.5) * SQ }, r));
  g.append(labels);

  // Overlays under the counters: where the selected unit may go or shoot.
  const over = s("g", { class: "overlay" });
  for (const k of o.reachable ?? []) {
    const [col, row] = k.split(",").map(Number);
    const c = centre(v, { col, row }, t);
    const tip = o.details?.get(k);
    over.append(s("rect", { class: "reach", "data-square": k, x: c.x - SQ / 2 + 3, y: c.y - SQ / 2 + 3, width: SQ - 6, height: SQ - 6 }, tip ? s("title", {}, tip) : null));
  }
  for (const k of o.targets ?? []) {
    const [col, row] = k.split(",").map(Number);
    const c = centre(v, { col, row }, t);
    const tip = o.details?.get(k);
    over.append(s("rect", { class: "target", "data-square": k, x: c.x - SQ / 2 + 3, y: c.y - SQ / 2 + 3, width: SQ - 6, height: SQ - 6 }, tip ? s("title", {}, tip) : null));
  }
  for (const q of o.highlight ?? []) {
    const c = centre(v, q, t);
    over.append(s("rect", { class: "highlight", x: c.x - SQ / 2 + 2, y: c.y - SQ / 2 + 2, width: SQ - 4, height: SQ - 4 }));
  }
  g.append(over);

  for (const u of v.units) if (u.square && !u.carriedBy) g.append(drawUnit(v, u, o, t));

  const top = s("g", { class: "overlay-top" });
  for (const p of o.planned ?? []) top.append(aimLine(v, p.from, p.to, "planned", "", t));
  if (o.aim) top.append(aimLine(v, o.aim.from, o.aim.to, "aim ok", o.aim.label, t));
  if (o.route) top.append(drawRoute(o.route, (q) => centre(v, q, t), SQ));
  for (const l of o.lines ?? []) top.append(aimLine(v, { col: l.from.x, row: l.from.y }, { col: l.to.x, row: l.to.y }, l.cls, l.label, t));
  if (o.preview) {
    const c = centre(v, o.preview.at, t);
    top.append(s("g", { class: "facing-preview", transform: `translate(${c.x} ${c.y}) rotate(${o.preview.facing * 90 + t.deg})` }, s("path", { d: `M0 ${-SQ * 0.48} l-9 12 h18 z` })));
  }
  g.append(top);
  return g;
}

function aimLine(v: View, from: Sq, to: Sq, cls: string, label: string, t: Orient): SVGElement {
  const a = centre(v, from, t);
  const c = centre(v, to, t);
  // Stop the arrow at the edge of the target's counter so the counter stays readable.
  const len = Math.hypot(c.x - a.x, c.y - a.y) || 1;
  const cut = Math.min(SQ * 0.42, len / 2);
  const b = { x: c.x - ((c.x - a.x) / len) * cut, y: c.y - ((c.y - a.y) / len) * cut };
  const g = s("g", { class: cls }, s("line", { x1: a.x, y1: a.y, x2: b.x, y2: b.y, "marker-end": "url(#arrow)" }));
  if (label) {
    const mx = (a.x + b.x) / 2;
    const my = (a.y + b.y) / 2;
    g.append(s("rect", { x: mx - 30, y: my - 11, width: 60, height: 20, rx: 4, class: "aim-label-back" }), s("text", { x: mx, y: my + 4, "text-anchor": "middle", class: "aim-label" }, label));
  }
  return g;
}

function drawUnit(v: View, u: UnitView, o: Overlay, t: Orient): SVGElement {
  const c = centre(v, u.square as GridSquare, t);
  const col = sideColour(v, u.side);
  const w = SQ * 0.78;
  const classes = ["unit"];
  if (u.id === o.selected) classes.push("selected");
  if (u.id === o.activeUnit) classes.push("active");
  const g = s("g", { class: classes.join(" "), "data-unit": u.id, "data-side": u.side, transform: `translate(${c.x} ${c.y})` });
  g.append(s("rect", { class: "counter", x: -w / 2, y: -w / 2, width: w, height: w, rx: 5, fill: col.fill }));
  // Facing: a wedge on the edge the unit faces, drawn in the counter's own frame.
  // Facing: a thick bar on the edge the unit faces and a wedge pointing out of it.
  g.append(
    s("g", { class: "facing", transform: `rotate(${u.facing * 90 + t.deg})` },
      s("rect", { x: -w / 2 + 3, y: -w / 2 - 1, width: w - 6, height: 5, rx: 2 }),
      s("path", { d: `M-9 ${-w / 2 - 1} L0 ${-SQ / 2 + 1} L9 ${-w / 2 - 1} z` })),
  );
  const look = lookFor(v.ruleset);
  const glyph = look.counterGlyph?.(u.type, col.ink);
  if (glyph) g.append(glyph);
  // maxStrength 0: the strength is not known yet (the scenario editor's table before the rule set
  // has set it up), so nothing is written rather than a 0.
  if (u.maxStrength > 0) g.append(s("text", { class: "sp", x: 0, y: w / 2 - 5, "text-anchor": "middle", fill: col.ink }, `${u.strength}`));
  const shown = plainMarkers(u).slice(0, 3);
  const glyphs = markerGlyphs(shown.map((m) => m.key), (k) => look.markerLetter(k));
  shown.forEach((m, i) => {
    g.append(s("g", { class: "marker", transform: `translate(${w / 2 - 2} ${-w / 2 + 2 + i * 13})` }, s("circle", { r: 6.5 }), s("title", {}, markerText(m)), s("text", { y: 3.5, "text-anchor": "middle" }, glyphs[i])));
  });
  if (u.strength < u.maxStrength) {
    g.append(s("text", { class: "sp-max", x: w / 2 - 4, y: w / 2 - 5, "text-anchor": "end", fill: col.ink }, `/${u.maxStrength}`));
  }
  return g;
}
