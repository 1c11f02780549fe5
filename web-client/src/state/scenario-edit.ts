// The scenario editor's edits (docs/gm.md "The scenario editor"): plain data operations on the
// Scenario message. Each takes a scenario and returns a changed clone, never touching its input,
// so the editor's undo history can keep every state as it was. No rule lives here: whether the
// result is playable is the server's answer (CheckScenario), never guessed by the client.
import { clone, create } from "@bufbuild/protobuf";
import { GridFacing, GridSquareSchema, PointSchema, type GridSquare, type Point } from "../gen/sandtable/v1/common_pb";
import type { PaletteTerrain, PaletteUnit } from "../gen/sandtable/v1/palette_pb";
import { ScenarioSchema, TerrainFeatureSchema, UnitSetupSchema, type Scenario, type TerrainFeature, type UnitSetup } from "../gen/sandtable/v1/scenario_pb";

/** Where a click landed: a square of a grid, or a point (inches) of a free table. */
export type Spot = { col: number; row: number } | { x: number; y: number };

const isSquare = (at: Spot): at is { col: number; row: number } => "col" in at;

/** "Hill Fort 2" → "hill-fort-2": ids people can read in a file and a link. */
export function slug(text: string): string {
  // Accents come off first (é → e), rather than splitting the word at them.
  return text.normalize("NFKD").replace(/[\u0300-\u036f]/g, "").toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-+|-+$/g, "");
}

/** Every unit of the scenario: on the table at the start and arriving later (ids are unique across both). */
export function allUnits(s: Scenario): UnitSetup[] {
  return [...s.sides.flatMap((side) => side.units), ...s.reinforcements.flatMap((r) => (r.unit ? [r.unit] : []))];
}

/** The first free number for `<side>-<type>-<n>`, so the id and the name ("Infantry 3") agree. */
export function nextUnitNumber(s: Scenario, side: string, type: string): number {
  const ids = new Set(allUnits(s).map((u) => u.id));
  const figureIds = new Set(allUnits(s).flatMap((u) => u.figures.map((f) => f.id)));
  for (let n = 1; ; n++) {
    const id = unitId(side, type, n);
    if (!ids.has(id) && !figureIds.has(id)) return n;
  }
}

function unitId(side: string, type: string, n: number): string {
  return `${slug(side) || "side"}-${slug(type) || "unit"}-${n}`;
}

/** `p` turned `deg` clockwise about the origin (y grows north, as on the table). */
function turned(p: { x: number; y: number }, deg: number): { x: number; y: number } {
  if (!deg) return { x: p.x, y: p.y };
  const r = (deg * Math.PI) / 180;
  return { x: p.x * Math.cos(r) + p.y * Math.sin(r), y: -p.x * Math.sin(r) + p.y * Math.cos(r) };
}

const round = (v: number) => Math.round(v * 100) / 100;  // a file a person can read: 12.5, not 12.499999
const point = (x: number, y: number): Point => create(PointSchema, { x: round(x), y: round(y) });
const square = (col: number, row: number): GridSquare => create(GridSquareSchema, { col, row });

export interface Placement {
  side: string;
  template: PaletteUnit;
  at: Spot;
  quality?: string;
  facing?: GridFacing;
  facingDeg?: number;
}

/**
 * A copy of the palette's unit for `side` at a square or point: a fresh id and a numbered name,
 * its figures (placed around the origin, facing north) turned to its facing and moved with it.
 */
export function placeUnit(s: Scenario, p: Placement): { scenario: Scenario; id: string } {
  const out = clone(ScenarioSchema, s);
  const side = out.sides.find((x) => x.id === p.side);
  if (!side || !p.template.unit) return { scenario: out, id: "" };
  const u = clone(UnitSetupSchema, p.template.unit);
  const n = nextUnitNumber(out, p.side, u.type);
  u.id = unitId(p.side, u.type, n);
  u.name = `${p.template.label || u.type} ${n}`;
  if (p.quality !== undefined) u.quality = p.quality;
  if (isSquare(p.at)) {
    u.square = square(p.at.col, p.at.row);
    u.facing = p.facing ?? GridFacing.NORTH;
  } else {
    const deg = p.facingDeg ?? 0;
    const at = p.at;
    u.position = point(at.x, at.y);
    u.facingDeg = deg;
    u.figures.forEach((f, i) => {
      const o = turned(f.position ?? { x: 0, y: 0 }, deg);
      f.position = point(at.x + o.x, at.y + o.y);
      f.id = `${u.id}-f${i + 1}`;
    });
  }
  side.units.push(u);
  return { scenario: out, id: u.id };
}

/** The unit with this id (on the table at the start), in a scenario being changed. */
function unitIn(s: Scenario, id: string): UnitSetup | undefined {
  for (const side of s.sides) for (const u of side.units) if (u.id === id) return u;
  return undefined;
}

export function findUnit(s: Scenario, id: string): { side: string; unit: UnitSetup } | undefined {
  for (const side of s.sides) for (const unit of side.units) if (unit.id === id) return { side: side.id, unit };
  return undefined;
}

/** The unit standing on a grid square, if any (the editor's own hit test, not the preview's). */
export function unitOnSquare(s: Scenario, col: number, row: number): UnitSetup | undefined {
  for (const side of s.sides) for (const u of side.units) if (u.square && u.square.col === col && u.square.row === row) return u;
  return undefined;
}

/** Moves a unit to a square or point; on a free table its figures keep their places around it. */
export function moveUnit(s: Scenario, id: string, at: Spot): Scenario {
  const out = clone(ScenarioSchema, s);
  const u = unitIn(out, id);
  if (!u) return out;
  if (isSquare(at)) {
    u.square = square(at.col, at.row);
    return out;
  }
  const from = u.position ?? point(0, 0);
  const dx = at.x - from.x;
  const dy = at.y - from.y;
  u.position = point(at.x, at.y);
  for (const f of u.figures) f.position = point((f.position?.x ?? 0) + dx, (f.position?.y ?? 0) + dy);
  return out;
}

export interface UnitFields {
  name?: string;
  quality?: string;
  strength?: number;
  facing?: GridFacing;
  facingDeg?: number;
}

/** Changes a unit's own fields; a new table facing turns its figures about its centre. */
export function updateUnit(s: Scenario, id: string, f: UnitFields): Scenario {
  const out = clone(ScenarioSchema, s);
  const u = unitIn(out, id);
  if (!u) return out;
  if (f.name !== undefined) u.name = f.name;
  if (f.quality !== undefined) u.quality = f.quality;
  if (f.strength !== undefined) u.strength = Math.max(0, Math.trunc(f.strength));
  if (f.facing !== undefined) u.facing = f.facing;
  if (f.facingDeg !== undefined) {
    const deg = ((f.facingDeg % 360) + 360) % 360;
    const c = u.position ?? point(0, 0);
    for (const fig of u.figures) {
      const o = turned({ x: (fig.position?.x ?? 0) - c.x, y: (fig.position?.y ?? 0) - c.y }, deg - u.facingDeg);
      fig.position = point(c.x + o.x, c.y + o.y);
    }
    u.facingDeg = deg;
  }
  return out;
}

export function removeUnit(s: Scenario, id: string): Scenario {
  const out = clone(ScenarioSchema, s);
  for (const side of out.sides) side.units = side.units.filter((u) => u.id !== id);
  return out;
}

/** "Woods", "Woods 2", …: a name no other feature has, so the list tells them apart. */
function freshName(s: Scenario, base: string): string {
  const names = new Set(s.terrain.map((t) => t.name));
  if (!names.has(base)) return base;
  for (let n = 2; ; n++) if (!names.has(`${base} ${n}`)) return `${base} ${n}`;
}

function copyFeature(s: Scenario, template: PaletteTerrain): TerrainFeature {
  const f = template.feature ? clone(TerrainFeatureSchema, template.feature) : create(TerrainFeatureSchema, { kind: template.label });
  f.name = freshName(s, f.name || template.label || f.kind);
  return f;
}

/**
 * Grids: a click on a square adds it to the feature being laid (`current`), or takes it out when
 * it is already there; with no feature being laid (or one of another kind) it starts a new one
 * from the template. A feature left without squares goes. Returns the feature being laid now.
 */
export function toggleSquare(s: Scenario, current: number, template: PaletteTerrain, col: number, row: number): { scenario: Scenario; current: number } {
  const out = clone(ScenarioSchema, s);
  let f = current >= 0 && current < out.terrain.length ? out.terrain[current] : undefined;
  if (!f || f.kind !== template.feature?.kind) {
    f = copyFeature(out, template);
    f.squares = [];
    out.terrain.push(f);
    current = out.terrain.length - 1;
  }
  const i = f.squares.findIndex((q) => q.col === col && q.row === row);
  if (i >= 0) f.squares.splice(i, 1);
  else f.squares.push(square(col, row));
  if (f.squares.length === 0) {
    out.terrain.splice(current, 1);
    return { scenario: out, current: -1 };
  }
  return { scenario: out, current };
}

/** The middle of a free-table feature's outline (its bounding box), where a move takes it from. */
export function featureCentre(f: TerrainFeature): { x: number; y: number } {
  const pts = [...f.polygon, ...f.polyline];
  if (f.circle?.centre && pts.length === 0) return { x: f.circle.centre.x, y: f.circle.centre.y };
  if (pts.length === 0) return { x: 0, y: 0 };
  const xs = pts.map((p) => p.x);
  const ys = pts.map((p) => p.y);
  return { x: (Math.min(...xs) + Math.max(...xs)) / 2, y: (Math.min(...ys) + Math.max(...ys)) / 2 };
}

function shift(f: TerrainFeature, dx: number, dy: number): void {
  f.polygon = f.polygon.map((p) => point(p.x + dx, p.y + dy));
  f.polyline = f.polyline.map((p) => point(p.x + dx, p.y + dy));
  if (f.circle?.centre) f.circle.centre = point(f.circle.centre.x + dx, f.circle.centre.y + dy);
}

/** Free tables: a copy of the template (drawn around the origin) laid at `at`. */
export function layFeature(s: Scenario, template: PaletteTerrain, at: { x: number; y: number }): { scenario: Scenario; index: number } {
  const out = clone(ScenarioSchema, s);
  const f = copyFeature(out, template);
  shift(f, at.x, at.y);
  out.terrain.push(f);
  return { scenario: out, index: out.terrain.length - 1 };
}

/** Free tables: moves a feature so its middle is at `to`. */
export function moveFeature(s: Scenario, index: number, to: { x: number; y: number }): Scenario {
  const out = clone(ScenarioSchema, s);
  const f = out.terrain[index];
  if (!f) return out;
  const c = featureCentre(f);
  shift(f, to.x - c.x, to.y - c.y);
  return out;
}

export function renameFeature(s: Scenario, index: number, name: string): Scenario {
  const out = clone(ScenarioSchema, s);
  if (out.terrain[index]) out.terrain[index].name = name;
  return out;
}

/** Makes a feature a side's secret (a minefield only its layer knows of), or everyone's again (""). */
export function setFeatureOwner(s: Scenario, index: number, owner: string): Scenario {
  const out = clone(ScenarioSchema, s);
  if (out.terrain[index]) out.terrain[index].owner = owner;
  return out;
}

export function removeFeature(s: Scenario, index: number): Scenario {
  const out = clone(ScenarioSchema, s);
  out.terrain.splice(index, 1);
  return out;
}
