// The table's dice are typed as faces; the count must match what the engine asked for.
import { describe, expect, it } from "vitest";
import { facesFrom } from "../src/ui/table-dice";

describe("typing the table's dice", () => {
  it("reads faces separated by spaces or commas", () => {
    expect(facesFrom("6 2, 5", 3)).toEqual([6, 2, 5]);
    expect(facesFrom(" 0 ", 1)).toEqual([0]);
  });
  it("says what is wrong in words", () => {
    expect(facesFrom("6 2", 3)).toBe("Type 3 faces; you typed 2.");
    expect(facesFrom("six", 1)).toMatch(/numbers/);
    expect(facesFrom("-1", 1)).toMatch(/numbers/);
  });
});
