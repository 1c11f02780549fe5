// Before the first roll of a room whose players add their own randomness: the table says whom the
// engine waits for (its View's dice.awaiting), in words, and the GM's dice button follows the mix.
import { create } from "@bufbuild/protobuf";
import { describe, expect, it } from "vitest";
import { DiceMixViewSchema } from "../src/gen/sandtable/v1/view_pb";
import { gmDiceChoice, listWords, seatingWords } from "../src/ui/seating";

const names: Record<string, string> = { axis: "Germans", allies: "British", soviets: "Soviets" };
const name = (id: string) => names[id] ?? id;

describe("seatingWords", () => {
  it("names the sides the first roll waits for", () => {
    const d = create(DiceMixViewSchema, { scheme: "sandtable-dice/2", awaiting: ["allies"], added: ["axis"] });
    expect(seatingWords(d, name, "axis")).toMatch(/^The game begins when British joins\. Every player's randomness/);
    expect(seatingWords(create(DiceMixViewSchema, { awaiting: ["axis", "allies", "soviets"] }), name, "gm")).toMatch(/^The game begins when Germans, British and Soviets join\./);
  });
  it("tells a seat still awaited that its browser is adding its randomness", () => {
    const d = create(DiceMixViewSchema, { awaiting: ["axis", "allies"] });
    expect(seatingWords(d, name, "allies")).toMatch(/^Your browser is adding its own randomness/);
  });
  it("joins names as a sentence does", () => {
    expect(listWords([])).toBe("");
    expect(listWords(["A"])).toBe("A");
    expect(listWords(["A", "B"])).toBe("A and B");
  });
});

describe("gmDiceChoice", () => {
  it("offers to begin while unsealed, the secret once sealed, and nothing once it is shown", () => {
    expect(gmDiceChoice(undefined)).toBeNull();
    expect(gmDiceChoice(create(DiceMixViewSchema, { awaiting: ["axis"] }))).toBe("begin");
    expect(gmDiceChoice(create(DiceMixViewSchema, { sealed: true }))).toBe("show-secret");
    expect(gmDiceChoice(create(DiceMixViewSchema, { sealed: true, secret: "ab" }))).toBeNull();
  });
});
