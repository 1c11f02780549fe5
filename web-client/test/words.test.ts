// Whose turn, the briefing and the after-action (issue 12): the pure parts — the tab icon, when
// a turn begins, when the briefing opens by itself, and the after-action model.
import { create, type MessageInitShape } from "@bufbuild/protobuf";
import { describe, expect, it } from "vitest";
import { ViewSchema } from "../src/gen/sandtable/v1/view_pb";
import { afterAction, logText } from "../src/ui/afteraction";
import { faviconFor, turnBegan } from "../src/ui/attention";
import { hasBriefing, markSeen, seenKey, shouldOpenFirstTime, wasSeen } from "../src/ui/briefing";
import { view } from "./fixtures";

/** A view built from a plain init (a spread message would skip the conversion of nested inits). */
function mk(extra: MessageInitShape<typeof ViewSchema>) {
  return create(ViewSchema, {
    scenarioName: "Test",
    board: { case: "grid", value: { cols: 8, rows: 6 } },
    sides: [
      { id: "blue", name: "Union" },
      { id: "red", name: "Confederacy" },
    ],
    turn: { turn: 1, phase: "activation", activeSide: "blue" },
    ...extra,
  } as MessageInitShape<typeof ViewSchema>);
}

describe("tab icon", () => {
  it("is the seat's colour on its turn and a grey ring otherwise", () => {
    const mine = decodeURIComponent(faviconFor(true, "#E69F00"));
    const idle = decodeURIComponent(faviconFor(false, "#E69F00"));
    expect(mine.startsWith("data:image/svg+xml,")).toBe(true);
    expect(mine).toContain('fill="#E69F00"');
    expect(idle).not.toContain("#E69F00");
    expect(idle).toContain('fill="none"');
    expect(faviconFor(true)).not.toBe(faviconFor(false));
  });
  it("a turn begins only when the menu goes from empty to something", () => {
    expect(turnBegan(false, true)).toBe(true);
    expect(turnBegan(true, true)).toBe(false);
    expect(turnBegan(true, false)).toBe(false);
    expect(turnBegan(false, false)).toBe(false);
  });
});

describe("briefing", () => {
  const briefed = mk({ briefing: { text: "Two advance guards meet.", maxTurns: 12, rules: ["Blue: exhaustion point 7 SP"] } });
  it("opens by itself the first time only, and not after the game", () => {
    expect(shouldOpenFirstTime(briefed, false)).toBe(true);
    expect(shouldOpenFirstTime(briefed, true)).toBe(false);
    const over = mk({ briefing: { text: "x" }, result: { over: true } });
    expect(shouldOpenFirstTime(over, false)).toBe(false);
  });
  it("has nothing to brief without words", () => {
    expect(hasBriefing(view([]))).toBe(false);
    expect(shouldOpenFirstTime(view([]), false)).toBe(false);
    expect(hasBriefing(briefed)).toBe(true);
  });
  it("remembers per seat token", () => {
    const m = new Map<string, string>();
    const store = { getItem: (k: string) => m.get(k) ?? null, setItem: (k: string, v: string) => void m.set(k, v) };
    expect(wasSeen(store, "sandtable:abc")).toBe(false);
    markSeen(store, "sandtable:abc");
    expect(wasSeen(store, "sandtable:abc")).toBe(true);
    expect(wasSeen(store, "sandtable:other")).toBe(false);
    expect([...m.keys()]).toEqual([seenKey("sandtable:abc")]);
    expect(wasSeen(null, "x")).toBe(false);
  });
});

describe("after-action", () => {
  it("is null while the game goes on", () => {
    expect(afterAction(view([]))).toBeNull();
  });
  it("names the winner, the losses per side in the board's unit, and the deciding lines", () => {
    const v = mk({
      sides: [
        { id: "blue", name: "Union", strength: 30, strengthLost: 8, standing: "lost 8 of 13: at 13 this side can no longer advance" },
        { id: "red", name: "Confederacy", strength: 20, strengthLost: 13, standing: "exhausted on turn 6" },
      ],
      result: { over: true, winner: "blue", reason: "ended by the GM", deciding: ["Turn 6: Confederacy became exhausted"] },
    });
    const a = afterAction(v)!;
    expect(a.headline).toBe("Union wins");
    expect(a.reason).toBe("ended by the GM");
    expect(a.sides.map((s) => [s.name, s.lost, s.left, s.unit])).toEqual([
      ["Union", 8, 30, "SP"],
      ["Confederacy", 13, 20, "SP"],
    ]);
    expect(a.deciding).toEqual(["Turn 6: Confederacy became exhausted"]);
  });
  it("calls a game without a winner a draw and counts figures on a free table", () => {
    const v = mk({ board: { case: "table", value: { width: 60, height: 36 } }, result: { over: true } });
    const a = afterAction(v)!;
    expect(a.headline).toBe("A draw");
    expect(a.sides[0].unit).toBe("figures");
  });
  it("counts in the rule set's own words when its briefing gives them", () => {
    const v = mk({ board: { case: "table", value: { width: 48, height: 36 } }, briefing: { sideStrength: "units" }, result: { over: true } });
    expect(afterAction(v)!.sides[0].unit).toBe("units");
  });
  it("writes the log as text, one line per entry", () => {
    const text = logText("Meeting", [
      { seq: 1n, kind: "event", text: "Turn 1 begins", dice: [] },
      { seq: 2n, kind: "refusal", text: "not your turn", dice: [] },
    ]);
    expect(text).toBe("Meeting\n\n1\tTurn 1 begins\n2\trefused: not your turn\n");
  });
});
