// One WebSocket to the server: binary frames, one Envelope each. Says hello with the last
// sequence applied, reconnects with backoff when the line drops, and matches replies to
// requests by request_id. The socket and the timers are injected so tests can drive it.
import { create, fromBinary, toBinary, type MessageInitShape } from "@bufbuild/protobuf";
import { EnvelopeSchema, type Envelope, HelloSchema } from "../gen/sandtable/v1/protocol_pb";
import { backoffDelay } from "./backoff";

export type EnvelopeInit = MessageInitShape<typeof EnvelopeSchema>;

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

/** Errors after which reconnecting cannot help: the seat's link is dead. */
const FATAL_ERRORS = new Set(["BAD_TOKEN", "TOKEN_REVOKED", "UNKNOWN_ROOM"]);

export class Connection {
  private socket: SocketLike | null = null;
  private attempt = 0;
  private timer: unknown = null;
  private stopped = false;
  private nextRequestId = 1n;
  private readonly waiting = new Map<bigint, (env: Envelope) => void>();
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
    if (env.body.case === "error" && FATAL_ERRORS.has(env.body.value.code)) this.stopped = true;
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
