import { create, fromBinary, toBinary } from "@bufbuild/protobuf";
import { describe, expect, it } from "vitest";
import { EnvelopeSchema } from "../src/gen/sandtable/v1/protocol_pb";
import { Connection, type SocketLike, type Status } from "../src/net/connection";

class FakeSocket implements SocketLike {
  binaryType = "";
  readyState = 0;
  onopen: SocketLike["onopen"] = null;
  onclose: SocketLike["onclose"] = null;
  onmessage: SocketLike["onmessage"] = null;
  onerror: SocketLike["onerror"] = null;
  sent: Uint8Array[] = [];
  send(d: Uint8Array) { this.sent.push(d); }
  close() { this.readyState = 3; this.onclose?.({ code: 1000, reason: "" }); }
  open() { this.readyState = 1; this.onopen?.({}); }
  drop() { this.readyState = 3; this.onclose?.({ code: 1006, reason: "" }); }
  push(init: Parameters<typeof create<typeof EnvelopeSchema>>[1]) {
    this.onmessage?.({ data: toBinary(EnvelopeSchema, create(EnvelopeSchema, init)).buffer });
  }
  envelopes() { return this.sent.map((b) => fromBinary(EnvelopeSchema, b)); }
}

function harness(lastSeq = 0n) {
  const sockets: FakeSocket[] = [];
  const timers: { fn: () => void; ms: number }[] = [];
  const statuses: Status[] = [];
  const got: string[] = [];
  const conn = new Connection({
    url: "ws://x/ws",
    token: "tok123456",
    lastSeq: () => lastSeq,
    onEnvelope: (e) => got.push(e.body.case ?? ""),
    onStatus: (s) => statuses.push(s),
    makeSocket: () => { const s = new FakeSocket(); sockets.push(s); return s; },
    setTimer: (fn, ms) => { timers.push({ fn, ms }); return timers.length; },
    clearTimer: () => {},
    random: () => 0.5,
  });
  return { conn, sockets, timers, statuses, got, setSeq: (s: bigint) => { lastSeq = s; } };
}

describe("connection", () => {
  it("says hello with the last sequence, then flushes queued sends", () => {
    const h = harness(0n);
    h.conn.start();
    h.conn.send({ body: { case: "chatSend", value: { text: "hi" } } });
    h.sockets[0].open();
    const sent = h.sockets[0].envelopes();
    expect(sent[0].body.case).toBe("hello");
    expect(sent[0].body.value).toMatchObject({ token: "tok123456", lastSeq: 0n });
    expect(sent[1].body.case).toBe("chatSend");
    expect(h.statuses).toEqual(["connecting", "open"]);
  });

  it("reconnects with growing delays and resumes from the last sequence", () => {
    const h = harness();
    h.conn.start();
    h.sockets[0].open();
    h.setSeq(42n);
    h.sockets[0].drop();
    expect(h.timers.map((t) => t.ms)).toEqual([375]);
    h.timers[0].fn();
    h.sockets[1].drop(); // the server is still down
    expect(h.timers.map((t) => t.ms)).toEqual([375, 750]);
    h.timers[1].fn();
    h.sockets[2].open();
    expect(h.sockets[2].envelopes()[0].body.value).toMatchObject({ lastSeq: 42n });
    expect(h.statuses).toEqual(["connecting", "open", "reconnecting", "reconnecting", "reconnecting", "reconnecting", "open"]);
    h.sockets[2].drop();
    expect(h.timers[2].ms).toBe(375); // a good connection resets the backoff
  });

  it("reconnects when the room is moving between servers, and stops for a dead link", () => {
    const h = harness();
    h.conn.start();
    h.sockets[0].open();
    h.sockets[0].push({ body: { case: "error", value: { code: "ROOM_MOVING", message: "This game is moving between servers; reconnecting." } } });
    h.sockets[0].close();
    expect(h.timers.length).toBe(1);
    h.timers[0].fn();
    h.sockets[1].open();
    expect(h.sockets[1].envelopes()[0].body.case).toBe("hello");
    h.sockets[1].push({ body: { case: "error", value: { code: "UNKNOWN_ROOM", message: "There is no room." } } });
    expect(h.timers.length).toBe(1); // nothing to come back to
  });

  it("handles a batch's envelopes in order, each as if it had come alone", async () => {
    const h = harness();
    h.conn.start();
    h.sockets[0].open();
    const reply = h.conn.request({ body: { case: "listCatalog", value: {} } });
    const id = h.sockets[0].envelopes()[1].requestId;
    h.sockets[0].push({
      batch: [
        { body: { case: "delta", value: { fromSeq: 1n, seq: 2n } } },
        { batch: [{ requestId: id, body: { case: "catalog", value: { rulesets: [{ id: "pw", title: "PW" }] } } }] },
        { body: { case: "orderAccepted", value: { seq: 2n } } },
      ],
    });
    expect(h.got).toEqual(["delta", "catalog", "orderAccepted"]);
    const env = await reply;
    expect(env?.body.case).toBe("catalog");
  });

  it("matches replies to requests and stops for good on a dead token", async () => {
    const h = harness();
    h.conn.start();
    h.sockets[0].open();
    const reply = h.conn.request({ body: { case: "listCatalog", value: {} } });
    const id = h.sockets[0].envelopes()[1].requestId;
    h.sockets[0].push({ requestId: id, body: { case: "catalog", value: { rulesets: [{ id: "pw", title: "PW" }] } } });
    expect((await reply).body.case).toBe("catalog");
    h.sockets[0].push({ body: { case: "error", value: { code: "TOKEN_REVOKED", message: "revoked" } } });
    expect(h.statuses.at(-1)).toBe("closed");
    expect(h.timers).toEqual([]);
  });

  it("routes query replies by request id, drops stale ones, and keeps them from onEnvelope", async () => {
    const h = harness();
    h.conn.start();
    h.sockets[0].open();
    const measure = { body: { case: "measure" as const, value: { from: { unitId: "g1" }, to: { unitId: "b1" } } } };
    const first = h.conn.ask({ body: { case: "preview", value: { action: "move:g1", path: [{ x: 1, y: 1 }] } } }, "aim");
    const tape = h.conn.ask(measure, "measure");
    const second = h.conn.ask({ body: { case: "preview", value: { action: "move:g1", path: [{ x: 2, y: 2 }] } } }, "aim");
    const sent = h.sockets[0].envelopes().filter((e) => e.body.case === "queryRequest");
    expect(sent).toHaveLength(3);
    const [idFirst, idTape, idSecond] = sent.map((e) => e.requestId);
    expect(new Set([idFirst, idTape, idSecond]).size).toBe(3);
    expect(sent[1].body.value).toMatchObject({ query: { body: { case: "measure" } } });
    // The newer question on the aim channel made the first one stale at once.
    expect(await first).toBeNull();
    // Replies come out of order; the stale one is dropped.
    h.sockets[0].push({ requestId: idSecond, body: { case: "queryReply", value: { seq: 7n, answer: { ok: true, text: "second", inchesUsed: 2.8 } } } });
    h.sockets[0].push({ requestId: idFirst, body: { case: "queryReply", value: { seq: 7n, answer: { ok: true, text: "first" } } } });
    h.sockets[0].push({ requestId: idTape, body: { case: "queryReply", value: { seq: 7n, answer: { ok: true, text: "8\" from g1 to b1, in sight", distance: 8, lineOfSight: true } } } });
    const got = await second;
    expect(got?.answer.text).toBe("second");
    expect(got?.answer.inchesUsed).toBe(2.8);
    expect(got?.seq).toBe(7n);
    expect((await tape)?.answer).toMatchObject({ distance: 8, lineOfSight: true });
    expect(h.got).toEqual([]); // replies are the asker's alone
  });

  it("answers a query with the error that answers it, and with null when the line drops", async () => {
    const h = harness();
    h.conn.start();
    h.sockets[0].open();
    const limited = h.conn.ask({ body: { case: "measure", value: {} } });
    const id = h.sockets[0].envelopes().at(-1)!.requestId;
    h.sockets[0].push({ requestId: id, body: { case: "error", value: { code: "RATE_LIMITED", message: "Slow down.", requestId: id } } });
    const r = await limited;
    expect(r?.answer.ok).toBe(false);
    expect(r?.answer.refusal).toMatchObject({ code: "RATE_LIMITED", message: "Slow down." });
    expect(h.got).toEqual([]); // not the page's error: the connection is fine
    const lost = h.conn.ask({ body: { case: "measure", value: {} } });
    h.sockets[0].drop();
    expect(await lost).toBeNull();
  });
});

