// Battleground on the client: how figures and hulls are drawn and the words for its markers.
// No rules: the engine's action menu says what a unit may do.
import { anyUnpack } from "@bufbuild/protobuf/wkt";
import { BgViewSchema, type BgTurnedCard } from "../../gen/sandtable/rulesets/bg/bg_pb";
import { Suit, type Card } from "../../gen/sandtable/v1/common_pb";
import type { View } from "../../gen/sandtable/v1/view_pb";
import { h, s } from "../../ui/dom";
import type { Look } from "../look";

const SUIT_SYMBOL: Record<number, string> = { [Suit.CLUBS]: "♣", [Suit.DIAMONDS]: "♦", [Suit.HEARTS]: "♥", [Suit.SPADES]: "♠" };
const RANK: Record<number, string> = { 1: "A", 11: "J", 12: "Q", 13: "K" };

/** A card as players write it: "7♣", "A♥", "Joker". */
export function cardLabel(c: Card | undefined): string {
  if (!c || c.suit === Suit.NONE) return "Joker";
  return `${RANK[c.rank] ?? c.rank}${SUIT_SYMBOL[c.suit] ?? "?"}`;
}

/** This turn's cards laid out by suit, as at the table (BG-CARD-12); each says what it did. */
function turnedCards(turned: BgTurnedCard[]): HTMLElement | null {
  if (!turned.length) return null;
  const suits = [Suit.CLUBS, Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.NONE];
  const rows = suits
    .map((suit) => [suit, turned.filter((t) => (t.card?.suit ?? Suit.NONE) === suit)] as const)
    .filter(([, cards]) => cards.length);
  return h("div", { class: "turned-cards", "data-testid": "turned-cards" }, rows.map(([suit, cards]) =>
    h("div", { class: "suit-row" }, cards.map((t) => h("span", {
      class: "playing-card" + (suit === Suit.HEARTS || suit === Suit.DIAMONDS ? " red" : "") + (t.effect.startsWith("ignored") ? " ignored" : ""),
      title: `${cardLabel(t.card)}: ${t.effect}`,
      "data-effect": t.effect,
    }, cardLabel(t.card))))));
}

/** The open card, what it allows, the turn's cards by suit and the deck's counts (the view's Battleground extra). */
function cardPanel(v: View): HTMLElement | null {
  const extra = v.extra ? anyUnpack(v.extra, BgViewSchema) : undefined;
  if (!extra) return null;
  return h("div", { class: "ruleset-extra", "data-testid": "open-card" },
    h("div", { class: "card-text" }, extra.openCard ? h("span", { class: "playing-card big" + (extra.openCard.suit === Suit.HEARTS || extra.openCard.suit === Suit.DIAMONDS ? " red" : "") }, cardLabel(extra.openCard)) : null, " ", extra.cardText || "No card turned yet."),
    extra.cardRule ? h("p", { class: "card-rule", "data-testid": "card-rule" }, extra.cardRule) : null,
    turnedCards(extra.turned),
    h("div", { class: "deck-counts" },
      `Deck ${extra.drawPile} · turned this turn ${extra.turnedThisTurn} · discards ${extra.discards}` +
        (extra.runOut ? " · the deck ran out: all is reshuffled after this turn" : "")),
    extra.suitRoles.length ? h("details", { class: "suit-key" }, h("summary", {}, "What the suits do"), h("ul", {}, extra.suitRoles.map((r) => h("li", {}, r)))) : null);
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
