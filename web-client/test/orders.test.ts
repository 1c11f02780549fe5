// Order entry from the engine's action menu: what is highlighted, what is sent.
import { create } from "@bufbuild/protobuf";
import { describe, expect, it } from "vitest";
import { GridFacing } from "../src/gen/sandtable/v1/common_pb";
import { TableBoardSchema } from "../src/gen/sandtable/v1/scenario_pb";
import { defaultFacing, myTurn, needsAiming, Orders, turnAmong } from "../src/ui/orders";
import { unit, view, withMenu } from "./fixtures";

const N = GridFacing.NORTH, E = GridFacing.EAST, S = GridFacing.SOUTH, W = GridFacing.WEST;
const sqT = (col: number, row: number, detail = "") => ({ id: `${col},${row}`, label: `(${col},${row})`, square: { col, row }, detail });

function table() {
  const units = [unit("b1", "blue", 1, 1), unit("b2", "blue", 3, 1), unit("r1", "red", 1, 4), unit("art", "blue", 5, 0, { type: "field_artillery" }), unit("art2", "blue", 6, 0, { type: "field_artillery" })];
  return withMenu(view(units), [
    // The menu offers (1,2) and (0,1) but not (2,1) (say, a river): the client highlights only these.
    { id: "move:b1", kind: "move", label: "Move", unitId: "b1", targets: [sqT(1, 2, "1 square"), sqT(0, 1, "1 square"), sqT(1, 3, "2 squares")], facings: [E, W] },
    { id: "face:b1", kind: "face", label: "Turn", unitId: "b1", facings: [N, E, S, W] },
    { id: "fire:b1", kind: "fire", label: "Fire", unitId: "b1", targets: [{ id: "1,4", label: "r1 at (1,4)", unitId: "r1", square: { col: 1, row: 4 }, detail: "3 squares" }] },
    { id: "dig:b2", kind: "other", label: "Dig in", unitId: "b2" },
    { id: "end-activation", kind: "end", label: "End this activation" },
    { id: "end-side", kind: "end", label: "End the side's turn", confirm: "2 activations unused. End anyway?" },
  ]);
}

describe("order entry from the menu", () => {
  it("is the seat's turn exactly when the menu offers something", () => {
    expect(myTurn(table())).toBe(true);
    expect(myTurn(view([unit("b1", "blue", 1, 1)]))).toBe(false);
    expect(myTurn({ ...table(), paused: true })).toBe(false);
  });

  it("selecting a unit aims its move and highlights exactly the menu's squares, with their detail", () => {
    const v = table();
    const o = new Orders(() => "blue");
    o.select(v, "b1");
    expect(o.actionId).toBe("move:b1");
    const ov = o.overlay(v);
    expect([...ov.reachable!].sort()).toEqual(["0,1", "1,2", "1,3"]);
    expect(ov.reachable!.has("2,1")).toBe(false);
    expect(ov.details!.get("1,3")).toBe("(1,3): 2 squares");
    o.hover = { col: 1, row: 3 };
    expect(o.overlay(v).aim).toMatchObject({ to: { col: 1, row: 3 }, label: "2 squares" });
  });

  it("does not select an enemy unit", () => {
    const o = new Orders(() => "blue");
    o.select(table(), "r1");
    expect(o.selected).toBeNull();
  });

  it("a click off the menu's squares sends nothing and says why", () => {
    const v = table();
    const o = new Orders(() => "blue");
    o.select(v, "b1");
    expect(o.click(v, { col: 2, row: 1 }, undefined)).toMatch(/highlighted/);
    expect(o.order(v)).toBeNull();
  });

  it("a move: the square, then a facing among those allowed (the first when the current one is not), then the order", () => {
    const v = table();
    const o = new Orders(() => "blue");
    o.select(v, "b1");
    expect(o.click(v, { col: 1, row: 3 }, undefined)).toBeNull();
    expect(o.facing).toBe(E); // b1 faces north, which the menu does not allow: the first allowed
    o.turn(v, 1);
    expect(o.facing).toBe(W); // south is skipped
    o.turn(v, S, true);
    expect(o.facing).toBe(W); // not allowed: unchanged
    expect(o.order(v)).toEqual({ action: "move:b1", target: "1,3", facing: W, route: [{ col: 1, row: 3 }] });
    expect(o.overlay(v).preview).toMatchObject({ at: { col: 1, row: 3 }, facing: W });
  });

  it("keeps the unit's facing when the menu allows it", () => {
    expect(defaultFacing({ facings: [N, E] } as never, N)).toBe(N);
    expect(defaultFacing({ facings: [] } as never, S)).toBe(S);
    expect(turnAmong([N, S], N, 1)).toBe(S);
    expect(turnAmong([], W, 1)).toBe(N);
  });

  it("turning in place uses the face action", () => {
    const v = table();
    const o = new Orders(() => "blue");
    o.select(v, "b1");
    o.turn(v, 1);
    expect(o.actionId).toBe("face:b1");
    expect(o.order(v)).toEqual({ action: "face:b1", facing: E });
  });

  it("fire: highlights the menu's targets, a click on the enemy unit picks it", () => {
    const v = table();
    const o = new Orders(() => "blue");
    o.select(v, "b1");
    expect(o.chooseKind(v, "fire")).toBeNull();
    expect([...o.overlay(v).targets!]).toEqual(["1,4"]);
    o.click(v, { col: 1, row: 4 }, v.units.find((u) => u.id === "r1"));
    expect(o.order(v)).toEqual({ action: "fire:b1", target: "1,4" });
    expect(o.chooseKind(v, "close_combat")).toMatch(/no close combat/);
  });

  it("an action with nothing to aim is sent at once; an end with `confirm` carries its question", () => {
    const v = table();
    const o = new Orders(() => "blue");
    expect(o.choose(v, "dig:b2")).toEqual({ action: "dig:b2" });
    const end = o.choose(v, "end-side")!;
    expect(end).toEqual({ action: "end-side" });
    expect(o.question(v, end)).toBe("2 activations unused. End anyway?");
    expect(o.question(v, { action: "end-activation" })).toBe("");
  });

  it("clicking another own unit selects it; the selection is dropped when its unit leaves", () => {
    const v = table();
    const o = new Orders(() => "blue");
    o.select(v, "b1");
    o.click(v, { col: 3, row: 1 }, v.units.find((u) => u.id === "b2"));
    expect(o.selected).toBe("b2");
    const gone = withMenu(view([unit("b1", "blue", 1, 1)]), []);
    o.sync(gone);
    expect(o.selected).toBeNull();
  });

  it("the plan: one pick per battery, sent as one order with the others in `also`; none holds", () => {
    const art = [unit("art", "blue", 5, 0, { type: "field_artillery" }), unit("art2", "blue", 6, 0, { type: "field_artillery" }), unit("r1", "red", 5, 5)];
    const v = withMenu(view(art), [
      { id: "plan:art", kind: "plan", label: "Artillery plan", unitId: "art", targets: [sqT(5, 5), sqT(5, 4)] },
      { id: "plan:art2", kind: "plan", label: "Artillery plan", unitId: "art2", targets: [sqT(5, 5)] },
      { id: "plan-hold", kind: "plan", label: "Hold fire" },
    ]);
    const o = new Orders(() => "blue");
    expect(o.planOrder(v)).toEqual({ action: "plan-hold" });
    o.select(v, "art");
    expect(o.actionId).toBe("plan:art");
    o.click(v, { col: 5, row: 4 }, undefined);
    o.select(v, "art2");
    o.click(v, { col: 5, row: 5 }, v.units.find((u) => u.id === "r1"));
    expect(o.planOrder(v)).toEqual({ action: "plan:art", target: "5,4", also: [{ action: "plan:art2", target: "5,5" }] });
    expect(o.overlay(v).planned).toHaveLength(2);
    // A pick the next menu no longer offers is dropped.
    o.sync(withMenu(view(art), [{ id: "plan:art", kind: "plan", unitId: "art", targets: [sqT(5, 5)] }]));
    expect(o.plan.size).toBe(0);
  });

  it("a battery picked in the artillery phase is let go when activations begin and it has nothing to do", () => {
    const art = [unit("art", "blue", 5, 0, { type: "field_artillery" }), unit("b1", "blue", 1, 1), unit("r1", "red", 5, 5)];
    const planning = withMenu(view(art), [{ id: "plan:art", kind: "plan", label: "Order art to fire", unitId: "art", targets: [sqT(5, 5)] }]);
    planning.turn!.phase = "artillery";
    const o = new Orders(() => "blue");
    o.sync(planning);
    o.select(planning, "art");
    o.click(planning, { col: 5, row: 5 }, undefined);
    expect(o.selected).toBe("art");
    // It fired; activations begin: the menu names it no longer (it may not move, PW-MOVE-04).
    const activation = withMenu(view(art, 2n), [{ id: "move:b1", kind: "move", label: "Move", unitId: "b1", targets: [sqT(1, 2)] }]);
    o.sync(activation);
    expect(o.selected).toBeNull();
    expect(o.actionId).toBeNull();
    // Within a phase, a unit clicked for a look stays selected with "no orders now".
    o.select(activation, "art");
    o.sync(withMenu(view(art, 3n), [{ id: "move:b1", kind: "move", label: "Move", unitId: "b1", targets: [sqT(1, 2)] }]));
    expect(o.selected).toBe("art");
  });

  it("on a free table a target is picked by clicking its unit", () => {
    const v = withMenu(view([unit("g1", "blue", 0, 0), unit("b1", "red", 0, 0)]), [
      { id: "shoot:g1", kind: "fire", label: "Shoot", unitId: "g1", targets: [{ id: "b1", label: "British section", unitId: "b1" }] },
    ]);
    const o = new Orders(() => "blue");
    o.selected = "g1";
    expect(o.choose(v, "shoot:g1")).toBeNull();
    expect(o.overlay(v).targetUnits).toEqual(new Set(["b1"]));
    o.click(v, null, v.units.find((u) => u.id === "b1"));
    expect(o.order(v)).toEqual({ action: "shoot:g1", target: "b1" });
  });
});

describe("a point picked on a free table (Action.point)", () => {
  // A side's off-table battery: no unit on the table, a plot anywhere on it; a rectangular
  // template turns with the pick, a round one does not.
  function plotting(facingFree: boolean) {
    const v = withMenu(view([unit("g1", "blue", 0, 0)]), [
      { id: "plot:bty", kind: "other", label: "Plot the 105mm battery", point: { hint: "Click where the battery aims", facingFree, markerLength: 6, markerWidth: 2, markerRound: !facingFree } },
      { id: "end-phase", kind: "end", label: "End the plot" },
    ]);
    v.board = { case: "table", value: create(TableBoardSchema, { width: 72, height: 48 }) };
    return v;
  }

  it("needs aiming: its button starts aiming it and sends nothing", () => {
    const v = plotting(true);
    expect(needsAiming(v.menu!.actions[0])).toBe(true);
    const o = new Orders(() => "blue");
    expect(o.choose(v, "plot:bty")).toBeNull();
    expect(o.actionId).toBe("plot:bty");
    expect(o.pick).toMatchObject({ actionId: "plot:bty", at: null, facingDeg: 0 });
    expect(o.order(v)).toBeNull();
  });

  it("a click on the table picks the point (inches, to the hundredth); another click moves it", () => {
    const v = plotting(false);
    const o = new Orders(() => "blue");
    o.choose(v, "plot:bty");
    expect(o.pickPoint(v, { x: 30.123, y: 20.5 })).toBe(true);
    expect(o.pick!.at).toEqual({ x: 30.12, y: 20.5 });
    o.pickPoint(v, { x: 40, y: 12 });
    expect(o.order(v)).toEqual({ action: "plot:bty", point: { x: 40, y: 12 }, facingDeg: 0 });
    expect(o.overlay(v).point).toMatchObject({ at: { x: 40, y: 12 }, length: 6, round: true, pending: false });
  });

  it("a click picks no point while the aimed action has none to pick", () => {
    const v = plotting(false);
    const o = new Orders(() => "blue");
    expect(o.pickPoint(v, { x: 1, y: 1 })).toBe(false);
    expect(o.pick).toBeNull();
  });

  it("the order carries the orientation turned with Q / E when the pick is facing-free", () => {
    const v = plotting(true);
    const o = new Orders(() => "blue");
    o.choose(v, "plot:bty");
    o.pickPoint(v, { x: 10, y: 10 });
    expect(o.turnPoint(v, 15)).toBe(true);
    expect(o.turnPoint(v, -30)).toBe(true);
    expect(o.order(v)).toEqual({ action: "plot:bty", point: { x: 10, y: 10 }, facingDeg: 345 });
  });

  it("turning does nothing when the pick is not facing-free", () => {
    const v = plotting(false);
    const o = new Orders(() => "blue");
    o.choose(v, "plot:bty");
    o.pickPoint(v, { x: 10, y: 10 });
    expect(o.turnPoint(v, 15)).toBe(false);
    expect(o.order(v)).toMatchObject({ facingDeg: 0 });
  });

  it("the pick is let go when the next menu no longer offers the action", () => {
    const v = plotting(true);
    const o = new Orders(() => "blue");
    o.choose(v, "plot:bty");
    o.pickPoint(v, { x: 10, y: 10 });
    o.sync(withMenu(view([unit("g1", "blue", 0, 0)], 2n), [{ id: "end-phase", kind: "end", label: "End the plot" }]));
    expect(o.actionId).toBeNull();
    expect(o.pick).toBeNull();
  });
});
