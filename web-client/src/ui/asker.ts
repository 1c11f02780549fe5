// Asking the server a query while the player aims: one question at a time per asker, asked
// when the player pauses (a debounce, so a path being drawn or a facing being dragged sends one
// frame when the hand stops, never one per pointer move: frames are rate limited), answers kept
// for the table's current sequence so hovering back and forth asks nothing twice, and an answer
// shown only while its question is still the one wanted.
import type { QueryInit, QueryResult } from "../net/connection";

export type Ask = (query: QueryInit, channel: string) => Promise<QueryResult | null>;

export interface Timers {
  set(fn: () => void, ms: number): unknown;
  clear(t: unknown): void;
}

const browserTimers: Timers = {
  set: (fn, ms) => setTimeout(fn, ms),
  clear: (t) => clearTimeout(t as ReturnType<typeof setTimeout>),
};

/** How long the drawing must rest before a preview is asked. */
export const PAUSE_MS = 250;

export class Asker {
  private wanted: { key: string; query: QueryInit } | null = null;
  private timer: unknown = null;
  private seq = -1n;
  private readonly answers = new Map<string, QueryResult>();
  /** The key of the question on the wire, if any. */
  private inFlight: string | null = null;

  constructor(
    private readonly ask: Ask | null,
    private readonly channel: string,
    private readonly onAnswer: () => void,
    private readonly timers: Timers = browserTimers,
  ) {}

  /**
   * The question the page wants answered now (null: none) at the table's sequence `seq`. A new
   * question is asked after `delayMs` without another change; the same question again changes
   * nothing; one already answered at this sequence is not asked again.
   */
  want(seq: bigint, key: string | null, query?: QueryInit, delayMs = PAUSE_MS): void {
    if (seq !== this.seq) {
      this.seq = seq;
      this.answers.clear(); // answers of an older table
    } else if (key === (this.wanted?.key ?? null)) {
      return;
    }
    this.stopTimer();
    this.wanted = key !== null && query ? { key, query } : null;
    if (!this.wanted || this.answers.has(this.wanted.key) || !this.ask) return;
    if (delayMs <= 0) void this.fire();
    else this.timer = this.timers.set(() => void this.fire(), delayMs);
  }

  /** The answer to the question wanted now, once it has come. */
  answer(): QueryResult | undefined {
    return this.wanted ? this.answers.get(this.wanted.key) : undefined;
  }

  /** True while the question wanted now is waiting to be asked or answered. */
  waiting(): boolean {
    return !!this.wanted && !!this.ask && !this.answers.has(this.wanted.key);
  }

  /** Whether a question is on the wire now (for tests and the page's busy hint). */
  get busy(): boolean {
    return this.inFlight !== null;
  }

  private stopTimer(): void {
    if (this.timer !== null) this.timers.clear(this.timer);
    this.timer = null;
  }

  private async fire(): Promise<void> {
    this.timer = null;
    const w = this.wanted;
    if (!w || !this.ask) return;
    const seq = this.seq;
    this.inFlight = w.key;
    const r = await this.ask(w.query, this.channel);
    if (this.inFlight === w.key) this.inFlight = null;
    if (!r || seq !== this.seq) return; // superseded, the line dropped, or the table moved on
    this.answers.set(w.key, r);
    if (this.wanted?.key === w.key) this.onAnswer();
  }
}
