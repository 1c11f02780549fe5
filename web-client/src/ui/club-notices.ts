// The GM's "Notices" (docs/campaigns.md "Notices: your turn"): where the server posts a notice
// when a battle waits on a side none of whose players is at the table — a generic JSON webhook or
// a Discord channel's — and a test notice sent at once. Only the GM's dashboard carries the address.
import { ClubSchema, SetWebhookSchema, type Club } from "../gen/sandtable/v1/club_pb";
import { busy, errorLine, say, type ClubContext } from "./club-context";
import { h } from "./dom";

export class NoticesPanel {
  readonly root: HTMLElement;
  private readonly url = h("input", { type: "url", placeholder: "https://… (empty: no notices)", class: "join-input", "aria-label": "Webhook address", "data-testid": "webhook-url" });
  private readonly kind = h("select", { "aria-label": "Kind of webhook", "data-testid": "webhook-kind" }, h("option", { value: "discord" }, "Discord channel"), h("option", { value: "json" }, "Generic JSON"));
  private readonly done = h("p", { class: "muted", role: "status" });
  private shown = "";  // the saved setting last drawn: a refresh does not undo what the GM is typing

  constructor(private readonly ctx: ClubContext) {
    const err = errorLine();
    const save = (test: boolean, button: HTMLButtonElement) =>
      busy(button, async () => {
        const r = await this.ctx.post("api/club/webhook", SetWebhookSchema, { url: this.url.value.trim(), kind: this.kind.value, test }, ClubSchema);
        say(err, r.ok ? "" : r.message);
        this.done.textContent = !r.ok ? "" : test ? "Saved; a test notice is on its way." : r.value.webhookUrl ? "Saved." : "Saved: no notices are sent.";
      });
    const saveBtn: HTMLButtonElement = h("button", { type: "button", "data-testid": "webhook-save", onclick: () => void save(false, saveBtn) }, "Save");
    const testBtn: HTMLButtonElement = h("button", { type: "button", "data-testid": "webhook-test", onclick: () => void save(true, testBtn) }, "Send a test notice");
    this.root = h(
      "section",
      { class: "card", "data-testid": "notices" },
      h("h2", {}, "Notices"),
      h("p", { class: "muted" }, "When a battle waits on a side and none of its players is at the table, the server posts “your turn” here, once a turn."),
      h("div", { class: "notices-form" }, this.url, this.kind, h("div", { class: "club-who-buttons" }, saveBtn, testBtn)),
      err,
      this.done,
    );
  }

  update(club: Club | undefined): void {
    const saved = `${club?.webhookKind}|${club?.webhookUrl}`;
    if (saved === this.shown) return;
    this.shown = saved;
    this.url.value = club?.webhookUrl ?? "";
    if (club?.webhookKind) this.kind.value = club.webhookKind;
  }
}
