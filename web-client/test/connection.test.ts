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
});
