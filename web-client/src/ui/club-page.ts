// `?club=<id>`: the club's dashboard for the signed-in member (GET /api/club/me), or the sign-in
// form when nobody is signed in here. The member's games with whose turn it is, the GM's members,
// campaign forms and notices, and every campaign. Fetched again every 10 s while the tab is visible (so
// "Your turn" comes without a reload) and after every change.
import "./club.css";
import { toJsonString, type DescMessage, type MessageInitShape } from "@bufbuild/protobuf";
import { BattleSeatSchema, DashboardSchema, JoinBattleSchema, SignOutSchema, type Dashboard, type MyGame } from "../gen/sandtable/v1/club_pb";
import type { Catalog } from "../gen/sandtable/v1/protocol_pb";
import { fetchCatalog } from "../net/catalog";
import { clubGet, clubPost } from "../net/club-api";
import { gameWords, knownClubs, localLink, rememberClub, statusWords } from "../state/club";
import type { StorageLike } from "../state/my-rooms";
import { CampaignCard } from "./club-campaign";
import { busy, errorLine, say, type ClubContext } from "./club-context";
import { NewCampaignForm } from "./club-forms";
import { MembersPanel } from "./club-members";
import { NoticesPanel } from "./club-notices";
import { signInForm } from "./club-signin";
import { h, replace } from "./dom";
import { notifyButton } from "./turn-notice";

export const REFRESH_MS = 10_000;

export class ClubPage implements ClubContext {
  readonly root = h("div", { class: "lobby club", "data-testid": "club-page" });
  private cat: Catalog | null = null;
  private last = "";  // the dashboard last drawn, as JSON: the same answer draws nothing
  private dash: Dashboard | null = null;
  private readonly head = h("header", { class: "club-head" });
  private readonly games = h("section", { class: "card", "data-testid": "my-games" });
  private readonly gmParts = h("div", { class: "club-side" });
  private readonly campaignsEl = h("div", { "data-testid": "campaigns" });
  private readonly cards = new Map<string, CampaignCard>();
  private members: MembersPanel | null = null;
  private newCampaign: NewCampaignForm | null = null;
  private notices: NoticesPanel | null = null;

  constructor(private readonly clubId: string, private readonly store: StorageLike | null) {
    replace(this.root, h("p", { class: "muted" }, "Opening the club…"));
    setInterval(() => {
      if (!document.hidden && this.dash) void this.refresh();
    }, REFRESH_MS);
    document.addEventListener("visibilitychange", () => {
      if (!document.hidden && this.dash) void this.refresh();
    });
    void fetchCatalog().then((c) => {
      if (typeof c === "string") return;
      this.cat = c;
      this.newCampaign?.setCatalog(c);
      if (this.dash) this.draw(this.dash);
    });
  }

  catalog(): Catalog | null {
    return this.cat;
  }

  /** Fetches the dashboard: drawn when it changed; the sign-in form when nobody is signed in. */
  async refresh(): Promise<void> {
    const r = await clubGet("api/club/me", DashboardSchema);
    if (!r.ok) {
      if (r.status === 401) return this.signIn("");
      // A passing failure leaves the dashboard as it was; the first load says what went wrong.
      if (!this.dash) replace(this.root, h("section", { class: "card alert", role: "alert" }, h("h2", {}, "The club could not be opened"), h("p", {}, r.message)));
      return;
    }
    const d = r.value;
    if (d.club?.id !== this.clubId) {
      return this.signIn(d.club ? `This browser is signed in to ${d.club.name} as ${d.me?.name ?? "a member"}. Sign in to this club instead:` : "");
    }
    const json = toJsonString(DashboardSchema, d);
    if (json === this.last) return;
    this.last = json;
    this.draw(d);
  }

  private signIn(note: string): void {
    this.dash = null;
    this.last = "";
    const name = knownClubs(this.store).find((c) => c.id === this.clubId)?.name ?? "";
    document.title = `${name || "Club"} · Sandtable`;
    replace(this.root, h("header", { class: "lobby-head" }, h("h1", {}, h("a", { href: "./", class: "plain" }, "Sandtable"))), signInForm(this.clubId, name, note, () => void this.refresh()));
  }

  private draw(d: Dashboard): void {
    const first = !this.dash;
    this.dash = d;
    if (d.club) rememberClub(this.store, d.club, Date.now());
    document.title = `${d.club?.name ?? "Club"} · Sandtable`;
    if (first) {
      this.members = d.me?.gm ? new MembersPanel(this) : null;
      this.newCampaign = d.me?.gm ? new NewCampaignForm(this) : null;
      this.notices = d.me?.gm ? new NoticesPanel(this) : null;
      if (this.cat) this.newCampaign?.setCatalog(this.cat);
      replace(this.gmParts, this.members?.root, this.newCampaign?.root, this.notices?.root);
      this.cards.clear();
      // The GM's tools in a column of their own beside the games and campaigns.
      const gm = !!d.me?.gm;
      this.root.classList.toggle("club-wide", gm);
      replace(this.root, this.head, h("div", { class: gm ? "club-body gm" : "club-body" }, h("div", { class: "club-main" }, this.games, this.campaignsEl), gm ? this.gmParts : null));
    }
    this.drawHead(d);
    this.drawGames(d);
    this.members?.update(d.members, d.me?.id ?? "");
    this.notices?.update(d.club);
    for (const c of d.campaigns) {
      let card = this.cards.get(c.id);
      if (!card) this.cards.set(c.id, (card = new CampaignCard(this, c, !!d.me?.gm)));
      card.update(d, c);
    }
    replace(this.campaignsEl, d.campaigns.length ? d.campaigns.map((c) => this.cards.get(c.id)!.root) : h("section", { class: "card muted" }, d.me?.gm ? "No campaign yet: start one below." : "No campaign yet: the game master starts them."));
  }

  private drawHead(d: Dashboard): void {
    const err = errorLine();
    const out = (everywhere: boolean) =>
      h("button", {
        type: "button",
        "data-testid": everywhere ? "signout-everywhere" : "signout",
        title: everywhere ? "Ends your sessions on every browser you signed in on" : "",
        onclick: async () => {
          const r = await clubPost("api/club/signout", SignOutSchema, { everywhere }, SignOutSchema);
          if (r.ok || r.status === 401) this.signIn(everywhere ? "Signed out on every browser." : "Signed out.");
          else say(err, r.message);
        },
      }, everywhere ? "Sign out everywhere" : "Sign out");
    replace(
      this.head,
      h("div", {}, h("a", { href: "./", class: "brand-dark" }, "Sandtable"), h("h1", { "data-testid": "club-name" }, d.club?.name ?? "")),
      h("div", { class: "club-who" }, h("span", { "data-testid": "signed-in-as" }, `Signed in as ${d.me?.name ?? ""}`, d.me?.gm ? h("span", { class: "tag" }, "game master") : null), h("div", { class: "club-who-buttons" }, notifyButton(), out(false), out(true)), err),
    );
  }

  private drawGames(d: Dashboard): void {
    replace(
      this.games,
      h("h2", {}, "Your games"),
      d.games.length
        ? h("ul", { class: "my-games" }, d.games.map((g) => this.game(g)))
        : h("p", { class: "muted", "data-testid": "no-games" }, "None yet: a battle of a campaign you play in is listed here once the game master opens it."),
    );
  }

  private game(g: MyGame): HTMLElement {
    const err = errorLine();
    const button = h("button", { class: g.yourTurn ? "primary" : "", "data-testid": "game-play", onclick: () => void busy(button, () => this.play(g.battleId, err)) }, g.status === "over" ? "Look" : "Play");
    const words = gameWords(g);
    return h(
      "li",
      { class: "my-game", "data-battle": g.battleId, "data-your-turn": g.yourTurn ? "yes" : "no" },
      h("div", { class: "my-game-what" }, h("b", {}, g.battleName), h("span", { class: "muted" }, ` ${g.campaignName}`), h("br"), h("small", { class: "muted" }, statusWords(g), g.side === "gm" ? " · you are the game master" : "")),
      h("span", { class: g.yourTurn ? "badge your-turn" : "badge", "data-testid": "game-turn" }, words),
      button,
      err,
    );
  }

  async post<I extends DescMessage, O extends DescMessage>(path: string, schema: I, init: MessageInitShape<I>, out: O) {
    const r = await clubPost(path, schema, init, out);
    if (r.ok || r.status === 401) await this.refresh();
    return r;
  }

  async play(battleId: string, err: HTMLElement): Promise<void> {
    const r = await clubPost("api/club/battle/join", JoinBattleSchema, { battleId }, BattleSeatSchema);
    say(err, r.ok ? "" : r.message);
    if (r.ok) location.assign(localLink(location, r.value.url));
  }
}
