// The briefing: the battle as the players read it before they start — the scenario's words, its
// victory conditions and turn limit, its objectives, the rule set's words on what ends the game
// or breaks a side, and each side's standing now. All of it is written by the server (the
// scenario and the rule set); this file only lays it out. It opens by itself the first time a
// seat opens the room (remembered per seat token in localStorage) and from the header button.
import type { View } from "../gen/sandtable/v1/view_pb";
import { h } from "./dom";

/** Where the "seen" mark lives: one key per seat token, so each seat sees its briefing once. */
export function seenKey(token: string): string {
  return `sandtable:briefing-seen:${token}`;
}

/** Whether the view has anything to brief (a scenario with no words opens nothing by itself). */
export function hasBriefing(v: View | undefined): boolean {
  const b = v?.briefing;
  return !!b && !!(b.text || b.victory || b.maxTurns || b.objectives.length || b.rules.length);
}

/**
 * Whether the briefing opens by itself now: the first view of a seat that has not seen it, while
 * the game is not over (after the game the after-action panel speaks instead).
 */
export function shouldOpenFirstTime(v: View | undefined, seen: boolean): boolean {
  return !seen && hasBriefing(v) && !v?.result?.over;
}

export interface SeenStore {
  getItem(k: string): string | null;
  setItem(k: string, v: string): void;
}

export function wasSeen(store: SeenStore | null, token: string): boolean {
  try {
    return !!store?.getItem(seenKey(token));
  } catch {
    return false;
  }
}

export function markSeen(store: SeenStore | null, token: string): void {
  try {
    store?.setItem(seenKey(token), "1");
  } catch {
    // storage disabled: the briefing opens again next time, which does no harm
  }
}

/** The dialog's content: scenario, victory, turn limit, objectives, the rules' words, standings. */
export function briefingDialog(v: View, onClose: () => void): HTMLElement {
  const b = v.briefing;
  const section = (title: string, body: (HTMLElement | string | null)[]) => h("section", {}, h("h3", {}, title), body);
  const standing = v.sides.filter((s) => s.standing);
  return h(
    "div",
    { class: "dialog briefing", role: "dialog", "aria-modal": "true", "aria-label": "Briefing", "data-testid": "briefing" },
    h("h2", {}, v.scenarioName || "Briefing"),
    b?.text ? h("p", { class: "briefing-text" }, b.text) : null,
    b?.victory ? section("Victory", [h("p", {}, b.victory)]) : null,
    section("Turns", [h("p", {}, b?.maxTurns ? `The game lasts ${b.maxTurns} turns.` : "No turn limit.")]),
    b?.objectives.length ? section("Objectives", [h("ul", {}, b.objectives.map((o) => h("li", {}, o)))]) : null,
    b?.rules.length ? section("What ends the battle", [h("ul", { "data-testid": "briefing-rules" }, b.rules.map((r) => h("li", {}, r)))]) : null,
    standing.length ? section("Now", [h("ul", {}, standing.map((s) => h("li", {}, h("b", {}, s.name || s.id), `: ${s.standing}`)))]) : null,
    h("div", { class: "draft-buttons" }, h("button", { class: "primary", "data-testid": "briefing-close", onclick: onClose }, "Close")),
  );
}
