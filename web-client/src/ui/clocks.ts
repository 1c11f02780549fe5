// The room's clocks, a strip under the table's header (the header's own row has no room for long
// side names): each side's time, which run and which ran out, for everyone at the table; nothing
// when the room has none. A running clock is redrawn four times a
// second from the last ClockState (state/clocks.ts); only the server says a side is out of time.
import type { View } from "../gen/sandtable/v1/view_pb";
import { clocksAt, clocksOn, type HeldClock } from "../state/clocks";
import { h, replace } from "./dom";
import { sideColour } from "./look";

const TICK_MS = 250;

export class ClockBar {
  readonly el = h("div", { class: "clocks", "data-testid": "clocks", hidden: true });
  private held?: HeldClock;
  private view?: View;
  private timer?: ReturnType<typeof setInterval>;

  constructor(private readonly now: () => number = () => performance.now()) {}

  update(held: HeldClock | undefined, view: View | undefined): void {
    this.held = held;
    this.view = view;
    this.draw();
  }

  private draw(): void {
    const shown = clocksAt(this.held, this.now());
    this.el.hidden = !clocksOn(this.held);
    const order = (id: string) => this.view?.sides.findIndex((s) => s.id === id) ?? 0;
    shown.sort((a, b) => order(a.side) - order(b.side));
    const perTurn = this.held?.state.settings?.mode === "turn";
    replace(this.el, h("span", { class: "clocks-label" }, perTurn ? "Time this turn" : "Time for the game"), shown.map((c) => {
      const name = this.view?.sides.find((s) => s.id === c.side)?.name || c.side;
      const state = c.expired ? "out of time" : c.running ? "running" : "stopped";
      return h("span", { class: "clock" + (c.running ? " running" : "") + (c.expired ? " expired" : ""), "data-testid": `clock-${c.side}`, "data-running": String(c.running), "data-expired": String(c.expired), title: `${name}: ${c.time}, ${state}` },
        h("span", { class: "swatch", style: `background:${sideColour(this.view, c.side).fill}` }),
        h("span", { class: "clock-side" }, name),
        h("span", { class: "clock-time", "data-testid": "clock-time" }, c.time),
        c.running && !c.expired ? h("span", { class: "clock-run", "aria-label": "running" }, "▶") : null,
        c.expired ? h("span", { class: "clock-out", "data-testid": "clock-out" }, "out of time") : null);
    }));
    // Ticks only while a clock runs down: a stopped one, or one out of time, shows what the server last said.
    const running = shown.some((c) => c.running && !c.expired);
    if (running && this.timer === undefined) this.timer = setInterval(() => this.draw(), TICK_MS);
    if (!running && this.timer !== undefined) {
      clearInterval(this.timer);
      this.timer = undefined;
    }
  }
}
