// What a click on the editor's board does with the tool in hand, and what the board marks over
// the preview (the selected unit, the squares of the feature being laid, the objectives).
import type { ScenarioPalette } from "../gen/sandtable/v1/palette_pb";
import type { Scenario } from "../gen/sandtable/v1/scenario_pb";
import { layFeature, moveFeature, moveUnit, placeUnit, toggleSquare, unitOnSquare, type Spot } from "../state/scenario-edit";
import { placeObjective } from "../state/scenario-meta";
import type { Overlay } from "./board";
import type { ToolState } from "./editor-fields";

export interface Editing {
  scenario: Scenario | null;
  palette: ScenarioPalette;
  tools: ToolState;
  edit(fn: (s: Scenario) => Scenario): void;
  setTools(patch: Partial<ToolState>): void;
}

/**
 * A click at a square or point, on a unit (`unitId`, free tables; grids look the square up in the
 * scenario itself, as the preview may not show the latest change yet).
 */
export function boardClick(e: Editing, at: Spot, unitId: string | undefined): void {
  const s = e.scenario;
  if (!s) return;
  const t = e.tools;
  const hit = "col" in at ? unitOnSquare(s, at.col, at.row)?.id : unitId;
  if (!("col" in at) && t.moving >= 0) {
    const i = t.moving;
    e.edit((x) => moveFeature(x, i, at));
    e.setTools({ moving: -1 });
    return;
  }
  if (t.mode === "place" || t.mode === "select") {
    if (hit) return e.setTools({ selected: hit, mode: "select" });
    if (t.mode === "select") {
      if (t.selected) e.edit((x) => moveUnit(x, t.selected, at));
      return;
    }
    const template = e.palette.units[t.unit];
    const side = s.sides.some((x) => x.id === t.side) ? t.side : s.sides[0]?.id;
    if (!template || !side) return;
    const quality = e.palette.qualities.length ? t.quality || template.unit?.quality || e.palette.qualities[Math.floor(e.palette.qualities.length / 2)] : undefined;
    let id = "";
    e.edit((x) => {
      const r = placeUnit(x, { side, template, at, quality, facing: t.facing, facingDeg: t.facingDeg });
      id = r.id;
      return r.scenario;
    });
    e.setTools({ selected: id });
  } else if (t.mode === "terrain") {
    const template = e.palette.terrain[t.terrain];
    if (!template) return;
    if ("col" in at) {
      let current = -1;
      e.edit((x) => {
        const r = toggleSquare(x, t.feature, template, at.col, at.row);
        current = r.current;
        return r.scenario;
      });
      e.setTools({ feature: current });
    } else {
      e.edit((x) => layFeature(x, template, at).scenario);
    }
  } else if (t.mode === "objective") {
    e.edit((x) => placeObjective(x, at).scenario);
  }
}

export function overlayFor(s: Scenario, t: ToolState): Overlay {
  const laying = t.mode === "terrain" && t.feature >= 0 ? s.terrain[t.feature]?.squares ?? [] : [];
  const objectives = (s.victory?.objectives ?? []).flatMap((o) => (o.square ? [o.square] : []));
  // Free tables: an objective is a labelled dot (a line of no length: the board's own mark with a tag).
  const points = (s.victory?.objectives ?? []).flatMap((o) => (o.point && !o.square ? [{ from: o.point, to: o.point, label: o.name, cls: "ed-objective-mark" }] : []));
  return {
    selected: t.selected || undefined,
    highlight: [...laying, ...objectives].map((q) => ({ col: q.col, row: q.row })),
    lines: points.map((l) => ({ ...l, from: { x: l.from.x, y: l.from.y }, to: { x: l.to.x, y: l.to.y } })),
  };
}
