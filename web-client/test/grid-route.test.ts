// Routes by waypoints on a grid: each click on a highlighted square is the next waypoint, the
// last is the target; the engine's preview (squares, cost) is drawn as it answers, never computed.
import { create } from "@bufbuild/protobuf";
import { describe, expect, it } from "vitest";
import { GridFacing } from "../src/gen/sandtable/v1/common_pb";
import { QueryAnswerSchema } from "../src/gen/sandtable/v1/query_pb";
import { routeOverlay, routeQuestion } from "../src/ui/grid-route";
import { Orders } from "../src/ui/orders";
import { unit, view, withMenu } from "./fixtures";

const E = GridFacing.EAST;
const sqT = (col: number, row: number) => ({ id: `${col},${row}`, label: `(${col},${row})`, square: { col, row }, detail: "" });

function table() {
  return withMenu(view([unit("b1", "blue", 1, 1), unit("r1", "red", 1, 6)]), [
    { id: "move:b1", kind: "move", label: "Move", unitId: "b1", targets: [sqT(1, 2), sqT(2, 1), sqT(2, 2), sqT(1, 3)], facings: [E] },
    { id: "face:b1", kind: "face", label: "Turn", unitId: "b1", facings: [E] },
  ]);
}

describe("a grid route by waypoints", () => {
  it("grows with each click, the last point being the target; Backspace takes the last back", () => {
    const v = table();
    const o = new Orders(() => "blue");
    o.select(v, "b1");
    o.click(v, { col: 2, row: 1 }, undefined);
    expect(o.order(v)).toEqual({ action: "move:b1", target: "2,1", facing: E, route: [{ col: 2, row: 1 }] });
    o.click(v, { col: 2, row: 2 }, undefined);
    expect(o.order(v)).toEqual({ action: "move:b1", target: "2,2", facing: E, route: [{ col: 2, row: 1 }, { col: 2, row: 2 }] });
    // The question asked is the route without the facing; asked at once.
    const q = routeQuestion(o.action(v), o.order(v));
    expect(q?.delay).toBe(0);
    expect(q?.query.body).toEqual({ case: "preview", value: { action: "move:b1", target: "2,2", route: [{ col: 2, row: 1 }, { col: 2, row: 2 }] } });
    expect(o.undoPoint(v)).toBe(true);
    expect(o.target).toBe("2,1");
    expect(o.undoPoint(v)).toBe(true);
    expect(o.target).toBeNull();
    expect(o.route).toBeNull();
    expect(o.order(v)).toBeNull();
  });

  it("a click on an earlier waypoint takes the route back to it; a non-highlighted square adds nothing", () => {
    const v = table();
    const o = new Orders(() => "blue");
    o.select(v, "b1");
    o.click(v, { col: 2, row: 1 }, undefined);
    o.click(v, { col: 2, row: 2 }, undefined);
    o.click(v, { col: 2, row: 1 }, undefined);
    expect(o.route?.points).toEqual([{ col: 2, row: 1 }]);
    expect(o.click(v, { col: 5, row: 5 }, undefined)).toMatch(/highlighted/);
    expect(o.route?.points).toEqual([{ col: 2, row: 1 }]);
  });

  it("draws the engine's squares and its cost; a refusal is drawn as refused", () => {
    const v = table();
    const o = new Orders(() => "blue");
    o.select(v, "b1");
    o.click(v, { col: 2, row: 1 }, undefined);
    o.click(v, { col: 2, row: 2 }, undefined);
    expect(routeOverlay(o.route, undefined, { col: 1, row: 1 })).toMatchObject({ squares: [], label: "" });
    const ok = create(QueryAnswerSchema, { ok: true, squaresUsed: 2, squaresLeft: 1, route: [{ col: 2, row: 1 }, { col: 2, row: 2 }] });
    expect(routeOverlay(o.route, { answer: ok, seq: 1n }, { col: 1, row: 1 })).toMatchObject({
      squares: [{ col: 2, row: 1 }, { col: 2, row: 2 }],
      label: "2 of 3 squares",
      refused: false,
    });
    const no = create(QueryAnswerSchema, { ok: false, refusal: { code: "PW_MOVE_TOO_FAR", message: "b1 cannot reach (2,2)…" }, route: [{ col: 2, row: 1 }] });
    expect(routeOverlay(o.route, { answer: no, seq: 1n }, { col: 1, row: 1 })).toMatchObject({ squares: [{ col: 2, row: 1 }], label: "cannot go this way", refused: true });
  });

  it("a target picked in the list starts a route of that square", () => {
    const v = table();
    const o = new Orders(() => "blue");
    o.select(v, "b1");
    o.target = "1,3";
    o.facing = E;
    expect(o.order(v)).toEqual({ action: "move:b1", target: "1,3", facing: E, route: [{ col: 1, row: 3 }] });
  });
});
