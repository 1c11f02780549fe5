// How things look: side colours (Okabe-Ito, safe for the common kinds of colour blindness),
// terrain styles for the board and its legend. Rule-set looks live in src/rulesets/.
import type { View } from "../gen/sandtable/v1/view_pb";

const SIDE_COLOURS = [
  { fill: "#0072B2", ink: "#ffffff", name: "blue" },
  { fill: "#E69F00", ink: "#1a1a1a", name: "orange" },
  { fill: "#009E73", ink: "#ffffff", name: "green" },
  { fill: "#CC79A7", ink: "#1a1a1a", name: "pink" },
];

export function sideColour(view: View | undefined, side: string): { fill: string; ink: string } {
  const i = view ? view.sides.findIndex((s) => s.id === side) : -1;
  return SIDE_COLOURS[i >= 0 ? i % SIDE_COLOURS.length : 0];
}

export interface TerrainStyle {
  label: string;
  fill: string;
  pattern?: string; // id of an SVG pattern drawn over the fill
  stroke?: string;
  order: number; // lower draws first
}

export const TERRAIN: Record<string, TerrainStyle> = {
  hill: { label: "Hill", fill: "#e3cf9f", pattern: "pat-hill", order: 0 },
  woods: { label: "Woods", fill: "#9fcb8a", pattern: "pat-woods", order: 1 },
  marsh: { label: "Marsh", fill: "#b9d3b0", pattern: "pat-marsh", order: 1 },
  town: { label: "Town", fill: "#c9c3bb", pattern: "pat-town", order: 2 },
  river: { label: "River", fill: "#79b4e3", pattern: "pat-river", order: 3 },
  ford: { label: "Ford", fill: "#b7dcf5", pattern: "pat-ford", order: 4 },
  bridge: { label: "Bridge", fill: "#a98a64", order: 4 },
  fortification: { label: "Fortification", fill: "#b0a089", stroke: "#5b4a33", order: 5 },
  trench: { label: "Trench", fill: "#cdb89a", pattern: "pat-trench", order: 5 },
  wire: { label: "Wire", fill: "none", pattern: "pat-wire", order: 6 },
  road: { label: "Road", fill: "#a47c48", order: 7 },
  trail: { label: "Trail", fill: "#c2a27a", order: 7 },
  light_woods: { label: "Light woods", fill: "#c3deb3", pattern: "pat-woods", order: 1 },
  brush: { label: "Brush", fill: "#d3e3bf", order: 1 },
  mud: { label: "Mud", fill: "#bca888", pattern: "pat-marsh", order: 1 },
  slope: { label: "Slope", fill: "#ead9b0", pattern: "pat-hill", order: 0 },
  steep_slope: { label: "Steep slope", fill: "#d9c18d", pattern: "pat-hill", order: 0 },
  built_up: { label: "Built-up area", fill: "#d6d0c8", pattern: "pat-town", order: 2 },
  building: { label: "Building", fill: "#b3aaa0", stroke: "#5b5249", order: 2 },
  rubble: { label: "Rubble", fill: "#c4b8a8", pattern: "pat-town", order: 2 },
  ditch: { label: "Ditch", fill: "#bfae8e", pattern: "pat-trench", order: 5 },
  // What the engine puts on a free table during play: translucent, so the ground under them
  // shows, and drawn over every other kind.
  minefield: { label: "Minefield", fill: "#8b3a1f55", stroke: "#7a2e12", order: 8 },
  smoke: { label: "Smoke", fill: "#f4f4f4bb", stroke: "#9a9a9a", order: 9 },
  plotted_fire: { label: "Plotted fire (secret)", fill: "#ff000022", stroke: "#cc0000", order: 9 },
  strike: { label: "Strike landed", fill: "#ff8c0066", stroke: "#c05a00", order: 9 },
  flight_path: { label: "Aircraft run", fill: "#3a5f9a88", order: 10 },
};

export function terrainStyle(kind: string): TerrainStyle {
  return TERRAIN[kind] ?? { label: kind.replace(/_/g, " "), fill: "#d8d8d8", order: 1 };
}
