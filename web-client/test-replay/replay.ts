// Replays what the server sends each seat (tests/tools/patch_stream.cc) through the store and
// checks the client's View against the engine's after every envelope. Records: a tag byte, a
// 4-byte little-endian length, the payload. 'G' names a game, 'S' starts a fresh client for a
// seat, 'E' is an Envelope for it, 'V' the View it must now hold. Parsed as chunks arrive: a
// stream of gigabytes never sits in memory whole.
import { equals, fromBinary, type DescMessage } from "@bufbuild/protobuf";
import { EnvelopeSchema } from "../src/gen/sandtable/v1/protocol_pb";
import { ViewSchema, type View } from "../src/gen/sandtable/v1/view_pb";
import { initialModel, reduce, type TableModel } from "../src/state/store";

export interface StreamRecord {
  tag: string;
  payload: Uint8Array;
}

const EMPTY = new Uint8Array(0);

/** Splits a byte stream into records, whatever the chunk boundaries. */
export class RecordParser {
  private chunks: Uint8Array[] = [];
  private head = 0;  // chunks before it are consumed (an index, not shift(): O(1) a chunk)
  private offset = 0;  // bytes of chunks[head] already consumed
  private buffered = 0;

  /** The records completed by `chunk`, in order. */
  push(chunk: Uint8Array): StreamRecord[] {
    if (chunk.length > 0) {
      if (this.head > 1024 || this.head === this.chunks.length) {
        this.chunks = this.chunks.slice(this.head);
        this.head = 0;
      }
      this.chunks.push(chunk);
      this.buffered += chunk.length;
    }
    const out: StreamRecord[] = [];
    while (this.buffered >= 5) {
      const head = this.peek(5);
      const length = (head[1] | (head[2] << 8) | (head[3] << 16) | (head[4] << 24)) >>> 0;
      if (this.buffered < 5 + length) break;
      this.skip(5);
      out.push({ tag: String.fromCharCode(head[0]), payload: this.take(length) });
    }
    return out;
  }

  /** The stream ended: a record cut short is an error. */
  finish(): void {
    if (this.buffered > 0) throw new Error(`the stream ends inside a record (${this.buffered} bytes left over)`);
  }

  private peek(n: number): Uint8Array {
    const first = this.chunks[this.head];
    if (first.length - this.offset >= n) return first.subarray(this.offset, this.offset + n);
    return this.copy(n);
  }

  private skip(n: number): void {
    this.consume(n, undefined);
  }

  /** The next n bytes, copied: the decoded messages may keep views of them. */
  private take(n: number): Uint8Array {
    const out = new Uint8Array(n);
    this.consume(n, out);
    return out;
  }

  private copy(n: number): Uint8Array {
    const out = new Uint8Array(n);
    let at = 0;
    let off = this.offset;
    for (let i = this.head; at < n; i++) {
      const c = this.chunks[i];
      const k = Math.min(n - at, c.length - off);
      out.set(c.subarray(off, off + k), at);
      at += k;
      off = 0;
    }
    return out;
  }

  private consume(n: number, into: Uint8Array | undefined): void {
    let at = 0;
    while (at < n) {
      const c = this.chunks[this.head];
      const k = Math.min(n - at, c.length - this.offset);
      into?.set(c.subarray(this.offset, this.offset + k), at);
      at += k;
      this.offset += k;
      if (this.offset === c.length) {
        this.chunks[this.head++] = EMPTY;  // let it go
        this.offset = 0;
      }
    }
    this.buffered -= n;
  }
}

export interface ReplayStats {
  games: number;
  seats: number;
  envelopes: number;
  patches: number;     // Deltas carrying a patch, applied and then found equal to the engine's View
  wholeViews: number;  // Snapshots and Deltas carrying the whole View
  viewsChecked: number;
}

/** Feeds records to one client at a time and throws at the first difference from the engine. */
export class Replayer {
  readonly stats: ReplayStats = { games: 0, seats: 0, envelopes: 0, patches: 0, wholeViews: 0, viewsChecked: 0 };
  private game = "";
  private seat = "";
  private model: TableModel | undefined;
  private decoder = new TextDecoder("utf-8", { fatal: true });

  record(r: StreamRecord): void {
    switch (r.tag) {
      case "G":
        this.game = this.decoder.decode(r.payload);
        this.seat = "";
        this.model = undefined;
        this.stats.games++;
        return;
      case "S":
        if (!this.game) throw new Error("a seat ('S') before any game ('G')");
        this.seat = this.decoder.decode(r.payload);
        this.model = initialModel();
        this.stats.seats++;
        return;
      case "E":
        return this.envelope(r.payload);
      case "V":
        return this.view(r.payload);
      default:
        throw new Error(`unknown record tag ${JSON.stringify(r.tag)} (${r.payload.length} bytes) in ${this.where()}`);
    }
  }

  private envelope(bytes: Uint8Array): void {
    const m = this.current("E");
    const env = this.decode("Envelope", () => fromBinary(EnvelopeSchema, bytes));
    const r = reduce(m, env);
    this.model = r.model;
    this.stats.envelopes++;
    const b = env.body;
    const what = b.case === "delta" ? `Delta ${b.value.fromSeq}->${b.value.seq} (${b.value.view ? "whole view" : b.value.patch ? "patch" : "neither"})` : (b.case ?? "empty envelope");
    if (r.send.length > 0) {
      const sent = r.send.map((s) => s.body?.case ?? "?").join(", ");
      throw new Error(`${this.where()}: the store answered ${what} with ${sent} (a patch that did not fit, or a gap); it held seq ${m.seq}`);
    }
    if (b.case === "snapshot" || (b.case === "delta" && b.value.view)) this.stats.wholeViews++;
    else if (b.case === "delta" && b.value.patch) this.stats.patches++;
  }

  private view(bytes: Uint8Array): void {
    const m = this.current("V");
    const want = this.decode("View", () => fromBinary(ViewSchema, bytes));
    this.stats.viewsChecked++;
    const got = m.view;
    if (!got) throw new Error(`${this.where()} seq ${want.seq}: the client holds no view`);
    if (!equals(ViewSchema, got, want)) {
      throw new Error(`${this.where()} seq ${want.seq}: the client's view differs from the engine's in ${firstDifference(got, want) ?? "(no field found: equals disagrees with the field walk)"}`);
    }
    if (m.seq !== want.seq) throw new Error(`${this.where()}: the client is at seq ${m.seq}, the engine's view at ${want.seq}`);
  }

  private current(tag: string): TableModel {
    if (!this.model) throw new Error(`a record '${tag}' before any seat ('S')${this.game ? ` in ${this.game}` : ""}`);
    return this.model;
  }

  private decode<T>(what: string, f: () => T): T {
    try {
      return f();
    } catch (e) {
      throw new Error(`${this.where()}: a record that is no ${what} (${e instanceof Error ? e.message : String(e)})`);
    }
  }

  private where(): string {
    return `${this.game || "(no game)"}, seat ${this.seat || "(none)"}`;
  }
}

/**
 * The first top-level field of View where a and b differ, with the first differing element of
 * a list (and its id, when it has one); undefined when none does.
 */
export function firstDifference(a: View, b: View): string | undefined {
  for (const member of ViewSchema.members) {
    if (member.kind === "oneof") {
      const x = (a as unknown as Record<string, { case?: string; value?: unknown }>)[member.localName];
      const y = (b as unknown as Record<string, { case?: string; value?: unknown }>)[member.localName];
      if (x.case !== y.case) return `${member.name} (${x.case ?? "unset"} vs ${y.case ?? "unset"})`;
      const f = member.fields.find((g) => g.localName === x.case);
      if (f && f.fieldKind === "message" && !equals(f.message, x.value as never, y.value as never)) return `${member.name}.${f.name}`;
      continue;
    }
    const x = (a as unknown as Record<string, unknown>)[member.localName];
    const y = (b as unknown as Record<string, unknown>)[member.localName];
    switch (member.fieldKind) {
      case "message":
        if (!sameMessage(member.message, x, y)) return member.name;
        break;
      case "list": {
        const xs = x as unknown[];
        const ys = y as unknown[];
        const n = Math.min(xs.length, ys.length);
        for (let i = 0; i < n; i++) {
          const same = member.listKind === "message" ? sameMessage(member.message, xs[i], ys[i]) : xs[i] === ys[i];
          if (!same) return `${member.name}[${i}]${idOf(xs[i], ys[i])}`;
        }
        if (xs.length !== ys.length) return `${member.name} (${xs.length} vs ${ys.length} entries)`;
        break;
      }
      case "map":
        if (JSON.stringify(x) !== JSON.stringify(y)) return member.name;
        break;
      default:
        if (x !== y) return `${member.name} (${String(x)} vs ${String(y)})`;
    }
  }
  return undefined;
}

function sameMessage(desc: DescMessage, x: unknown, y: unknown): boolean {
  if (x === undefined || y === undefined) return x === y;
  return equals(desc, x as never, y as never);
}

function idOf(x: unknown, y: unknown): string {
  const id = (v: unknown) => (typeof v === "object" && v !== null && "id" in v ? String((v as { id: unknown }).id) : undefined);
  const ix = id(x);
  const iy = id(y);
  if (ix === undefined && iy === undefined) return "";
  return ix === iy ? ` (id ${ix})` : ` (id ${ix} vs ${iy})`;
}

/** Reads the whole stream, record by record as it arrives; throws at the first mismatch. */
export async function replay(source: AsyncIterable<Uint8Array>): Promise<ReplayStats> {
  const parser = new RecordParser();
  const replayer = new Replayer();
  for await (const chunk of source) {
    for (const r of parser.push(chunk)) replayer.record(r);
  }
  parser.finish();
  return replayer.stats;
}

export function summary(s: ReplayStats): string {
  return `patch replay: ${s.games} games, ${s.seats} seats, ${s.envelopes} envelopes, ${s.patches} patches applied, ${s.wholeViews} whole views, ${s.viewsChecked} views checked`;
}
