// The table page for one seat: the board, the order panel, decisions, dice, log, chat and the
// connection indicator. Everything shown comes from the TableModel the server's envelopes
// build; orders go out through the Connection and come back as deltas or refusals.
import { GridFacing } from "../gen/sandtable/v1/common_pb";
import { ChatChannel, Role, type Envelope } from "../gen/sandtable/v1/protocol_pb";
import type { Action } from "../gen/sandtable/v1/menu_pb";
import type { View } from "../gen/sandtable/v1/view_pb";
import type { EnvelopeInit, Status } from "../net/connection";
import { lookFor } from "../rulesets";
import { initialModel, orderSent, reduce, type LogEntry, type LogFilter, type TableModel } from "../state/store";
import { facingName } from "../state/words";
import { Board } from "./board";
import { h, replace } from "./dom";
import { TERRAIN, terrainStyle } from "./look";
import { actions, answerFor, generalActions, KIND_KEYS, myTurn, needsAiming, Orders, planActions, unitActions, type PlayInit } from "./orders";
import { FILTERS, banner, diceTray, logList, sides, unitCard } from "./panels";

export interface Link {
  send(init: EnvelopeInit): void;
}

export class TablePage {
  model: TableModel;
  readonly root: HTMLElement;
  private readonly board: Board;
  private readonly orders: Orders;
  private filter: LogFilter = "all";
  private tab: "log" | "chat" = "log";
  private notice = "";
  private retryIn?: number;
  private link: Link | null = null;
  private readonly els: Record<string, HTMLElement> = {};
  private readonly tooltip = h("div", { class: "tooltip", hidden: true });
  private readonly dialog = h("div", { class: "dialog-back", hidden: true });
  private chatChannel = ChatChannel.UNSPECIFIED;

  constructor(private readonly saveKey: string | null) {
    this.model = initialModel(saveKey ? loadSaved(saveKey) : undefined);
    this.orders = new Orders(() => this.seat);
    this.board = new Board({
      onSquare: (q, u) => {
        if (!this.model.view) return;
        this.notice = this.orders.click(this.model.view, q, u) ?? "";
        this.render();
      },
      onHoverSquare: (q) => {
        this.orders.hover = q;
        if (this.model.view) this.board.render(this.model.view, this.orders.overlay(this.model.view));
      },
      onHoverUnit: (u, x, y) => this.showTooltip(u, x, y),
    });
    this.root = this.layout();
    document.addEventListener("keydown", (e) => this.onKey(e));
  }

  get seat(): string {
    return this.model.welcome?.seat ?? "";
  }

  get role(): Role {
    return this.model.welcome?.role ?? Role.UNSPECIFIED;
  }

  attach(link: Link): void {
    this.link = link;
  }

  lastSeq(): bigint {
    return this.model.seq;
  }

  receive(env: Envelope): void {
    const r = reduce(this.model, env);
    this.model = r.model;
    for (const s of r.send) this.link?.send(s);
    if (this.model.view) this.orders.sync(this.model.view);
    if (env.body.case === "orderRejected") this.notice = "";
    if (this.orders.confirming && !actions(this.model.view).some((a) => a.id === this.orders.confirming!.action)) this.orders.confirming = null;
    if (this.saveKey) save(this.saveKey, this.model);
    this.render();
  }

  setStatus(status: Status, retryInMs?: number): void {
    this.model = { ...this.model, status };
    this.retryIn = retryInMs;
    this.renderStatus();
  }

  private layout(): HTMLElement {
    const e = this.els;
    e.status = h("div", { class: "conn", "data-testid": "connection" });
    e.title = h("div", { class: "room-title" });
    e.banner = h("div");
    e.boardWrap = h(
      "div",
      { class: "board-wrap" },
      this.board.svg,
      h(
        "div",
        { class: "zoom" },
        h("button", { title: "Zoom in (+)", onclick: () => this.board.zoom(1 / 1.25) }, "+"),
        h("button", { title: "Zoom out (-)", onclick: () => this.board.zoom(1.25) }, "−"),
        h("button", { title: "Fit to screen (0)", onclick: () => this.board.fit() }, "Fit"),
      ),
      (e.legend = h("details", { class: "legend" })),
    );
    e.sides = h("div");
    e.decisions = h("div", { class: "decisions", "data-testid": "decisions" });
    e.orders = h("div", { class: "orders", "data-testid": "orders" });
    e.gm = h("div", { class: "gm" });
    e.dice = h("div");
    e.tabs = h("div", { class: "tabs" });
    e.logFilters = h("div", { class: "filters" });
    e.log = h("div", { class: "log-wrap" });
    e.chatList = h("ol", { class: "chat", "data-testid": "chat" });
    const input = h("input", { type: "text", maxlength: 500, placeholder: "Say something…", "aria-label": "Chat message" });
    e.chatChannel = h("span");
    e.chatForm = h(
      "form",
      {
        class: "chat-form",
        onsubmit: (ev: Event) => {
          ev.preventDefault();
          const text = input.value.trim();
          if (!text) return;
          this.link?.send({ body: { case: "chatSend", value: { text, channel: this.chatChannel } } });
          input.value = "";
        },
      },
      e.chatChannel,
      input,
      h("button", { type: "submit" }, "Send"),
    );
    e.chat = h("div", { class: "chat-wrap", hidden: true }, e.chatList, e.chatForm);
    e.logPane = h("div", { class: "log-pane" }, e.logFilters, e.log);
    return h(
      "div",
      { class: "table-page" },
      h("header", { class: "top" }, h("a", { href: "./", class: "brand" }, "Sandtable"), e.title, e.banner, e.status),
      h("main", { class: "table-main" }, e.boardWrap, h("aside", { class: "panel" }, e.decisions, e.orders, e.gm, e.sides, e.dice, e.tabs, e.logPane, e.chat)),
      this.tooltip,
      this.dialog,
    );
  }

  render(): void {
    const m = this.model;
    const e = this.els;
    const w = m.welcome;
    const roleName = this.role === Role.GM ? "Game master" : this.role === Role.SPECTATOR ? "Spectator" : this.sideName(this.seat);
    replace(e.title, w ? [h("b", {}, w.roomName || m.view?.scenarioName || "Room"), h("span", { class: "seat-badge", "data-testid": "seat" }, roleName)] : "Joining…");
    replace(e.banner, banner(m, this.seat));
    this.renderStatus();
    if (m.error) {
      replace(e.orders, h("div", { class: "error", role: "alert" }, h("b", {}, "Cannot join: "), m.error.message || m.error.code));
    }
    const v = m.view;
    if (!v) return;
    this.board.render(v, this.orders.overlay(v));
    replace(e.legend, legend(v));
    replace(e.sides, sides(v, this.seat));
    this.renderDecisions(v);
    if (!m.error) this.renderOrders(v);
    this.renderGm(v);
    replace(e.dice, diceTray(m.log));
    this.renderLogAndChat();
    this.renderDialog();
  }

  private sideName(id: string): string {
    return this.model.view?.sides.find((s) => s.id === id)?.name || id;
  }

  private renderStatus(): void {
    const st = this.model.status;
    const text =
      st === "open" ? "Connected" : st === "connecting" ? "Connecting…" : st === "reconnecting" ? `Reconnecting${this.retryIn ? ` in ${Math.ceil(this.retryIn / 1000)} s` : "…"}` : "Offline";
    replace(this.els.status, h("span", { class: `dot ${st}` }), text);
    this.els.status.dataset.status = st;
  }

  private renderDecisions(v: View): void {
    const shown = v.decisions.filter((d) => d.seat === this.seat || this.role === Role.GM);
    const hover = (sq?: { col: number; row: number }) => ({
      onmouseenter: () => sq && this.board.render(v, { ...this.orders.overlay(v), highlight: [sq] }),
      onmouseleave: () => this.board.render(v, this.orders.overlay(v)),
    });
    const cards = shown.map((d) => {
      const answer = answerFor(v, d.id);
      const choices = answer
        ? answer.targets.map((c) => h("button", { class: "choice", "data-choice": c.id, title: c.detail || undefined, onclick: () => this.send({ action: answer.id, target: c.id }), ...hover(c.square) }, c.label || c.id))
        : d.choices.map((c) => h("button", { class: "choice", disabled: true, ...hover(c.square) }, c.label || c.id));
      return h(
        "div",
        { class: "decision", role: "group", "aria-label": d.prompt },
        h("p", {}, h("b", {}, d.seat === this.seat ? "Your decision: " : `${this.sideName(d.seat)} decides: `), d.prompt, d.ruleId ? h("small", {}, ` (${d.ruleId})`) : null),
        h("div", { class: "choices" }, choices),
      );
    });
    // Answers the menu offers for decisions the view does not list (should not happen; shown anyway).
    for (const a of actions(v).filter((x) => x.kind === "answer" && !shown.some((d) => d.id === x.decisionId))) {
      cards.push(h("div", { class: "decision", role: "group" }, h("p", {}, h("b", {}, "Your decision: "), a.label),
        h("div", { class: "choices" }, a.targets.map((c) => h("button", { class: "choice", "data-choice": c.id, onclick: () => this.send({ action: a.id, target: c.id }), ...hover(c.square) }, c.label || c.id)))));
    }
    replace(this.els.decisions, cards);
  }

  private renderOrders(v: View): void {
    const e = this.els.orders;
    if (this.role === Role.SPECTATOR) return replace(e, h("p", { class: "muted" }, "You are watching. Hover a unit for its details."));
    if (this.role === Role.GM) return replace(e, h("p", { class: "muted" }, "You see every unit and decision. Hover a unit for its details."));
    const m = this.model;
    const parts: (HTMLElement | HTMLElement[] | null)[] = [];
    if (m.refusal) {
      parts.push(h("div", { class: "refusal", role: "alert", "data-testid": "refusal" }, h("b", {}, "Refused: "), m.refusal.text, m.refusal.ruleId ? h("small", {}, ` (${m.refusal.ruleId})`) : null));
    }
    if (this.notice) parts.push(h("div", { class: "notice", role: "status" }, this.notice));
    if (!myTurn(v)) {
      parts.push(h("p", { class: "muted" }, v.result?.over ? "The game is over." : v.paused ? "The GM has paused the game." : "Nothing for you to do now. You may look around; hover a unit for its details."));
      return replace(e, parts);
    }
    const plans = planActions(v);
    if (plans.length) parts.push(this.planBox(v, plans));
    else if (v.board.case === "table") parts.push(this.tableActions(v));
    else parts.push(...this.gridActions(v));
    const general = generalActions(v);
    if (general.length) {
      parts.push(h("div", { class: "end-row" }, general.map((a) => this.actionButton(v, a))));
    }
    replace(e, parts);
  }

  /** A button for one action of the menu; an action with nothing to aim sends at once. */
  private actionButton(v: View, a: Action, extra: Record<string, unknown> = {}): HTMLElement {
    const keyHint = a.kind === "end" && a.id === "end-activation" ? "E" : KIND_KEYS[a.kind];
    const on = this.orders.actionId === a.id;
    return h(
      "button",
      {
        class: `action kind-${a.kind}` + (on ? " on" : ""),
        "data-action": a.id,
        "data-testid": a.unitId ? undefined : a.id,
        "aria-pressed": needsAiming(a) ? on : undefined,
        title: a.move ? "Drawing a path on the table comes next; this move cannot be given from the page yet." : a.ruleId || undefined,
        disabled: !!a.move && !a.targets.length,
        onclick: () => this.choose(v, a.id),
        ...extra,
      },
      a.label || a.id,
      keyHint ? h("kbd", {}, keyHint) : null,
    );
  }

  private choose(v: View, id: string): void {
    const now = this.orders.choose(v, id);
    this.notice = "";
    if (now) this.send(now);
    else this.render();
  }

  private gridActions(v: View): (HTMLElement | null)[] {
    const u = this.orders.unit(v);
    const ready = [...new Set(actions(v).filter((a) => a.unitId && a.kind !== "answer").map((a) => a.unitId))];
    const unitName = (id: string) => v.units.find((x) => x.id === id)?.name || id;
    const chooser = ready.length
      ? h("div", { class: "ready-units" }, h("small", { class: "muted" }, "Units with orders: "),
          ready.map((id) => h("button", { class: "link" + (id === this.selected ? " on" : ""), "data-select": id, onclick: () => { this.orders.select(v, id); this.render(); } }, unitName(id))))
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

  private get selected(): string | null {
    return this.orders.selected;
  }

  /** Free table: the menu's actions by unit; targets from a list or by clicking the unit. */
  private tableActions(v: View): HTMLElement {
    const byUnit = new Map<string, Action[]>();
    for (const a of actions(v)) if (a.unitId && a.kind !== "answer") byUnit.set(a.unitId, [...(byUnit.get(a.unitId) ?? []), a]);
    const unitName = (id: string) => v.units.find((x) => x.id === id)?.name || id;
    const aiming = this.orders.action(v);
    return h(
      "div",
      { class: "table-actions", "data-testid": "table-actions" },
      byUnit.size ? null : h("p", { class: "muted" }, "No unit orders on the menu now."),
      [...byUnit].map(([id, list]) =>
        h("div", { class: "unit-actions" + (id === this.selected ? " on" : "") }, h("b", {}, unitName(id)), h("div", { class: "modes" }, list.map((a) => this.actionButton(v, a, { onclick: () => { this.orders.selected = id; this.choose(v, a.id); } })))),
      ),
      aiming && aiming.targets.length ? this.targetList(v, aiming) : null,
      this.draftBox(v),
    );
  }

  private targetList(v: View, a: Action): HTMLElement {
    return h(
      "div",
      { class: "target-list" },
      h("p", { class: "hint" }, `${a.label || a.id}: pick a target${v.board.case === "table" ? " (or click it on the table)" : ""}.`),
      h("ul", {}, a.targets.map((t) => h("li", {}, h("button", { class: "link" + (this.orders.target === t.id ? " on" : ""), "data-target": t.id, onclick: () => { this.orders.target = t.id; this.render(); } }, t.label || t.id), t.detail ? h("small", {}, ` ${t.detail}`) : null))),
    );
  }

  /** Plan actions (one per unit, sent together as one order; no pick holds). */
  private planBox(v: View, plans: Action[]): HTMLElement {
    const batteries = plans.filter((p) => p.unitId);
    const unitName = (id: string) => v.units.find((x) => x.id === id)?.name || id;
    const rows = batteries.map((p) => {
      const pick = this.orders.plan.get(p.id) ?? "";
      const select = h(
        "select",
        { "data-plan": p.id, "aria-label": `${unitName(p.unitId)}: target`, onchange: (ev: Event) => {
          const val = (ev.target as HTMLSelectElement).value;
          if (val) this.orders.plan.set(p.id, val);
          else this.orders.plan.delete(p.id);
          this.render();
        } },
        h("option", { value: "", selected: !pick }, "hold fire"),
        p.targets.map((t) => h("option", { value: t.id, selected: pick === t.id }, `${t.label || t.id}${t.detail ? ` (${t.detail})` : ""}`)),
      );
      return h("li", { class: this.orders.actionId === p.id ? "on" : "" },
        h("button", { class: "link", onclick: () => { this.orders.selected = p.unitId; this.orders.actionId = p.id; this.render(); } }, unitName(p.unitId)), " → ", select);
    });
    return h(
      "div",
      { class: "art-plan" },
      h("h4", {}, plans[0]?.label || "Plan"),
      h("p", { class: "hint" }, "Pick a target for each unit here or by clicking a highlighted square after choosing the unit; send them together."),
      rows.length ? h("ul", {}, rows) : null,
      h("button", { class: "primary", "data-testid": "send-plan", onclick: () => {
        const p = this.orders.planOrder(v);
        if (p) {
          this.orders.plan.clear();
          this.send(p);
        }
      } }, "Send plan"),
    );
  }

  private draftBox(v: View): HTMLElement | null {
    const a = this.orders.action(v);
    const d = this.orders.draft(v);
    if (!a) return null;
    if (!d) {
      const hint = a.targets.length ? (a.kind === "move" ? "Click a highlighted square to move there (hover one for the distance)." : "Click a highlighted target.") : "";
      return hint ? h("p", { class: "hint" }, hint) : null;
    }
    const bits = [a.label || a.id];
    if (d.target) bits.push(`→ ${d.target.label || d.target.id}${d.target.detail ? ` (${d.target.detail})` : ""}`);
    if (a.facings.length && d.facing !== undefined) bits.push(`facing ${facingName(d.facing)}`);
    return h(
      "div",
      { class: "draft", "data-testid": "draft" },
      h("p", {}, bits.join(" ")),
      a.facings.length > 1
        ? h("div", { class: "facing-row" }, "Facing: ", a.facings.map((f) => h("button", { class: "face" + (d.facing === f ? " current" : ""), "data-facing": facingName(f), onclick: () => { this.orders.facing = f; this.render(); } }, facingName(f).charAt(0).toUpperCase())), h("small", { class: "muted" }, " arrows or Q/E"))
        : null,
      h(
        "div",
        { class: "draft-buttons" },
        h("button", { class: "primary", "data-testid": "confirm", onclick: () => this.confirm() }, "Send order", h("kbd", {}, "Enter")),
        h("button", { onclick: () => this.cancel() }, "Cancel", h("kbd", {}, "Esc")),
      ),
    );
  }

  private renderDialog(): void {
    const c = this.orders.confirming;
    this.dialog.hidden = !c;
    if (!c) return replace(this.dialog);
    replace(
      this.dialog,
      h("div", { class: "dialog", role: "dialog", "aria-modal": "true", "data-testid": "confirm-dialog" },
        h("p", {}, this.orders.confirmText),
        h("div", { class: "draft-buttons" },
          h("button", { class: "primary", "data-testid": "confirm-yes", onclick: () => { const p = this.orders.confirming; this.orders.confirming = null; if (p) this.sendNow(p); } }, "Yes"),
          h("button", { "data-testid": "confirm-no", onclick: () => { this.orders.confirming = null; this.render(); } }, "No"))),
    );
  }

  private renderGm(v: View): void {
    if (this.role !== Role.GM) return replace(this.els.gm);
    const gm = (body: EnvelopeInit) => this.link?.send(body);
    const order = (value: object) => gm({ body: { case: "order", value: { seq: this.model.seq, command: { seat: "gm", body: { case: "gm", value: value as never } } } } });
    replace(
      this.els.gm,
      h("h3", {}, "Referee"),
      h(
        "div",
        { class: "gm-buttons" },
        v.paused
          ? h("button", { "data-testid": "gm-resume", onclick: () => order({ body: { case: "resume", value: {} } }) }, "Resume game")
          : h("button", { "data-testid": "gm-pause", onclick: () => order({ body: { case: "pause", value: { reason: "paused by the GM" } } }) }, "Pause game"),
        h("button", { onclick: () => confirm("End the game as a draw?") && order({ body: { case: "endGame", value: { winner: "", reason: "ended by the GM" } } }) }, "End as draw"),
      ),
    );
  }

  private renderLogAndChat(): void {
    const e = this.els;
    const tab = (id: "log" | "chat", label: string) => h("button", { class: "tab" + (this.tab === id ? " on" : ""), role: "tab", "aria-selected": this.tab === id, onclick: () => { this.tab = id; this.renderLogAndChat(); } }, label);
    const unread = this.model.chat.length;
    replace(e.tabs, tab("log", "Game log"), tab("chat", `Chat${unread ? ` (${unread})` : ""}`));
    e.logPane.hidden = this.tab !== "log";
    e.chat.hidden = this.tab !== "chat";
    replace(e.logFilters, FILTERS.map((f) => h("button", { class: "filter" + (this.filter === f.id ? " on" : ""), onclick: () => { this.filter = f.id; this.renderLogAndChat(); } }, f.label)));
    const scroller = e.log;
    const atBottom = scroller.scrollHeight - scroller.scrollTop - scroller.clientHeight < 30;
    replace(scroller, logList(this.model.log, this.filter));
    if (atBottom) scroller.scrollTop = scroller.scrollHeight;
    replace(e.chatList, this.model.chat.map((c) => h("li", { class: c.channel === ChatChannel.SPECTATORS ? "spec" : "" }, h("b", {}, c.seat === "gm" ? "GM" : c.seat === "spectator" ? "Spectator" : this.sideName(c.seat)), c.channel === ChatChannel.SPECTATORS ? h("small", {}, " (spectators)") : null, ": ", c.text)));
    e.chatList.scrollTop = e.chatList.scrollHeight;
    if (this.role === Role.GM) {
      const sel = h("select", { "aria-label": "Channel", onchange: (ev: Event) => { this.chatChannel = Number((ev.target as HTMLSelectElement).value); } },
        h("option", { value: ChatChannel.PLAYERS, selected: this.chatChannel !== ChatChannel.SPECTATORS }, "to players"),
        h("option", { value: ChatChannel.SPECTATORS, selected: this.chatChannel === ChatChannel.SPECTATORS }, "to spectators"));
      replace(e.chatChannel, sel);
    } else {
      replace(e.chatChannel, h("small", { class: "muted" }, this.role === Role.SPECTATOR ? "spectators' channel" : "players' channel"));
    }
  }

  private showTooltip(u: import("../gen/sandtable/v1/view_pb").UnitView | null, x: number, y: number): void {
    const t = this.tooltip;
    if (!u || !this.model.view) {
      t.hidden = true;
      return;
    }
    replace(t, unitCard(this.model.view, u));
    t.hidden = false;
    const w = 240;
    t.style.left = `${Math.min(x + 16, window.innerWidth - w - 8)}px`;
    t.style.top = `${Math.min(y + 16, window.innerHeight - 200)}px`;
  }

  private confirm(): void {
    const v = this.model.view;
    if (!v) return;
    const p = this.orders.order(v);
    if (!p) return;
    this.orders.clearAim();
    this.send(p);
  }

  private cancel(): void {
    if (this.orders.confirming) this.orders.confirming = null;
    else if (this.orders.target || this.orders.facing !== null) {
      this.orders.target = null;
      this.orders.facing = null;
    } else if (this.orders.actionId) this.orders.actionId = null;
    else this.orders.selected = null;
    this.notice = "";
    this.render();
  }

  /** Sends a pick from the menu, asking the action's `confirm` question first if it has one. */
  private send(p: PlayInit): void {
    const v = this.model.view;
    const q = v ? this.orders.question(v, p) : "";
    if (q) {
      this.orders.confirming = p;
      this.orders.confirmText = q;
      this.render();
      return;
    }
    this.sendNow(p);
  }

  /** Sends a pick as it is (public: the e2e test sends an off-menu one, as a stale page would). */
  sendNow(p: PlayInit): void {
    this.sendCommand({ body: { case: "play", value: p } });
  }

  private sendCommand(command: NonNullable<Extract<EnvelopeInit["body"], { case: "order" }>["value"]>["command"]): void {
    if (!this.link) return;
    this.link.send({ body: { case: "order", value: { seq: this.model.seq, command: { ...command, seat: this.seat } } } });
    this.model = orderSent(this.model);
    this.notice = "";
    this.render();
  }

  private onKey(e: KeyboardEvent): void {
    const target = e.target as HTMLElement | null;
    if (target && (target.tagName === "INPUT" || target.tagName === "TEXTAREA" || target.tagName === "SELECT")) return;
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    const v = this.model.view;
    if (!v) return;
    const k = e.key;
    const o = this.orders;
    const facingOpen = o.facing !== null && !!o.action(v)?.facings.length;
    const arrows: Record<string, GridFacing> = { ArrowUp: GridFacing.NORTH, ArrowRight: GridFacing.EAST, ArrowDown: GridFacing.SOUTH, ArrowLeft: GridFacing.WEST };
    const kinds: Record<string, string> = { m: "move", f: "fire", c: "close_combat" };
    let handled = true;
    if (k === "Escape") this.cancel();
    else if (o.confirming) handled = false;
    else if (k === "Enter" && o.draft(v)) this.confirm();
    else if (k.toLowerCase() in kinds && o.selected) { this.notice = o.chooseKind(v, kinds[k.toLowerCase()]) ?? ""; this.render(); }
    else if (k === "q" || k === "Q") { o.turn(v, -1); this.render(); }
    else if ((k === "e" || k === "E") && facingOpen) { o.turn(v, 1); this.render(); }
    else if ((k === "e" || k === "E") && generalActions(v).some((a) => a.id === "end-activation")) this.choose(v, "end-activation");
    else if (k in arrows && o.selected) { o.turn(v, arrows[k], true); this.render(); }
    else if (k === "+" || k === "=") this.board.zoom(1 / 1.25);
    else if (k === "-") this.board.zoom(1.25);
    else if (k === "0") this.board.fit();
    else handled = false;
    if (handled) e.preventDefault();
  }
}

function legend(v: View): HTMLElement[] {
  const kinds = [...new Set(v.terrain.map((t) => t.kind))];
  return [
    h("summary", {}, "Legend"),
    h(
      "ul",
      {},
      kinds.map((k) => {
        const st = terrainStyle(k);
        return h("li", {}, h("span", { class: `swatch terrain-swatch t-${TERRAIN[k] ? k : "other"}`, style: `background:${st.fill === "none" ? "#fff" : st.fill}` }), st.label);
      }),
      h("li", {}, h("span", { class: "swatch", style: "background:#0072B2" }), h("span", { class: "swatch", style: "background:#E69F00" }), "Sides"),
      lookFor(v.ruleset).legend.map((line) => h("li", {}, line)),
    ),
  ];
}

// The log survives a reload in this tab: the server sends what happened since its last
// sequence, and the lines before it come from here.
interface Saved {
  seq: string;
  log: { seq: string; kind: LogEntry["kind"]; text: string; dice: { kind: number; value: number; label: string }[] }[];
}

function loadSaved(k: string): { seq: bigint; log: LogEntry[] } | undefined {
  try {
    const raw = sessionStorage.getItem(k);
    if (!raw) return undefined;
    const s = JSON.parse(raw) as Saved;
    return { seq: BigInt(s.seq), log: s.log.map((e) => ({ ...e, seq: BigInt(e.seq), dice: e.dice as LogEntry["dice"] })) };
  } catch {
    return undefined;
  }
}

function save(k: string, m: TableModel): void {
  if (!m.view) return;
  const s: Saved = { seq: m.seq.toString(), log: m.log.map((e) => ({ ...e, seq: e.seq.toString(), dice: e.dice.map((d) => ({ kind: d.kind, value: d.value, label: d.label })) })) };
  try {
    sessionStorage.setItem(k, JSON.stringify(s));
  } catch {
    // storage full or disabled: the log simply starts afresh after a reload
  }
}
