// One campaign on the dashboard, as every member sees it: its rule set and points, its sides with
// their members (the GM assigns them here), the map of its battles, then its battles in order with
// how each stands and the button it offers (Open for the GM, Play or Watch), what a battle carried
// from the one before, and the standings. The GM's "Add a battle" form is kept across refreshes.
import type { DescMessage, MessageInitShape } from "@bufbuild/protobuf";
import { AssignMemberSchema, CampaignSchema, OpenBattleSchema, type Battle, type Campaign, type Dashboard } from "../gen/sandtable/v1/club_pb";
import { battleAction, battleName, battleWaiting, sideName, sideOf, statusWords, winnerWords } from "../state/club";
import { campaignMap } from "./campaign-map";
import { busy, errorLine, rulesetTitle, say, type ClubContext } from "./club-context";
import { AddBattleForm } from "./club-forms";
import { carriedTable, standings } from "./club-tables";
import { h, replace } from "./dom";

export class CampaignCard {
  readonly root: HTMLElement;
  private readonly body = h("div");
  private readonly err = errorLine();
  private readonly addBattle: AddBattleForm | null;
  private assignOpen: boolean | null = null;

  constructor(private readonly ctx: ClubContext, c: Campaign, gm: boolean) {
    this.addBattle = gm ? new AddBattleForm(ctx, c) : null;
    this.root = h("section", { class: "card campaign", "data-campaign": c.id }, this.body, this.err, this.addBattle?.root);
  }

  update(d: Dashboard, c: Campaign): void {
    this.root.dataset.name = c.name;
    this.addBattle?.update(c);
    const points = `${c.winPoints} point${c.winPoints === 1 ? "" : "s"} for a win, ${c.drawPoints} for a draw`;
    replace(
      this.body,
      h("h2", {}, c.name),
      h("p", { class: "muted" }, `${rulesetTitle(this.ctx.catalog(), c.ruleset)} · ${points}`),
      this.sides(d, c),
      h("h3", {}, "Battles"),
      campaignMap(c),
      c.battles.length ? h("ol", { class: "battles", "data-testid": "battles" }, c.battles.map((b) => this.battle(d, c, b))) : h("p", { class: "muted" }, d.me?.gm ? "No battle yet: add the first one below." : "No battle yet."),
      standings(c, (id) => sideName(c, sideOf(c, id))),
    );
  }

  /** The sides and who plays on each; for the GM a select per member to move them. */
  private sides(d: Dashboard, c: Campaign): HTMLElement {
    const names = (ids: string[]) => ids.map((id) => d.members.find((m) => m.id === id)?.name ?? id).join(", ");
    const list = h(
      "ul",
      { class: "campaign-sides", "data-testid": "campaign-sides" },
      c.sides.map((s) => h("li", { "data-side": s.id }, h("b", {}, s.name), ": ", s.memberIds.length ? names(s.memberIds) : h("span", { class: "muted" }, "nobody yet"))),
    );
    if (!d.me?.gm) return h("div", {}, h("h3", {}, "Sides"), list);
    const players = d.members.filter((m) => !m.gm);
    // Open while someone is on no side, unless the GM has opened or closed it themselves.
    const open = this.assignOpen ?? players.some((m) => !sideOf(c, m.id));
    const assign = h(
      "details",
      { class: "assign", "data-testid": "assign", open },
      // The click comes before the details opens or closes: what it will be is the GM's choice.
      h("summary", { onclick: (e: Event) => (this.assignOpen = !((e.currentTarget as HTMLElement).parentElement as HTMLDetailsElement).open) }, "Who plays on which side"),
      players.length
        ? h(
            "div",
            { class: "assign-grid" },
            players.map((m) => {
              const sel = h(
                "select",
                { "data-member": m.id, "aria-label": `${m.name}'s side`, "data-testid": "assign-side" },
                h("option", { value: "" }, "— no side —"),
                c.sides.map((s) => h("option", { value: s.id }, s.name)),
              );
              sel.value = sideOf(c, m.id);
              sel.addEventListener("change", () => void this.post("api/club/campaign/assign", AssignMemberSchema, { campaignId: c.id, memberId: m.id, side: sel.value }));
              return h("label", {}, m.name, sel);
            }),
          )
        : h("p", { class: "muted" }, "Invite members first: they are listed here to put on a side."),
    );
    return h("div", {}, h("h3", {}, "Sides"), list, assign);
  }

  private battle(d: Dashboard, c: Campaign, b: Battle): HTMLElement {
    const err = errorLine();
    const action = battleAction(d, c, b);
    let button: HTMLButtonElement | null = null;
    if (action === "open") {
      const title = b.follows ? `Create its room; its units start with what they carried from ${battleName(c, b.follows)}` : "Create its room: the members of its sides get it in their games";
      button = h("button", { class: "primary", "data-testid": "battle-open", title, onclick: () => void busy(button!, () => this.post("api/club/battle/open", OpenBattleSchema, { battleId: b.id }, err)) }, "Open");
    } else if (action) {
      button = h("button", { class: action === "play" && b.status !== "over" ? "primary" : "", "data-testid": `battle-${action}`, onclick: () => void busy(button!, () => this.ctx.play(b.id, err)) }, b.status === "over" ? "Look" : action === "play" ? "Play" : "Watch");
    }
    const sides = b.sides.map((s) => sideName(c, s.campaignSide)).join(" v ");
    const winner = winnerWords(c, b);
    const waiting = battleWaiting(c, b);
    return h(
      "li",
      { class: "battle", "data-battle": b.id, "data-status": b.status, "data-name": b.name },
      h(
        "div",
        { class: "battle-head" },
        h(
          "div",
          { class: "battle-what" },
          h("b", {}, b.name),
          h("span", { class: "muted" }, b.scenarioName || b.scenarioId),
          b.follows ? h("span", { class: "muted", "data-testid": "follows" }, `follows ${battleName(c, b.follows)}`) : null,
          h("span", { class: `status ${b.status || "planned"}`, "data-testid": "battle-status" }, statusWords(b)),
          winner ? h("span", { class: "winner", "data-testid": "battle-winner" }, winner) : null,
          waiting ? h("span", { class: "muted", "data-testid": "battle-waiting" }, waiting) : null,
        ),
        button,
        sides ? h("small", { class: "muted" }, sides) : null,
      ),
      err,
      carriedTable(c, b),
    );
  }

  /** A GM's change to this campaign; a refusal is said under the battle or the campaign. */
  private async post<I extends DescMessage>(path: string, schema: I, init: MessageInitShape<I>, where: HTMLElement = this.err): Promise<void> {
    const r = await this.ctx.post(path, schema, init, CampaignSchema);
    say(where, r.ok ? "" : r.message);
  }
}
