// Delta.patch: the client reaches the server's View by applying what changed, in the engine's
// order (engine/model/view_patch.cc apply_patch), and resynchronises when a patch does not fit.
import { describe, expect, it } from "vitest";
import { create, toBinary, type MessageInitShape } from "@bufbuild/protobuf";
import { anyPack } from "@bufbuild/protobuf/wkt";
import { DecisionSchema, GridSquareSchema } from "../src/gen/sandtable/v1/common_pb";
import { ActionMenuSchema } from "../src/gen/sandtable/v1/menu_pb";
import { FigureViewSchema, SideViewSchema, TurnViewSchema, UnitViewSchema, ViewPatchSchema, type View, type ViewPatch } from "../src/gen/sandtable/v1/view_pb";
import { applyPatch } from "../src/state/patch";
import { initialModel, reduce, type TableModel } from "../src/state/store";
import { env, moved, unit, view, withMenu } from "./fixtures";

const patch = (init: MessageInitShape<typeof ViewPatchSchema> = {}): ViewPatch => create(ViewPatchSchema, init);
const ids = (v: View | undefined) => v?.units.map((u) => u.id);

/** Three units, a decision and a menu: something for every step to change. */
function held(): View {
  const v = withMenu(view([unit("b1", "blue", 1, 1), unit("b2", "blue", 2, 1), unit("r1", "red", 1, 4)], 5n), [{ id: "b1-move", label: "Move", unitId: "b1" }]);
  v.decisions = [create(DecisionSchema, { id: 1, seat: "blue", prompt: "Retreat or lose 1 SP?" })];
  return v;
}

/** A deep copy to compare the input against afterwards: the patch must not touch it. */
function deepCopy(v: View): View {
  return structuredClone(v);
}

describe("applyPatch", () => {
  it("changes only the fields a unit change names, clearing those its value leaves unset", () => {
    const v = held();
    v.units[1].name = "2nd Line";
    v.units[1].carriedBy = "t1";
    const before = deepCopy(v);
    const change = { id: "b2", fields: [6, 13], value: create(UnitViewSchema, { square: create(GridSquareSchema, { col: 3, row: 1 }) }) };
    const out = applyPatch(v, patch({ unitChanges: [change] }), 6n)!;
    expect(out.units[1].square).toMatchObject({ col: 3, row: 1 });
    expect(out.units[1].carriedBy).toBe("");  // named, unset in the value: cleared
    expect(out.units[1].name).toBe("2nd Line");  // not named: kept
    expect(out.units[0]).toBe(v.units[0]);
    expect(v).toEqual(before);
    // A unit it does not hold, or a field number the message lacks: resynchronise.
    expect(applyPatch(v, patch({ unitChanges: [{ ...change, id: "x9" }] }), 6n)).toBeUndefined();
    expect(applyPatch(v, patch({ unitChanges: [{ ...change, fields: [99] }] }), 6n)).toBeUndefined();
  });
  it("changes a side's named fields", () => {
    const v = held();
    const side = v.sides[0];
    const out = applyPatch(v, patch({ sideChanges: [{ id: side.id, fields: [4], value: create(SideViewSchema, { strengthLost: 3 }) }] }), 6n)!;
    expect(out.sides[0].strengthLost).toBe(3);
    expect(out.sides[0].name).toBe(side.name);
    expect(applyPatch(v, patch({ sideChanges: [{ id: "nobody", fields: [4], value: create(SideViewSchema, {}) }] }), 6n)).toBeUndefined();
  });
  it("replaces a changed unit in its place and leaves the rest as they were", () => {
    const v = held();
    const before = deepCopy(v);
    const out = applyPatch(v, patch({ units: [unit("b2", "blue", 2, 2, { strength: 3 })] }), 6n)!;
    expect(ids(out)).toEqual(["b1", "b2", "r1"]);
    expect(out.units[1].square).toMatchObject({ col: 2, row: 2 });
    expect(out.units[1].strength).toBe(3);
    expect(out.units[0]).toBe(v.units[0]);  // unchanged units are shared, not copied
    // The held view and its arrays are untouched (the store is a pure reducer).
    expect(v).toEqual(before);
    expect(out.units).not.toBe(v.units);
  });

  it("removes gone units keeping the order of the rest", () => {
    const v = held();
    const out = applyPatch(v, patch({ unitsGone: ["b1"] }), 6n)!;
    expect(ids(out)).toEqual(["b2", "r1"]);
    expect(ids(v)).toEqual(["b1", "b2", "r1"]);
  });

  it("appends a new unit after the held ones, after the gone have left", () => {
    const out = applyPatch(held(), patch({ unitsGone: ["b2"], units: [unit("r2", "red", 3, 4), unit("b1", "blue", 1, 2)] }), 6n)!;
    expect(ids(out)).toEqual(["b1", "r1", "r2"]);
    expect(out.units[0].square).toMatchObject({ col: 1, row: 2 });
  });

  it("puts a unit named twice in one patch once, the later winning, as the engine does", () => {
    const out = applyPatch(held(), patch({ units: [unit("r2", "red", 3, 4), unit("r2", "red", 5, 5)] }), 6n)!;
    expect(ids(out)).toEqual(["b1", "b2", "r1", "r2"]);
    expect(out.units[3].square).toMatchObject({ col: 5, row: 5 });
  });

  it("orders the units by unit_order after the other unit steps", () => {
    const out = applyPatch(held(), patch({ units: [unit("r2", "red", 3, 4)], unitOrder: { ids: ["r2", "r1", "b1", "b2"] } }), 6n)!;
    expect(ids(out)).toEqual(["r2", "r1", "b1", "b2"]);
    expect(out.units[0].square).toMatchObject({ col: 3, row: 4 });
  });

  it("refuses a unit order that does not name every unit once", () => {
    expect(applyPatch(held(), patch({ unitOrder: { ids: ["b1", "b2"] } }), 6n)).toBeUndefined();  // too few
    expect(applyPatch(held(), patch({ unitOrder: { ids: ["b1", "b2", "x9"] } }), 6n)).toBeUndefined();  // unknown
    expect(applyPatch(held(), patch({ unitOrder: { ids: ["b1", "b1", "r1"] } }), 6n)).toBeUndefined();  // twice
    // The count is taken after the gone left: the same ids fit once b2 has gone.
    expect(ids(applyPatch(held(), patch({ unitsGone: ["b2"], unitOrder: { ids: ["r1", "b1"] } }), 6n))).toEqual(["r1", "b1"]);
  });

  it("replaces a side in its place", () => {
    const v = held();
    const out = applyPatch(v, patch({ sides: [create(SideViewSchema, { id: "red", name: "Confederacy", strength: 7, strengthLost: 2 })] }), 6n)!;
    expect(out.sides.map((s) => s.id)).toEqual(["blue", "red"]);
    expect(out.sides[1].strengthLost).toBe(2);
    expect(out.sides[0]).toBe(v.sides[0]);
    expect(v.sides[1].strengthLost).toBe(0);
  });

  it("refuses a side the view does not hold", () => {
    expect(applyPatch(held(), patch({ sides: [{ id: "green", name: "Hessians" }] }), 6n)).toBeUndefined();
  });

  it("takes an empty menu as a value, and keeps the menu when the patch has none", () => {
    const v = held();
    expect(applyPatch(v, patch(), 6n)!.menu?.actions.map((a) => a.id)).toEqual(["b1-move"]);
    const out = applyPatch(v, patch({ menu: create(ActionMenuSchema) }), 6n)!;
    expect(out.menu).toBeDefined();
    expect(out.menu?.actions).toEqual([]);
    expect(v.menu?.actions).toHaveLength(1);
  });

  it("sets paused when present, false included, and keeps it when absent", () => {
    const paused = { ...held(), paused: true };
    expect(applyPatch(paused, patch(), 6n)!.paused).toBe(true);
    expect(applyPatch(paused, patch({ paused: false }), 6n)!.paused).toBe(false);
    expect(applyPatch(held(), patch({ paused: true }), 6n)!.paused).toBe(true);
  });

  it("replaces the decisions with the list, an empty one included", () => {
    const v = held();
    expect(applyPatch(v, patch(), 6n)!.decisions.map((d) => d.id)).toEqual([1]);
    expect(applyPatch(v, patch({ decisions: { decisions: [{ id: 2, seat: "blue" }, { id: 3, seat: "blue" }] } }), 6n)!.decisions.map((d) => d.id)).toEqual([2, 3]);
    expect(applyPatch(v, patch({ decisions: {} }), 6n)!.decisions).toEqual([]);
  });

  it("replaces turn, result and extra when set, and keeps them when not", () => {
    const v = held();
    const kept = applyPatch(v, patch(), 6n)!;
    expect(kept.turn).toBe(v.turn);
    expect(kept.result).toBeUndefined();
    const out = applyPatch(v, patch({ turn: { turn: 2, phase: "fire" }, result: { over: true, winner: "red" }, extra: { typeUrl: "type.googleapis.com/x.Y", value: new Uint8Array([1, 2]) } }), 6n)!;
    expect(out.turn).toMatchObject({ turn: 2, phase: "fire", activeSide: "" });
    expect(out.result).toMatchObject({ over: true, winner: "red" });
    expect(out.extra?.value).toEqual(new Uint8Array([1, 2]));
    expect(v.turn).toMatchObject({ turn: 1, activeSide: "blue" });
  });

  it("sets the view's seq to the delta's, and leaves the static table alone", () => {
    const v = held();
    const out = applyPatch(v, patch(), 9n)!;
    expect(out.seq).toBe(9n);
    expect(v.seq).toBe(5n);
    expect(out.board).toBe(v.board);
    expect(out.ruleset).toBe("portable-wargame-19c");
  });

  it("changes the menu by action: the gone leave, a changed one keeps its place, a new one is appended", () => {
    const v = withMenu(held(), [
      { id: "b1-move", label: "Move", unitId: "b1" },
      { id: "b2-move", label: "Move", unitId: "b2" },
      { id: "end", label: "End" },
    ]);
    v.menu!.gmPhases = ["move"];
    const before = deepCopy(v);
    const change = {
      actions: [{ id: "end", label: "End the turn" }, { id: "b2-fire", label: "Fire", unitId: "b2" }],
      actionsGone: ["b1-move"],
      fields: [6],
      value: create(ActionMenuSchema, {}),
    };
    const out = applyPatch(v, patch({ menuChange: change }), 6n)!;
    expect(out.menu?.actions.map((a) => [a.id, a.label])).toEqual([["b2-move", "Move"], ["end", "End the turn"], ["b2-fire", "Fire"]]);
    expect(out.menu?.actions[0]).toBe(v.menu!.actions[1]);
    expect(out.menu?.gmPhases).toEqual([]);  // named, unset in the value: cleared
    expect(v).toEqual(before);
    // Then ordered when the order says so; an order naming an action it lacks, or a change that
    // names the actions field itself, does not fit.
    const reordered = applyPatch(v, patch({ menuChange: { ...change, actionOrder: { ids: ["b2-fire", "b2-move", "end"] } } }), 6n)!;
    expect(reordered.menu?.actions.map((a) => a.id)).toEqual(["b2-fire", "b2-move", "end"]);
    expect(applyPatch(v, patch({ menuChange: { ...change, actionOrder: { ids: ["b2-fire", "b2-move", "x"] } } }), 6n)).toBeUndefined();
    expect(applyPatch(v, patch({ menuChange: { ...change, fields: [1] } }), 6n)).toBeUndefined();
    // A whole menu wins over a change.
    expect(applyPatch(v, patch({ menu: { actions: [] }, menuChange: change }), 6n)!.menu?.actions).toEqual([]);
  });

  it("changes a unit's markers by key after its fields, keeping the others in their places", () => {
    const v = held();
    v.units[0].markers = [
      { $typeName: "sandtable.v1.Marker", key: "quality", label: "Quality", value: "elite" },
      { $typeName: "sandtable.v1.Marker", key: "moved", label: "Moved", value: "" },
      { $typeName: "sandtable.v1.Marker", key: "dug_in", label: "Dug in", value: "" },
    ];
    const before = deepCopy(v);
    const markers = { markers: [{ key: "fired", label: "Fired" }, { key: "quality", label: "Quality", value: "veteran" }], gone: ["moved"] };
    const out = applyPatch(v, patch({ unitChanges: [{ id: "b1", fields: [10], value: create(UnitViewSchema, { strength: 2 }), markers }] }), 6n)!;
    expect(out.units[0].strength).toBe(2);
    expect(out.units[0].markers.map((m) => `${m.key}=${m.value}`)).toEqual(["quality=veteran", "dug_in=", "fired="]);
    expect(v).toEqual(before);
    const side = applyPatch(v, patch({ sideChanges: [{ id: v.sides[0].id, fields: [], markers: { markers: [{ key: "activations_left", label: "Activations left", value: "2" }] } }] }), 6n)!;
    expect(side.sides[0].markers.at(-1)?.value).toBe("2");
    expect(applyPatch(v, patch({ unitChanges: [{ id: "b1", fields: [], markers: { ...markers, order: { ids: ["fired"] } } }] }), 6n)).toBeUndefined();
  });

  it("gives a held marker named in values its new value and keeps its label, before ordering", () => {
    const v = held();
    v.units[0].markers = [
      { $typeName: "sandtable.v1.Marker", key: "quality", label: "Quality", value: "elite" },
      { $typeName: "sandtable.v1.Marker", key: "left", label: "Activations left", value: "3" },
    ];
    const before = deepCopy(v);
    const markers = { values: [{ key: "left", value: "2" }], markers: [{ key: "fired", label: "Fired" }], order: { ids: ["fired", "left", "quality"] } };
    const out = applyPatch(v, patch({ unitChanges: [{ id: "b1", fields: [], markers }] }), 6n)!;
    expect(out.units[0].markers.map((m) => `${m.key}:${m.label}=${m.value}`)).toEqual(["fired:Fired=", "left:Activations left=2", "quality:Quality=elite"]);
    expect(v).toEqual(before);
    // A value for a marker the unit does not hold does not fit.
    expect(applyPatch(v, patch({ unitChanges: [{ id: "b1", fields: [], markers: { values: [{ key: "dug_in", value: "1" }] } }] }), 6n)).toBeUndefined();
  });

  it("names a unit, a side, a marker's value and a gone marker by their places in the held View when the server leaves their ids out", () => {
    const v = held();
    v.units[1].markers = [
      { $typeName: "sandtable.v1.Marker", key: "activated", label: "Activated", value: "" },
      { $typeName: "sandtable.v1.Marker", key: "left", label: "Ammunition left", value: "3" },
    ];
    v.sides[1].markers = [{ $typeName: "sandtable.v1.Marker", key: "activations_left", label: "Activations left", value: "6" }];
    const before = deepCopy(v);
    // b1 leaves first: the places are those of the View held before the patch (b2 second).
    const unitChange = { at: 1, fields: [], markers: { goneAt: [0], values: [{ value: "2" }], valueAt: [1] } };
    const sideChange = { at: 1, fields: [], markers: { values: [{ value: "5" }], valueAt: [0] } };
    const out = applyPatch(v, patch({ unitsGone: ["b1"], unitChanges: [unitChange], sideChanges: [sideChange] }), 6n)!;
    expect(ids(out)).toEqual(["b2", "r1"]);
    expect(out.units[0].markers.map((m) => `${m.key}:${m.label}=${m.value}`)).toEqual(["left:Ammunition left=2"]);
    expect(out.sides[1].markers.map((m) => `${m.label}=${m.value}`)).toEqual(["Activations left=5"]);
    expect(v).toEqual(before);
    // A place the held View does not have, or places that do not pair with the values: resynchronise.
    expect(applyPatch(v, patch({ unitChanges: [{ ...unitChange, at: 3 }] }), 6n)).toBeUndefined();
    expect(applyPatch(v, patch({ sideChanges: [{ ...sideChange, at: 2 }] }), 6n)).toBeUndefined();
    expect(applyPatch(v, patch({ unitChanges: [{ ...unitChange, markers: { goneAt: [2] } }] }), 6n)).toBeUndefined();
    expect(applyPatch(v, patch({ sideChanges: [{ ...sideChange, markers: { values: [{ value: "5" }], valueAt: [1] } }] }), 6n)).toBeUndefined();
    expect(applyPatch(v, patch({ sideChanges: [{ ...sideChange, markers: { values: [{ value: "5" }, { value: "4" }], valueAt: [0] } }] }), 6n)).toBeUndefined();
  });

  it("gives a new marker sent without words the label of the first marker with its key in the held View", () => {
    const v = held();
    v.units[1].markers = [{ $typeName: "sandtable.v1.Marker", key: "moved", label: "Moved", value: "" }];
    v.units[2].markers = [{ $typeName: "sandtable.v1.Marker", key: "moved", label: "Moved (red)", value: "" }];
    v.sides[0].markers = [{ $typeName: "sandtable.v1.Marker", key: "left", label: "Activations left", value: "3" }];
    const before = deepCopy(v);
    // b1's "moved" takes b2's words (the first unit holding the key), its "left" the side's; a
    // marker no one holds keeps its (empty) label, and one sent with words keeps them.
    const markers = { markers: [{ key: "moved" }, { key: "left", value: "1" }, { key: "odd" }, { key: "fired", label: "Fired" }] };
    const out = applyPatch(v, patch({ unitChanges: [{ id: "b1", fields: [], markers }], sideChanges: [{ id: v.sides[0].id, fields: [], markers: { gone: ["left"] } }] }), 6n)!;
    expect(out.units[0].markers.map((m) => `${m.key}:${m.label}=${m.value}`)).toEqual(["moved:Moved=", "left:Activations left=1", "odd:=", "fired:Fired="]);
    // The labels are the held View's: the side's marker leaving in the same patch changes nothing.
    expect(out.sides[0].markers).toEqual([]);
    expect(v).toEqual(before);
  });

  it("changes a held action in part: its named fields, then its targets by id, placed or put, before the menu's order", () => {
    const square = (id: string, detail = "1 square") => ({ id, label: `To (${id})`, detail });
    const v = withMenu(held(), [
      { id: "b1-move", label: "Move", unitId: "b1", targets: [square("1,2"), square("2,2"), square("3,2", "2 squares")] },
      { id: "end", label: "End", confirm: "End with 3 activations unused?" },
    ]);
    const before = deepCopy(v);
    // The square b1 took is gone, the one it left comes back first; the end's question counts down.
    const change = {
      actionChanges: [
        { id: "b1-move", fields: [], targets: [square("0,2")], targetAt: [0], targetsGone: ["2,2"] },
        { id: "end", fields: [9], value: { confirm: "End with 2 activations unused?" } },
      ],
    };
    const out = applyPatch(v, patch({ menuChange: change }), 6n)!;
    expect(out.menu?.actions[0].targets.map((t) => t.id)).toEqual(["0,2", "1,2", "3,2"]);
    expect(out.menu?.actions[0].label).toBe("Move");
    expect(out.menu?.actions[0].targets[1]).toBe(v.menu!.actions[0].targets[0]);
    expect(out.menu?.actions[1].label).toBe("End");
    expect(out.menu?.actions[1].confirm).toBe("End with 2 activations unused?");
    expect(v).toEqual(before);
    // Without places a changed target keeps its place and a new one is appended; then the order.
    const put = { id: "b1-move", fields: [], targets: [square("3,2", "3 squares"), square("4,2")], targetOrder: { ids: ["4,2", "3,2", "2,2", "1,2"] } };
    const ordered = applyPatch(v, patch({ menuChange: { actionChanges: [put] } }), 6n)!;
    expect(ordered.menu?.actions[0].targets.map((t) => `${t.id} ${t.detail}`)).toEqual(["4,2 1 square", "3,2 3 squares", "2,2 1 square", "1,2 1 square"]);
    // An unknown action, the id or targets named as fields, places beside an order or out of range: no fit.
    for (const bad of [
      { id: "b9-move", fields: [] },
      { id: "end", fields: [1] },
      { id: "end", fields: [6] },
      { id: "b1-move", fields: [], targets: [square("0,2")], targetAt: [0], targetOrder: { ids: ["0,2", "1,2", "2,2", "3,2"] } },
      { id: "b1-move", fields: [], targets: [square("0,2")], targetAt: [4] },
      { id: "b1-move", fields: [], targetOrder: { ids: ["1,2"] } },
    ]) {
      expect(applyPatch(v, patch({ menuChange: { actionChanges: [bad] } }), 6n)).toBeUndefined();
    }
  });

  it("puts markers at the places `at` gives, the others around them in their order", () => {
    const v = held();
    v.units[0].markers = [
      { $typeName: "sandtable.v1.Marker", key: "quality", label: "Quality", value: "elite" },
      { $typeName: "sandtable.v1.Marker", key: "moved", label: "Moved", value: "" },
      { $typeName: "sandtable.v1.Marker", key: "on_wire", label: "On wire", value: "" },
      { $typeName: "sandtable.v1.Marker", key: "left", label: "Activations left", value: "3" },
    ];
    const before = deepCopy(v);
    // "fired" is new at 1, "quality" changed and moves to the end, "moved" is gone, "left" counts down.
    const markers = {
      markers: [{ key: "fired", label: "Fired" }, { key: "quality", label: "Quality", value: "veteran" }],
      at: [1, 3],
      gone: ["moved"],
      values: [{ key: "left", value: "2" }],
    };
    const out = applyPatch(v, patch({ unitChanges: [{ id: "b1", fields: [], markers }] }), 6n)!;
    expect(out.units[0].markers.map((m) => `${m.key}=${m.value}`)).toEqual(["on_wire=", "fired=", "left=2", "quality=veteran"]);
    expect(v).toEqual(before);
    // A place past the end, a place given twice or a place missing for an entry does not fit.
    for (const at of [[1, 4], [2, 2], [1]]) {
      expect(applyPatch(v, patch({ unitChanges: [{ id: "b1", fields: [], markers: { ...markers, at } }] }), 6n)).toBeUndefined();
    }
    // Nor do places beside an order.
    const order = { ids: ["on_wire", "fired", "left", "quality"] };
    expect(applyPatch(v, patch({ unitChanges: [{ id: "b1", fields: [], markers: { ...markers, order } }] }), 6n)).toBeUndefined();
  });

  it("puts new rewind points in front of the held ones it keeps", () => {
    const point = (seq: bigint) => ({ $typeName: "sandtable.v1.RewindPoint" as const, seq, seat: "red" });
    const v = withMenu(held(), [{ id: "end", label: "End" }]);
    v.menu!.rewindPoints = [point(40n), point(37n), point(33n)];
    const before = deepCopy(v);
    const change = { rewindPointsNew: [point(44n)], rewindPointsKept: 2 };
    const out = applyPatch(v, patch({ menuChange: change }), 6n)!;
    expect(out.menu?.rewindPoints.map((p) => p.seq)).toEqual([44n, 40n, 37n]);
    expect(out.menu?.actions).toBe(v.menu!.actions);
    expect(v).toEqual(before);
    expect(applyPatch(v, patch({ menuChange: { rewindPointsKept: 0 } }), 6n)!.menu?.rewindPoints).toEqual([]);
    // Unset: the points stay; more kept than held, or the field named too: does not fit.
    expect(applyPatch(v, patch({ menuChange: { fields: [6], value: {} } }), 6n)!.menu?.rewindPoints).toBe(v.menu!.rewindPoints);
    expect(applyPatch(v, patch({ menuChange: { rewindPointsKept: 4 } }), 6n)).toBeUndefined();
    expect(applyPatch(v, patch({ menuChange: { ...change, fields: [3] } }), 6n)).toBeUndefined();
  });

  it("moves every figure of a unit by the change's shift", () => {
    const v = held();
    v.units[0].figures = [
      create(FigureViewSchema, { id: "f0", kind: "leader", position: { x: 15.778174593052022, y: 10.5 } }),
      create(FigureViewSchema, { id: "f1", kind: "rifle" }),
    ];
    const before = deepCopy(v);
    const out = applyPatch(v, patch({ unitChanges: [{ id: "b1", fields: [], figuresShift: { x: 0.1, y: -2 } }] }), 6n)!;
    expect(out.units[0].figures.map((f) => [f.id, f.position?.x, f.position?.y])).toEqual([
      ["f0", 15.778174593052022 + 0.1, 8.5],
      ["f1", 0.1, -2],
    ]);
    expect(out.units[1]).toBe(v.units[1]);
    expect(v).toEqual(before);
  });

  it("changes the extra's named fields on its bytes, and appends to a field that grew", () => {
    // The extra's type is ActionMenu here only because it has repeated and plain fields.
    const menu = (ids: string[], phases: string[]) =>
      create(ActionMenuSchema, { actions: ids.map((id) => ({ id, label: `Act ${id}` })), gmPhases: phases });
    const bytes = (ids: string[], phases: string[]) => toBinary(ActionMenuSchema, menu(ids, phases));
    const v = held();
    v.extra = anyPack(ActionMenuSchema, menu(["a", "b"], ["card play"]));
    const before = deepCopy(v);
    // Actions (1) gained "c" at the end; the phases (6) are now "movement".
    const value = new Uint8Array([...bytes(["c"], []), ...bytes([], ["movement"])]);
    const out = applyPatch(v, patch({ extraChange: { fields: [6], appended: [1], value } }), 6n)!;
    expect(out.extra?.typeUrl).toBe(v.extra.typeUrl);
    expect(out.extra?.value).toEqual(bytes(["a", "b", "c"], ["movement"]));
    expect(v).toEqual(before);
    // Named with no value: cleared.
    expect(applyPatch(v, patch({ extraChange: { fields: [6] } }), 6n)!.extra?.value).toEqual(bytes(["a", "b"], []));
    // A field neither list names, no held extra, bytes cut short: does not fit.
    expect(applyPatch(v, patch({ extraChange: { fields: [1], value } }), 6n)).toBeUndefined();
    expect(applyPatch({ ...v, extra: undefined }, patch({ extraChange: { fields: [6] } }), 6n)).toBeUndefined();
    expect(applyPatch(v, patch({ extraChange: { fields: [1], value: new Uint8Array([0x0a, 0x10]) } }), 6n)).toBeUndefined();
  });

  it("changes only the turn's named fields, and needs a held turn to change", () => {
    const v = held();
    v.turn = create(TurnViewSchema, { turn: 3, phase: "activation", activeSide: "blue", activeUnit: "b1", task: "Finish with b1" });
    const before = deepCopy(v);
    const out = applyPatch(v, patch({ turnChange: { fields: [4, 7], value: { activeUnit: "b2" } } }), 6n)!;
    expect(out.turn).toMatchObject({ turn: 3, phase: "activation", activeSide: "blue", activeUnit: "b2", task: "" });
    expect(v).toEqual(before);
    expect(applyPatch({ ...v, turn: undefined }, patch({ turnChange: { fields: [4], value: { activeUnit: "b2" } } }), 6n)).toBeUndefined();
    expect(applyPatch(v, patch({ turnChange: { fields: [99], value: {} } }), 6n)).toBeUndefined();
    // A whole turn wins over a change.
    expect(applyPatch(v, patch({ turn: { turn: 4 }, turnChange: { fields: [4], value: { activeUnit: "b2" } } }), 6n)!.turn?.turn).toBe(4);
  });
});

const snapshot = (v: View) => env({ body: { case: "snapshot", value: { seq: v.seq, view: v } } });

function at5(): TableModel {
  return reduce(initialModel(), snapshot(held())).model;
}

describe("the store with patches", () => {
  it("applies a patch that follows on from the sequence it holds", () => {
    const m = at5();
    const r = reduce(m, env({ body: { case: "delta", value: { fromSeq: 5n, seq: 6n, events: [moved(6n, "b1", { col: 1, row: 2 })], patch: { units: [unit("b1", "blue", 1, 2)] } } } }));
    expect(r.send).toEqual([]);
    expect(r.model.seq).toBe(6n);
    expect(r.model.view?.seq).toBe(6n);
    expect(r.model.view?.units[0].square).toMatchObject({ col: 1, row: 2 });
    expect(r.model.log.map((e) => e.seq)).toEqual([6n]);
    expect(m.view?.units[0].square).toMatchObject({ col: 1, row: 1 });  // the old model is untouched
  });

  it("asks for a resync when a patch starts past the sequence it holds", () => {
    const m = at5();
    const r = reduce(m, env({ body: { case: "delta", value: { fromSeq: 6n, seq: 7n, patch: { units: [unit("b1", "blue", 1, 2)] } } } }));
    expect(r.model).toBe(m);
    expect(r.send).toEqual([{ body: { case: "resync", value: { sinceSeq: 5n } } }]);
  });

  it("asks for a resync and keeps its model when a patch does not fit", () => {
    const m = at5();
    const r = reduce(m, env({ body: { case: "delta", value: { fromSeq: 5n, seq: 6n, events: [moved(6n, "b1", { col: 1, row: 2 })], patch: { units: [unit("b1", "blue", 1, 2)], sides: [{ id: "green" }] } } } }));
    expect(r.model).toBe(m);
    expect(r.model.seq).toBe(5n);
    expect(r.model.log).toEqual([]);  // the events come again with the catch-up
    expect(r.send).toEqual([{ body: { case: "resync", value: { sinceSeq: 5n } } }]);
  });

  it("asks for a resync when it holds no view to patch", () => {
    const m = initialModel({ seq: 5n, log: [] });
    const r = reduce(m, env({ body: { case: "delta", value: { fromSeq: 5n, seq: 6n, patch: {} } } }));
    expect(r.model).toBe(m);
    expect(r.send).toEqual([{ body: { case: "resync", value: { sinceSeq: 5n } } }]);
  });

  it("ignores an old patch: the view it holds stays", () => {
    const m = at5();
    const r = reduce(m, env({ body: { case: "delta", value: { fromSeq: 3n, seq: 4n, events: [moved(4n, "b1", { col: 9, row: 9 })], patch: { unitsGone: ["b1"] } } } }));
    expect(r.send).toEqual([]);
    expect(r.model.view).toBe(m.view);
    expect(r.model.seq).toBe(5n);
    expect(r.model.log).toEqual([]);
  });

  it("asks again for an old patch that reaches past its sequence, rather than claim a seq whose View it lacks", () => {
    const m = at5();
    const r = reduce(m, env({ body: { case: "delta", value: { fromSeq: 4n, seq: 6n, patch: { unitsGone: ["b1"] } } } }));
    expect(r.model).toBe(m);
    expect(r.send).toEqual([{ body: { case: "resync", value: { sinceSeq: 5n } } }]);
  });

  it("keeps its view, renumbered, for a delta with neither view nor patch", () => {
    const m = at5();
    const r = reduce(m, env({ body: { case: "delta", value: { fromSeq: 5n, seq: 7n, events: [moved(6n, "r1", { col: 2, row: 2 })] } } }));
    expect(r.send).toEqual([]);
    expect(r.model.seq).toBe(7n);
    expect(r.model.view?.seq).toBe(7n);
    expect(r.model.view?.units).toBe(m.view?.units);
    expect(m.view?.seq).toBe(5n);
  });

  it("takes a whole view after patches, and patches again on top of it", () => {
    let m = at5();
    m = reduce(m, env({ body: { case: "delta", value: { fromSeq: 5n, seq: 6n, patch: { unitsGone: ["r1"] } } } })).model;
    expect(ids(m.view)).toEqual(["b1", "b2"]);
    const bare = view([unit("r1", "red", 1, 4)], 7n);
    bare.board = { case: undefined };
    m = reduce(m, env({ body: { case: "delta", value: { fromSeq: 6n, seq: 7n, view: bare, sameTable: true } } })).model;
    expect(ids(m.view)).toEqual(["r1"]);
    expect(m.view?.board.case).toBe("grid");
    m = reduce(m, env({ body: { case: "delta", value: { fromSeq: 7n, seq: 8n, patch: { units: [unit("b3", "blue", 4, 1)] } } } })).model;
    expect(ids(m.view)).toEqual(["r1", "b3"]);
    expect(m.view?.board.case).toBe("grid");
    expect(m.seq).toBe(8n);
  });
});
