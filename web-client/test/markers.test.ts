// Markers that look alike on a counter: each rule set's module gives each key its own glyph,
// and the board keeps two apart even where a look does not; on a free table, unit labels do not
// overprint each other.
import { describe, expect, it } from "vitest";
import { lookFor, PLAIN } from "../src/rulesets";
import { LETTERS } from "../src/rulesets/pw";
import { markerGlyphs } from "../src/ui/panels";

describe("marker glyphs on a counter", () => {
  it("gives every Portable Wargame marker its own glyph", () => {
    const look = lookFor("portable-wargame-19c");
    // The keys pw_view.cc draws on a counter.
    const keys = ["activated", "moved", "fired", "fought", "in_river", "crossing_trench", "holding_trench", "on_wire", "limbered", "embarked", "active"];
    expect(Object.keys(LETTERS).sort()).toEqual([...keys].sort());
    const glyphs = keys.map((k) => look.markerLetter(k));
    expect(new Set(glyphs).size).toBe(keys.length);
    expect(look.markerLetter("active")).not.toBe(look.markerLetter("activated"));
    for (const g of glyphs) expect(g.length).toBeLessThanOrEqual(2);
  });

  it("keeps two markers apart even where the look gives both the same letter", () => {
    expect(markerGlyphs(["active", "activated"], PLAIN.markerLetter)).toEqual(["A", "Ac"]);
    expect(markerGlyphs(["moved", "fired"], PLAIN.markerLetter)).toEqual(["M", "F"]);
  });
});

describe("table labels", () => {
  it("moves a label that would overprint one already placed, names up and markers down", async () => {
    const { LabelPlacer } = await import("../src/ui/board");
    const l = new LabelPlacer();
    expect(l.place(100, 50, "Assault Squad · 5", 11, -1)).toBe(50);
    // Another unit's name at nearly the same place goes one line up; one far away stays.
    expect(l.place(104, 52, "Farm Section prisoners · 1", 11, -1)).toBe(52 - 13);
    expect(l.place(400, 50, "Rifle Squad · 8", 11, -1)).toBe(50);
    // Markers below move down.
    expect(l.place(100, 60, "In melee", 9, 1)).toBe(60);
    expect(l.place(100, 62, "Non-standing", 9, 1)).toBe(62 + 11);
  });
});
