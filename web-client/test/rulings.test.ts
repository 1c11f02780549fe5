// A question to the GM carries what it disputes and the player's words; an empty one is not sent.
import { describe, expect, it } from "vitest";
import { askFrom, emptyDraft } from "../src/ui/rulings";

describe("asking the GM for a ruling", () => {
  it("sends the disputed words, the rule and the player's reason", () => {
    const d = { ...emptyDraft(), about: "Farm Section is out of range", ruleId: "BG-FIRE-03", text: "  the hedge is lower  ", open: true };
    expect(askFrom(d)).toEqual({ ruleId: "BG-FIRE-03", about: "Farm Section is out of range", text: "the hedge is lower" });
  });
  it("needs something to rule on", () => {
    expect(askFrom({ ...emptyDraft(), text: "   " })).toMatch(/Say what you ask/);
    expect(askFrom({ ...emptyDraft(), about: "a refusal" })).toEqual({ ruleId: "", about: "a refusal", text: "" });
  });
});
