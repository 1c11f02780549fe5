// The table page for one seat: the board, the order panel, decisions, dice, log, chat and the
// connection indicator. Everything shown comes from the TableModel the server's envelopes
// build; orders go out through the Connection and come back as deltas or refusals.
import { GridFacing } from "../gen/sandtable/v1/common_pb";
import { ChatChannel, Role, type Envelope } from "../gen/sandtable/v1/protocol_pb";
import type { View } from "../gen/sandtable/v1/view_pb";
import type { EnvelopeInit, Status } from "../net/connection";
import { initialModel, orderSent, reduce, type LogFilter, type TableModel } from "../state/store";
import type { LogEntry } from "../state/describe";
import { sq } from "../state/words";
import { Board } from "./board";
import { h, replace } from "./dom";
import { TERRAIN, terrainStyle } from "./look";
import { isArtilleryPhase, myTurn, Orders, type Mode, type PwCommandInit } from "./orders";
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
    const mine = v.decisions.filter((d) => d.seat === this.seat || this.role === Role.GM);
    replace(
      this.els.decisions,
      mine.map((d) =>
        h(
          "div",
          { class: "decision", role: "group", "aria-label": d.prompt },
          h("p", {}, h("b", {}, d.seat === this.seat ? "Your decision: " : `${this.sideName(d.seat)} decides: `), d.prompt, d.ruleId ? h("small", {}, ` (${d.ruleId})`) : null),
          h(
            "div",
            { class: "choices" },
            d.choices.map((c) =>
              h(
                "button",
                {
                  class: "choice",
                  disabled: d.seat !== this.seat,
                  onclick: () => this.sendCommand({ body: { case: "answer", value: { decisionId: d.id, choiceId: c.id } } }),
                  onmouseenter: () => c.square && this.board.render(v, { ...this.orders.overlay(v), highlight: [c.square] }),
                  onmouseleave: () => this.board.render(v, this.orders.overlay(v)),
                },
                c.label || c.id,
              ),
            ),
          ),
        ),
      ),
    );
  }

  private renderOrders(v: View): void {
    const e = this.els.orders;
    if (this.role === Role.SPECTATOR) return replace(e, h("p", { class: "muted" }, "You are watching. Hover a unit for its details."));
    if (this.role === Role.GM) return replace(e, h("p", { class: "muted" }, "You see every unit and decision. Hover a unit for its details."));
    const m = this.model;
    const mine = myTurn(v, this.seat);
    const u = this.orders.unit(v);
    const parts: (HTMLElement | null)[] = [];
    if (m.refusal) {
      parts.push(h("div", { class: "refusal", role: "alert", "data-testid": "refusal" }, h("b", {}, "Refused: "), m.refusal.text, m.refusal.ruleId ? h("small", {}, ` (${m.refusal.ruleId})`) : null));
    }
    if (this.notice) parts.push(h("div", { class: "notice", role: "status" }, this.notice));
    if (!mine) {
      parts.push(h("p", { class: "muted" }, v.result?.over ? "The game is over." : v.paused ? "The GM has paused the game." : "Not your turn. You may look around; hover a unit for its details."));
      return replace(e, parts);
    }
    if (v.board.case === "table") {
      // Free-table (Battleground) orders are not drawn on this page yet; decisions are (above).
      parts.push(h("p", { "data-testid": "table-orders-note" }, "Your side is to act. Battleground orders are not given from this page yet: send them with sandtable-cli or a protocol client (docs/protocol.md). Questions put to you appear here as prompts."));
      return replace(e, parts);
    }
    const art = isArtilleryPhase(v);
    if (!u) {
      parts.push(h("p", {}, art ? "Artillery phase: choose a battery, then its target square. Send the plan when ready (an empty plan holds fire)." : "Choose one of your units to give it orders."));
    } else {
      parts.push(unitCard(v, u));
      const modeBtn = (mode: Mode, label: string, keyHint: string, enabled: boolean) =>
        h("button", { class: "mode" + (this.orders.mode === mode ? " on" : ""), disabled: !enabled, "aria-pressed": this.orders.mode === mode, onclick: () => this.setMode(mode) }, label, h("kbd", {}, keyHint));
      if (!art) {
        parts.push(
          h("div", { class: "modes" },
            modeBtn("move", "Move", "M", u.moveLeft > 0),
            modeBtn("fire", "Fire", "F", u.canFire),
            modeBtn("combat", "Close combat", "C", u.canCloseCombat),
          ),
          h("div", { class: "facing-row" }, "Turn in place: ",
            ([["N", GridFacing.NORTH], ["E", GridFacing.EAST], ["S", GridFacing.SOUTH], ["W", GridFacing.WEST]] as const).map(([l, f]) =>
              h("button", { class: "face" + (u.facing === f ? " current" : ""), title: `Face ${l}`, onclick: () => { this.orders.turn(v, f, true); this.render(); } }, l))),
        );
      }
      parts.push(this.draftBox(v));
    }
    if (art) {
      const list = [...this.orders.plan].map(([id, t]) => h("li", {}, `${v.units.find((x) => x.id === id)?.name ?? id} → ${sq(t)}`, h("button", { class: "link", onclick: () => { this.orders.plan.delete(id); this.render(); } }, "remove")));
      parts.push(
        h("div", { class: "art-plan" }, h("h4", {}, "Artillery plan"), list.length ? h("ul", {}, list) : h("p", { class: "muted" }, "No targets: the batteries hold fire."),
          h("button", { class: "primary", "data-testid": "send-plan", onclick: () => this.sendPw(this.orders.artilleryCommand()) }, "Send artillery plan")),
      );
    } else {
      parts.push(
        h("div", { class: "end-row" },
          h("button", { "data-testid": "end-activation", disabled: !v.turn?.activeUnit, onclick: () => this.endActivation(v) }, "End activation", h("kbd", {}, "E")),
          h("button", { "data-testid": "end-side", onclick: () => this.sendPw({ body: { case: "endSide", value: {} } }) }, "End side's turn")),
      );
    }
    replace(e, parts);
  }

  private draftBox(v: View): HTMLElement | null {
    const d = this.orders.draft;
    if (!d) {
      const hint = this.orders.mode === "move" ? "Click a highlighted square to move there." : this.orders.mode === "fire" ? "Click a target square in the forward arc." : this.orders.mode === "combat" ? "Click an adjacent enemy unit." : this.orders.mode === "artillery" ? "Click the square this battery should fire at." : "";
      return hint ? h("p", { class: "hint" }, hint) : null;
    }
    const plan = "plan" in d ? d.plan : null;
    const ok = !plan || plan.ok;
    const box = h(
      "div",
      { class: "draft" + (ok ? "" : " bad"), "data-testid": "draft" },
      h("p", {}, this.orders.describe(d)),
      plan && !plan.ok ? h("p", { class: "why" }, plan.reason) : null,
      plan && plan.ok && "note" in plan && plan.note ? h("p", { class: "hint" }, plan.note) : null,
      d.kind === "move" || d.kind === "face" ? h("p", { class: "hint" }, "Arrow keys or Q/E turn the facing.") : null,
      h(
        "div",
        { class: "draft-buttons" },
        h("button", { class: "primary", "data-testid": "confirm", onclick: () => this.confirm() }, ok ? "Send order" : "Send anyway", h("kbd", {}, "Enter")),
        h("button", { onclick: () => this.cancel() }, "Cancel", h("kbd", {}, "Esc")),
      ),
    );
    void v;
    return box;
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
    replace(scroller, logList(this.model.log, this.filter, this.seat));
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

  private endActivation(v: View): void {
    if (!v.turn?.activeUnit) {
      this.notice = "No unit is active: a unit is activated by its first order.";
      this.render();
      return;
    }
    this.sendPw({ body: { case: "endActivation", value: {} } });
  }

  private setMode(mode: Mode): void {
    if (!this.model.view) return;
    this.notice = this.orders.setMode(this.model.view, mode) ?? "";
    this.render();
  }

  private confirm(): void {
    const c = this.orders.command();
    if (!c) return;
    this.sendPw(c);
    this.orders.draft = null;
  }

  private cancel(): void {
    if (this.orders.draft) this.orders.draft = null;
    else if (this.orders.mode) this.orders.mode = null;
    else this.orders.selected = null;
    this.notice = "";
    this.render();
  }

  private sendPw(pw: PwCommandInit): void {
    this.sendCommand({ body: { case: "pw", value: pw } });
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
    const drafting = this.orders.draft?.kind === "move" || this.orders.draft?.kind === "face";
    const arrows: Record<string, GridFacing> = { ArrowUp: GridFacing.NORTH, ArrowRight: GridFacing.EAST, ArrowDown: GridFacing.SOUTH, ArrowLeft: GridFacing.WEST };
    let handled = true;
    if (k === "Escape") this.cancel();
    else if (k === "Enter" && this.orders.draft) this.confirm();
    else if (k === "m" || k === "M") this.setMode("move");
    else if (k === "f" || k === "F") this.setMode("fire");
    else if (k === "c" || k === "C") this.setMode("combat");
    else if (k === "q" || k === "Q") { this.orders.turn(v, -1); this.render(); }
    else if ((k === "e" || k === "E") && drafting) { this.orders.turn(v, 1); this.render(); }
    else if ((k === "e" || k === "E") && myTurn(v, this.seat) && !isArtilleryPhase(v)) this.endActivation(v);
    else if (k in arrows && this.orders.selected) { this.orders.turn(v, arrows[k], true); this.render(); }
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
      h("li", {}, h("span", { class: "swatch", style: "background:#0072B2" }), h("span", { class: "swatch", style: "background:#E69F00" }), "Sides (wedge = facing, number = SP)"),
      h("li", {}, "Letters: A active, M moved, F fired, C fought, R in river, L limbered, T embarked"),
    ),
  ];
}

// The log survives a reload in this tab: the server sends what happened since its last
// sequence, and the lines before it come from here.
interface Saved {
  seq: string;
  log: { seq: string; kind: LogEntry["kind"]; text: string; sides: string[]; dice: { kind: number; value: number; label: string }[] }[];
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
