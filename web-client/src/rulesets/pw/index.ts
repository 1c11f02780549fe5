// The Portable Wargame on the client: NATO-style counter symbols, marker letters and the
// legend's words. No rules: the engine's action menu says what a unit may do.
import { s } from "../../ui/dom";
import type { Look } from "../look";
import { demo } from "./demo";

/** A small NATO-style symbol: X infantry, / cavalry, dot artillery, star commander. */
function counterGlyph(type: string, ink: string): SVGElement {
  const bw = 26;
  const bh = 16;
  const box = s("rect", { x: -bw / 2, y: -bh / 2 - 6, width: bw, height: bh, fill: "none", stroke: ink, "stroke-width": 1.5 });
  const x0 = -bw / 2;
  const y0 = -bh / 2 - 6;
  const line = (d: string) => s("path", { d, stroke: ink, "stroke-width": 1.5, fill: "none" });
  const g = s("g", { class: "symbol" }, box);
  if (type.includes("infantry") || type === "dismounted_cavalry" || type === "machine_gun") g.append(line(`M${x0} ${y0} L${-x0} ${y0 + bh} M${-x0} ${y0} L${x0} ${y0 + bh}`));
  if (type.includes("cavalry")) g.append(line(`M${x0} ${y0 + bh} L${-x0} ${y0}`));
  if (type === "machine_gun") g.append(s("circle", { cx: 0, cy: y0 + bh / 2, r: 3, fill: ink }));
  if (type.includes("artillery")) g.append(s("circle", { cx: 0, cy: y0 + bh / 2, r: 4, fill: ink }));
  if (type === "commander") g.append(s("path", { d: "M0 -20 l2.4 5 5.4 .6 -4 3.7 1.1 5.4 -4.9 -2.8 -4.9 2.8 1.1 -5.4 -4 -3.7 5.4 -.6 z", fill: ink }));
  if (type === "transport") g.append(s("circle", { cx: -6, cy: y0 + bh - 4, r: 3, stroke: ink, fill: "none" }), s("circle", { cx: 6, cy: y0 + bh - 4, r: 3, stroke: ink, fill: "none" }));
  return g;
}

// One glyph per marker key (pw_view.cc lists them), none shared: "active" (acting now) and
// "activated" (has had its activation this turn) both start with A and sit on the same counter.
export const LETTERS: Record<string, string> = {
  moved: "M", fired: "F", fought: "C", active: "A", activated: "✓", in_river: "R", limbered: "L", embarked: "T",
  holding_trench: "H", crossing_trench: "X", on_wire: "W",
};

export const look: Look = {
  id: "portable-wargame-19c",
  counterGlyph,
  markerLetter: (m) => LETTERS[m] ?? m.charAt(0).toUpperCase(),
  legend: ["Sides (wedge = facing, number = SP)", "Letters: A acting now, ✓ activated this turn, M moved, F fired, C fought, R in river, L limbered, T embarked, H holding a trench, X crossing a trench, W on wire"],
  demo,
};
