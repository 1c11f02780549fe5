// Previews asked while the player aims: one question when the drawing rests (never one per
// pointer move), answers kept for the table's sequence, a stale answer never shown.
import { create } from "@bufbuild/protobuf";
import { describe, expect, it } from "vitest";
import { QueryAnswerSchema } from "../src/gen/sandtable/v1/query_pb";
import type { QueryInit, QueryResult } from "../src/net/connection";
import { Asker } from "../src/ui/asker";
import { MeasureTool } from "../src/ui/measure";

function harness() {
  const timers: { fn: () => void; ms: number; live: boolean }[] = [];
  const asked: { query: QueryInit; channel: string; resolve: (r: QueryResult | null) => void }[] = [];
  let answered = 0;
  const asker = new Asker(
    (query, channel) => new Promise((resolve) => asked.push({ query, channel, resolve })),
    "aim",
    () => answered++,
    { set: (fn, ms) => { const t = { fn, ms, live: true }; timers.push(t); return t; }, clear: (t) => { (t as { live: boolean }).live = false; } },
  );
  const tick = () => { for (const t of timers.splice(0)) if (t.live) t.fn(); };
  const reply = (i: number, text: string) => asked[i].resolve({ answer: create(QueryAnswerSchema, { ok: true, text }), seq: 1n });
  return { asker, timers, asked, tick, reply, answered: () => answered };
}

const preview = (n: number): QueryInit => ({ body: { case: "preview", value: { action: "move:g1", path: [{ x: n, y: 0 }] } } });
const flush = () => new Promise((r) => setTimeout(r, 0));

describe("asking while aiming", () => {
  it("asks once when the drawing rests, not once per change", () => {
    const t = harness();
    for (let i = 0; i < 30; i++) t.asker.want(1n, `k${i}`, preview(i)); // a handle dragged: 30 pointer moves
    expect(t.asked).toHaveLength(0);
    expect(t.timers.filter((x) => x.live)).toHaveLength(1); // each change restarted the one timer
    expect(t.timers.at(-1)!.ms).toBe(250);
    t.tick();
    expect(t.asked).toHaveLength(1);
    expect(t.asked[0].query).toEqual(preview(29)); // the last picture, the one the player stopped on
    expect(t.asked[0].channel).toBe("aim");
    expect(t.asker.waiting()).toBe(true);
  });

  it("asks the same question once, and a picked target at once", () => {
    const t = harness();
    t.asker.want(1n, "a", preview(1));
    t.asker.want(1n, "a", preview(1)); // re-rendered with nothing changed
    expect(t.timers).toHaveLength(1);
    t.asker.want(1n, "b", preview(2), 0);
    expect(t.asked).toHaveLength(1);
    expect(t.timers.filter((x) => x.live)).toHaveLength(0);
  });

  it("keeps answers for the table's sequence and asks again when the table changes", async () => {
    const t = harness();
    t.asker.want(1n, "a", preview(1), 0);
    t.reply(0, "answer a");
    await flush();
    expect(t.asker.answer()?.answer.text).toBe("answer a");
    expect(t.answered()).toBe(1);
    t.asker.want(1n, "b", preview(2), 0);
    t.asker.want(1n, "a", preview(1), 0); // back to a: answered already
    expect(t.asked).toHaveLength(2);
    expect(t.asker.answer()?.answer.text).toBe("answer a");
    t.asker.want(2n, "a", preview(1), 0); // the table moved on: a is asked again
    expect(t.asked).toHaveLength(3);
    expect(t.asker.answer()).toBeUndefined();
  });

  it("never shows an answer to a question no longer wanted", async () => {
    const t = harness();
    t.asker.want(1n, "a", preview(1), 0);
    t.asker.want(1n, "b", preview(2), 0);
    t.reply(1, "answer b");
    t.reply(0, "answer a"); // late, out of order
    await flush();
    expect(t.asker.answer()?.answer.text).toBe("answer b");
    expect(t.answered()).toBe(1); // the page redrew for b only
    t.asker.want(1n, null);
    expect(t.asker.answer()).toBeUndefined();
    expect(t.asker.waiting()).toBe(false);
  });

  it("drops an answer computed for an older table", async () => {
    const t = harness();
    t.asker.want(1n, "a", preview(1), 0);
    t.asker.want(2n, "a", preview(1), 5000); // a delta came while the question was out
    t.reply(0, "answer at 1");
    await flush();
    expect(t.asker.answer()).toBeUndefined();
  });
});

describe("the measure tool", () => {
  it("measures between two clicks; a third starts anew", () => {
    const m = new MeasureTool();
    m.toggle();
    expect(m.on).toBe(true);
    expect(m.query()).toBeNull();
    m.click({ place: { unitId: "g1" }, at: { x: 9, y: 3 }, label: "1st Squad" });
    expect(m.query()).toBeNull();
    m.click({ place: { point: { x: 20, y: 25.5 } }, at: { x: 20, y: 25.5 }, label: "" });
    expect(m.query()).toEqual({
      key: "measure|u:g1|p:20,25.5",
      query: { body: { case: "measure", value: { from: { unitId: "g1" }, to: { point: { x: 20, y: 25.5 } } } } },
    });
    m.click({ place: { square: { col: 2, row: 3 } }, at: { x: 2, y: 3 }, label: "" });
    expect(m.from?.place).toEqual({ square: { col: 2, row: 3 } });
    expect(m.to).toBeNull();
    m.toggle();
    expect(m.on).toBe(false);
    expect(m.from).toBeNull();
  });
});
