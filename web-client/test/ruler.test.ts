// Free-table drawing: the tape-measure length of a path, waypoints, the facing picked with the
// handle (compass degrees in half-degree steps, as the engine reads facing_deg), and the
// PlayAction a drawn move sends.
import { create } from "@bufbuild/protobuf";
import { describe, expect, it } from "vitest";
import { PointSchema } from "../src/gen/sandtable/v1/common_pb";
import { ActionSchema } from "../src/gen/sandtable/v1/menu_pb";
import { Orders } from "../src/ui/orders";
import { allowedInches, ahead, bearing, exactInches, inchesText, movePlay, normalFacing, PathDraft, pathLength, rulerLabel } from "../src/ui/ruler";
import { unit, view, withMenu } from "./fixtures";

const move = (extra: { modes?: string[]; facingFree?: boolean; maxInches?: number } = {}) =>
  create(ActionSchema, { id: "move:g1", kind: "move", label: "Move", unitId: "g1", move: { maxInches: 6, modes: ["walk", "run"], facingFree: true, ...extra } });

describe("the ruler", () => {
  it("measures a path leg by straight leg from the unit's position", () => {
    expect(pathLength({ x: 0, y: 0 }, [])).toBe(0);
    expect(pathLength({ x: 0, y: 0 }, [{ x: 3, y: 4 }])).toBe(5);
    // 5 + 4 + 3: every leg counts, not the straight line from start to end (which is 5.66").
    expect(pathLength({ x: 1, y: 1 }, [{ x: 4, y: 5 }, { x: 4, y: 9 }, { x: 1, y: 9 }])).toBeCloseTo(12, 9);
  });

  it("labels inches drawn of inches allowed, in the warning state only past them", () => {
    expect(rulerLabel(5.2, 6)).toEqual({ text: '5.2" of 6"', over: false });
    expect(rulerLabel(6, 6)).toEqual({ text: '6" of 6"', over: false });
    expect(rulerLabel(6.04, 6)).toEqual({ text: '6" of 6"', over: true }); // rounded in words, over in fact
    expect(rulerLabel(13.25, 12).over).toBe(true);
    expect(inchesText(0.04)).toBe('0"');
    expect(exactInches(1.747)).toBe('1.75"');
    expect(exactInches(10)).toBe('10"');
  });
});

describe("waypoints", () => {
  it("adds points to the hundredth of an inch and undoes the last", () => {
    const d = new PathDraft("move:g1", ["walk", "run"], 0);
    expect(d.ready()).toBe(false);
    expect(d.mode).toBe("walk"); // the first mode is the default
    d.add({ x: 10.123456, y: 4.005001 });
    d.add({ x: 11, y: 6 });
    d.add({ x: 12, y: 6 });
    expect(d.points).toEqual([{ x: 10.12, y: 4.01 }, { x: 11, y: 6 }, { x: 12, y: 6 }]);
    expect(d.ready()).toBe(true);
    expect(d.undo()).toBe(true);
    expect(d.points).toEqual([{ x: 10.12, y: 4.01 }, { x: 11, y: 6 }]);
    expect(d.end({ x: 9, y: 3 })).toEqual({ x: 11, y: 6 });
    expect(d.undo()).toBe(true);
    expect(d.undo()).toBe(true);
    expect(d.undo()).toBe(false);
    expect(d.end({ x: 9, y: 3 })).toEqual({ x: 9, y: 3 }); // no point: the end is the start
    expect(d.ready()).toBe(false);
  });
});

describe("the facing handle", () => {
  it("gives compass bearings: 0 north (+y), clockwise, in half degrees", () => {
    const o = { x: 10, y: 10 };
    expect(bearing(o, { x: 10, y: 12 })).toBe(0);
    expect(bearing(o, { x: 13, y: 10 })).toBe(90);
    expect(bearing(o, { x: 10, y: 7 })).toBe(180);
    expect(bearing(o, { x: 8, y: 10 })).toBe(270);
    expect(bearing(o, { x: 11, y: 11 })).toBe(45);
    expect(bearing(o, { x: 11, y: 11.01 })).toBe(44.5); // 44.71 degrees, to the half degree
    expect(bearing(o, o)).toBeNull();
  });

  it("turns the end facing toward where it is dragged, from the path's end", () => {
    const start = { x: 0, y: 0 };
    const d = new PathDraft("move:g1", [], 180);
    expect(d.facingDeg).toBe(180); // the unit's own to begin with
    d.add({ x: 4, y: 4 });
    d.faceToward(start, { x: 4, y: 9 }); // due north of the end, though north-east of the start
    expect(d.facingDeg).toBe(0);
    expect(d.turned).toBe(true);
    d.faceToward(start, { x: 4, y: 4 }); // on the end itself: no bearing, nothing changes
    expect(d.facingDeg).toBe(0);
    d.turn(-15);
    expect(d.facingDeg).toBe(345);
    d.turn(16);
    expect(d.facingDeg).toBe(1);
    expect(normalFacing(-0.2)).toBe(0);
    expect(normalFacing(359.8)).toBe(0);
    expect(normalFacing(720.74)).toBe(0.5);
    const tip = ahead({ x: 4, y: 4 }, 90, 2);
    expect(tip.x).toBeCloseTo(6, 9);
    expect(tip.y).toBeCloseTo(4, 9);
  });
});

describe("the PlayAction of a drawn move", () => {
  it("carries the waypoints after the start, the mode and the end facing", () => {
    const d = new PathDraft("move:g1", ["walk", "run"], 0);
    d.add({ x: 10, y: 5 });
    d.add({ x: 12, y: 7.5 });
    d.mode = "run";
    d.faceToward({ x: 9, y: 3 }, { x: 13, y: 7.5 });
    expect(movePlay(move(), d, 0)).toEqual({ action: "move:g1", path: [{ x: 10, y: 5 }, { x: 12, y: 7.5 }], mode: "run", facingDeg: 90 });
  });

  it("keeps the unit's facing when the move does not free it, and a mode the menu offers", () => {
    const d = new PathDraft("move:g1", ["dig_in"], 33);
    d.turn(90);
    d.mode = "fly"; // not offered
    expect(movePlay(move({ modes: ["dig_in"], facingFree: false }), d, 33)).toEqual({ action: "move:g1", path: [], mode: "dig_in", facingDeg: 33 });
    // No modes on the menu: no mode sent.
    expect(movePlay(move({ modes: [] }), new PathDraft("move:g1", [], 0), 0)).not.toHaveProperty("mode");
  });

  it("is built by the orders from the menu's action, and dropped when the menu no longer offers it", () => {
    const g1 = unit("g1", "blue", 0, 0, { square: undefined, position: create(PointSchema, { x: 9, y: 3 }), facingDeg: 180 });
    const v = withMenu(view([g1]), [{ id: "move:g1", kind: "move", label: "Move", unitId: "g1", move: { maxInches: 6, modes: ["walk", "run"], facingFree: true } }, { id: "end-action", kind: "end", label: "End" }]);
    const o = new Orders(() => "blue");
    o.select(v, "g1");
    expect(o.actionId).toBe("move:g1");
    expect(o.path?.facingDeg).toBe(180);
    expect(o.order(v)).toBeNull(); // nothing drawn yet
    o.path!.add({ x: 9, y: 5 });
    expect(o.order(v)).toEqual({ action: "move:g1", path: [{ x: 9, y: 5 }], mode: "walk", facingDeg: 180 });
    o.sync(withMenu(view([g1]), [{ id: "end-action", kind: "end", label: "End" }]));
    expect(o.path).toBeNull();
    expect(o.actionId).toBeNull();
  });

  it("aims the drawn move of a selected unit that has just become the active one (a move rolled for, then drawn)", () => {
    const g1 = unit("g1", "blue", 0, 0, { square: undefined, position: create(PointSchema, { x: 9, y: 3 }), facingDeg: 0 });
    const before = withMenu(view([g1]), [
      { id: "fire:g1", kind: "fire", label: "Fire", unitId: "g1", targets: [{ id: "r1", label: "r1", unitId: "r1" }] },
      { id: "roll:g1", kind: "other", label: "Move (roll)", unitId: "g1" },
    ]);
    const o = new Orders(() => "blue");
    o.sync(before);
    o.select(before, "g1");
    expect(o.actionId).toBe("fire:g1");
    expect(o.choose(before, "roll:g1")).toEqual({ action: "roll:g1" }); // sent at once
    const rolled = withMenu(view([g1]), [
      { id: "move:g1", kind: "move", label: "Move g1 up to 5\"", unitId: "g1", move: { maxInches: 5, modes: ["tactical"], facingFree: true } },
      { id: "stay:g1", kind: "other", label: "Stay", unitId: "g1" },
    ]);
    rolled.turn!.activeUnit = "g1";
    o.sync(rolled);
    expect(o.actionId).toBe("move:g1");
    expect(o.path?.points).toEqual([]);
    // Cancelled by the player: the next view of the same active unit does not aim it again.
    o.clearAim();
    o.sync(rolled);
    expect(o.actionId).toBeNull();
  });
});

describe("allowed inches per mode", () => {
  const limits = { maxInches: 12, modes: ["walk", "run", "dig_in"], modeMaxInches: [6, 12, 0] };
  it("reads the picked mode's own allowance", () => {
    expect(allowedInches(limits, "walk")).toBe(6);
    expect(allowedInches(limits, "run")).toBe(12);
    expect(allowedInches(limits, "dig_in")).toBe(0);
  });
  it("falls back to the action's most for a menu without per-mode limits", () => {
    expect(allowedInches({ maxInches: 9, modes: ["walk"], modeMaxInches: [] }, "walk")).toBe(9);
    expect(allowedInches(limits, "unknown")).toBe(12);
  });
});
