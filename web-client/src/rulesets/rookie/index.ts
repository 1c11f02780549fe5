// Rookie Rules on the client: 1" stands for figures, hulls for vehicles and bunkers, the turned
// card and the deck's counts, and the letters of the penalty markers. No rules: the engine's
// action menu says what a unit may do.
import { anyUnpack } from "@bufbuild/protobuf/wkt";
import { RrViewSchema } from "../../gen/sandtable/rulesets/rookie/rr_pb";
import { Suit, type Card } from "../../gen/sandtable/v1/common_pb";
import type { View } from "../../gen/sandtable/v1/view_pb";
import { h, s } from "../../ui/dom";
import type { Look } from "../look";

const SUIT_SYMBOL: Record<number, string> = { [Suit.CLUBS]: "♣", [Suit.DIAMONDS]: "♦", [Suit.HEARTS]: "♥", [Suit.SPADES]: "♠" };
const RANK: Record<number, string> = { 1: "A", 11: "J", 12: "Q", 13: "K" };

function cardLabel(c: Card | undefined): string {
  if (!c || c.suit === Suit.NONE) return "—";
  return `${RANK[c.rank] ?? c.rank}${SUIT_SYMBOL[c.suit] ?? "?"}`;
}

const isRed = (c: Card | undefined) => !!c && (c.suit === Suit.HEARTS || c.suit === Suit.DIAMONDS);

/** The card turned, whose colour it is, the unit acting on it and the deck's counts. */
function cardPanel(v: View): HTMLElement | null {
  const extra = v.extra ? anyUnpack(v.extra, RrViewSchema) : undefined;
  if (!extra) return null;
  const acting = extra.activeUnit ? v.units.find((u) => u.id === extra.activeUnit) : undefined;
  const side = extra.cardSide ? v.sides.find((x) => x.id === extra.cardSide) : undefined;
  return h("div", { class: "ruleset-extra", "data-testid": "open-card" },
    h("div", { class: "card-text" },
      extra.lastTurned ? h("span", { class: "playing-card big" + (isRed(extra.lastTurned) ? " red" : ""), "data-testid": "turned-card" }, cardLabel(extra.lastTurned)) : null,
      " ",
      side ? `${side.name || side.id}: pick a unit that has not acted, or pass` :
        acting ? `${acting.name} acts: ${extra.functionsLeft} function${extra.functionsLeft === 1 ? "" : "s"} left` : "No card waits."),
    h("div", { class: "deck-counts", "data-testid": "deck-counts" },
      `Card sequence ${extra.sequence} · ${extra.drawPile} cards to turn · ${extra.turned} turned`));
}

/** Length and width in inches of the units drawn as a hull. */
const HULL: Record<string, [number, number]> = {
  tank: [3, 1.75], light_tank: [2.5, 1.5], special_tank: [3, 1.75], armoured_car: [2.5, 1.5],
  german_halftrack: [3, 1.5], allied_halftrack: [3, 1.5], truck: [3, 1.5], bunker: [2, 2],
};

/** Leaders ringed, crew-served weapons barred, snipers dotted. */
function figureMarks(kind: string, ink: string): SVGElement[] {
  if (kind === "leader") return [s("circle", { r: 3, fill: "none", stroke: ink, "stroke-width": 1.4 })];
  if (kind === "sniper") return [s("circle", { r: 1.6, fill: ink })];
  if (kind !== "squad" && kind !== "cavalry") return [s("rect", { x: -4, y: -1.2, width: 8, height: 2.4, fill: ink })];
  return [];
}

// One glyph per marker key the engine sends (engine/rulesets/rookie/rr_view.cc).
const LETTERS: Record<string, string> = { disrupted: "R", pinned: "W", suppressed: "B", unspotted: "?", acting: "A", immobile: "I" };

export const look: Look = {
  id: "rookie-rules",
  markerLetter: (m) => LETTERS[m] ?? m.charAt(0).toUpperCase(),
  quietMarkers: ["ff", "class", "armour", "acted", "radius"],
  extraPanel: cardPanel,
  figureMarks,
  figureBase: () => [1, 1],
  hull: (type) => HULL[type],
  legend: [
    "Each figure on a 1\" stand; vehicles and bunkers as hulls",
    "Ringed: leader · barred: crew-served weapon · dotted: sniper",
    "Letters: R disrupted (red), W pinned (white), B suppressed (blue), ? unspotted by the enemy, A acting, I immobilised",
    "Red cards activate the first side, black the second; a unit acts once a card sequence",
    "Red outline: your secret plots · orange: strikes landed this turn · brown hexes: minefields you know · blue line: an aircraft's run",
  ],
};
