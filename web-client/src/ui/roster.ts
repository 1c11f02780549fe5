// The order of battle: every unit of the seat's side, and what it can see of the others, with
// strength and markers as the engine wrote them; picking one centres the table on it.
import type { UnitView, View } from "../gen/sandtable/v1/view_pb";
import { h } from "./dom";
import { markerText, plainMarkers } from "./panels";

export interface RosterSide {
  id: string;
  name: string;
  mine: boolean;
  units: UnitView[];
}

/** The sides in the order a seat reads them: its own first, then the others as the scenario lists them. */
export function roster(v: View, seat: string): RosterSide[] {
  const out: RosterSide[] = v.sides.map((s) => ({ id: s.id, name: s.name || s.id, mine: s.id === seat, units: v.units.filter((u) => u.side === s.id) }));
  return [...out.filter((s) => s.mine), ...out.filter((s) => !s.mine)];
}

/** "3/4": strength of the most it had. */
export function strengthText(u: UnitView): string {
  return u.maxStrength > 0 ? `${u.strength}/${u.maxStrength}` : String(u.strength);
}

export function rosterPanel(v: View, seat: string, open: boolean, toggled: (open: boolean) => void, pick: (unitId: string) => void): HTMLElement {
  const panel = h(
    "details",
    { class: "roster", "data-testid": "roster", open },
    h("summary", {}, "Order of battle"),
    roster(v, seat).map((s) =>
      h(
        "div",
        { class: "roster-side" + (s.mine ? " me" : "") },
        h("h4", {}, s.name, s.mine ? " (you)" : "", h("small", {}, ` — ${s.units.length} unit${s.units.length === 1 ? "" : "s"}`)),
        h(
          "ul",
          {},
          s.units.map((u) =>
            h(
              "li",
              {},
              h("button", { class: "roster-unit", "data-roster-unit": u.id, onclick: () => pick(u.id), title: "Show it on the table" }, u.name || u.id),
              " ",
              h("span", { class: "roster-strength" }, strengthText(u)),
              plainMarkers(u).length ? h("small", {}, " · " + plainMarkers(u).map(markerText).join(", ")) : null,
            ),
          ),
        ),
      ),
    ),
  );
  panel.addEventListener("toggle", () => toggled(panel.open));
  return panel;
}
