// Markers that look alike on a counter: each rule set's module gives each key its own glyph,
// and the board keeps two apart even where a look does not.
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
