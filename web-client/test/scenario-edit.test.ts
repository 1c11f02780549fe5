// The scenario editor's data edits: each returns a changed copy (the input stays as it was, for
// the undo history), ids stay unique, figures and terrain move with what they belong to.
import { create, equals } from "@bufbuild/protobuf";
import { describe, expect, it } from "vitest";
import { GridFacing } from "../src/gen/sandtable/v1/common_pb";
import { PaletteTerrainSchema, PaletteUnitSchema } from "../src/gen/sandtable/v1/palette_pb";
import { ScenarioSchema, type Scenario } from "../src/gen/sandtable/v1/scenario_pb";
import { featureCentre, layFeature, moveFeature, moveUnit, nextUnitNumber, placeUnit, removeFeature, removeUnit, renameFeature, setFeatureOwner, slug, toggleSquare, unitOnSquare, updateUnit } from "../src/state/scenario-edit";
import { CatalogSchema } from "../src/gen/sandtable/v1/protocol_pb";
import { editorSource, FILE_KEY, FROM_FILE } from "../src/ui/editor-start";
import { History, placeObjective, removeObjective, setInfo, setOption, setSide, setVictory, updateObjective } from "../src/state/scenario-meta";

const grid = (): Scenario =>
  create(ScenarioSchema, { id: "new-battle", name: "New battle", ruleset: "r", board: { case: "grid", value: { cols: 12, rows: 10 } }, sides: [{ id: "blue", name: "Blue" }, { id: "red", name: "Red" }] });
const table = (): Scenario =>
  create(ScenarioSchema, { id: "t", name: "T", ruleset: "r", board: { case: "table", value: { width: 48, height: 36 } }, sides: [{ id: "allies", name: "Allies" }, { id: "axis", name: "Axis" }] });

const infantry = create(PaletteUnitSchema, { label: "Infantry", unit: { type: "infantry", quality: "average", square: { col: 0, row: 0 } } });
const squad = create(PaletteUnitSchema, {
  label: "Rifle squad",
  unit: { type: "rifle_squad", position: { x: 0, y: 0 }, figures: [{ id: "a", kind: "leader", position: { x: 0, y: 0 } }, { id: "b", kind: "rifle", position: { x: 1, y: -0.5 } }] },
});
const woods = create(PaletteTerrainSchema, { label: "Woods", feature: { kind: "woods", name: "Woods" } });
const hill = create(PaletteTerrainSchema, { label: "Hill", feature: { kind: "hill", name: "Hill", level: 1 } });
const wood8x6 = create(PaletteTerrainSchema, {
  label: "Woods",
  feature: { kind: "woods", name: "Woods", polygon: [{ x: -4, y: -3 }, { x: 4, y: -3 }, { x: 4, y: 3 }, { x: -4, y: 3 }] },
});

describe("placing units", () => {
  it("copies the template to the clicked square with a fresh id and a numbered name, leaving the input alone", () => {
    const s = grid();
    const r = placeUnit(s, { side: "blue", template: infantry, at: { col: 3, row: 4 }, quality: "elite", facing: GridFacing.EAST });
    expect(r.id).toBe("blue-infantry-1");
    const u = r.scenario.sides[0].units[0];
    expect(u.name).toBe("Infantry 1");
    expect(u.square).toMatchObject({ col: 3, row: 4 });
    expect(u.quality).toBe("elite");
    expect(u.facing).toBe(GridFacing.EAST);
    expect(s.sides[0].units).toHaveLength(0);
    expect(infantry.unit!.square).toMatchObject({ col: 0, row: 0 });  // the palette's template is not moved
  });

  it("numbers ids per side and type and never reuses one, also after a removal", () => {
    let s = grid();
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const r = placeUnit(s, { side: "blue", template: infantry, at: { col: i, row: 0 } });
      ids.push(r.id);
      s = r.scenario;
    }
    expect(ids).toEqual(["blue-infantry-1", "blue-infantry-2", "blue-infantry-3"]);
    s = removeUnit(s, "blue-infantry-2");
    const again = placeUnit(s, { side: "blue", template: infantry, at: { col: 5, row: 5 } });
    expect(again.id).toBe("blue-infantry-2");
    const all = again.scenario.sides.flatMap((x) => x.units.map((u) => u.id));
    expect(new Set(all).size).toBe(all.length);
    expect(placeUnit(s, { side: "red", template: infantry, at: { col: 5, row: 9 } }).id).toBe("red-infantry-1");
    expect(nextUnitNumber(again.scenario, "blue", "infantry")).toBe(4);
  });

  it("refuses a side the scenario does not have", () => {
    const r = placeUnit(grid(), { side: "green", template: infantry, at: { col: 1, row: 1 } });
    expect(r.id).toBe("");
    expect(r.scenario.sides.every((x) => x.units.length === 0)).toBe(true);
  });

  it("moves a free-table unit's figures with it and gives them fresh ids", () => {
    const r = placeUnit(table(), { side: "allies", template: squad, at: { x: 10, y: 5 } });
    const u = r.scenario.sides[0].units[0];
    expect(u.position).toMatchObject({ x: 10, y: 5 });
    expect(u.figures.map((f) => [f.position!.x, f.position!.y])).toEqual([[10, 5], [11, 4.5]]);
    expect(u.figures.map((f) => f.id)).toEqual(["allies-rifle-squad-1-f1", "allies-rifle-squad-1-f2"]);
  });

  it("turns a free-table unit's figures to its facing (90 = east)", () => {
    const u = placeUnit(table(), { side: "allies", template: squad, at: { x: 10, y: 5 }, facingDeg: 90 }).scenario.sides[0].units[0];
    expect(u.facingDeg).toBe(90);
    // (1, -0.5) turned a quarter clockwise is (-0.5, -1).
    expect(u.figures[1].position).toMatchObject({ x: 9.5, y: 4 });
  });
});

describe("moving, changing and removing units", () => {
  it("moves a grid unit to a square", () => {
    const s = placeUnit(grid(), { side: "blue", template: infantry, at: { col: 1, row: 1 } }).scenario;
    const m = moveUnit(s, "blue-infantry-1", { col: 6, row: 2 });
    expect(unitOnSquare(m, 6, 2)?.id).toBe("blue-infantry-1");
    expect(unitOnSquare(m, 1, 1)).toBeUndefined();
    expect(unitOnSquare(s, 1, 1)?.id).toBe("blue-infantry-1");
  });

  it("moves a free-table unit's figures by the same amount", () => {
    const s = placeUnit(table(), { side: "allies", template: squad, at: { x: 10, y: 5 } }).scenario;
    const u = moveUnit(s, "allies-rifle-squad-1", { x: 20, y: 12 }).sides[0].units[0];
    expect(u.position).toMatchObject({ x: 20, y: 12 });
    expect(u.figures.map((f) => [f.position!.x, f.position!.y])).toEqual([[20, 12], [21, 11.5]]);
  });

  it("changes name, quality, strength and facing; a new table facing turns the figures about the centre", () => {
    const s = placeUnit(table(), { side: "allies", template: squad, at: { x: 10, y: 5 } }).scenario;
    const u = updateUnit(s, "allies-rifle-squad-1", { name: "1st Squad", quality: "elite", strength: 3.7, facingDeg: 180 }).sides[0].units[0];
    expect([u.name, u.quality, u.strength, u.facingDeg]).toEqual(["1st Squad", "elite", 3, 180]);
    expect(u.figures[1].position).toMatchObject({ x: 9, y: 5.5 });
    expect(updateUnit(s, "allies-rifle-squad-1", { facingDeg: -90 }).sides[0].units[0].facingDeg).toBe(270);
  });

  it("removes a unit and nothing else", () => {
    let s = grid();
    s = placeUnit(s, { side: "blue", template: infantry, at: { col: 1, row: 1 } }).scenario;
    s = placeUnit(s, { side: "red", template: infantry, at: { col: 1, row: 8 } }).scenario;
    const r = removeUnit(s, "blue-infantry-1");
    expect(r.sides.map((x) => x.units.map((u) => u.id))).toEqual([[], ["red-infantry-1"]]);
  });
});

describe("terrain", () => {
  it("toggles squares in the feature being laid, starting one when there is none", () => {
    let r = toggleSquare(grid(), -1, woods, 2, 3);
    expect(r.current).toBe(0);
    r = toggleSquare(r.scenario, r.current, woods, 3, 3);
    expect(r.scenario.terrain).toHaveLength(1);
    expect(r.scenario.terrain[0].squares.map((q) => [q.col, q.row])).toEqual([[2, 3], [3, 3]]);
    expect(r.scenario.terrain[0]).toMatchObject({ kind: "woods", name: "Woods" });
    r = toggleSquare(r.scenario, r.current, woods, 2, 3);
    expect(r.scenario.terrain[0].squares.map((q) => [q.col, q.row])).toEqual([[3, 3]]);
    // The last square taken out: the feature goes, and the next click starts a new one.
    r = toggleSquare(r.scenario, r.current, woods, 3, 3);
    expect(r.scenario.terrain).toHaveLength(0);
    expect(r.current).toBe(-1);
  });

  it("starts a new, differently named feature for another kind or after New feature", () => {
    let r = toggleSquare(grid(), -1, woods, 0, 0);
    r = toggleSquare(r.scenario, r.current, hill, 5, 5);
    expect(r.current).toBe(1);
    expect(r.scenario.terrain[1]).toMatchObject({ kind: "hill", level: 1 });
    r = toggleSquare(r.scenario, -1, woods, 7, 7);
    expect(r.scenario.terrain.map((t) => t.name)).toEqual(["Woods", "Hill", "Woods 2"]);
  });

  it("lays a free-table template translated to the click, and moves it by its middle", () => {
    const laid = layFeature(table(), wood8x6, { x: 20, y: 10 });
    const f = laid.scenario.terrain[laid.index];
    expect(f.polygon.map((p) => [p.x, p.y])).toEqual([[16, 7], [24, 7], [24, 13], [16, 13]]);
    expect(featureCentre(f)).toEqual({ x: 20, y: 10 });
    const moved = moveFeature(laid.scenario, 0, { x: 30, y: 30 });
    expect(moved.terrain[0].polygon[0]).toMatchObject({ x: 26, y: 27 });
    expect(laid.scenario.terrain[0].polygon[0]).toMatchObject({ x: 16, y: 7 });
  });

  it("renames and removes features", () => {
    let s = layFeature(table(), wood8x6, { x: 10, y: 10 }).scenario;
    s = layFeature(s, wood8x6, { x: 30, y: 10 }).scenario;
    s = renameFeature(s, 1, "Bois de la Croix");
    expect(s.terrain.map((t) => t.name)).toEqual(["Woods", "Bois de la Croix"]);
    expect(removeFeature(s, 0).terrain.map((t) => t.name)).toEqual(["Bois de la Croix"]);
  });

  it("makes a feature one side's secret and everyone's again, leaving the input as it was", () => {
    const s = layFeature(table(), wood8x6, { x: 10, y: 10 }).scenario;
    const secret = setFeatureOwner(s, 0, "axis");
    expect(secret.terrain[0].owner).toBe("axis");
    expect(s.terrain[0].owner).toBe("");
    expect(setFeatureOwner(secret, 0, "").terrain[0].owner).toBe("");
    expect(setFeatureOwner(s, 5, "axis").terrain.length).toBe(1);
  });
});

describe("sides, victory, options, name", () => {
  it("renames a side's id; unit ids stay, what names the side follows; a taken id is refused", () => {
    let s = placeUnit(grid(), { side: "blue", template: infantry, at: { col: 1, row: 1 } }).scenario;
    s = placeObjective(s, { col: 5, row: 5 }).scenario;
    s = updateObjective(s, 0, { owner: "blue" });
    s = setOption(s, "first_side", "blue");
    const r = setSide(s, 0, { id: "Union Army", name: "The Union" }, ["first_side"]);
    expect(r.sides[0]).toMatchObject({ id: "union-army", name: "The Union" });
    expect(r.sides[0].units[0].id).toBe("blue-infantry-1");
    expect(r.victory!.objectives[0].owner).toBe("union-army");
    expect(r.options[0].value).toBe("union-army");
    expect(setSide(s, 0, { id: "red" }).sides.map((x) => x.id)).toEqual(["blue", "red"]);
  });

  it("sets victory fields and objectives", () => {
    let s = setVictory(grid(), { maxTurns: 8.9, text: "Hold the bridge", prisonerPoints: -2 });
    expect(s.victory).toMatchObject({ maxTurns: 8, text: "Hold the bridge", prisonerPoints: 0 });
    s = placeObjective(s, { col: 1, row: 2 }).scenario;
    s = placeObjective(s, { col: 3, row: 4 }).scenario;
    s = updateObjective(s, 1, { name: "Bridge", points: 3 });
    expect(s.victory!.objectives.map((o) => [o.name, o.points, o.square?.col])).toEqual([["Objective 1", 1, 1], ["Bridge", 3, 3]]);
    expect(removeObjective(s, 0).victory!.objectives.map((o) => o.name)).toEqual(["Bridge"]);
    const t = placeObjective(table(), { x: 12.345, y: 6 }).scenario;
    expect(t.victory!.objectives[0].point).toMatchObject({ x: 12.35, y: 6 });
  });

  it("sets an option once, in the order first set", () => {
    let s = setOption(grid(), "a", "1");
    s = setOption(s, "b", "2");
    s = setOption(s, "a", "3");
    expect(s.options.map((o) => [o.key, o.value])).toEqual([["a", "3"], ["b", "2"]]);
  });

  it("lets the id follow the name until one is typed", () => {
    let s = setInfo(grid(), { name: "Battle of Hill 60" });
    expect(s.id).toBe("battle-of-hill-60");
    s = setInfo(s, { id: "My Own" });
    expect(s.id).toBe("my-own");
    s = setInfo(s, { name: "Something else", description: "d" });
    expect([s.id, s.name, s.description]).toEqual(["my-own", "Something else", "d"]);
    expect(slug("  Élan -- vital! ")).toBe("elan-vital");
  });
});

describe("undo history", () => {
  it("gives back the states in reverse order", () => {
    const h = new History(50);
    const a = grid();
    const b = placeUnit(a, { side: "blue", template: infantry, at: { col: 1, row: 1 } }).scenario;
    h.push(a);
    h.push(b);
    expect(h.undo()).toBe(b);
    expect(equals(ScenarioSchema, h.undo()!, a)).toBe(true);
    expect(h.undo()).toBeUndefined();
  });

  it("keeps only the last 50 states", () => {
    const h = new History(50);
    const states = Array.from({ length: 60 }, (_, i) => setVictory(grid(), { maxTurns: i }));
    for (const s of states) h.push(s);
    expect(h.size).toBe(50);
    const back: number[] = [];
    for (let s = h.undo(); s; s = h.undo()) back.push(s.victory!.maxTurns);
    expect(back).toHaveLength(50);
    expect(back[0]).toBe(59);
    expect(back[49]).toBe(10);
  });
});

describe("what an editor address opens", () => {
  const catalog = create(CatalogSchema, { rulesets: [{ id: "grid-rules" }], scenarios: [{ id: "a-battle", ruleset: "grid-rules" }] });
  const storage = (text: string | null) => ({ getItem: (k: string) => (k === FILE_KEY ? text : null) });
  it("a rule set's empty table, a built-in scenario, or the file the card stored", () => {
    expect(editorSource("grid-rules", catalog, null)).toEqual({ case: "ruleset", value: "grid-rules" });
    expect(editorSource("a-battle", catalog, null)).toEqual({ case: "scenarioId", value: "a-battle" });
    expect(editorSource(FROM_FILE, catalog, storage("{}"))).toEqual({ case: "scenarioJson", value: "{}" });
    expect(editorSource(FROM_FILE, catalog, storage(null))).toBeNull();
    expect(editorSource("", catalog, null)).toBeNull();
  });
});
