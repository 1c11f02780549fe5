// The server's answer to a query, as the note beside the ruler or the aim line shows it: the
// refusal in red, a move's inches used and left, a shot's dice pools as coloured dice, the
// distance and the line of sight, and the engine's own sentence. Every number here is the
// server's; the client only lays them out.
import type { DicePool, QueryAnswer } from "../gen/sandtable/v1/query_pb";
import type { QueryResult } from "../net/connection";
import { DIE_NAMES } from "../state/words";
import { h } from "./dom";
import { exactInches } from "./ruler";

export type AnswerKind = "move" | "target" | "measure";

/** How many dice of one pool are drawn one by one; more are shown as a count. */
const DRAWN = 12;

/** A CSS colour for a pool's colour word: the word itself when the browser knows it, else grey. */
export function dieFill(colour: string): string {
  if (!colour) return "#ffffff";
  const known = typeof CSS !== "undefined" && typeof CSS.supports === "function" ? CSS.supports("color", colour) : /^[a-z]+$/i.test(colour);
  return known ? colour : "#c8c8c8";
}

/** One pool: "5 × white d6" with that many dice drawn in the pool's colour. */
export function dicePool(p: DicePool): HTMLElement {
  const fill = dieFill(p.colour);
  const kind = DIE_NAMES[p.kind] ?? "die";
  const shown = Math.min(Math.max(p.count, 0), DRAWN);
  const dice = Array.from({ length: shown }, () => h("span", { class: "pool-die", style: `background:${fill}` }));
  return h(
    "div",
    { class: "die-pool", "data-colour": p.colour, "data-count": p.count, title: `${p.count} ${p.colour ? p.colour + " " : ""}${kind}` },
    h("span", { class: "pool-count" }, `${p.count} ×`),
    h("span", { class: "pool-dice" }, dice, p.count > DRAWN ? h("small", {}, ` +${p.count - DRAWN}`) : null),
    h("span", { class: "pool-label" }, p.label || p.colour || kind),
  );
}

function refusalLine(a: QueryAnswer): HTMLElement {
  const r = a.refusal;
  return h("p", { class: "answer-refusal", role: "alert" }, r?.message || a.text || "Refused.", r?.ruleId ? h("small", {}, ` (${r.ruleId})`) : null);
}

/**
 * The note's body for an answer. `pending` says a question is on its way (the answer shown, if
 * any, is for the picture before it).
 */
export function answerNote(kind: AnswerKind, r: QueryResult | undefined, pending: boolean, grid = false): HTMLElement {
  const parts: (HTMLElement | null)[] = [];
  if (!r) {
    parts.push(h("p", { class: "muted answer-wait" }, pending ? "Asking the server…" : kind === "move" ? "Click the table to draw the path." : ""));
    return h("div", { class: "answer", "data-testid": "preview", "data-state": pending ? "asking" : "none" }, parts);
  }
  const a = r.answer;
  if (!a.ok) {
    parts.push(refusalLine(a));
  } else {
    if (kind === "move" && (a.inchesUsed > 0 || a.inchesLeft !== 0)) {
      const left = a.inchesLeft >= 0 ? `${exactInches(a.inchesLeft)} left` : `${exactInches(-a.inchesLeft)} short`;
      parts.push(h("p", { class: "answer-inches" + (a.inchesLeft < 0 ? " over" : "") }, h("b", {}, `costs ${exactInches(a.inchesUsed)}`), ` · ${left}`));
    }
    if (a.dice.length) parts.push(h("div", { class: "answer-dice", "data-testid": "dice-pools" }, a.dice.map(dicePool)));
    if (kind !== "move" && (a.distance > 0 || a.dice.length || kind === "measure")) {
      parts.push(h("p", { class: "answer-sight" + (a.lineOfSight ? "" : " blocked") }, h("b", {}, grid ? `${a.distance} square${a.distance === 1 ? "" : "s"}` : exactInches(a.distance)), a.lineOfSight ? " · in sight" : " · out of sight"));
    }
    if (a.text) parts.push(h("p", { class: "answer-text" }, a.text));
  }
  return h("div", { class: "answer" + (a.ok ? "" : " refused") + (pending ? " stale" : ""), "data-testid": "preview", "data-state": a.ok ? "ok" : "refused" }, parts);
}
