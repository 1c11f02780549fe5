// The order of battle lists the seat's side first, then what it sees of the others.
import { describe, expect, it } from "vitest";
import { roster, strengthText } from "../src/ui/roster";
import { unit, view } from "./fixtures";

describe("order of battle", () => {
  const v = view([unit("r1", "red", 1, 5), unit("b1", "blue", 1, 1, { name: "1st Rifles", strength: 3, maxStrength: 4 }), unit("b2", "blue", 2, 1)]);
  it("puts the seat's own side first with its units", () => {
    const r = roster(v, "red");
    expect(r.map((s) => [s.id, s.mine, s.units.map((u) => u.id)])).toEqual([
      ["red", true, ["r1"]],
      ["blue", false, ["b1", "b2"]],
    ]);
  });
  it("keeps the scenario's order for a spectator", () => {
    expect(roster(v, "spectator").map((s) => s.id)).toEqual(["blue", "red"]);
  });
  it("writes strength of the most it had", () => {
    expect(strengthText(v.units[1])).toBe("3/4");
  });
});
