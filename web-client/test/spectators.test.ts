// The spectators' choices are the scenario option's values, and a setting reads back as one.
import { describe, expect, it } from "vitest";
import { create } from "@bufbuild/protobuf";
import { SpectatorMode, SpectatorSettingSchema } from "../src/gen/sandtable/v1/common_pb";
import { spectatorChoices, spectatorSetting, spectatorValue, watchingWords } from "../src/ui/spectators";

describe("what spectators see", () => {
  it("offers live, each side's view and a delay", () => {
    const values = spectatorChoices([{ id: "blue", name: "Blue" }]).map((c) => c.value);
    expect(values).toEqual(["live", "side:blue", "delayed:1", "delayed:2", "delayed:3"]);
  });
  it("reads a setting back as its option value and the other way", () => {
    const s = create(SpectatorSettingSchema, { mode: SpectatorMode.SPECTATORS_DELAYED, delayTurns: 2 });
    expect(spectatorValue(s)).toBe("delayed:2");
    expect(spectatorSetting("delayed:2")).toEqual({ mode: SpectatorMode.SPECTATORS_DELAYED, side: "", delayTurns: 2 });
    expect(spectatorSetting("side:red")).toEqual({ mode: SpectatorMode.SPECTATORS_SIDE, side: "red", delayTurns: 0 });
    expect(watchingWords(s, (id) => id)).toBe("You are watching the whole table, 2 turns behind the players.");
  });
});
