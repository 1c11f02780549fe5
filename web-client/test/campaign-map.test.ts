import { describe, expect, it } from "vitest";
import { layoutCampaign, type MapBattle } from "../src/state/campaign-map";

const battle = (id: string, follows = "", status = "planned"): MapBattle => ({ id, follows, status });

/** The layout as "id@col,row" (with "*" when next), easier to read than objects. */
const places = (battles: MapBattle[]) => layoutCampaign(battles).boxes.map((b) => `${b.id}@${b.col},${b.row}${b.next ? "*" : ""}`);

describe("campaign map layout", () => {
  it("puts a chain of three in one row, each right of the one it follows", () => {
    const m = layoutCampaign([battle("a", "", "over"), battle("b", "a", "playing"), battle("c", "b")]);
    expect(m.boxes.map((b) => [b.id, b.col, b.row])).toEqual([["a", 0, 0], ["b", 1, 0], ["c", 2, 0]]);
    expect(m.edges).toEqual([{ from: "a", to: "b" }, { from: "b", to: "c" }]);
    expect([m.cols, m.rows]).toEqual([3, 1]);
    // c waits for b, which is still played.
    expect(m.boxes.some((b) => b.next)).toBe(false);
  });

  it("branches when two battles follow one: the second takes a row of its own", () => {
    const list = [battle("a", "", "over"), battle("b", "a"), battle("c", "a"), battle("d", "b")];
    const m = layoutCampaign(list);
    // Both that follow the battle now over can be opened.
    expect(places(list)).toEqual(["a@0,0", "b@1,0*", "c@1,1*", "d@2,0"]);
    expect(m.edges).toEqual([{ from: "a", to: "b" }, { from: "a", to: "c" }, { from: "b", to: "d" }]);
    expect([m.cols, m.rows]).toEqual([3, 2]);
  });

  it("gives a branch's rows to it before the next chain starts, so no two boxes overlap", () => {
    const list = [battle("a"), battle("b", "a"), battle("x"), battle("c", "a"), battle("e", "c"), battle("f", "c")];
    const m = layoutCampaign(list);
    expect(places(list)).toEqual(["a@0,0*", "b@1,0", "x@0,3*", "c@1,1", "e@2,1", "f@2,2"]);
    const spots = m.boxes.map((b) => `${b.col},${b.row}`);
    expect(new Set(spots).size).toBe(spots.length);
    expect(m.rows).toBe(4);
  });

  it("starts each of two separate chains on a row of its own", () => {
    const list = [battle("a", "", "over"), battle("x", "", "playing"), battle("b", "a"), battle("y", "x")];
    const m = layoutCampaign(list);
    expect(places(list)).toEqual(["a@0,0", "x@0,1", "b@1,0*", "y@1,1"]);
    expect(m.edges).toEqual([{ from: "a", to: "b" }, { from: "x", to: "y" }]);
    expect([m.cols, m.rows]).toEqual([2, 2]);
  });

  it("counts a follows naming no battle of the campaign as none", () => {
    const list = [battle("a", "", "playing"), battle("b", "gone")];
    const m = layoutCampaign(list);
    expect(places(list)).toEqual(["a@0,0", "b@0,1*"]);
    expect(m.edges).toEqual([]);
  });

  it("marks as next only what can be opened: planned, after a battle that is over or none", () => {
    const stages = ["planned", "playing", "over"].map((s) => places([battle("a", "", s), battle("b", "a")]));
    expect(stages).toEqual([["a@0,0*", "b@1,0"], ["a@0,0", "b@1,0"], ["a@0,0", "b@1,0*"]]);
    // A status the server leaves out reads as planned, as the battle list reads it.
    expect(places([battle("a", "", "")])).toEqual(["a@0,0*"]);
  });

  it("comes out of a cycle or a battle following itself without hanging", () => {
    const list = [battle("a", "b"), battle("b", "a"), battle("c", "a"), battle("s", "s")];
    const m = layoutCampaign(list);
    expect(places(list)).toEqual(["a@0,0*", "b@0,1*", "c@1,0", "s@0,2*"]);
    expect(m.edges).toEqual([{ from: "a", to: "c" }]);
  });

  it("draws nothing for a campaign without battles", () => {
    expect(layoutCampaign([])).toEqual({ boxes: [], edges: [], cols: 0, rows: 0 });
  });
});
