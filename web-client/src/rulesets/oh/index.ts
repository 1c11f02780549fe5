// One-Hour Wargames WWII on the client: the three bases of a unit at their sizes, the marks on
// them (the unique base's star and thick front edge, a turret on tanks) and the words for its
// markers. No rules: the engine's action menu says what a unit may do.
import { s } from "../../ui/dom";
import type { Look } from "../look";

/** Base sizes by unit type, [width across the facing, depth along it] in inches. */
export const BASES: Record<string, [number, number]> = {
  infantry: [2, 1],
  mortar: [1.5, 1],
  atg: [1.5, 1.5],
  tank: [1.5, 2.5],
};

const UNIQUE = "_unique";

/** The unit type of a figure kind: `tank_unique` → `tank`. */
function typeOf(kind: string): string {
  return kind.endsWith(UNIQUE) ? kind.slice(0, -UNIQUE.length) : kind;
}

function figureBase(kind: string): [number, number] | undefined {
  return BASES[typeOf(kind)];
}

// One glyph per marker key the engine sends (engine/rulesets/oh/oh_view.cc), none shared: "moved"
// and "marching" both start with M, "hits" and "hidden" with H. "marching" also marks a unit that
// used the road bonus (+2 to enemy fire at it either way).
export const LETTERS: Record<string, string> = {
  hits: "H",
  permanent: "P",
  dug_in: "D",
  ready: "R",
  concealed: "C",
  fired: "F",
  moved: "M",
  marching: "»",
  hidden: "?",
  threatened: "T",
};

/** A five-pointed star of outer radius r centred on (cx, cy). */
function star(cx: number, cy: number, r: number, fill: string): SVGElement {
  const pts: string[] = [];
  for (let i = 0; i < 10; i++) {
    const a = (Math.PI / 5) * i - Math.PI / 2;
    const rr = i % 2 ? r * 0.45 : r;
    pts.push(`${(cx + rr * Math.cos(a)).toFixed(2)},${(cy + rr * Math.sin(a)).toFixed(2)}`);
  }
  return s("polygon", { class: "unique-star", points: pts.join(" "), fill });
}

function line(x1: number, y1: number, x2: number, y2: number, ink: string, width = 1.4): SVGElement {
  return s("line", { x1, y1, x2, y2, stroke: ink, "stroke-width": width, "stroke-linecap": "round" });
}

/**
 * The marks on one base, in its frame (front towards -y), sized to the drawn base: a tank's
 * tracks, turret and gun; an anti-tank gun's barrel, shield and wheels; a mortar's tube; the
 * infantry X. The unique base has a thick front edge and a star (on a tank, on its turret).
 */
function figureMarks(kind: string, ink: string, base: { w: number; d: number }): SVGElement[] {
  const type = typeOf(kind);
  if (!figureBase(kind)) return [];
  const { w, d } = base;
  const unique = kind.endsWith(UNIQUE);
  const out: SVGElement[] = [];
  if (unique) out.push(s("rect", { class: "unique-edge", x: -w / 2, y: -d / 2, width: w, height: Math.max(4, d * 0.2), fill: ink }));
  if (type === "tank") {
    const tr = w * 0.27;
    const ty = d * 0.08;
    out.push(
      line(-w / 2 + 3, -d / 2 + 5, -w / 2 + 3, d / 2 - 3, ink, 1.2),
      line(w / 2 - 3, -d / 2 + 5, w / 2 - 3, d / 2 - 3, ink, 1.2),
      line(0, ty - tr, 0, -d / 2 - 4, ink, 2),
      s("circle", { class: "turret", cx: 0, cy: ty, r: tr, fill: "none", stroke: ink, "stroke-width": 1.4 }),
    );
    if (unique) out.push(star(0, ty, tr * 0.75, ink));
    return out;
  }
  if (unique) {
    out.push(star(0, d * 0.08, Math.min(w, d) * 0.3, ink));
    return out;
  }
  if (type === "infantry") {
    const a = w * 0.18;
    const b = d * 0.25;
    out.push(line(-a, -b, a, b, ink), line(a, -b, -a, b, ink));
  } else if (type === "mortar") {
    out.push(s("circle", { cx: 0, cy: d * 0.22, r: 2, fill: ink }), line(0, d * 0.22, 0, -d * 0.3, ink), line(-2.5, -d * 0.3 + 3, 0, -d * 0.3, ink), line(2.5, -d * 0.3 + 3, 0, -d * 0.3, ink));
  } else if (type === "atg") {
    out.push(
      line(0, d * 0.15, 0, -d / 2 - 3, ink, 1.8),
      line(-w * 0.22, -d * 0.05, w * 0.22, -d * 0.05, ink, 1.6),
      s("circle", { cx: -w * 0.25, cy: d * 0.18, r: 2, fill: "none", stroke: ink, "stroke-width": 1.2 }),
      s("circle", { cx: w * 0.25, cy: d * 0.18, r: 2, fill: "none", stroke: ink, "stroke-width": 1.2 }),
    );
  }
  return out;
}

export const look: Look = {
  id: "one-hour-ww2",
  markerLetter: (m) => LETTERS[m] ?? m.charAt(0).toUpperCase(),
  figureBase,
  figureMarks,
  legend: [
    "Each unit is three bases side by side; the dark edge is its front",
    "Star and thick front edge: the unit's middle (unique) base: ranges are measured from it and it holds objectives",
    "X infantry · tube: mortar · barrel and wheels: anti-tank gun · turret and tracks: tank",
    "The number after a unit's name: the Hits it can still take before it is destroyed",
    "Letters: H hits, P permanent hits, D dug in, R ready, C concealed, F fired, M moved, » marching or on the road, T threatened, ? hidden",
    "Dashed: hidden (only its own side sees it)",
  ],
};
