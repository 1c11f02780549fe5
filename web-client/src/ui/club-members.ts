// The GM's list of the club's members: who has signed up and who is still invited, a form to
// invite someone new, and a new link for a member who lost theirs. A link is shown once (the
// server keeps only its hash), with Copy, until the GM closes it.
import { InvitationSchema, InviteMemberSchema, type Invitation, type Member } from "../gen/sandtable/v1/club_pb";
import { localLink } from "../state/club";
import { busy, errorLine, onSubmit, say, type ClubContext } from "./club-context";
import { h, replace } from "./dom";
import { copyButton } from "./my-rooms";

/** The invitation link as the GM hands it on: the words, the link, Copy. */
export function invitationBox(inv: Invitation, onClose?: () => void): HTMLElement {
  const url = localLink(location, inv.url);
  const who = inv.member?.name ?? "them";
  return h(
    "div",
    { class: "invite-link", "data-testid": "invite-link", "data-member": inv.member?.id ?? "" },
    h("p", {}, h("b", {}, `Send this link to ${who}`), h("span", { class: "muted" }, ` — it is shown only now. With it ${who} chooses a password and signs in.`)),
    h("div", { class: "join-form" }, h("input", { type: "text", readonly: true, value: url, class: "join-input", "aria-label": `Invitation link for ${who}`, "data-testid": "invite-url" }), copyButton(url), onClose ? h("button", { type: "button", onclick: onClose }, "Done") : null),
  );
}

export class MembersPanel {
  readonly root: HTMLElement;
  private readonly list = h("ul", { class: "club-members", "data-testid": "members" });
  private readonly shown = h("div");
  private readonly err = errorLine();

  constructor(private readonly ctx: ClubContext) {
    const name = h("input", { type: "text", maxlength: 60, required: true, placeholder: "Their name, e.g. Anna", class: "join-input", "aria-label": "New member's name", "data-testid": "invite-name" });
    const button = h("button", { class: "primary", type: "submit", "data-testid": "invite-send" }, "Invite");
    const form = h(
      "form",
      {
        class: "join-form",
        onsubmit: onSubmit(button, async () => {
          if (await this.invite({ name: name.value.trim() })) name.value = "";
        }),
      },
      name,
      button,
    );
    this.root = h(
      "section",
      { class: "card", "data-testid": "members-card" },
      h("h2", {}, "Members"),
      this.list,
      h("h3", {}, "Invite a member"),
      h("p", { class: "muted" }, "The name is the one they sign in with. You get a link to send them."),
      form,
      this.err,
      this.shown,
    );
  }

  private async invite(init: { name?: string; memberId?: string }): Promise<boolean> {
    const r = await this.ctx.post("api/club/invite", InviteMemberSchema, init, InvitationSchema);
    say(this.err, r.ok ? "" : r.message);
    if (r.ok) replace(this.shown, invitationBox(r.value, () => replace(this.shown)));
    return r.ok;
  }

  update(members: readonly Member[], me: string): void {
    replace(
      this.list,
      members.map((m) => {
        const fresh = h("button", {
          type: "button",
          class: "link",
          "data-testid": "member-new-link",
          title: "A new invitation link: the one they had stops working",
          onclick: () => {
            const words = m.signedUp
              ? `A new link lets ${m.name} choose a new password; their old link stops working. Make one?`
              : `A new link replaces the one ${m.name} was sent, which stops working. Make one?`;
            if (confirm(words)) void busy(fresh, () => this.invite({ memberId: m.id }));
          },
        }, "New link");
        return h(
          "li",
          { "data-member": m.id, "data-name": m.name },
          h("b", {}, m.name),
          m.gm ? h("span", { class: "tag" }, "game master") : null,
          h("span", { class: m.signedUp ? "tag ok" : "tag" }, m.signedUp ? "signed up" : "invited"),
          // The GM is signed in here: a link for themselves would only replace their password.
          m.id === me ? null : fresh,
        );
      }),
    );
  }
}
