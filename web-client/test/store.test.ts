import { describe, expect, it } from "vitest";
import { DieKind } from "../src/gen/sandtable/v1/common_pb";
import { filterLog, initialModel, recentDice, reduce } from "../src/state/store";
import { env, moved, unit, view } from "./fixtures";

const welcome = env({ body: { case: "welcome", value: { roomId: "r", seat: "blue", seq: 3n } } });

describe("table view-model", () => {
  it("takes the view and sequence from a snapshot", () => {
    let m = reduce(initialModel(), welcome).model;
    m = reduce(m, env({ body: { case: "snapshot", value: { seq: 3n, view: view([unit("b1", "blue", 1, 1)], 3n) } } })).model;
    expect(m.seq).toBe(3n);
    expect(m.view?.units[0].id).toBe("b1");
    expect(m.welcome?.seat).toBe("blue");
  });

  it("shows the latest log lines a fresh page's snapshot brings, and none twice", () => {
    const lines = [moved(2n, "b1", { col: 1, row: 2 }), moved(3n, "b1", { col: 1, row: 3 })];
    let m = reduce(initialModel(), env({ body: { case: "snapshot", value: { seq: 3n, view: view([unit("b1", "blue", 1, 3)], 3n), events: lines } } })).model;
    expect(m.log.map((e) => e.text)).toEqual(["1st Rifles moved 1 square to (1,2), facing north.", "1st Rifles moved 1 square to (1,3), facing north."]);
    // A page that held the log to seq 2 keeps its own line 2 and takes line 3 only.
    m = reduce(initialModel({ seq: 2n, log: m.log.slice(0, 1) }), env({ body: { case: "snapshot", value: { seq: 3n, view: view([unit("b1", "blue", 1, 3)], 3n), events: lines } } })).model;
    expect(m.log.map((e) => e.seq)).toEqual([2n, 3n]);
  });

  it("applies a delta that follows on, and logs the engine's sentence for each event", () => {
    let m = reduce(initialModel(), env({ body: { case: "snapshot", value: { seq: 3n, view: view([unit("b1", "blue", 1, 1, { name: "1st Rifles" })], 3n) } } })).model;
    const r = reduce(m, env({ body: { case: "delta", value: { fromSeq: 3n, seq: 4n, events: [moved(4n, "b1", { col: 1, row: 2 })], view: view([unit("b1", "blue", 1, 2, { name: "1st Rifles" })], 4n) } } }));
    m = r.model;
    expect(r.send).toEqual([]);
    expect(m.seq).toBe(4n);
    expect(m.view?.units[0].square).toMatchObject({ col: 1, row: 2 });
    expect(m.log.at(-1)).toMatchObject({ kind: "event", text: "1st Rifles moved 1 square to (1,2), facing north." });
  });

  it("keeps the static table it holds when a delta leaves it out (sameTable)", () => {
    const first = view([unit("b1", "blue", 1, 1)], 3n);
    first.terrain = [{ $typeName: "sandtable.v1.TerrainFeature", kind: "woods", name: "Big Wood", squares: [{ $typeName: "sandtable.v1.GridSquare", col: 2, row: 2 }] } as never];
    let m = reduce(initialModel(), env({ body: { case: "snapshot", value: { seq: 3n, view: first } } })).model;
    const bare = view([unit("b1", "blue", 1, 2)], 4n);
    bare.ruleset = "";
    bare.scenarioName = "";
    bare.board = { case: undefined };
    m = reduce(m, env({ body: { case: "delta", value: { fromSeq: 3n, seq: 4n, events: [], view: bare, sameTable: true } } })).model;
    expect(m.view?.units[0].square).toMatchObject({ col: 1, row: 2 });
    expect(m.view?.board).toMatchObject({ case: "grid", value: { cols: 8, rows: 6 } });
    expect(m.view?.terrain.map((t) => t.name)).toEqual(["Big Wood"]);
    expect(m.view?.scenarioName).toBe("Test");
    expect(m.view?.ruleset).toBe("portable-wargame-19c");
    // A delta whose table changed carries it whole, and it replaces ours.
    const changed = view([unit("b1", "blue", 1, 2)], 5n, 9, 7);
    m = reduce(m, env({ body: { case: "delta", value: { fromSeq: 4n, seq: 5n, events: [], view: changed } } })).model;
    expect(m.view?.board).toMatchObject({ case: "grid", value: { cols: 9, rows: 7 } });
    expect(m.view?.terrain).toEqual([]);
  });

  it("asks for a resync when a delta skips sequences", () => {
    const m = reduce(initialModel(), env({ body: { case: "snapshot", value: { seq: 3n, view: view([], 3n) } } })).model;
    const r = reduce(m, env({ body: { case: "delta", value: { fromSeq: 5n, seq: 6n, events: [], view: view([], 6n) } } }));
    expect(r.model).toBe(m);
    expect(r.send).toEqual([{ body: { case: "resync", value: { sinceSeq: 3n } } }]);
  });

  it("ignores events it already has when an older delta overlaps", () => {
    let m = reduce(initialModel(), env({ body: { case: "snapshot", value: { seq: 2n, view: view([unit("b1", "blue", 1, 1)], 2n) } } })).model;
    const d = env({ body: { case: "delta", value: { fromSeq: 1n, seq: 3n, events: [moved(2n, "b1", { col: 1, row: 2 }), moved(3n, "b1", { col: 1, row: 3 })], view: view([unit("b1", "blue", 1, 3)], 3n) } } });
    m = reduce(m, d).model;
    expect(m.log.map((e) => e.seq)).toEqual([3n]);
    expect(m.seq).toBe(3n);
  });

  it("numbers the lines a delta sends without their seqs: each follows the one before, the first from_seq", () => {
    let m = reduce(initialModel(), env({ body: { case: "snapshot", value: { seq: 3n, view: view([unit("b1", "blue", 1, 1)], 3n) } } })).model;
    // 6 was hidden from this seat: 7 carries its own seq, 8 follows it.
    const lines = [moved(0n, "b1", { col: 1, row: 2 }), moved(0n, "b1", { col: 1, row: 3 }), moved(7n, "b1", { col: 1, row: 4 }), moved(0n, "b1", { col: 1, row: 5 })];
    m = reduce(m, env({ body: { case: "delta", value: { fromSeq: 3n, seq: 8n, events: lines, view: view([unit("b1", "blue", 1, 5)], 8n) } } })).model;
    expect(m.log.map((e) => e.seq)).toEqual([4n, 5n, 7n, 8n]);
    expect(m.log.at(-1)?.text).toContain("(1,5)");
  });

  it("shows the server's sentence for a refused order and resyncs if behind", () => {
    let m = reduce(reduce(initialModel(), welcome).model, env({ body: { case: "snapshot", value: { seq: 3n, view: view([], 3n) } } })).model;
    const r = reduce(m, env({ body: { case: "orderRejected", value: { rejection: { code: "PW_MOVE_TOO_FAR", ruleId: "PW-MOVE-01", message: "1st Rifles may move 2 squares." }, roomSeq: 4n } } }));
    m = r.model;
    expect(m.refusal).toEqual({ text: "1st Rifles may move 2 squares.", code: "PW_MOVE_TOO_FAR", ruleId: "PW-MOVE-01" });
    expect(m.log.at(-1)).toMatchObject({ kind: "refusal", text: "Refused: 1st Rifles may move 2 squares." });
    expect(r.send).toEqual([{ body: { case: "resync", value: { sinceSeq: 3n } } }]);
  });

  it("shows an ellipsis for an event the engine wrote no line for", () => {
    let m = reduce(initialModel(), env({ body: { case: "snapshot", value: { seq: 1n, view: view([], 1n) } } })).model;
    m = reduce(m, env({ body: { case: "delta", value: { fromSeq: 1n, seq: 2n, events: [{ seq: 2n }], view: view([], 2n) } } })).model;
    expect(m.log.map((e) => e.text)).toEqual(["…"]);
  });

  it("keeps chat once per message id", () => {
    const c = env({ body: { case: "chat", value: { id: 7n, seat: "red", text: "hello" } } });
    const m = reduce(reduce(initialModel(), c).model, c).model;
    expect(m.chat.map((x) => x.text)).toEqual(["hello"]);
  });

  it("filters the log and finds the latest dice", () => {
    let m = reduce(initialModel(), env({ body: { case: "snapshot", value: { seq: 0n, view: view([unit("b1", "blue", 1, 1), unit("r1", "red", 1, 4)], 0n) } } })).model;
    const fired = { seq: 2n, text: "r1 fires at (1,1): 6, 1 hit.", dice: [{ kind: DieKind.D6, value: 6, label: "fire" }] };
    m = reduce(m, env({ body: { case: "delta", value: { fromSeq: 0n, seq: 2n, events: [moved(1n, "b1", { col: 1, row: 2 }), fired as never], view: m.view } } })).model;
    expect(filterLog(m.log, "all").map((e) => e.seq)).toEqual([1n, 2n]);
    expect(filterLog(m.log, "dice").map((e) => e.seq)).toEqual([2n]);
    expect(filterLog(m.log, "refusals")).toEqual([]);
    expect(recentDice(m.log, 5).map((e) => e.dice[0].value)).toEqual([6]);
  });
});
