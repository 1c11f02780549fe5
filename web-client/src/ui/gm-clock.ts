// The GM's clocks (clock.proto SetClock): off, for the whole game or for each turn, how long, and
// what happens when a side's time runs out. The form reads whole minutes and seconds; whether the
// time and the choice will do is the server's call, and its refusal is shown under the form.
import type { MessageInitShape } from "@bufbuild/protobuf";
import type { ClockSettings, ClockSettingsSchema } from "../gen/sandtable/v1/clock_pb";
import type { Envelope } from "../gen/sandtable/v1/protocol_pb";
import type { EnvelopeInit } from "../net/connection";
import type { HeldClock } from "../state/clocks";
import { h } from "./dom";

export type ClockSettingsInit = MessageInitShape<typeof ClockSettingsSchema>;

export const MODES = [
  { id: "off", label: "Off" },
  { id: "game", label: "For the whole game" },
  { id: "turn", label: "For each turn" },
];

export const ON_EXPIRY = [
  { id: "warn", label: "Warn everyone" },
  { id: "end_activation", label: "End the acting unit's activation" },
  { id: "forfeit", label: "The side loses the game" },
];

/** What the GM has typed, as typed. */
export interface ClockDraft {
  mode: string;
  minutes: string;
  seconds: string;
  onExpiry: string;
}

/** The form filled in from the room's clocks; half an hour and a warning when it has none yet. */
export function draftFrom(s: ClockSettings | undefined): ClockDraft {
  const on = s?.mode === "game" || s?.mode === "turn";
  const total = on ? s.seconds : 30 * 60;
  return { mode: on ? s.mode : "off", minutes: String(Math.floor(total / 60)), seconds: String(total % 60), onExpiry: on && s.onExpiry ? s.onExpiry : "warn" };
}

/** The settings the form describes, or a sentence saying what to fix. */
export function settingsFrom(d: ClockDraft): ClockSettingsInit | string {
  if (d.mode === "off") return { mode: "off" };
  const whole = (t: string) => (/^\s*\d+\s*$/.test(t) ? Number(t) : t.trim() === "" ? 0 : null);
  const minutes = whole(d.minutes);
  const seconds = whole(d.seconds);
  if (minutes === null || seconds === null) return "Give the time as whole minutes and seconds.";
  return { mode: d.mode, seconds: minutes * 60 + seconds, onExpiry: d.onExpiry };
}

type Send = (init: EnvelopeInit) => bigint | void;

/** The Clocks section of the referee panel; keeps the draft and the last refusal across renders. */
export class GmClock {
  /** null: the form shows the room's clocks as they are. */
  private draft: ClockDraft | null = null;
  private problem = "";
  private asked: bigint | null = null;
  private open = false;

  /** `changed`: draw the panel again (the form's own change). */
  constructor(private readonly changed: () => void) {}

  /**
   * The answer to the GM's SetClock: true when it was a refusal, which is shown here (it is not
   * the table's error); the ClockState that accepts it goes on to the table like any other.
   */
  answer(env: Envelope): boolean {
    if (this.asked === null || env.requestId !== this.asked) return false;
    this.asked = null;
    if (env.body.case === "error") {
      this.problem = env.body.value.message || env.body.value.code;
      this.changed();
      return true;
    }
    this.problem = "";
    this.draft = null;
    return false;
  }

  panel(held: HeldClock | undefined, send: Send | null): HTMLElement | null {
    if (!send) return null;
    const d = this.draft ?? draftFrom(held?.state.settings);
    const edit = (patch: Partial<ClockDraft>, redraw = false) => {
      this.draft = { ...d, ...this.draft, ...patch };
      if (redraw) this.changed();
    };
    const mode = h("select", { "data-testid": "gm-clock-mode", onchange: () => edit({ mode: mode.value }, true) },
      MODES.map((m) => h("option", { value: m.id, selected: m.id === d.mode }, m.label)));
    const number = (testid: string, label: string, value: string, key: "minutes" | "seconds") => {
      const input = h("input", { type: "number", min: 0, step: 1, value, "data-testid": testid, "aria-label": label, class: "gm-clock-number", oninput: () => edit({ [key]: input.value }) });
      return input;
    };
    const expiry = h("select", { "data-testid": "gm-clock-expiry", onchange: () => edit({ onExpiry: expiry.value }) },
      ON_EXPIRY.map((o) => h("option", { value: o.id, selected: o.id === d.onExpiry }, o.label)));
    const submit = (ev: Event) => {
      ev.preventDefault();
      const settings = settingsFrom(this.draft ?? d);
      if (typeof settings === "string") {
        this.problem = settings;
      } else {
        const id = send({ body: { case: "setClock", value: { settings } } });
        this.asked = typeof id === "bigint" ? id : null;
        this.problem = "";
      }
      this.changed();
    };
    const on = d.mode !== "off";
    const panel = h("details", { class: "gm-clocks", "data-testid": "gm-clocks", open: this.open || !!this.problem },
      h("summary", {}, "Clocks"),
      h("form", { class: "gm-form gm-clock-form", "data-testid": "gm-clock-form", onsubmit: submit },
        h("label", { class: "gm-field" }, "Time per side", mode),
        on ? h("div", { class: "gm-field" }, h("span", {}, "How long"),
          h("span", { class: "gm-clock-time" }, number("gm-clock-minutes", "Minutes", d.minutes, "minutes"), "min", number("gm-clock-seconds", "Seconds", d.seconds, "seconds"), "s")) : null,
        on ? h("label", { class: "gm-field" }, "When time runs out", expiry) : null,
        h("button", { type: "submit", class: "primary", "data-testid": "gm-clock-set"}, "Set the clocks"),
        h("p", { class: "gm-problem", role: "alert", "data-testid": "gm-clock-problem" }, this.problem)));
    panel.addEventListener("toggle", () => (this.open = panel.open));
    return panel;
  }
}
