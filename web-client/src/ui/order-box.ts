// The order box of a player's turn: the menu's actions as buttons, a grid unit's modes, a free
// table's actions by unit, a drawn path's ruler, a target list, a plan of several picks and the
// order being built. It draws only; what a click does is the table page's (OrderBoxHost).
import type { Action } from "../gen/sandtable/v1/menu_pb";
import type { View } from "../gen/sandtable/v1/view_pb";
import { facingName, words } from "../state/words";
import { h } from "./dom";
import { actions, KIND_KEYS, needsAiming, unitActions, type Orders, type PlayInit, type PointDraft } from "./orders";
import { unitCard } from "./panels";
import { allowedInches, inchesText, rulerLabel } from "./ruler";

export interface OrderBoxHost {
  readonly orders: Orders;
  seat(): string;
  render(): void;
  /** The player aims again: the refusal banner has been read. */
  aimed(): void;
  choose(v: View, id: string): void;
  send(p: PlayInit): void;
  confirm(): void;
  cancel(): void;
  hoverOn(id: string | null): void;
}

export class OrderBox {
  constructor(private readonly host: OrderBoxHost) {}

  /** A button for one action of the menu; an action with nothing to aim sends at once. */
  actionButton(v: View, a: Action, extra: Record<string, unknown> = {}): HTMLElement {
    // On a free table M is the measure tool; a drawn move is started from its button or by clicking the unit.
    const keyHint = a.kind === "end" && a.id === "end-activation" ? "E" : v.board.case === "table" && a.kind === "move" ? undefined : KIND_KEYS[a.kind];
    const on = this.host.orders.actionId === a.id;
    return h(
      "button",
      {
        class: `action kind-${a.kind}` + (on ? " on" : ""),
        "data-action": a.id,
        "data-testid": a.unitId ? undefined : a.id,
        "aria-pressed": needsAiming(a) ? String(on) : undefined,
        title: a.move ? `Draw the path on the table (up to ${inchesText(a.move.maxInches)})` : a.point?.hint || a.ruleId || undefined,
        onclick: () => this.host.choose(v, a.id),
        ...extra,
      },
      a.label || a.id,
      keyHint ? h("kbd", {}, keyHint) : null,
    );
  }

  gridActions(v: View): (HTMLElement | null)[] {
    const u = this.host.orders.unit(v);
    const ready = [...new Set(actions(v).filter((a) => a.unitId && a.kind !== "answer").map((a) => a.unitId))];
    const unitName = (id: string) => v.units.find((x) => x.id === id)?.name || id;
    const chooser = ready.length
      ? h("div", { class: "ready-units" }, h("small", { class: "muted" }, "Units with orders: "),
          ready.map((id) => h("button", { class: "link" + (id === this.host.orders.selected ? " on" : ""), "data-select": id, onclick: () => { this.host.aimed(); this.host.orders.select(v, id); this.host.render(); } }, unitName(id))))
      : null;
    if (!u) return [h("p", {}, "Choose one of your units to give it orders."), chooser];
    const own = unitActions(v, u.id);
    return [
      unitCard(v, u),
      own.length ? h("div", { class: "modes" }, own.map((a) => this.actionButton(v, a))) : h("p", { class: "muted" }, `${u.name || u.id} has no orders now.`),
      this.draftBox(v),
      chooser,
    ];
  }

  /** Free table: the menu's actions by unit; targets from a list or by clicking the unit. */
  tableActions(v: View): HTMLElement {
    const byUnit = new Map<string, Action[]>();
    for (const a of actions(v)) if (a.unitId && a.kind !== "answer") byUnit.set(a.unitId, [...(byUnit.get(a.unitId) ?? []), a]);
    const unitName = (id: string) => v.units.find((x) => x.id === id)?.name || id;
    const aiming = this.host.orders.action(v);
    return h(
      "div",
      { class: "table-actions", "data-testid": "table-actions" },
      byUnit.size ? null : h("p", { class: "muted" }, "No unit orders on the menu now."),
      [...byUnit].map(([id, list]) =>
        h("div", { class: "unit-actions" + (id === this.host.orders.selected ? " on" : "") }, h("b", {}, unitName(id)), h("div", { class: "modes" }, list.map((a) => this.actionButton(v, a, { onclick: () => { this.host.orders.selected = id; this.host.choose(v, a.id); } })))),
      ),
      aiming?.move ? this.pathBox(v, aiming) : null,
      aiming && !aiming.move && aiming.targets.length ? this.targetList(v, aiming) : null,
      aiming?.move ? null : this.draftBox(v),
    );
  }

  /** A drawn move: the ruler in words, the mode chooser, the end facing, undo, send and cancel. */
  pathBox(v: View, a: Action): HTMLElement | null {
    const d = this.host.orders.path;
    const limits = a.move;
    if (!d || !limits) return null;
    const u = v.units.find((x) => x.id === a.unitId);
    const start = u?.position;
    const r = rulerLabel(start ? d.length(start) : 0, allowedInches(limits, d.mode));
    const who = u?.name || a.unitId || "the unit";
    const modes = limits.modes;
    const kbd = (k: string) => h("kbd", {}, k);
    return h(
      "div",
      { class: "draft path-draft" + (r.over ? " over" : ""), "data-testid": "draft" },
      h("p", { class: "hint" }, d.points.length ? "Click to add more points; the last point is where the unit ends." : `Click the table to draw ${who}'s path from where it stands, point by point.`),
      h("p", { class: "ruler-line" + (r.over ? " over" : ""), "data-testid": "ruler-panel" }, h("b", {}, `Path ${r.text}`),
        d.points.length ? ` · ${d.points.length} point${d.points.length === 1 ? "" : "s"}` : "", r.over ? " · past the allowance" : ""),
      modes.length > 1
        ? h("div", { class: "mode-row", role: "radiogroup", "aria-label": "How it moves" }, h("span", { class: "muted" }, "Mode: "),
            modes.map((m) => h("button", { class: "mode" + (m === d.mode ? " on" : ""), role: "radio", "aria-checked": String(m === d.mode), "data-mode": m, onclick: () => { d.mode = m; this.host.render(); } }, words(m))))
        : modes.length === 1 ? h("p", { class: "hint" }, `Mode: ${words(modes[0])}`) : null,
      limits.facingFree
        ? h("p", { class: "facing-line", "data-testid": "facing", title: "Compass degrees: 0 is north (up the table), 90 east" },
            `Facing ${d.facingDeg}° at the end`, h("small", { class: "muted" }, " · drag the round handle, or Q / E (Shift: 1°)"))
        : null,
      h(
        "div",
        { class: "draft-buttons" },
        h("button", { class: "primary", "data-testid": "confirm", disabled: !d.ready(), onclick: () => this.host.confirm() }, "Send order", kbd("Enter")),
        h("button", { "data-testid": "undo-point", disabled: !d.points.length, onclick: () => { d.undo(); this.host.render(); } }, "Undo point", kbd("⌫")),
        h("button", { onclick: () => this.host.cancel() }, "Cancel", kbd("Esc")),
      ),
    );
  }

  targetList(v: View, a: Action): HTMLElement {
    return h(
      "div",
      { class: "target-list" },
      h("p", { class: "hint" }, `${a.label || a.id}: pick a target${v.board.case === "table" ? " (or click it on the table)" : ""}.`),
      h("ul", {}, a.targets.map((t) => h("li", {}, h("button", {
        class: "link" + (this.host.orders.target === t.id ? " on" : ""), "data-target": t.id,
        onclick: () => { this.host.aimed(); this.host.orders.target = t.id; this.host.render(); },
        onmouseenter: () => this.host.hoverOn(t.id),
        onmouseleave: () => this.host.hoverOn(null),
      }, t.label || t.id), t.detail ? h("small", {}, ` ${t.detail}`) : null))),
    );
  }

  /**
   * Plan actions: several picks sent together as one order (a side's batteries, the figures that
   * fill a melee's pairs, the guards of prisoners). Each row is an action with targets; the one
   * without targets is what sending with no pick means (its label says so).
   */
  planBox(v: View, plans: Action[]): HTMLElement {
    const rows = plans.filter((p) => p.targets.length);
    const hold = plans.find((p) => !p.targets.length && !needsAiming(p));
    const unitName = (id: string) => v.units.find((x) => x.id === id)?.name || id;
    const rowName = (p: Action) => (p.unitId ? unitName(p.unitId) : p.label || p.id);
    const question = v.decisions.find((d) => d.seat === this.host.seat())?.prompt;
    const items = rows.map((p) => {
      const pick = this.host.orders.plan.get(p.id) ?? "";
      const select = h(
        "select",
        { "data-plan": p.id, "aria-label": `${rowName(p)}: pick`, onchange: (ev: Event) => {
          const val = (ev.target as HTMLSelectElement).value;
          if (val) this.host.orders.plan.set(p.id, val);
          else this.host.orders.plan.delete(p.id);
          this.host.render();
        } },
        h("option", { value: "", selected: !pick }, "—"),
        p.targets.map((t) => h("option", { value: t.id, selected: pick === t.id }, `${t.label || t.id}${t.detail ? ` (${t.detail})` : ""}`)),
      );
      const name = p.unitId
        ? h("button", { class: "link", onclick: () => { this.host.orders.selected = p.unitId; this.host.orders.actionId = p.id; this.host.render(); } }, rowName(p))
        : h("span", { class: "plan-row" }, rowName(p));
      return h("li", { class: this.host.orders.actionId === p.id ? "on" : "" }, name, " → ", select);
    });
    const picked = rows.some((p) => this.host.orders.plan.has(p.id));
    return h(
      "div",
      { class: "art-plan", "data-testid": "plan" },
      h("h4", {}, question || hold?.label || rows[0]?.label || "Plan"),
      h("p", { class: "hint" }, rows.some((p) => p.unitId)
        ? "Pick for each row here, or click a highlighted target after choosing the unit; they are sent together."
        : "Pick for each row; rows left at — are filled as the rules list them. They are sent together."),
      items.length ? h("ul", {}, items) : null,
      h("button", { class: "primary", "data-testid": "send-plan", title: !picked && hold ? hold.label : undefined, onclick: () => {
        const p = this.host.orders.planOrder(v);
        if (p) {
          this.host.orders.plan.clear();
          this.host.send(p);
        }
      } }, picked || !hold ? "Send" : hold.label),
    );
  }

  draftBox(v: View): HTMLElement | null {
    const a = this.host.orders.action(v);
    const d = this.host.orders.draft(v);
    if (!a) return null;
    if (!d) {
      const hint = a.point ? pointHint(a, false) : a.targets.length ? (a.kind === "move" ? "Click highlighted squares: each is a point the route passes, the last where the unit ends (hover one for the distance)." : "Click a highlighted target.") : "";
      return hint ? h("p", { class: "hint" }, hint) : null;
    }
    const bits = [a.label || a.id];
    if (d.target) bits.push(`→ ${d.target.label || d.target.id}${d.target.detail && (this.host.orders.route?.points.length ?? 0) < 2 ? ` (${d.target.detail})` : ""}`);
    if (a.facings.length && d.facing !== undefined) bits.push(`facing ${facingName(d.facing)}`);
    if (d.point) bits.push(pointWords(a, d.point));
    return h(
      "div",
      { class: "draft", "data-testid": "draft" },
      d.point ? h("p", { class: "hint" }, pointHint(a, true)) : null,
      h("p", {}, bits.join(" ")),
      a.facings.length > 1
        ? h("div", { class: "facing-row" }, "Facing: ", a.facings.map((f) => h("button", { class: "face" + (d.facing === f ? " current" : ""), "data-facing": facingName(f), onclick: () => { this.host.orders.facing = f; this.host.render(); } }, facingName(f).charAt(0).toUpperCase())), h("small", { class: "muted" }, " arrows or Q/E"))
        : null,
      h(
        "div",
        { class: "draft-buttons" },
        h("button", { class: "primary", "data-testid": "confirm", onclick: () => this.host.confirm() }, "Send order", h("kbd", {}, "Enter")),
        this.host.orders.route ? h("button", { "data-testid": "undo-point", onclick: () => { this.host.orders.undoPoint(v); this.host.render(); } }, "Undo point", h("kbd", {}, "⌫")) : null,
        h("button", { onclick: () => this.host.cancel() }, "Cancel", h("kbd", {}, "Esc")),
      ),
    );
  }
}

/** What the player is asked while picking a point: the menu's own words, and how to move or turn it. */
function pointHint(a: Action, picked: boolean): string {
  const bits = [a.point?.hint || "Click the table to pick a point."];
  if (picked) bits.push("Click again to move it.");
  if (a.point?.facingFree) bits.push("Q / E turn it (Shift: 1°).");
  return bits.join(" ");
}

/** The point picked in words: where (inches along the width, then up the table) and, when free, which way. */
function pointWords(a: Action, d: PointDraft): string {
  const at = d.at ? `at ${inchesText(d.at.x)}, ${inchesText(d.at.y)}` : "";
  return a.point?.facingFree ? `${at} facing ${d.facingDeg}°` : at;
}
