// The lobby's "Club campaigns": found a club (its name and the founder's, who becomes its game
// master) and get the founder's invitation link; and the clubs this browser has opened, to go back
// to their dashboards (a club's address is the only way in besides an invitation).
import { ClubCreatedSchema, CreateClubSchema } from "../gen/sandtable/v1/club_pb";
import { clubPost } from "../net/club-api";
import { clubUrl, knownClubs, localLink, rememberClub } from "../state/club";
import type { StorageLike } from "../state/my-rooms";
import { errorLine, onSubmit, say } from "./club-context";
import { h, replace } from "./dom";
import { copyButton } from "./my-rooms";

export function clubSection(store: StorageLike | null): HTMLElement {
  const club = h("input", { type: "text", maxlength: 80, required: true, placeholder: "e.g. Thursday Night Wargamers", "data-testid": "club-name-input" });
  const gm = h("input", { type: "text", maxlength: 60, required: true, placeholder: "the name you sign in with", "data-testid": "club-gm-name" });
  const err = errorLine();
  const result = h("div", { "data-testid": "club-created" });
  const button = h("button", { class: "primary", type: "submit", "data-testid": "club-found" }, "Found the club");
  const form = h(
    "form",
    {
      class: "create-form",
      onsubmit: onSubmit(button, async () => {
        const r = await clubPost("api/club/create", CreateClubSchema, { name: club.value.trim(), gmName: gm.value.trim() }, ClubCreatedSchema);
        say(err, r.ok ? "" : r.message);
        if (!r.ok) return;
        if (r.value.club) rememberClub(store, r.value.club, Date.now());
        const url = localLink(location, r.value.gm?.url ?? "");
        replace(
          result,
          h("p", {}, h("b", {}, `${r.value.club?.name ?? "The club"} is founded.`), " Your own invitation link: open it to choose your password (it works once; keep it to yourself)."),
          h("div", { class: "join-form" }, h("input", { type: "text", readonly: true, value: url, class: "join-input", "aria-label": "Your invitation link", "data-testid": "club-gm-link" }), copyButton(url), h("a", { class: "button primary", href: url, "data-testid": "club-gm-open" }, "Open it")),
        );
      }),
    },
    h("label", {}, "Club name", club),
    h("label", {}, "Your name", gm),
    button,
    err,
  );
  const mine = knownClubs(store);
  return h(
    "section",
    { class: "card", "data-testid": "club-card" },
    h("h2", {}, "Club campaigns"),
    h("p", { class: "muted" }, "A club keeps its members, runs campaigns of linked battles and keeps the standings. Found one and you are its game master: you invite the members."),
    mine.length ? h("p", { "data-testid": "known-clubs" }, "Your clubs: ", mine.map((c, i) => [i ? ", " : "", h("a", { href: clubUrl(location, c.id) }, c.name || c.id)])) : null,
    h("details", {}, h("summary", { "data-testid": "club-found-open" }, "Found a club"), form),
    result,
  );
}
