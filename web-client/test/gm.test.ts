// The GM's edit form builds typed GmEdits and the audit reads the engine's "GM ..." lines.
import { describe, expect, it } from "vitest";
import { create } from "@bufbuild/protobuf";
import { RewindPointSchema } from "../src/gen/sandtable/v1/menu_pb";
import { SideViewSchema, ViewSchema } from "../src/gen/sandtable/v1/view_pb";
import { emptyForm, gmAudit, gmEditFrom, rewindLabel, type GmForm } from "../src/ui/gm";
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
  it("moves or removes one figure of the unit when one is picked", () => {
    expect(gmEditFrom(form({ kind: "move", place: "12 10", figureId: "b1-f3" }), false)).toEqual({
      reason: "placed wrong",
      body: { case: "moveUnit", value: { unitId: "b1", figureId: "b1-f3", point: { x: 12, y: 10 } } },
    });
    expect(gmEditFrom(form({ kind: "remove", figureId: "b1-f0" }), false)).toEqual({
      reason: "placed wrong",
      body: { case: "removeUnit", value: { unitId: "b1", figureId: "b1-f0" } },
    });
  });
  it("needs a unit for unit edits but not for the turn or the dice", () => {
    expect(gmEditFrom(form({ kind: "remove", unitId: "" }), true)).toMatch(/Pick the unit/);
    expect(gmEditFrom(form({ kind: "turn", unitId: "", value: "3" }), true)).toEqual({ reason: "placed wrong", body: { case: "setTurn", value: { turn: 3 } } });
    expect(gmEditFrom(form({ kind: "dice", unitId: "", value: "6, 2" }), true)).toEqual({ reason: "placed wrong", body: { case: "setDice", value: { values: [6, 2] } } });
    expect(gmEditFrom(form({ kind: "dice", value: "six" }), true)).toMatch(/numbers/);
  });
  it("words a rewind point from its event and the seat that ordered next", () => {
    const v = create(ViewSchema, { sides: [create(SideViewSchema, { id: "axis", name: "Germans" })] });
    expect(rewindLabel(create(RewindPointSchema, { seq: 41n, seat: "axis" }), v)).toBe("Before #42 (Germans)");
    expect(rewindLabel(create(RewindPointSchema, { seq: 9n, seat: "gm" }), v)).toBe("Before #10 (GM)");
    expect(rewindLabel(create(RewindPointSchema, { seq: 3n, seat: "allies" }), v)).toBe("Before #4 (allies)");
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
  it("lays terrain on squares on a grid and as a circle on a free table, owner optional", () => {
    expect(gmEditFrom(form({ kind: "terrainLay", unitId: "", value: "woods", place: "4, 6  5, 6" }), true)).toEqual({
      reason: "placed wrong",
      body: { case: "terrain", value: { feature: { kind: "woods", squares: [{ col: 4, row: 6 }, { col: 5, row: 6 }] } } },
    });
    expect(gmEditFrom(form({ kind: "terrainLay", value: "minefield", place: "40, 30, 3", side: "red" }), false)).toEqual({
      reason: "placed wrong",
      body: { case: "terrain", value: { feature: { kind: "minefield", circle: { centre: { x: 40, y: 30 }, radius: 3 }, owner: "red" } } },
    });
    expect(gmEditFrom(form({ kind: "terrainLay", value: "woods", place: "4, 6, 5" }), true)).toMatch(/column, row pairs/);
    expect(gmEditFrom(form({ kind: "terrainLay", value: "woods", place: "40, 30" }), false)).toMatch(/radius/);
    expect(gmEditFrom(form({ kind: "terrainLay", value: " ", place: "4, 6" }), true)).toMatch(/Name the kind/);
  });
  it("removes the feature picked from the View's terrain list, naming what it saw", () => {
    const terrain = [{ kind: "woods", name: "Bois" }, { kind: "river", name: "" }] as never[];
    expect(gmEditFrom(form({ kind: "terrainRemove", unitId: "", value: "1" }), true, terrain)).toEqual({
      reason: "placed wrong",
      body: { case: "terrain", value: { remove: true, index: 1, feature: { kind: "river", name: "" } } },
    });
    expect(gmEditFrom(form({ kind: "terrainRemove", value: "2" }), true, terrain)).toMatch(/Pick the terrain feature/);
    expect(gmEditFrom(form({ kind: "terrainRemove", value: "" }), true, terrain)).toMatch(/Pick the terrain feature/);
  });
  it("sets the phase, gives an extra action and ends an activation without a unit", () => {
    expect(gmEditFrom(form({ kind: "phase", unitId: "", value: "shooting", side: "blue" }), false)).toEqual({
      reason: "placed wrong",
      body: { case: "setPhase", value: { phase: "shooting", activeSide: "blue" } },
    });
    expect(gmEditFrom(form({ kind: "phase", value: "" }), false)).toMatch(/Pick the phase/);
    expect(gmEditFrom(form({ kind: "extraAction", unitId: "", side: "red" }), true)).toEqual({ reason: "placed wrong", body: { case: "extraAction", value: { side: "red" } } });
    expect(gmEditFrom(form({ kind: "extraAction", side: "" }), true)).toMatch(/Pick the side/);
    expect(gmEditFrom(form({ kind: "endActivation", unitId: "" }), true)).toEqual({ reason: "placed wrong", body: { case: "endActivation", value: { unitId: "" } } });
    // The unit acting now goes with it: the engine refuses it if another is acting by then, and names it.
    expect(gmEditFrom(form({ kind: "endActivation", unitId: "" }), true, [], "b-inf-2")).toEqual({ reason: "placed wrong", body: { case: "endActivation", value: { unitId: "b-inf-2" } } });
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
