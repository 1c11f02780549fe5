// The GM's campaign forms: a new campaign (name, rule set, its sides, points for a win and a
// draw) and a battle added to one (name, a scenario of the campaign's rule set, the battle it
// follows, which campaign side plays which scenario side). Each form is built once and kept across
// the dashboard's refreshes, so what the GM is typing survives them.
import { AddBattleSchema, CampaignSchema, CreateCampaignSchema, type Campaign } from "../gen/sandtable/v1/club_pb";
import { Role, type Catalog } from "../gen/sandtable/v1/protocol_pb";
import { defaultSides, followChoices } from "../state/club";
import { errorLine, onSubmit, say, type ClubContext } from "./club-context";
import { h, replace } from "./dom";
import { seatLabel } from "./room-links";

/** Replaces a select's options, keeping its choice when it is still offered. */
function fillSelect(sel: HTMLSelectElement, options: { value: string; label: string }[]): void {
  const was = sel.value;
  replace(sel, options.map((o) => h("option", { value: o.value }, o.label)));
  if (options.some((o) => o.value === was)) sel.value = was;
}

export class NewCampaignForm {
  readonly root: HTMLElement;
  private readonly ruleset = h("select", { "aria-label": "Rule set", "data-testid": "campaign-ruleset" });
  private readonly sides = h("div", { class: "side-names" });

  constructor(private readonly ctx: ClubContext) {
    const name = h("input", { type: "text", maxlength: 80, required: true, placeholder: "e.g. The Hohenberg campaign", "data-testid": "campaign-name" });
    const win = h("input", { type: "number", min: 0, max: 99, value: 3, "data-testid": "campaign-win" });
    const draw = h("input", { type: "number", min: 0, max: 99, value: 1, "data-testid": "campaign-draw" });
    const err = errorLine();
    const button = h("button", { class: "primary", type: "submit", "data-testid": "campaign-create" }, "Create the campaign");
    this.addSide();
    this.addSide();
    const form = h(
      "form",
      {
        class: "create-form",
        onsubmit: onSubmit(button, async () => {
          const sideNames = [...this.sides.querySelectorAll("input")].map((i) => i.value.trim()).filter(Boolean);
          if (sideNames.length < 2) return say(err, "A campaign needs at least two sides: name them.");
          if (!this.ruleset.value) return say(err, "Choose the rule set the campaign plays.");
          const r = await this.ctx.post("api/club/campaign/create", CreateCampaignSchema, { name: name.value.trim(), ruleset: this.ruleset.value, sideNames, winPoints: Number(win.value) || 0, drawPoints: Number(draw.value) || 0 }, CampaignSchema);
          say(err, r.ok ? "" : r.message);
          if (!r.ok) return;
          name.value = "";
          replace(this.sides);
          this.addSide();
          this.addSide();
        }),
      },
      h("label", {}, "Name", name),
      h("label", {}, "Rule set", this.ruleset),
      h("div", { class: "wide" }, h("b", {}, "Sides"), this.sides, h("button", { type: "button", class: "link", "data-testid": "campaign-add-side", onclick: () => this.addSide() }, "add a side")),
      h("label", {}, "Points for a win", win),
      h("label", {}, "Points for a draw", draw),
      button,
      err,
    );
    this.root = h("section", { class: "card", "data-testid": "new-campaign" }, h("h2", {}, "New campaign"), form);
  }

  private addSide(): void {
    const n = this.sides.children.length + 1;
    this.sides.append(h("input", { type: "text", maxlength: 40, placeholder: `Side ${n}, e.g. ${n % 2 ? "North" : "South"}`, "aria-label": `Side ${n}`, "data-testid": "campaign-side" }));
  }

  /** The catalogue has come: its rule sets (those with a scenario to play) are offered. */
  setCatalog(cat: Catalog): void {
    const playable = cat.rulesets.filter((r) => cat.scenarios.some((s) => s.ruleset === r.id));
    fillSelect(this.ruleset, playable.map((r) => ({ value: r.id, label: r.title || r.id })));
  }
}

export class AddBattleForm {
  readonly root: HTMLElement;
  private readonly scenario = h("select", { "aria-label": "Scenario", "data-testid": "battle-scenario" });
  private readonly follows = h("select", { "aria-label": "Follows", "data-testid": "battle-follows" });
  private readonly mapping = h("div", { class: "wide side-map" });
  private campaign: Campaign;

  constructor(private readonly ctx: ClubContext, c: Campaign) {
    this.campaign = c;
    const name = h("input", { type: "text", maxlength: 80, required: true, placeholder: "e.g. The first day", "data-testid": "battle-name" });
    const err = errorLine();
    const button = h("button", { class: "primary", type: "submit", "data-testid": "battle-add" }, "Add the battle");
    this.scenario.addEventListener("change", () => this.drawMapping());
    const form = h(
      "form",
      {
        class: "create-form",
        onsubmit: onSubmit(button, async () => {
          if (!this.scenario.value) return say(err, "Choose the battle's scenario.");
          const chosen = [...this.mapping.querySelectorAll("select")].map((s) => ({ scenarioSide: s.dataset.scenarioSide ?? "", campaignSide: s.value }));
          // The server plays the sides in order when it is told nothing: said only when the GM changed it.
          const byOrder = defaultSides(this.campaign, chosen.map((s) => s.scenarioSide));
          const sides = chosen.some((s, i) => s.campaignSide !== byOrder[i]) ? chosen : [];
          const r = await this.ctx.post("api/club/campaign/battle", AddBattleSchema, { campaignId: this.campaign.id, name: name.value.trim(), scenarioId: this.scenario.value, follows: this.follows.value, sides }, CampaignSchema);
          say(err, r.ok ? "" : r.message);
          if (r.ok) name.value = "";
        }),
      },
      h("label", {}, "Name", name),
      h("label", {}, "Scenario", this.scenario),
      h("label", {}, "Follows", this.follows),
      this.mapping,
      button,
      err,
    );
    this.root = h("details", { class: "add-battle", "data-testid": "add-battle" }, h("summary", {}, "Add a battle"), form);
    this.update(c);
  }

  /** A fresh copy of the campaign: its battles to follow; the catalogue's scenarios once it has come. */
  update(c: Campaign): void {
    this.campaign = c;
    fillSelect(this.follows, followChoices(c));
    const cat = this.ctx.catalog();
    if (cat && !this.scenario.options.length) {
      fillSelect(this.scenario, cat.scenarios.filter((s) => s.ruleset === c.ruleset).map((s) => ({ value: s.id, label: s.name || s.id })));
      this.drawMapping();
    }
  }

  /** One select per scenario side: the campaign side that plays it, in order unless changed. */
  private drawMapping(): void {
    const s = this.ctx.catalog()?.scenarios.find((x) => x.id === this.scenario.value);
    if (!s) return replace(this.mapping);
    const byOrder = defaultSides(this.campaign, s.sides);
    replace(
      this.mapping,
      h("b", {}, "Who plays which side"),
      h(
        "div",
        { class: "side-map-row" },
        s.sides.map((id, i) => {
          const sel = h("select", { "data-scenario-side": id, "aria-label": `Plays ${seatLabel(id, Role.PLAYER)}` }, this.campaign.sides.map((cs) => h("option", { value: cs.id }, cs.name)));
          sel.value = byOrder[i];
          return h("label", {}, seatLabel(id, Role.PLAYER), sel);
        }),
      ),
    );
  }
}
