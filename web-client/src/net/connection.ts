// One WebSocket to the server: binary frames, one Envelope each. Says hello with the last
// sequence applied, reconnects with backoff when the line drops, and matches replies to
// requests by request_id. The socket and the timers are injected so tests can drive it.
// Queries (docs/protocol.md, "Queries") are asked with ask(): one promise per request, routed by
// request_id, and a newer question on the same channel makes the older one stale.
import { create, fromBinary, toBinary, type MessageInitShape } from "@bufbuild/protobuf";
import { EnvelopeSchema, type Envelope, HelloSchema } from "../gen/sandtable/v1/protocol_pb";
import { QueryAnswerSchema, type QueryAnswer, type QuerySchema } from "../gen/sandtable/v1/query_pb";
import { backoffDelay } from "./backoff";

export type EnvelopeInit = MessageInitShape<typeof EnvelopeSchema>;
export type QueryInit = MessageInitShape<typeof QuerySchema>;

/** The server's answer to a query and the room sequence it was computed at. */
export interface QueryResult {
  answer: QueryAnswer;
  seq: bigint;
}

/** The part of the browser's WebSocket this module uses. */
export interface SocketLike {
  binaryType: string;
  readonly readyState: number;
  onopen: ((ev: unknown) => void) | null;
  onclose: ((ev: { code: number; reason: string }) => void) | null;
  onmessage: ((ev: { data: unknown }) => void) | null;
  onerror: ((ev: unknown) => void) | null;
  send(data: Uint8Array): void;
  close(code?: number, reason?: string): void;
}

export type Status = "connecting" | "open" | "reconnecting" | "closed";

export interface ConnectionOptions {
  url: string;
  /** Token to say hello with; none for the lobby, which only asks for the catalog and rooms. */
  token?: string;
  /** Room id from the join link, so a link for a room on another node fails clearly. */
  roomId?: string;
  /** Last room sequence the client applied, read at every (re)connect. */
  lastSeq?: () => bigint;
  onEnvelope: (env: Envelope) => void;
  onStatus?: (status: Status, retryInMs?: number) => void;
  makeSocket?: (url: string) => SocketLike;
  setTimer?: (fn: () => void, ms: number) => unknown;
  clearTimer?: (t: unknown) => void;
  random?: () => number;
}

/** Errors after which reconnecting cannot help now: the seat's link is dead, its game is closed
 *  on the server until it restarts, or this address has tried too many wrong links. */
const FATAL_ERRORS = new Set(["BAD_TOKEN", "TOKEN_REVOKED", "UNKNOWN_ROOM", "ROOM_UNAVAILABLE", "TOO_MANY_TRIES"]);

export class Connection {
  private socket: SocketLike | null = null;
  private attempt = 0;
  private timer: unknown = null;
  private stopped = false;
  private nextRequestId = 1n;
  private readonly waiting = new Map<bigint, (env: Envelope) => void>();
  /** Queries not yet answered: request id -> its promise's resolver. */
  private readonly asked = new Map<bigint, (r: QueryResult | null) => void>();
  /** The latest query of each channel: an answer to an earlier one is stale. */
  private readonly latest = new Map<string, bigint>();
  private queue: Uint8Array[] = [];
  status: Status = "connecting";

  constructor(private readonly opts: ConnectionOptions) {}

  start(): void {
    this.stopped = false;
    this.open();
  }

  stop(): void {
    this.stopped = true;
    if (this.timer !== null) this.clear(this.timer);
    this.timer = null;
    this.socket?.close(1000, "bye");
    this.socket = null;
    for (const id of [...this.asked.keys()]) this.settle(id, null);
    this.setStatus("closed");
  }

  /** Sends now, or as soon as the line is up (orders are not queued across a reconnect). */
  send(init: EnvelopeInit): bigint {
    const id = init.requestId ?? this.nextRequestId++;
    const bytes = toBinary(EnvelopeSchema, create(EnvelopeSchema, { ...init, requestId: id }));
    if (this.socket && this.socket.readyState === 1) this.socket.send(bytes);
    else this.queue.push(bytes);
    return id;
  }

  /** Sends and resolves with the reply that carries the same request id. */
  request(init: EnvelopeInit): Promise<Envelope> {
    return new Promise((resolve) => {
      const id = this.nextRequestId++;
      this.waiting.set(id, resolve);
      this.send({ ...init, requestId: id });
    });
  }

  /**
   * Asks the server a query. Resolves with its answer, or with null when the answer can no
   * longer matter: a later ask on the same channel superseded it (its reply is dropped when it
   * comes), or the line dropped before it came. An error frame answering it (rate limit, not
   * joined) resolves as a refusal with the error's code and sentence. Query replies never reach
   * onEnvelope: they are the asker's alone.
   */
  ask(query: QueryInit, channel = "query"): Promise<QueryResult | null> {
    const before = this.latest.get(channel);
    if (before !== undefined) this.settle(before, null);
    const id = this.nextRequestId++;
    this.latest.set(channel, id);
    return new Promise((resolve) => {
      this.asked.set(id, resolve);
      this.send({ requestId: id, body: { case: "queryRequest", value: { query } } });
    });
  }

  private settle(id: bigint, r: QueryResult | null): void {
    const resolve = this.asked.get(id);
    if (!resolve) return;
    this.asked.delete(id);
    resolve(r);
  }

  /** Routes a query's reply (or an error answering it) to its promise; true when the envelope was one. */
  private answerQuery(env: Envelope): boolean {
    const b = env.body;
    if (b.case === "queryReply") {
      // Unknown ids are stale (superseded, or from before a reconnect): dropped.
      this.settle(env.requestId, { answer: b.value.answer ?? create(QueryAnswerSchema, {}), seq: b.value.seq });
      return true;
    }
    if (b.case === "error" && env.requestId !== 0n && this.asked.has(env.requestId)) {
      const { code, message } = b.value;
      const answer = create(QueryAnswerSchema, { ok: false, refusal: { code, message }, text: message });
      this.settle(env.requestId, { answer, seq: 0n });
      return !FATAL_ERRORS.has(code);
    }
    return false;
  }

  private open(): void {
    this.setStatus(this.attempt === 0 ? "connecting" : "reconnecting");
    const make = this.opts.makeSocket ?? ((url: string) => new WebSocket(url) as unknown as SocketLike);
    const s = make(this.opts.url);
    this.socket = s;
    s.binaryType = "arraybuffer";
    s.onopen = () => {
      if (this.opts.token !== undefined) {
        const hello = create(HelloSchema, { token: this.opts.token, roomId: this.opts.roomId ?? "", lastSeq: this.opts.lastSeq?.() ?? 0n });
        s.send(toBinary(EnvelopeSchema, create(EnvelopeSchema, { body: { case: "hello", value: hello } })));
      }
      for (const b of this.queue) s.send(b);
      this.queue = [];
      this.attempt = 0;
      this.setStatus("open");
    };
    s.onmessage = (ev) => this.receive(ev.data);
    s.onerror = () => {};
    s.onclose = () => {
      if (this.socket !== s) return;
      this.socket = null;
      // A reply to a query asked on this socket will not come on the next one.
      for (const id of [...this.asked.keys()]) this.settle(id, null);
      if (this.stopped) return;
      this.scheduleReconnect();
    };
  }

  private receive(data: unknown): void {
    let env: Envelope;
    try {
      const bytes = data instanceof ArrayBuffer ? new Uint8Array(data) : (data as Uint8Array);
      env = fromBinary(EnvelopeSchema, bytes);
    } catch {
      return; // not ours to act on; the server only sends envelopes
    }
    this.handle(env);
  }

  private handle(env: Envelope): void {
    if (env.batch.length > 0) {
      // Several envelopes in one message (an order's Delta with its OrderAccepted): each in order.
      for (const e of env.batch) if (!this.stopped) this.handle(e);
      return;
    }
    if (this.answerQuery(env)) return;
    // Only a seat's connection dies with its link; the lobby's asks about links (ListRooms) and
    // hears BAD_TOKEN as an answer, not as the end.
    if (this.opts.token !== undefined && env.body.case === "error" && FATAL_ERRORS.has(env.body.value.code)) this.stopped = true;
    const waiter = env.requestId !== 0n ? this.waiting.get(env.requestId) : undefined;
    if (waiter) {
      this.waiting.delete(env.requestId);
      waiter(env);
    }
    this.opts.onEnvelope(env);
    if (this.stopped) this.stop();
  }

  private scheduleReconnect(): void {
    const delay = backoffDelay(this.attempt, this.opts.random);
    this.attempt++;
    this.setStatus("reconnecting", delay);
    this.timer = this.set(() => {
      this.timer = null;
      if (!this.stopped) this.open();
    }, delay);
  }

  private setStatus(status: Status, retryInMs?: number): void {
    this.status = status;
    this.opts.onStatus?.(status, retryInMs);
  }

  private set(fn: () => void, ms: number): unknown {
    return (this.opts.setTimer ?? ((f, m) => setTimeout(f, m)))(fn, ms);
  }

  private clear(t: unknown): void {
    (this.opts.clearTimer ?? ((x) => clearTimeout(x as ReturnType<typeof setTimeout>)))(t);
  }
}
