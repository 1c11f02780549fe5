// The two ways into a club: signing in with a name and a password, and the page an invitation
// link opens (`?invite=`), where its holder chooses the password.
import "./club.css";
import { AcceptInvitationSchema, InvitationInfoSchema, SignedInSchema, SignInSchema } from "../gen/sandtable/v1/club_pb";
import { clubGet, clubPost } from "../net/club-api";
import { clubUrl, PASSWORD_MAX, PASSWORD_MIN, passwordProblem, rememberClub } from "../state/club";
import type { StorageLike } from "../state/my-rooms";
import { busy, errorLine, onSubmit, say } from "./club-context";
import { h, replace } from "./dom";

/** The sign-in form of a club; `onSignedIn` runs once the server has set the session cookie. */
export function signInForm(clubId: string, clubName: string, note: string, onSignedIn: () => void): HTMLElement {
  const name = h("input", { type: "text", autocomplete: "username", required: true, "data-testid": "signin-name" });
  const password = h("input", { type: "password", autocomplete: "current-password", required: true, "data-testid": "signin-password" });
  const err = errorLine();
  const button = h("button", { class: "primary", type: "submit", "data-testid": "signin-send" }, "Sign in");
  const form = h(
    "form",
    {
      class: "create-form",
      onsubmit: onSubmit(button, async () => {
        const r = await clubPost("api/club/signin", SignInSchema, { clubId, name: name.value.trim(), password: password.value }, SignedInSchema);
        say(err, r.ok ? "" : r.message);
        if (r.ok) onSignedIn();
      }),
    },
    h("label", {}, "Your name in the club", name),
    h("label", {}, "Password", password),
    button,
    err,
  );
  return h(
    "section",
    { class: "card club-signin", "data-testid": "signin" },
    h("h2", {}, clubName ? `Sign in to ${clubName}` : "Sign in to your club"),
    note ? h("p", { class: "muted" }, note) : null,
    form,
    h("p", { class: "muted" }, "Forgotten your password? Ask the club's game master for a new invitation link."),
  );
}

/** `?invite=<token>`: whose link it is, and a password to choose (twice). */
export class InvitePage {
  readonly root = h("div", { class: "lobby club", "data-testid": "invite-page" });

  constructor(private readonly store: StorageLike | null) {
    replace(this.root, h("p", { class: "muted" }, "Reading the invitation…"));
  }

  async load(token: string): Promise<void> {
    const info = await clubGet(`api/club/invitation?token=${encodeURIComponent(token)}`, InvitationInfoSchema);
    if (!info.ok) {
      document.title = "Invitation · Sandtable";
      replace(
        this.root,
        h("section", { class: "card alert", role: "alert", "data-testid": "invite-bad" }, h("h1", {}, "This invitation does not work"), h("p", {}, info.message), h("p", { class: "muted" }, "An invitation works once: ask the club's game master for a new link."), h("a", { class: "button", href: "./" }, "Go to the lobby")),
      );
      return;
    }
    const club = info.value.club;
    const member = info.value.member;
    if (club) rememberClub(this.store, club, Date.now());
    document.title = `Welcome to ${club?.name ?? "the club"} · Sandtable`;
    const chosen = h("input", { type: "password", autocomplete: "new-password", maxlength: PASSWORD_MAX, required: true, "data-testid": "invite-password" });
    const again = h("input", { type: "password", autocomplete: "new-password", required: true, "data-testid": "invite-password-again" });
    const err = errorLine();
    const button = h("button", { class: "primary", type: "submit", "data-testid": "invite-accept" }, "Choose this password");
    const form = h(
      "form",
      {
        class: "create-form",
        onsubmit: (e: Event) => {
          e.preventDefault();
          const problem = passwordProblem(chosen.value, again.value);
          say(err, problem);
          if (problem) return;
          void busy(button, async () => {
            const r = await clubPost("api/club/invitation/accept", AcceptInvitationSchema, { token, password: chosen.value }, SignedInSchema);
            say(err, r.ok ? "" : r.message);
            if (r.ok) location.assign(clubUrl(location, r.value.club?.id ?? club?.id ?? ""));
          });
        },
      },
      // The browser's password manager files the password under the member's name.
      h("input", { type: "text", autocomplete: "username", value: member?.name ?? "", hidden: true, readonly: true }),
      h("label", {}, "Password", chosen),
      h("label", {}, "The same again", again),
      h("p", { class: "muted wide" }, `At least ${PASSWORD_MIN} characters. A few words you will remember make a good one.`),
      button,
      err,
    );
    replace(
      this.root,
      h("header", { class: "lobby-head" }, h("h1", {}, "Sandtable"), h("p", {}, "A hosted table for historical miniatures wargames.")),
      h(
        "section",
        { class: "card" },
        h("h2", { "data-testid": "invite-welcome" }, `Welcome to ${club?.name ?? "the club"}, ${member?.name ?? ""}: choose a password`),
        h("p", { class: "muted" }, member?.signedUp ? "This link replaces your old password: the one you choose now is the one that works." : `You sign in to the club as “${member?.name ?? ""}” with this password. The link works once.`),
        form,
      ),
    );
    chosen.focus();
  }
}
