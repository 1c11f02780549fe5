// The lobby's rule options for a new room: the options the scenario's rule set offers (its
// palette), each showing the value the scenario sets. The room is created with only those the GM
// changed, merged over the scenario's own (CreateRoom.options). Nothing here knows a rule set.
import type { ScenarioChecked } from "../gen/sandtable/v1/protocol_pb";
import { h, replace } from "./dom";

export class RoomOptions {
  readonly el = h("details", { class: "room-options", "data-testid": "room-options" });
  private readonly chosen = new Map<string, string>();
  private asked = 0;

  constructor(private readonly check: (scenarioId: string) => Promise<ScenarioChecked | null>) {
    this.el.hidden = true;
  }

  /** Shows the options of a built-in scenario (none for an uploaded file: the file says them). */
  async show(scenarioId: string): Promise<void> {
    const ask = ++this.asked;
    this.chosen.clear();
    this.el.hidden = true;
    if (!scenarioId) return;
    const c = await this.check(scenarioId);
    if (ask !== this.asked || !c?.palette) return;  // a later choice of scenario took over
    const set = new Map((c.scenario?.options ?? []).map((o) => [o.key, o.value]));
    const rows = c.palette.options
      .filter((o) => o.values.length > 1)
      .map((o) => {
        const current = set.get(o.key) ?? o.values[0];
        const select = h(
          "select",
          { "data-option": o.key, "aria-label": o.label, onchange: () => (select.value === current ? this.chosen.delete(o.key) : this.chosen.set(o.key, select.value)) },
          o.values.map((v) => {
            const words = o.experimental.includes(v) ? `${v} — experimental` : v;
            return h("option", { value: v, selected: v === current }, v === current ? `${words} (the scenario's)` : words);
          }),
        );
        return h("label", { title: o.help }, o.label, select);
      });
    if (!rows.length) return;
    replace(this.el, h("summary", {}, `Rule options (${rows.length})`), h("p", { class: "muted" }, "Each starts as the scenario sets it; only what you change is sent."), rows);
    this.el.hidden = false;
  }

  /** The options changed from the scenario's, for CreateRoom.options. */
  values(): Record<string, string> {
    return Object.fromEntries(this.chosen);
  }
}
