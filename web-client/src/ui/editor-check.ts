// The scenario editor's questions to the server: after a change it waits a moment (a burst of
// clicks asks once), asks CheckScenario about the scenario as it is then, and hands on only an
// answer newer than the one shown (answers may overtake each other). Save and Start wait for the
// answer to the latest change, as they use its file.
import type { Envelope } from "../gen/sandtable/v1/protocol_pb";
import type { Scenario } from "../gen/sandtable/v1/scenario_pb";

/** How long after a change the question goes out. */
const CHECK_MS = 150;
/** A steady stream of clicks still gets an answer this often. */
const MAX_WAIT_MS = 500;

export class Checker {
  private timer: ReturnType<typeof setTimeout> | null = null;
  private pendingSince = 0;
  private sent = 0;
  private applied = 0;
  private waiters: (() => void)[] = [];

  constructor(
    private readonly ask: (s: Scenario) => Promise<Envelope>,
    private readonly current: () => Scenario | null,
    private readonly answered: (reply: Envelope) => void,
    private readonly settledNow: () => void,
  ) {}

  /** The scenario changed: ask about it in a moment. */
  later(): void {
    if (!this.timer) this.pendingSince = Date.now();
    else if (Date.now() - this.pendingSince < MAX_WAIT_MS) clearTimeout(this.timer);
    else return;  // the question already waiting goes out soon and takes this change with it
    this.timer = setTimeout(() => void this.now(), CHECK_MS);
  }

  /** Nothing waits to be asked and every question has its answer. */
  get idle(): boolean {
    return this.timer === null && this.applied === this.sent;
  }

  /** Resolves once the latest change has its answer (asking at once if it still waited). */
  settled(): Promise<void> {
    if (this.timer) {
      clearTimeout(this.timer);
      void this.now();
    }
    return this.idle ? Promise.resolve() : new Promise((r) => this.waiters.push(r));
  }

  /** The line dropped: answers to what was asked on it never come. */
  lost(): void {
    this.applied = this.sent;
  }

  private async now(): Promise<void> {
    this.timer = null;
    const s = this.current();
    if (!s) return;
    const n = ++this.sent;
    const reply = await this.ask(s);
    if (n > this.applied) {
      this.applied = n;
      this.answered(reply);
    }
    this.settledNow();
    if (this.idle) for (const w of this.waiters.splice(0)) w();
  }
}
