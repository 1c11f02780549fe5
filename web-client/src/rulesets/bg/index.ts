// Battleground on the client: how figures and hulls are drawn and the words for its markers.
// No rules: the engine's action menu says what a unit may do.
import { anyUnpack } from "@bufbuild/protobuf/wkt";
import { BgViewSchema } from "../../gen/sandtable/rulesets/bg/bg_pb";
import type { View } from "../../gen/sandtable/v1/view_pb";
import { h, s } from "../../ui/dom";
import type { Look } from "../look";

/** The open card, what it allows and the deck's counts (the view's Battleground extra). */
function cardPanel(v: View): HTMLElement | null {
  const extra = v.extra ? anyUnpack(v.extra, BgViewSchema) : undefined;
  if (!extra) return null;
  return h("div", { class: "ruleset-extra", "data-testid": "open-card" },
    h("div", { class: "card-text" }, extra.cardText || "No card turned yet."),
    h("div", { class: "deck-counts" },
      `Deck ${extra.drawPile} · turned this turn ${extra.turnedThisTurn} · discards ${extra.discards}` +
        (extra.runOut ? " · the deck ran out: all is reshuffled after this turn" : "")));
}

/** Length and width in inches of the units drawn as a hull rather than as figures. */
const HULL: Record<string, [number, number]> = {
  car: [2, 1.25], truck: [3, 1.5], apc: [3, 1.5], half_track: [3, 1.5], armoured_car: [2.5, 1.5],
  light_tank: [2.5, 1.5], medium_tank: [3, 1.75], heavy_tank: [3.5, 2], mg_nest: [1.5, 1.5], pillbox: [2, 2], bunker: [2, 2],
};

/** Leaders ringed, heavy weapons and flamers barred, medics crossed. */
function figureMarks(kind: string, ink: string): SVGElement[] {
  if (kind === "leader") return [s("circle", { r: 3, fill: "none", stroke: ink, "stroke-width": 1.4 })];
  if (kind.startsWith("hw") || kind === "heavy_weapon" || kind === "flame") return [s("rect", { x: -4, y: -1.2, width: 8, height: 2.4, fill: ink })];
  if (kind === "medic") return [s("path", { d: "M-3 0h6M0 -3v6", stroke: ink, "stroke-width": 1.6 })];
  return [];
}

export const look: Look = {
  id: "battleground",
  markerLetter: (m) => m.charAt(0).toUpperCase(),
  quietMarkers: ["acted"],
  extraPanel: cardPanel,
  figureMarks,
  paleFigure: (kind) => kind === "prisoner",
  hull: (type) => HULL[type],
  legend: ["Each figure on its base; the dark edge is its front", "Ringed: leader · barred: heavy weapon · crossed: medic · white: prisoner", "Dashed: hidden (only its own side sees it)"],
};
