// The clocks as the header shows them: the server's time counted down locally from the message's
// arrival, and the GM's form read into the settings the server checks.
import { describe, expect, it } from "vitest";
import { create } from "@bufbuild/protobuf";
import { ClockSettingsSchema, ClockStateSchema } from "../src/gen/sandtable/v1/clock_pb";
import { clocksAt, clocksOn, clockTime, type HeldClock } from "../src/state/clocks";
import { initialModel, reduce } from "../src/state/store";
import { draftFrom, settingsFrom } from "../src/ui/gm-clock";
import { env } from "./fixtures";

const state = (mode: string, sides: { side: string; remainingMs: bigint; running?: boolean; expired?: boolean }[]) =>
  create(ClockStateSchema, { settings: { mode, seconds: 600, onExpiry: "warn" }, sides, turn: 1 });

describe("clock times", () => {
  it("shows minutes and seconds, hours only when there are some, rounding up", () => {
    expect(clockTime(725_000)).toBe("12:05");
    expect(clockTime(7_000)).toBe("0:07");
    expect(clockTime(3_730_000)).toBe("1:02:10");
    expect(clockTime(6_001)).toBe("0:07");
    expect(clockTime(1)).toBe("0:01");
    expect(clockTime(0)).toBe("0:00");
    expect(clockTime(-500)).toBe("0:00");
  });
});

describe("clocks at a moment", () => {
  const held: HeldClock = {
    state: state("game", [
      { side: "blue", remainingMs: 10_000n, running: true },
      { side: "red", remainingMs: 65_000n },
      { side: "green", remainingMs: 0n, expired: true },
    ]),
    at: 1_000,
  };

  it("counts a running clock down from the message's arrival; a stopped one stays", () => {
    expect(clocksAt(held, 1_000)).toEqual([
      { side: "blue", time: "0:10", running: true, expired: false },
      { side: "red", time: "1:05", running: false, expired: false },
      { side: "green", time: "0:00", running: false, expired: true },
    ]);
    const later = clocksAt(held, 4_500);
    expect(later.map((c) => c.time)).toEqual(["0:07", "1:05", "0:00"]);
    expect(clocksAt(held, 60_000)[0]).toEqual({ side: "blue", time: "0:00", running: true, expired: false });
  });

  it("never counts up when the caller's clock reads before the arrival", () => {
    expect(clocksAt(held, 0)[0].time).toBe("0:10");
  });

  it("shows nothing when the room has no clocks", () => {
    const off: HeldClock = { state: state("off", []), at: 0 };
    expect(clocksOn(off)).toBe(false);
    expect(clocksOn(undefined)).toBe(false);
    expect(clocksOn(held)).toBe(true);
    expect(clocksAt(off, 0)).toEqual([]);
    expect(clocksAt(undefined, 0)).toEqual([]);
  });
});

describe("the clocks in the table's model", () => {
  it("keeps the last ClockState with its arrival, and forgets it at a new Welcome", () => {
    const clock = state("turn", [{ side: "blue", remainingMs: 5_000n, running: true }]);
    let m = reduce(initialModel(), env({ body: { case: "clock", value: clock } }), 123).model;
    expect(m.clock).toEqual({ state: clock, at: 123 });
    m = reduce(m, env({ body: { case: "welcome", value: { roomId: "r", seat: "blue" } } }), 200).model;
    expect(m.clock).toBeUndefined();
  });
});

describe("the GM's clock form", () => {
  it("starts from the room's clocks, or half an hour with a warning", () => {
    expect(draftFrom(undefined)).toEqual({ mode: "off", minutes: "30", seconds: "0", onExpiry: "warn" });
    const s = create(ClockSettingsSchema, { mode: "turn", seconds: 125, onExpiry: "forfeit" });
    expect(draftFrom(s)).toEqual({ mode: "turn", minutes: "2", seconds: "5", onExpiry: "forfeit" });
  });

  it("reads whole minutes and seconds; the server judges the time itself", () => {
    expect(settingsFrom({ mode: "game", minutes: "0", seconds: "3", onExpiry: "warn" })).toEqual({ mode: "game", seconds: 3, onExpiry: "warn" });
    expect(settingsFrom({ mode: "turn", minutes: " 90", seconds: "", onExpiry: "end_activation" })).toEqual({ mode: "turn", seconds: 5400, onExpiry: "end_activation" });
    expect(settingsFrom({ mode: "game", minutes: "0", seconds: "0", onExpiry: "warn" })).toEqual({ mode: "game", seconds: 0, onExpiry: "warn" });
    expect(settingsFrom({ mode: "game", minutes: "1.5", seconds: "0", onExpiry: "warn" })).toMatch(/whole minutes and seconds/);
    expect(settingsFrom({ mode: "off", minutes: "x", seconds: "", onExpiry: "warn" })).toEqual({ mode: "off" });
  });
});
