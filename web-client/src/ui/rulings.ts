// Rulings (docs/protocol.md "Rulings"): a player asks the GM to rule on a refusal or a decision
// ("I think this shot is legal"), the GM upholds or allows it with words every seat reads. The
// engine keeps the open questions (ActionMenu.rulings: all of them in the GM's menu, a seat's own
// in its menu) and checks every limit; the page only carries the words.
import type { MessageInitShape } from "@bufbuild/protobuf";
import { Verdict, type AskRulingSchema, type GmRuleSchema } from "../gen/sandtable/v1/command_pb";
import type { RulingRequest } from "../gen/sandtable/v1/common_pb";
import type { View } from "../gen/sandtable/v1/view_pb";
import { h } from "./dom";

export type AskInit = MessageInitShape<typeof AskRulingSchema>;
export type RuleInit = MessageInitShape<typeof GmRuleSchema>;

/** What a player is asking, kept across renders while the form is open. */
export interface RulingDraft {
  about: string;
  ruleId: string;
  text: string;
  open: boolean;
  focused: boolean;
}

export function emptyDraft(): RulingDraft {
  return { about: "", ruleId: "", text: "", open: false, focused: false };
}

/** The question the draft describes, or a sentence saying what is missing. */
export function askFrom(d: RulingDraft): AskInit | string {
  const text = d.text.trim();
  if (!text && !d.about) return "Say what you ask the GM to rule on.";
  return { ruleId: d.ruleId, about: d.about, text };
}

/**
 * "Ask the GM" beside a refusal or a decision: opens a line to say why, then sends the question
 * with what it disputes. `changed` re-renders after the draft opens or closes.
 */
export function askButton(d: RulingDraft, about: string, ruleId: string, send: (ask: AskInit) => void, changed: () => void): HTMLElement {
  const mine = d.open && d.about === about;
  if (!mine) {
    return h("button", { class: "ask-gm", "data-testid": "ask-gm", title: "Ask the game master to rule on this", onclick: () => {
      Object.assign(d, { about, ruleId, text: "", open: true, focused: true });
      changed();
    } }, "Ask the GM");
  }
  const input = h("input", { type: "text", value: d.text, placeholder: "why you think otherwise", maxlength: 500, "data-testid": "ask-gm-text" });
  input.addEventListener("input", () => (d.text = input.value));
  input.addEventListener("focus", () => (d.focused = true));
  input.addEventListener("blur", () => (d.focused = false));
  const problem = h("small", { class: "gm-problem", role: "alert" });
  const submit = () => {
    const ask = askFrom(d);
    if (typeof ask === "string") {
      problem.textContent = ask;
      return;
    }
    send(ask);
    Object.assign(d, emptyDraft());
    changed();
  };
  input.addEventListener("keydown", (e) => {
    if (e.key === "Enter") submit();
    if (e.key === "Escape") {
      Object.assign(d, emptyDraft());
      changed();
    }
    e.stopPropagation();  // the table's keys (M, F, Enter) are not this box's
  });
  if (d.focused) queueMicrotask(() => input.focus());
  return h("div", { class: "ask-gm-form" },
    input,
    h("button", { class: "primary", "data-testid": "ask-gm-send", onclick: submit }, "Send to the GM"),
    h("button", { onclick: () => { Object.assign(d, emptyDraft()); changed(); } }, "Cancel"),
    problem);
}

/** A player's own open questions: waiting for the GM. */
export function myRulings(v: View): HTMLElement | null {
  const open = v.menu?.rulings ?? [];
  if (!open.length) return null;
  return h("div", { class: "rulings-open", "data-testid": "my-rulings" },
    h("b", {}, "Asked the GM: "),
    h("ul", {}, open.map((r) => h("li", {}, quote(r), " — waiting for the ruling"))));
}

function quote(r: RulingRequest): string {
  const about = r.about ? `\u201c${r.about}\u201d` : "";
  return [about, r.text].filter((x) => x).join(": ");
}

/** The GM's words per open question, kept across renders. */
export type RulingWords = Map<number, string>;

/** The GM's list of open questions, each with Uphold and Allow and a line for the reasons. */
export function gmRulingsPanel(v: View, words: RulingWords, sideName: (id: string) => string, send: (rule: RuleInit) => void): HTMLElement | null {
  const open = v.menu?.rulings ?? [];
  if (!open.length) return null;
  return h("div", { class: "gm-rulings", "data-testid": "gm-rulings" },
    h("h4", {}, `Rulings asked (${open.length})`),
    open.map((r) => {
      const input = h("input", { type: "text", value: words.get(r.id) ?? "", placeholder: "your reasons, for every player's log", maxlength: 500, "data-testid": "gm-ruling-words" });
      input.addEventListener("input", () => words.set(r.id, input.value));
      input.addEventListener("keydown", (e) => e.stopPropagation());
      const give = (verdict: Verdict) => () => {
        send({ rulingId: r.id, verdict, words: (words.get(r.id) ?? "").trim() });
        words.delete(r.id);
      };
      return h("div", { class: "gm-ruling", "data-ruling": r.id },
        h("p", {}, h("b", {}, `${sideName(r.seat)}: `), quote(r), r.ruleId ? h("small", {}, ` (${r.ruleId})`) : null, h("small", { class: "muted" }, ` #${r.askedAt}`)),
        input,
        h("div", { class: "gm-buttons" },
          h("button", { "data-testid": "gm-ruling-uphold", onclick: give(Verdict.UPHOLD), title: "The game was right" }, "Uphold"),
          h("button", { class: "primary", "data-testid": "gm-ruling-allow", onclick: give(Verdict.ALLOW), title: "The player is right: then make it so with an edit" }, "Allow")));
    }));
}
