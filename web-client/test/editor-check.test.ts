// The editor's questions to the server: a burst of changes asks once, an answer that comes after
// a newer one is dropped, and settled() waits for the answer to the latest change.
import { create } from "@bufbuild/protobuf";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { EnvelopeSchema, type Envelope } from "../src/gen/sandtable/v1/protocol_pb";
import { ScenarioSchema, type Scenario } from "../src/gen/sandtable/v1/scenario_pb";
import { Checker } from "../src/ui/editor-check";

function rig() {
  let scenario: Scenario = create(ScenarioSchema, { name: "v0" });
  const asked: { name: string; answer: (e: Envelope) => void }[] = [];
  const shown: string[] = [];
  const c = new Checker(
    (s) => new Promise((answer) => asked.push({ name: s.name, answer })),
    () => scenario,
    (reply) => shown.push(reply.body.case === "scenarioChecked" ? reply.body.value.problem : "?"),
    () => {},
  );
  const reply = (problem: string) => create(EnvelopeSchema, { body: { case: "scenarioChecked", value: { problem } } });
  return { c, asked, shown, reply, set: (name: string) => { scenario = create(ScenarioSchema, { name }); } };
}

describe("the editor's checks", () => {
  beforeEach(() => { vi.useFakeTimers(); });
  afterEach(() => { vi.useRealTimers(); });

  it("asks once after a burst of changes, about the latest state", async () => {
    const r = rig();
    for (const n of ["a", "b", "c"]) { r.set(n); r.c.later(); await vi.advanceTimersByTimeAsync(50); }
    expect(r.asked).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(150);
    expect(r.asked.map((a) => a.name)).toEqual(["c"]);
    expect(r.c.idle).toBe(false);
  });

  it("still asks every half second while changes keep coming", async () => {
    const r = rig();
    for (let i = 0; i < 12; i++) { r.set(`s${i}`); r.c.later(); await vi.advanceTimersByTimeAsync(100); }
    expect(r.asked.length).toBeGreaterThanOrEqual(2);
  });

  it("drops an answer that comes after the answer to a newer question", async () => {
    const r = rig();
    r.set("old"); r.c.later(); await vi.advanceTimersByTimeAsync(200);
    r.set("new"); r.c.later(); await vi.advanceTimersByTimeAsync(200);
    expect(r.asked.map((a) => a.name)).toEqual(["old", "new"]);
    r.asked[1].answer(r.reply("new answer"));
    await vi.advanceTimersByTimeAsync(0);
    r.asked[0].answer(r.reply("old answer"));
    await vi.advanceTimersByTimeAsync(0);
    expect(r.shown).toEqual(["new answer"]);
    expect(r.c.idle).toBe(true);
  });

  it("settled() asks at once and resolves with the latest answer", async () => {
    const r = rig();
    r.set("x"); r.c.later();
    let done = false;
    void r.c.settled().then(() => { done = true; });
    await vi.advanceTimersByTimeAsync(0);
    expect(r.asked.map((a) => a.name)).toEqual(["x"]);
    expect(done).toBe(false);
    r.asked[0].answer(r.reply(""));
    await vi.advanceTimersByTimeAsync(0);
    expect(done).toBe(true);
  });

  it("after a dropped line nothing waits for the lost answer", async () => {
    const r = rig();
    r.c.later(); await vi.advanceTimersByTimeAsync(200);
    expect(r.c.idle).toBe(false);
    r.c.lost();
    expect(r.c.idle).toBe(true);
  });
});
