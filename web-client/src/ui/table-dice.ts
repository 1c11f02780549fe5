// The table's dice (docs/engine.md "Table dice"): in a room whose dice are rolled at the table, an
// order that needs dice waits, and whoever the engine's menu names (the GM, or a side trusted with
// its own dice) is asked for the faces: what they are for and how many. The page reads the faces
// typed and sends them; which faces a die has and what they do is the engine's to check.
import type { View } from "../gen/sandtable/v1/view_pb";
import { DIE_NAMES } from "../state/words";
import { h } from "./dom";

/** The faces being typed, kept across renders, and the last problem with them. */
export interface DiceDraft {
  text: string;
  problem: string;
}

export function emptyDice(): DiceDraft {
  return { text: "", problem: "" };
}

/** The faces typed ("6 2 5", "6,2,5"), or a sentence saying what is wrong. */
export function facesFrom(text: string, count: number): number[] | string {
  const parts = text.split(/[\s,]+/).filter((p) => p !== "");
  if (parts.some((p) => !/^\d+$/.test(p))) return "Type the faces as numbers, e.g. 6 2 5.";
  if (parts.length !== count) return `Type ${count} face${count === 1 ? "" : "s"}; you typed ${parts.length}.`;
  return parts.map(Number);
}

/** The prompt and the faces' line, when the menu asks this seat for the table's dice. */
export function diceBox(v: View, d: DiceDraft, sideName: (id: string) => string, send: (values: number[]) => void, changed: () => void): HTMLElement | null {
  const r = v.menu?.diceRequest;
  if (!r) return null;
  const die = DIE_NAMES[r.kind] ?? "die";
  const what = `${sideName(r.seat)}, ${r.label}: roll ${r.count} ${die}${r.count === 1 ? "" : "s"}`;
  const input = h("input", { type: "text", value: d.text, inputmode: "numeric", placeholder: r.count === 1 ? "the face" : "the faces, e.g. 6 2 5", "data-testid": "table-dice-faces" });
  input.addEventListener("input", () => (d.text = input.value));
  const submit = () => {
    const faces = facesFrom(d.text, r.count);
    if (typeof faces === "string") {
      d.problem = faces;
      changed();
      return;
    }
    send(faces);
    Object.assign(d, emptyDice());
  };
  input.addEventListener("keydown", (e) => {
    if (e.key === "Enter") submit();
    e.stopPropagation();  // the table's keys are not this line's
  });
  return h("div", { class: "table-dice", role: "group", "aria-label": "The table's dice", "data-testid": "table-dice" },
    h("p", {}, h("b", {}, "Roll at the table: "), what, r.entered.length ? h("small", { class: "muted" }, ` (${r.entered.length} entered so far)`) : null),
    h("div", { class: "table-dice-line" }, input, h("button", { class: "primary", "data-testid": "table-dice-enter", onclick: submit }, "Enter the dice")),
    d.problem ? h("p", { class: "gm-problem", role: "alert" }, d.problem) : null);
}
