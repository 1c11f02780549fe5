// The replay (docs/client.md "Replay"): a scrubber over the whole game, by step (an order) or by
// turn, with each step's log lines and dice, the table as this seat saw it then, and the dice
// statistics against fair dice. The server replays the game for the seat's token
// (docs/protocol.md "Replays"), so the table never shows what the seat could not see then.
// The GM may also open a "what if" room from the step shown (BranchRequest, docs/fair-play.md).
import type { Envelope, ReplayFrame } from "../gen/sandtable/v1/protocol_pb";
import type { EnvelopeInit } from "../net/connection";
import type { StorageLike } from "../state/my-rooms";
import { branchName, diceChart, replayTitle, stepBy, stepLabel, turnStep } from "../state/replay";
import { Board } from "./board";
import { h, replace } from "./dom";
import { dieFace, sides } from "./panels";
import { roomLinks, SEAT_ENTROPY_LABEL } from "./room-links";

/** What the GM's "what if" tab needs: the room's name and where the new room's links are kept. */
export interface BranchHost {
  roomName: string;
  scenario: string;
  store: StorageLike | null;
}

export class ReplayDialog {
  readonly root: HTMLElement;
  private readonly board = new Board({ onSquare: () => {}, onHoverSquare: () => {}, onHoverUnit: () => {} });
  private frame: ReplayFrame | null = null;
  private wanted = 0;
  private asking = false;
  private error = "";
  private tab: "step" | "dice" | "branch" = "step";
  // The GM's what-if form, kept across steps so a name typed stays; the last branch's links.
  private branchForm: { name: HTMLInputElement; entropy: HTMLInputElement; named: boolean } | null = null;
  private branchBusy = false;
  private branchError = "";
  private branched: HTMLElement[] | null = null;
  private readonly els: Record<string, HTMLElement> = {};
  private readonly keys = (e: KeyboardEvent) => this.onKey(e);

  constructor(
    private readonly request: (init: EnvelopeInit) => Promise<Envelope>,
    private readonly seat: string,
    private readonly onClose: () => void,
    private readonly branchHost: BranchHost | null = null,
  ) {
    const e = this.els;
    e.label = h("div", { class: "replay-label", "data-testid": "replay-step" });
    e.title = h("h2", { "data-testid": "replay-title" }, "Replay");
    e.slider = h("input", { type: "range", min: 0, max: 0, value: 0, "aria-label": "Replay step", "data-testid": "replay-slider", oninput: () => this.go(Number((e.slider as HTMLInputElement).value)) });
    const button = (label: string, title: string, testid: string, fn: () => number) =>
      h("button", { title, "data-testid": testid, onclick: () => this.frame && this.go(fn()) }, label);
    e.controls = h(
      "div",
      { class: "replay-controls" },
      button("◀◀", "The turn before (Shift+←)", "replay-prev-turn", () => turnStep(this.frame!, -1)),
      button("◀", "The step before (←)", "replay-prev", () => stepBy(this.frame!, -1)),
      e.slider,
      button("▶", "The next step (→)", "replay-next", () => stepBy(this.frame!, 1)),
      button("▶▶", "The next turn (Shift+→)", "replay-next-turn", () => turnStep(this.frame!, 1)),
    );
    e.tabs = h("div", { class: "tabs" });
    e.body = h("div", { class: "replay-body" });
    e.sides = h("div");
    this.root = h(
      "div",
      { class: "replay-back", "data-testid": "replay" },
      h(
        "div",
        { class: "replay" },
        h("header", { class: "replay-head" }, e.title, e.label, h("button", { class: "head-btn", "data-testid": "replay-close", onclick: () => this.close() }, "Close")),
        e.controls,
        h("main", { class: "replay-main" }, h("div", { class: "board-wrap" }, this.board.svg), h("aside", { class: "panel" }, e.tabs, e.body, e.sides)),
      ),
    );
    document.addEventListener("keydown", this.keys);
    this.go(0);
  }

  close(): void {
    document.removeEventListener("keydown", this.keys);
    this.onClose();
  }

  /** Asks for a step; while one is on its way only the latest wish is kept and asked next. */
  private go(step: number): void {
    this.wanted = step;
    if (this.asking) return;
    this.asking = true;
    void this.request({ body: { case: "replayRequest", value: { step } } }).then((env) => {
      this.asking = false;
      if (env.body.case === "replayFrame") {
        this.frame = env.body.value;
        this.error = "";
      } else if (env.body.case === "error") {
        this.error = env.body.value.message;
      }
      this.render();
      if (this.frame && this.wanted !== this.frame.step && this.wanted < this.frame.steps) this.go(this.wanted);
    }, () => {
      // The connection dropped with the question out; the next step asked tries again.
      this.asking = false;
      this.error = "The connection dropped; step again once it is back.";
      this.render();
    });
  }

  private onKey(e: KeyboardEvent): void {
    if (!this.frame) return;
    if (e.key === "Escape") this.close();
    else if (e.key === "ArrowRight") this.go(e.shiftKey ? turnStep(this.frame, 1) : stepBy(this.frame, 1));
    else if (e.key === "ArrowLeft") this.go(e.shiftKey ? turnStep(this.frame, -1) : stepBy(this.frame, -1));
    else return;
    e.preventDefault();
  }

  private render(): void {
    const f = this.frame;
    const e = this.els;
    if (!f) {
      replace(e.label, this.error || "Loading…");
      return;
    }
    const v = f.view!;
    const sideName = (id: string) => v.sides.find((s) => s.id === id)?.name || id;
    replace(e.title, replayTitle(f, this.seat, sideName));
    replace(e.label, stepLabel(f, sideName), this.error ? h("span", { class: "replay-error", role: "alert" }, ` — ${this.error}`) : null);
    const slider = e.slider as HTMLInputElement;
    slider.max = String(f.steps - 1);
    if (document.activeElement !== slider) slider.value = String(f.step);
    this.board.render(v, {});
    replace(
      e.tabs,
      h("button", { class: this.tab === "step" ? "on" : "", "data-testid": "replay-tab-step", onclick: () => { this.tab = "step"; this.render(); } }, "This step"),
      h("button", { class: this.tab === "dice" ? "on" : "", "data-testid": "replay-tab-dice", onclick: () => { this.tab = "dice"; this.render(); } }, "Dice statistics"),
      this.branchHost
        ? h("button", { class: this.tab === "branch" ? "on" : "", "data-testid": "replay-tab-branch", title: "Open a new room that goes on from this step", onclick: () => { this.tab = "branch"; this.render(); } }, "What if…")
        : null,
    );
    if (this.tab === "branch" && this.branchHost) {
      replace(e.body, this.branchPanel(f));
    } else if (this.tab === "step") {
      replace(
        e.body,
        h(
          "ol",
          { class: "log", "data-testid": "replay-events" },
          f.events.length === 0 ? h("li", { class: "muted" }, "Nothing this seat saw happened.") : null,
          f.events.map((ev) => h("li", { class: "log-event" }, h("span", { class: "log-seq" }, `#${ev.seq}`), ev.dice.length ? h("span", { class: "dice" }, ev.dice.map(dieFace)) : null, ev.text)),
        ),
      );
    } else {
      const charts = f.dice.map((d) => diceChart(d, sideName));
      replace(
        e.body,
        h(
          "div",
          { class: "dice-stats", "data-testid": "replay-dice" },
          h("p", { class: "muted" }, "Every die this seat saw rolled in the game so far, by whose order rolled it: the bars are how often each face came up, the marks what fair dice give."),
          charts.length === 0 ? h("p", { class: "muted" }, "No dice rolled yet.") : null,
          charts.map((c) =>
            h(
              "figure",
              { class: "dice-chart" },
              h("figcaption", {}, h("b", {}, c.title), ` — ${c.summary}; ${c.verdict}.`),
              h(
                "div",
                { class: "bars" },
                c.bars.map((b) =>
                  h(
                    "div",
                    { class: "bar", title: `${b.face}: ${b.count} (fair dice: ${b.expected.toFixed(1)})` },
                    h("div", { class: "bar-area" }, h("div", { class: "bar-count", style: `height:${(b.countH * 100).toFixed(1)}%` }), h("div", { class: "bar-expected", style: `bottom:${(b.expectedH * 100).toFixed(1)}%` })),
                    h("small", {}, b.face),
                  ),
                ),
              ),
            ),
          ),
        ),
      );
    }
    replace(e.sides, sides(v, this.seat));
  }

  /** The GM's what-if tab: a new room from this step, with its links once the server made it. */
  private branchPanel(f: ReplayFrame): HTMLElement {
    const host = this.branchHost!;
    if (!this.branchForm) {
      const name = h("input", { type: "text", maxlength: 200, "data-testid": "replay-branch-name", "aria-label": "The new room's name", oninput: () => { this.branchForm!.named = true; } }) as HTMLInputElement;
      const entropy = h("input", { type: "checkbox", checked: true, "data-testid": "replay-branch-entropy" }) as HTMLInputElement;
      this.branchForm = { name, entropy, named: false };
    }
    const form = this.branchForm;
    if (!form.named) form.name.value = branchName(host.roomName, f);
    return h(
      "div",
      { class: "branch", "data-testid": "replay-branch" },
      h("p", {}, "Open a new room that goes on from this step: the table as it was after it, hidden units and all, with dice of its own (a fresh secret). This game is not changed, and its log names the new room a what-if branch."),
      h("label", {}, "Name ", form.name),
      h("label", {}, form.entropy, SEAT_ENTROPY_LABEL),
      h("p", {}, h("button", { "data-testid": "replay-branch-go", disabled: this.branchBusy, onclick: () => this.openBranch(f.step) }, this.branchBusy ? "Opening…" : `Play on from step ${f.step}`)),
      this.branchError ? h("p", { class: "replay-error", role: "alert", "data-testid": "replay-branch-error" }, this.branchError) : null,
      this.branched ? h("div", { class: "branch-links", "data-testid": "replay-branch-links" }, this.branched) : null,
    );
  }

  private openBranch(step: number): void {
    const host = this.branchHost;
    const form = this.branchForm;
    if (!host || !form || this.branchBusy) return;
    this.branchBusy = true;
    this.branchError = "";
    const name = form.name.value.trim();
    void this.request({ body: { case: "branchRequest", value: { step, name, seatEntropy: form.entropy.checked } } }).then(
      (env) => {
        this.branchBusy = false;
        if (env.body.case === "roomCreated") this.branched = roomLinks(env.body.value, host.store, name || host.roomName, host.scenario);
        else if (env.body.case === "error") this.branchError = env.body.value.message;
        this.render();
      },
      () => {
        this.branchBusy = false;
        this.branchError = "The connection dropped before the server answered; look in your rooms list, or try again once it is back.";
        this.render();
      },
    );
  }
}
