import { describe, expect, it } from "vitest";
import { GridFacing } from "../src/gen/sandtable/v1/common_pb";
import { facingTowards, inForwardArc, orthDistance, planCloseCombat, planFire, planMove, rotate } from "../src/aim/grid";
import { unit, view } from "./fixtures";

describe("grid aiming aids", () => {
  it("counts distance through edges, never corners", () => {
    expect(orthDistance({ col: 5, row: 5 }, { col: 7, row: 7 })).toBe(4);
  });
  it("uses the 90-degree forward arc of PW-DX-07", () => {
    const at = { col: 5, row: 5 };
    expect(inForwardArc(at, GridFacing.NORTH, { col: 5, row: 8 })).toBe(true);
    expect(inForwardArc(at, GridFacing.NORTH, { col: 7, row: 7 })).toBe(true);
    expect(inForwardArc(at, GridFacing.NORTH, { col: 8, row: 7 })).toBe(false);
    expect(inForwardArc(at, GridFacing.NORTH, { col: 5, row: 4 })).toBe(false);
    expect(inForwardArc(at, GridFacing.EAST, { col: 7, row: 6 })).toBe(true);
    expect(inForwardArc(at, GridFacing.WEST, { col: 3, row: 6 })).toBe(true);
  });
  it("rotates facings both ways", () => {
    expect(rotate(GridFacing.NORTH, 1)).toBe(GridFacing.EAST);
    expect(rotate(GridFacing.NORTH, -1)).toBe(GridFacing.WEST);
    expect(facingTowards({ col: 0, row: 0 }, { col: 3, row: 1 }, GridFacing.NORTH)).toBe(GridFacing.EAST);
  });
  it("finds an orthogonal path around enemies and through friends", () => {
    const me = unit("b1", "blue", 1, 1, { moveLeft: 4 });
    const v = view([me, unit("b2", "blue", 1, 2), unit("r1", "red", 2, 1)]);
    const plan = planMove(v, me, { col: 1, row: 3 });
    expect(plan.ok).toBe(true);
    if (plan.ok) expect(plan.path).toEqual([{ col: 1, row: 2 }, { col: 1, row: 3 }]);
    const around = planMove(v, me, { col: 3, row: 1 });
    expect(around.ok).toBe(true);
    if (around.ok) expect(around.distance).toBe(4); // (2,1) holds an enemy: go round it
  });
  it("explains destinations that are occupied, too far or off the board", () => {
    const me = unit("b1", "blue", 1, 1, { name: "1st Rifles", moveLeft: 2 });
    const v = view([me, unit("r1", "red", 4, 4, { name: "Grey Horse" })]);
    expect(planMove(v, me, { col: 4, row: 4 })).toMatchObject({ ok: false, reason: "(4,4) is occupied by Grey Horse." });
    expect(planMove(v, me, { col: 1, row: 4 })).toMatchObject({ ok: false, distance: 3, reason: "Too far: 3 squares; 1st Rifles may move 2 this turn." });
    expect(planMove(v, me, { col: 9, row: 1 })).toMatchObject({ ok: false, reason: "(9,1) is off the board." });
    expect(planMove(v, { ...me, moveLeft: 0 }, { col: 1, row: 2 })).toMatchObject({ ok: false, reason: "1st Rifles has no movement left this turn." });
  });
  it("warns that a move will stop on contact with the enemy", () => {
    const me = unit("b1", "blue", 1, 0, { moveLeft: 3 });
    const v = view([me, unit("r1", "red", 2, 1)]);
    const plan = planMove(v, me, { col: 1, row: 3 });
    expect(plan.ok && plan.note).toContain("(1,1)");
  });
  it("checks range, arc and target before a fire order", () => {
    const me = unit("b1", "blue", 2, 0, { name: "Rifles", fireRange: 3 });
    const enemy = unit("r1", "red", 2, 3);
    const v = view([me, enemy, unit("r2", "red", 2, 5), unit("r3", "red", 0, 0)]);
    expect(planFire(v, me, { col: 2, row: 3 })).toMatchObject({ ok: true, distance: 3 });
    expect(planFire(v, me, { col: 2, row: 5 })).toMatchObject({ ok: false, reason: "Out of range: 5 squares; Rifles's range is 3." });
    expect(planFire(v, me, { col: 0, row: 0 })).toMatchObject({ ok: false, reason: "(0,0) is outside Rifles's forward arc; turn it first." });
    expect(planFire(v, me, { col: 2, row: 2 })).toMatchObject({ ok: false, reason: "There is no enemy unit at (2,2)." });
    expect(planFire(v, { ...me, canFire: false }, { col: 2, row: 3 })).toMatchObject({ ok: false, reason: "Rifles cannot fire now." });
  });
  it("allows close combat only against an adjacent enemy", () => {
    const me = unit("b1", "blue", 2, 2, { canCloseCombat: true });
    expect(planCloseCombat(me, unit("r1", "red", 2, 3)).ok).toBe(true);
    expect(planCloseCombat(me, unit("r1", "red", 3, 3)).ok).toBe(false);
    expect(planCloseCombat({ ...me, canCloseCombat: false }, unit("r1", "red", 2, 3)).ok).toBe(false);
  });
});
