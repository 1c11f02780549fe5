// The replay's model: stepping by order and by turn stays within the game, a step reads in words,
// and the dice chart sets each face against fair dice with a verdict a player can read.
import { create } from "@bufbuild/protobuf";
import { describe, expect, it } from "vitest";
import { DieKind } from "../src/gen/sandtable/v1/common_pb";
import { BranchOfSchema } from "../src/gen/sandtable/v1/event_pb";
import { DiceFacesSchema, ReplayFrameSchema } from "../src/gen/sandtable/v1/protocol_pb";
import { branchName, branchNote, diceChart, replayTitle, stepBy, stepLabel, turnStep, verdict } from "../src/state/replay";

const frame = (step: number, over: object = {}) => create(ReplayFrameSchema, { step, steps: 20, turn: 2, seat: "red", turnStarts: [0, 4, 9, 15], ...over });
const names = (id: string) => ({ red: "Red army", blue: "Blue army" })[id] ?? id;

describe("replay steps", () => {
  it("steps by one within the game", () => {
    expect(stepBy(frame(0), -1)).toBe(0);
    expect(stepBy(frame(5), 1)).toBe(6);
    expect(stepBy(frame(19), 1)).toBe(19);
  });
  it("goes to the next turn's first step, and back to this turn's first or the one before", () => {
    expect(turnStep(frame(5), 1)).toBe(9);
    expect(turnStep(frame(15), 1)).toBe(15);
    expect(turnStep(frame(5), -1)).toBe(4);
    expect(turnStep(frame(4), -1)).toBe(0);
    expect(turnStep(frame(0), -1)).toBe(0);
  });
  it("says whose order a step was", () => {
    expect(stepLabel(frame(3), names)).toBe("Step 3 of 19 · turn 2 · Red army's order");
    expect(stepLabel(frame(0, { turn: 1 }), names)).toBe("Step 0 of 19 · turn 1 · the opening");
    expect(stepLabel(frame(7, { seat: "gm" }), names)).toBe("Step 7 of 19 · turn 2 · the GM's order");
    expect(stepLabel(frame(7, { seat: "blue" }), (id) => (id === "blue" ? "Germans" : id))).toBe("Step 7 of 19 · turn 2 · Germans' order");
  });
  it("says whose eyes the replay is through, and when the GM opened it to all", () => {
    expect(replayTitle(frame(1), "red", names)).toBe("Replay — as Red army saw it");
    expect(replayTitle(frame(1), "spectator", names)).toBe("Replay — as the spectators saw it");
    expect(replayTitle(frame(1, { revealed: true }), "red", names)).toBe("Replay — the whole game, opened by the GM");
  });
});

describe("dice statistics", () => {
  it("draws each face against what fair dice give", () => {
    const d = create(DiceFacesSchema, {
      seat: "blue", kind: DieKind.D6, face: [1, 2, 3, 4, 5, 6], count: [2n, 2n, 2n, 2n, 2n, 8n],
      expected: [3, 3, 3, 3, 3, 3], rolls: 18n, mean: 4.0, expectedMean: 3.5, chiSquare: 10,
    });
    const c = diceChart(d, names);
    expect(c.title).toBe("Blue army · d6");
    expect(c.summary).toBe("18 rolls, mean 4.00 (fair dice: 3.50)");
    expect(c.bars.map((b) => b.count)).toEqual([2, 2, 2, 2, 2, 8]);
    expect(c.bars[5].countH).toBe(1);
    expect(c.bars[0].expectedH).toBeCloseTo(3 / 8);
    expect(diceChart(create(DiceFacesSchema, { seat: "start", kind: DieKind.D20 }), names).title).toBe("The opening · d20");
  });
  it("reads a chi-square against the 95th and 99th percentiles", () => {
    // d6: 5 degrees of freedom; the 95th percentile is 11.07, the 99th 15.09.
    expect(verdict(4, 5, 600)).toBe("within what fair dice give");
    expect(verdict(12, 5, 600)).toBe("a spread fair dice give less than 1 time in 20");
    expect(verdict(16, 5, 600)).toBe("a spread fair dice give less than 1 time in 100");
    expect(verdict(16, 5, 12)).toBe("too few rolls to say anything");
    // d20: 19 degrees of freedom; the 95th percentile is 30.14.
    expect(verdict(29, 19, 2000)).toBe("within what fair dice give");
    expect(verdict(31, 19, 2000)).toBe("a spread fair dice give less than 1 time in 20");
  });
});

describe("what-if branches", () => {
  it("says where a branch goes on from", () => {
    expect(branchNote(create(BranchOfSchema, { roomName: "Village assault", step: 12, turn: 3 }))).toBe(
      "What if: goes on from order 12 of “Village assault” (turn 3), with dice of its own",
    );
    expect(branchNote(create(BranchOfSchema, { roomName: "Hill", step: 0 }))).toBe("What if: goes on from the opening of “Hill”, with dice of its own");
  });
  it("names a branch after the room and the step", () => {
    expect(branchName("Hill", frame(7))).toBe("What if: Hill, from order 7");
    expect(branchName("", frame(0))).toBe("What if: the game, from the opening");
  });
});
