// The legend under the board: the terrain kinds on this table, the sides' colours and the rule
// set's own lines (its counters and markers).
import type { View } from "../gen/sandtable/v1/view_pb";
import { lookFor } from "../rulesets";
import { h } from "./dom";
import { TERRAIN, terrainStyle } from "./look";

export function legend(v: View): HTMLElement[] {
  const kinds = [...new Set(v.terrain.map((t) => t.kind))];
  return [
    h("summary", {}, "Legend"),
    h(
      "ul",
      {},
      kinds.map((k) => {
        const st = terrainStyle(k);
        return h("li", {}, h("span", { class: `swatch terrain-swatch t-${TERRAIN[k] ? k : "other"}`, style: `background:${st.fill === "none" ? "#fff" : st.fill}` }), st.label);
      }),
      h("li", {}, h("span", { class: "swatch", style: "background:#0072B2" }), h("span", { class: "swatch", style: "background:#E69F00" }), "Sides"),
      lookFor(v.ruleset).legend.map((line) => h("li", {}, line)),
    ),
  ];
}
