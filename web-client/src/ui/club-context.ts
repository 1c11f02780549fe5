// What the parts of the club dashboard share: the page's way to post a change (which redraws the
// dashboard when the server agrees), to take a seat at a battle, and the scenario catalogue; and
// the small pieces every form uses.
import type { DescMessage, MessageInitShape, MessageShape } from "@bufbuild/protobuf";
import type { Catalog } from "../gen/sandtable/v1/protocol_pb";
import type { ClubAnswer } from "../net/club-api";
import { h } from "./dom";

export interface ClubContext {
  /** Posts a change; when the server agrees the dashboard is fetched again and redrawn. */
  post<I extends DescMessage, O extends DescMessage>(path: string, schema: I, init: MessageInitShape<I>, out: O): Promise<ClubAnswer<MessageShape<O>>>;
  /** Asks for this member's seat at a battle and goes to its table; a refusal is said in `err`. */
  play(battleId: string, err: HTMLElement): Promise<void>;
  /** The catalogue, once it has come (null before, or when it could not be had). */
  catalog(): Catalog | null;
}

/** A line for a form's refusal, hidden while empty. */
export function errorLine(): HTMLElement {
  return h("p", { class: "error", role: "alert", hidden: true });
}

export function say(el: HTMLElement, text: string): void {
  el.textContent = text;
  el.hidden = !text;
}

/** Runs `work` with `button` disabled, so a double click does not post twice. */
export async function busy<T>(button: HTMLButtonElement, work: () => Promise<T>): Promise<T> {
  button.disabled = true;
  try {
    return await work();
  } finally {
    button.disabled = false;
  }
}

/** A form's submit handler: the page stays, and `act` runs with `button` busy. */
export function onSubmit(button: HTMLButtonElement, act: () => Promise<unknown>): (e: Event) => void {
  return (e: Event) => {
    e.preventDefault();
    void busy(button, act);
  };
}

/** The title of a rule set as the catalogue names it, else its id. */
export function rulesetTitle(cat: Catalog | null, id: string): string {
  return cat?.rulesets.find((r) => r.id === id)?.title || id;
}
