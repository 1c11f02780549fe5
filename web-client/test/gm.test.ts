// The GM's edit form builds typed GmEdits and the audit reads the engine's "GM ..." lines.
import { describe, expect, it } from "vitest";
import { emptyForm, gmAudit, gmEditFrom, type GmForm } from "../src/ui/gm";
import type { LogEntry } from "../src/state/store";

const form = (over: Partial<GmForm>): GmForm => ({ ...emptyForm(), reason: "placed wrong", unitId: "b1", ...over });

describe("GM edit form", () => {
  it("refuses an edit without a reason, in words", () => {
    expect(gmEditFrom(form({ reason: "  " }), true)).toMatch(/Say why/);
  });
  it("moves to a square on a grid and to a point on a free table", () => {
    expect(gmEditFrom(form({ kind: "move", place: "4, 6" }), true)).toEqual({
      reason: "placed wrong",
      body: { case: "moveUnit", value: { unitId: "b1", square: { col: 4, row: 6 } } },
    });
    expect(gmEditFrom(form({ kind: "move", place: "40.5 30" }), false)).toEqual({
      reason: "placed wrong",
      body: { case: "moveUnit", value: { unitId: "b1", point: { x: 40.5, y: 30 } } },
    });
    expect(gmEditFrom(form({ kind: "move", place: "4" }), true)).toMatch(/column, row/);
  });
  it("needs a unit for unit edits but not for the turn or the dice", () => {
    expect(gmEditFrom(form({ kind: "remove", unitId: "" }), true)).toMatch(/Pick the unit/);
    expect(gmEditFrom(form({ kind: "turn", unitId: "", value: "3" }), true)).toEqual({ reason: "placed wrong", body: { case: "setTurn", value: { turn: 3 } } });
    expect(gmEditFrom(form({ kind: "dice", unitId: "", value: "6, 2" }), true)).toEqual({ reason: "placed wrong", body: { case: "setDice", value: { values: [6, 2] } } });
    expect(gmEditFrom(form({ kind: "dice", value: "six" }), true)).toMatch(/numbers/);
  });
  it("rewinds to a point the engine listed, with no unit", () => {
    expect(gmEditFrom(form({ kind: "rewind", unitId: "", value: "41" }), true)).toEqual({ reason: "placed wrong", body: { case: "rewind", value: { toSeq: 41n } } });
    expect(gmEditFrom(form({ kind: "rewind", unitId: "", value: "" }), true)).toMatch(/Pick the point/);
  });
  it("sets strength and markers as typed", () => {
    expect(gmEditFrom(form({ kind: "strength", value: "3" }), true)).toEqual({ reason: "placed wrong", body: { case: "setStrength", value: { unitId: "b1", strength: 3 } } });
    expect(gmEditFrom(form({ kind: "marker", value: "dug_in", clear: true }), false)).toEqual({
      reason: "placed wrong",
      body: { case: "setMarker", value: { unitId: "b1", key: "dug_in", value: "", clear: true } },
    });
  });
  it("audits the GM's lines from the log", () => {
    const log: LogEntry[] = [
      { seq: 3n, kind: "event", text: "Blue 1 moves to (4,6).", dice: [] },
      { seq: 4n, kind: "event", text: "GM moves b1 to (4,6) (placed wrong).", dice: [] },
      { seq: 4n, kind: "refusal", text: "Refused: GM ...", dice: [] },
    ];
    expect(gmAudit(log).map((e) => e.text)).toEqual(["GM moves b1 to (4,6) (placed wrong)."]);
  });
});
