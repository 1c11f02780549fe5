// The replay of the engine's stream (test-replay/replay.ts), checked here without the C++ tool:
// a hand-built stream of records, cut into chunks anywhere, through the parser and the store.
import { describe, expect, it } from "vitest";
import { create, toBinary } from "@bufbuild/protobuf";
import { EnvelopeSchema, type Envelope } from "../src/gen/sandtable/v1/protocol_pb";
import { GridBoardSchema } from "../src/gen/sandtable/v1/scenario_pb";
import { ViewPatchSchema, ViewSchema, type View } from "../src/gen/sandtable/v1/view_pb";
import { applyPatch } from "../src/state/patch";
import { firstDifference, RecordParser, replay, type StreamRecord } from "../test-replay/replay";
import { env, unit, view } from "./fixtures";

function record(tag: string, payload: Uint8Array | string): Uint8Array {
  const body = typeof payload === "string" ? new TextEncoder().encode(payload) : payload;
  const out = new Uint8Array(5 + body.length);
  out[0] = tag.charCodeAt(0);
  new DataView(out.buffer).setUint32(1, body.length, true);
  out.set(body, 5);
  return out;
}
const E = (e: Envelope) => record("E", toBinary(EnvelopeSchema, e));
const V = (v: View) => record("V", toBinary(ViewSchema, v));

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/** The bytes in chunks of `size` (1 = a byte at a time: every boundary inside a header and a payload). */
async function* chunked(bytes: Uint8Array, size: number): AsyncGenerator<Uint8Array> {
  for (let i = 0; i < bytes.length; i += size) yield bytes.slice(i, i + size);
}

/** One game, one seat: a snapshot, a patch, a whole view with the table left out, a patch again. */
function game(): { bytes: Uint8Array; last: View } {
  const v3 = view([unit("b1", "blue", 1, 1), unit("r1", "red", 1, 4)], 3n);
  const patch4 = create(ViewPatchSchema, { units: [unit("b2", "blue", 2, 1)], unitsGone: ["r1"] });
  const p4 = env({ body: { case: "delta", value: { fromSeq: 3n, seq: 4n, patch: patch4 } } });
  const v4 = applyPatch(v3, patch4, 4n)!;
  const v5 = view([unit("b1", "blue", 1, 2)], 5n);
  const bare = create(ViewSchema, { ...v5, board: { case: undefined }, ruleset: "", scenarioName: "" });
  const v6 = create(ViewSchema, { ...v5, seq: 6n, paused: true });
  return {
    bytes: concat([
      record("G", "portable-wargame-19c pw/test.json seed 1"),
      record("S", "blue"),
      E(env({ body: { case: "snapshot", value: { seq: 3n, view: v3 } } })),
      V(v3),
      E(p4),
      V(v4),
      E(env({ body: { case: "delta", value: { fromSeq: 4n, seq: 5n, view: bare, sameTable: true } } })),
      V(v5),
      E(env({ body: { case: "delta", value: { fromSeq: 5n, seq: 6n, patch: { paused: true } } } })),
      V(v6),
    ]),
    last: v6,
  };
}

describe("the patch replay's stream", () => {
  it("splits records whatever the chunk boundaries, and refuses a record cut short", () => {
    const bytes = concat([record("G", "a game"), record("S", ""), record("V", new Uint8Array(70000).fill(7))]);
    for (const size of [1, 3, 5, 6, 4096, bytes.length]) {
      const p = new RecordParser();
      const got: StreamRecord[] = [];
      for (let i = 0; i < bytes.length; i += size) got.push(...p.push(bytes.subarray(i, i + size)));
      p.finish();
      expect(got.map((r) => [r.tag, r.payload.length])).toEqual([["G", 6], ["S", 0], ["V", 70000]]);
      expect(new TextDecoder().decode(got[0].payload)).toBe("a game");
      expect(got[2].payload.every((b) => b === 7)).toBe(true);
    }
    const cut = new RecordParser();
    expect(cut.push(bytes.subarray(0, bytes.length - 1)).length).toBe(2);
    expect(() => cut.finish()).toThrow(/inside a record/);
  });

  it("replays a seat's envelopes and checks each view", async () => {
    const { bytes } = game();
    for (const size of [1, 7, bytes.length]) {
      const stats = await replay(chunked(concat([bytes, bytes]), size));
      expect(stats).toEqual({ games: 2, seats: 2, envelopes: 8, patches: 4, wholeViews: 4, viewsChecked: 8 });
    }
  });

  it("fails naming the game, the seat, the seq and the first differing field", async () => {
    const { bytes, last } = game();
    const wrong = create(ViewSchema, { ...last, units: [unit("b1", "blue", 1, 3)] });
    const stream = concat([bytes.subarray(0, bytes.length - V(last).length), V(wrong)]);
    await expect(replay(chunked(stream, 64))).rejects.toThrow("portable-wargame-19c pw/test.json seed 1, seat blue seq 6: the client's view differs from the engine's in units[0] (id b1)");
  });

  it("fails when the store asks for a resync (a patch that did not fit)", async () => {
    const stream = concat([
      record("G", "g"),
      record("S", "red"),
      E(env({ body: { case: "snapshot", value: { seq: 1n, view: view([], 1n) } } })),
      E(env({ body: { case: "delta", value: { fromSeq: 1n, seq: 2n, patch: { sides: [{ id: "green" }] } } } })),
    ]);
    await expect(replay(chunked(stream, 10))).rejects.toThrow(/g, seat red: the store answered Delta 1->2 \(patch\) with resync/);
  });

  it("fails on a record outside a seat and on an unknown tag", async () => {
    await expect(replay(chunked(concat([record("G", "g"), V(view([]))]), 100))).rejects.toThrow(/before any seat/);
    await expect(replay(chunked(concat([record("G", "g"), record("X", "?")]), 100))).rejects.toThrow(/unknown record tag "X"/);
  });

  it("names the first differing top-level field, or none", () => {
    const a = view([unit("b1", "blue", 1, 1)]);
    expect(firstDifference(a, create(ViewSchema, a))).toBeUndefined();
    expect(firstDifference(a, { ...a, paused: true })).toBe("paused (false vs true)");
    expect(firstDifference(a, { ...a, board: { case: "grid", value: create(GridBoardSchema, { cols: 9, rows: 6 }) } })).toBe("board.grid");
    expect(firstDifference(a, { ...a, units: [...a.units, unit("b2", "blue", 2, 2)] })).toBe("units (1 vs 2 entries)");
    expect(firstDifference(a, { ...a, turn: undefined })).toBe("turn");
  });
});
