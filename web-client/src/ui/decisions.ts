// The decisions waiting on a seat (a morale test's choice, a reaction, a card to play), one card
// each: its prompt and rule, and its choices as buttons when the menu offers this seat an answer
// to it. Another seat's decisions show their choices greyed (the GM sees them all). Hovering a
// choice that names a square lights it on the board.
import { Role } from "../gen/sandtable/v1/protocol_pb";
import type { View } from "../gen/sandtable/v1/view_pb";
import { h } from "./dom";
import { actions, answerFor, planActions, type PlayInit } from "./orders";
import { askButton, type AskInit, type RulingDraft } from "./rulings";

type Square = { col: number; row: number };

export interface DecisionHands {
  seat: string;
  role: Role;
  ruling: RulingDraft;
  sideName(id: string): string;
  send(p: PlayInit): void;
  askRuling(ask: AskInit): void;
  /** The ruling draft changed: draw again. */
  changed(): void;
  /** A choice's square is hovered (null: the pointer left it). */
  highlight(square: Square | null): void;
}

export function decisionCards(v: View, d: DecisionHands): HTMLElement[] {
  const shown = v.decisions.filter((x) => x.seat === d.seat || d.role === Role.GM);
  const hover = (sq?: Square) => ({
    onmouseenter: () => sq && d.highlight(sq),
    onmouseleave: () => d.highlight(null),
  });
  const cards = shown.map((x) => {
    const answer = answerFor(v, x.id);
    const choices = answer
      ? answer.targets.map((c) => h("button", { class: "choice", "data-choice": c.id, title: c.detail || undefined, onclick: () => d.send({ action: answer.id, target: c.id }), ...hover(c.square) }, c.label || c.id))
      : x.seat === d.seat && planActions(v).length
        ? [h("small", { class: "muted" }, "Choose in the order box below.")]
        : x.choices.map((c) => h("button", { class: "choice", disabled: true, ...hover(c.square) }, c.label || c.id));
    return h(
      "div",
      { class: "decision", role: "group", "aria-label": x.prompt },
      h("p", {}, h("b", {}, x.seat === d.seat ? "Your decision: " : `${d.sideName(x.seat)} decides: `), x.prompt, x.ruleId ? h("small", {}, ` (${x.ruleId})`) : null),
      h("div", { class: "choices" }, choices),
      x.seat === d.seat && d.role === Role.PLAYER ? askButton(d.ruling, x.prompt, x.ruleId, (a) => d.askRuling(a), () => d.changed()) : null,
    );
  });
  // Answers the menu offers for decisions the view does not list (should not happen; shown anyway).
  for (const a of actions(v).filter((x) => x.kind === "answer" && !shown.some((s) => s.id === x.decisionId))) {
    cards.push(h("div", { class: "decision", role: "group" }, h("p", {}, h("b", {}, "Your decision: "), a.label),
      h("div", { class: "choices" }, a.targets.map((c) => h("button", { class: "choice", "data-choice": c.id, onclick: () => d.send({ action: a.id, target: c.id }), ...hover(c.square) }, c.label || c.id)))));
  }
  return cards;
}
