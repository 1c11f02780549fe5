// Before the first roll of a room whose players add their own randomness to the dice
// (docs/fair-play.md): what the table waits for, and the GM's buttons for the dice.
import type { DiceMixView } from "../gen/sandtable/v1/view_pb";
import type { MessageInitShape } from "@bufbuild/protobuf";
import type { GmCommandSchema } from "../gen/sandtable/v1/command_pb";
import { h } from "./dom";

type GmBody = MessageInitShape<typeof GmCommandSchema>["body"];

/** "A, B and C". */
export function listWords(names: string[]): string {
  return names.length <= 1 ? names.join("") : `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}`;
}

/** The words while the engine waits for the seats' randomness (the engine says who it waits for). */
export function seatingWords(dice: DiceMixView, name: (id: string) => string, seat: string): string {
  const waiting = dice.awaiting.map(name);
  const mine = dice.awaiting.includes(seat);
  const first = mine
    ? "Your browser is adding its own randomness to the dice."
    : waiting.length
      ? `The game begins when ${listWords(waiting)} ${waiting.length === 1 ? "joins" : "join"}.`
      : "The dice are being sealed.";
  return `${first} Every player's randomness goes into the dice before the first roll, so nobody, the server included, can choose them.`;
}

export function seatingNote(dice: DiceMixView, name: (id: string) => string, seat: string): HTMLElement {
  return h("p", { class: "seating muted", role: "status", "data-testid": "seating" }, seatingWords(dice, name, seat));
}

/** What the GM may do about the dice now: begin without the seats still awaited, or look at the secret. */
export function gmDiceChoice(dice: DiceMixView | undefined): "begin" | "show-secret" | null {
  if (!dice) return null;
  if (!dice.sealed) return "begin";
  return dice.secret ? null : "show-secret";
}

/** The GM's dice button for gmDiceChoice; looking at the secret is logged for everyone to read. */
export function gmDiceButtons(dice: DiceMixView | undefined, order: (body: GmBody) => void): HTMLElement[] {
  const choice = gmDiceChoice(dice);
  if (choice === "begin") {
    const begin = () =>
      confirm("Begin now? The dice will not hold the randomness of the players who have not joined.") && order({ case: "begin", value: {} });
    return [h("button", { "data-testid": "gm-begin", onclick: begin }, "Begin without waiting")];
  }
  if (choice !== "show-secret") return [];
  const show = () => confirm("Everyone will read in the log that you looked at the dice secret. Show it?") && order({ case: "showSecret", value: {} });
  return [h("button", { "data-testid": "gm-show-secret", title: "The secret every die and card comes from: the log says you looked", onclick: show }, "Show me the dice secret")];
}
