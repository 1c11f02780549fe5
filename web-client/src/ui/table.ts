// The table page for one seat: the board, the order panel, decisions, dice, log, chat and the
// connection indicator. Everything shown comes from the TableModel the server's envelopes
// build; orders go out through the Connection and come back as deltas or refusals.
import { GridFacing } from "../gen/sandtable/v1/common_pb";
import { Role, type Envelope } from "../gen/sandtable/v1/protocol_pb";
import type { UnitView, View } from "../gen/sandtable/v1/view_pb";
import type { EnvelopeInit, QueryInit, QueryResult, Status } from "../net/connection";
import { dismissRefusal, initialModel, offlineReason, orderSent, reduce, resendWhenStale, type TableModel } from "../state/store";
import { Asker } from "./asker";
import { aimNote, aimOverlay, aimQuestion, noteCoversUnit, type Aim } from "./aim-overlay";
import { Board } from "./board";
import { legend } from "./legend";
import { loadSaved, save } from "../state/saved";
import { OrderBox } from "./order-box";
import { ViewFrom } from "./orientation";
import { h, replace } from "./dom";
import { MeasureTool } from "./measure";
import { actions, generalActions, myTurn, Orders, pageTitle, planActions, type PlayInit } from "./orders";
import { decisionCards } from "./decisions";
import { emptyForm, type GmForm } from "./gm";
import { refereePanel } from "./referee";
import { emptySeats, type SeatsState } from "./gm-seats";
import { diceBox, emptyDice, type DiceDraft } from "./table-dice";
import { watchingWords } from "./spectators";
import { askButton, emptyDraft, myRulings, type AskInit, type RulingDraft, type RulingWords } from "./rulings";
import { rosterPanel } from "./roster";
import { banner, diceTray, sides, unitCard } from "./panels";
import { LogDock } from "./log-dock";
import { afterAction, afterActionPanel, download, logText } from "./afteraction";
import { Attention } from "./attention";
import { ClockBar } from "./clocks";
import { GmClock } from "./gm-clock";
import { TurnNotice } from "./turn-notice";
import { ReplayDialog } from "./replay";
import { branchNote } from "../state/replay";
import { briefingDialog, hasBriefing, markSeen, shouldOpenFirstTime, wasSeen } from "./briefing";
import { sideColour } from "./look";
import { seatingNote } from "./seating";
import { roundPoint, type Pt } from "./ruler";

export interface Link {
  /** Sends; a live connection returns the request id it gave the frame. */
  send(init: EnvelopeInit): bigint | void;
  /** Sends and resolves with the reply to it (Connection.request); absent on the demo table. */
  request?(init: EnvelopeInit): Promise<Envelope>;
  /** Asks a query (Connection.ask); absent where no server answers (the demo table). */
  ask?(query: QueryInit, channel: string): Promise<QueryResult | null>;
}

export class TablePage {
  model: TableModel;
  readonly root: HTMLElement;
  private readonly board: Board;
  private readonly orders: Orders;
  private gmForm: GmForm = emptyForm();
  private rosterOpen = false;
  private gmFormChanged = false;  // the form's own change: draw it even while a field has the focus
  private ruling: RulingDraft = emptyDraft();
  private rulingWords: RulingWords = new Map();
  private seats: SeatsState = emptySeats();
  private dice: DiceDraft = emptyDice();
  private notice = "";
  /** The table state this seat's randomness was last sent at, and the requests not yet answered. */
  private entropySentAt: bigint | null = null;
  private readonly entropyAsks = new Set<bigint>();
  // GM settings sent and not yet answered, by request id: sent once more when refused as stale.
  private readonly staleRetries = new Map<bigint, Parameters<TablePage["sendCommand"]>[0]>();
  private gameFileProblem = "";
  private retryIn?: number;
  private link: Link | null = null;
  private readonly els: Record<string, HTMLElement> = {};
  private readonly tooltip = h("div", { class: "tooltip", hidden: true });
  private readonly dialog = h("div", { class: "dialog-back", hidden: true });
  private readonly measure = new MeasureTool();
  /** Free tables: where the pointer is (inches), for the live ruler; null off the table. */
  private pointer: Pt | null = null;
  /** The target being hovered (on the table or in the list), previewed before it is picked. */
  private hoverTarget: string | null = null;
  private aimAsker = new Asker(null, "aim", () => {});
  private measureAsker = new Asker(null, "measure", () => {});
  private readonly attention = new Attention();
  private readonly turnNotice = new TurnNotice();
  private readonly clocks = new ClockBar();
  private readonly gmClock = new GmClock(() => { this.gmFormChanged = true; this.render(); });
  private readonly briefingBack = h("div", { class: "dialog-back", hidden: true });
  private briefingChecked = false;
  /** Whose edge is at the bottom of the board (the GM's and spectators' choice). */
  private readonly viewFrom: ViewFrom;
  private readonly dock = new LogDock((text, channel) => this.link?.send({ body: { case: "chatSend", value: { text, channel } } }));
  private readonly box: OrderBox;
  /** The replay, while it is open over the table (replay.ts). */
  private replay: ReplayDialog | null = null;

  constructor(private readonly saveKey: string | null) {
    this.model = initialModel(saveKey ? loadSaved(saveKey) : undefined);
    this.orders = new Orders(() => this.seat);
    this.board = new Board({
      onSquare: (q, u) => {
        const v = this.model.view;
        if (!v) return;
        if (this.measure.on && q) {
          this.measure.click({ place: u ? { unitId: u.id } : { square: q }, at: { x: q.col, y: q.row }, label: u?.name ?? "" });
        } else {
          this.aimed();
          this.notice = this.orders.click(v, q, u) ?? "";
        }
        this.render();
      },
      onHoverSquare: (q) => {
        this.orders.hover = q;
        if (this.model.view) this.drawBoard(this.model.view);
      },
      onHoverUnit: (u, x, y) => this.showTooltip(noteCoversUnit(this.model.view, this.aim(), u) ? null : u, x, y),
      onTable: (p, u) => this.tableClick(p, u),
      onTableHover: (p, u) => this.tableHover(p, u),
      onHandle: (name, p, done) => this.dragHandle(name, p, done),
    });
    this.box = new OrderBox({
      orders: this.orders,
      seat: () => this.seat,
      render: () => this.render(),
      aimed: () => this.aimed(),
      choose: (v, id) => this.choose(v, id),
      send: (p) => this.send(p),
      confirm: () => this.confirm(),
      cancel: () => this.cancel(),
      hoverOn: (id) => this.hoverOn(id),
    });
    this.viewFrom = new ViewFrom(saveKey ? `${saveKey}:view-from` : null, () => this.render());
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
    const ask = link.ask ? link.ask.bind(link) : null;
    this.aimAsker = new Asker(ask, "aim", () => this.answered());
    this.measureAsker = new Asker(ask, "measure", () => this.answered());
    this.els.replayBtn.hidden = !link.request;
  }

  /** Opens the replay of the game as this seat saw it, over the table; Close (or Esc) comes back. */
  private openReplay(): void {
    const request = this.link?.request?.bind(this.link);
    if (!request || this.replay) return;
    // The GM may open a what-if room from any step (docs/fair-play.md "What-if branches").
    const host =
      this.role === Role.GM
        ? { roomName: this.model.welcome?.roomName || this.model.view?.scenarioName || "", scenario: this.model.view?.scenarioName || "", store: typeof localStorage === "undefined" ? null : localStorage }
        : null;
    const dialog = new ReplayDialog(request, this.seat, () => {
      dialog.root.remove();
      this.replay = null;
    }, host);
    this.replay = dialog;
    this.root.append(dialog.root);
  }

  /** Asks the server for the game's file (ExportRequest) and saves it; the GM's at any time, everyone's after the end. */
  private async saveGameFile(): Promise<void> {
    if (!this.link?.request) return;
    const reply = await this.link.request({ body: { case: "exportRequest", value: {} } });
    if (reply.body.case === "exportReply") {
      this.gameFileProblem = "";
      download(reply.body.value.fileName, reply.body.value.json, "application/json");
    } else {
      this.gameFileProblem = reply.body.case === "error" ? reply.body.value.message : "The server sent no file.";
    }
    this.gmFormChanged = true;
    this.render();
  }

  /** An answer came: only the board and its note change (the panel's buttons stay put under the hand). */
  private answered(): void {
    if (this.model.view) this.drawBoard(this.model.view);
  }

  lastSeq(): bigint {
    return this.model.seq;
  }

  receive(env: Envelope): void {
    // The answer to this browser's own randomness is not an order of the player's: no banner.
    if ((env.body.case === "orderAccepted" || env.body.case === "orderRejected") && this.entropyAsks.delete(env.requestId)) return;
    if (env.body.case === "orderAccepted" || env.body.case === "orderRejected") {
      const again = this.staleRetries.get(env.requestId);
      this.staleRetries.delete(env.requestId);
      if (again && env.body.case === "orderRejected" && env.body.value.rejection?.code === "STALE_SEQUENCE" && this.link) {
        // Once, against the sequence the room is at now; its answer settles the order.
        this.link.send({ body: { case: "order", value: { seq: env.body.value.roomSeq, command: { ...again, seat: this.seat } } } });
        return;
      }
    }
    if (this.gmClock.answer(env)) return;
    const r = reduce(this.model, env, performance.now());
    this.model = r.model;
    for (const s of r.send) this.link?.send(s);
    if (this.model.view) this.orders.sync(this.model.view);
    if (env.body.case === "orderRejected") this.notice = "";
    if (this.orders.confirming && !actions(this.model.view).some((a) => a.id === this.orders.confirming!.action)) this.orders.confirming = null;
    if (this.saveKey) save(this.saveKey, this.model);
    this.addEntropy();
    this.render();
  }

  /**
   * Before the first roll this seat's browser adds its own randomness to the dice (scheme 2,
   * docs/fair-play.md): once per table state while the engine awaits it, so a stale one is sent
   * again at the next state. The bytes come from the browser's cryptographic generator.
   */
  private addEntropy(): void {
    const d = this.model.view?.dice;
    if (!this.link || !d || d.sealed || !d.awaiting.includes(this.seat) || offlineReason(this.model.status)) return;
    if (this.entropySentAt === this.model.seq) return;
    this.entropySentAt = this.model.seq;
    const entropy = crypto.getRandomValues(new Uint8Array(32));
    const id = this.link.send({ body: { case: "order", value: { seq: this.model.seq, command: { seat: this.seat, body: { case: "addEntropy", value: { entropy } } } } } });
    if (typeof id === "bigint") this.entropyAsks.add(id);
  }

  setStatus(status: Status, retryInMs?: number): void {
    const wasOffline = offlineReason(this.model.status);
    this.model = { ...this.model, status };
    this.retryIn = retryInMs;
    // The order controls change only when the line goes down or comes back.
    if (wasOffline !== offlineReason(status)) this.render();
    else this.renderStatus();
  }

  /** The player aims again (a unit, an action, a target, Esc): the refusal banner has been read. */
  private aimed(): void {
    this.model = dismissRefusal(this.model);
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
        (e.measure = h("button", { class: "measure-btn", "data-testid": "measure", "aria-pressed": "false", title: "Measure a distance and the line of sight between two points or units (M on a free table)", onclick: () => this.toggleMeasure() }, "Measure")),
        this.viewFrom.el,
      ),
      this.board.note,
      (e.legend = h("details", { class: "legend" })),
    );
    e.sides = h("div");
    e.decisions = h("div", { class: "decisions", "data-testid": "decisions" });
    e.orders = h("div", { class: "orders", "data-testid": "orders" });
    e.after = h("div");
    e.gm = h("div", { class: "gm" });
    e.dice = h("div");
    return h(
      "div",
      { class: "table-page" },
      h("header", { class: "top" }, h("a", { href: "./", class: "brand" }, "Sandtable"), e.title, e.banner, this.headerButtons(), e.status),
      this.clocks.el,
      h("main", { class: "table-main" }, e.boardWrap, h("aside", { class: "panel" }, h("div", { class: "panel-top" }, e.after, e.decisions, e.orders, e.gm, e.sides, e.dice), this.dock.el)),
      this.tooltip,
      this.dialog,
      this.briefingBack,
    );
  }

  /** The briefing and the turn alert, in the header (briefing.ts, attention.ts). */
  private headerButtons(): HTMLElement {
    const e = this.els;
    e.briefingBtn = h("button", { class: "head-btn", "data-testid": "briefing-open", hidden: true, onclick: () => this.showBriefing(true) }, "Briefing");
    e.alertBtn = h("button", { class: "head-btn", "data-testid": "turn-alert", title: "Beep and notify me when it becomes my turn", onclick: () => { this.attention.toggle(); this.renderAlert(); } });
    e.replayBtn = h("button", { class: "head-btn", "data-testid": "replay-open", hidden: true, title: "Step through the game so far as you saw it, with the dice statistics", onclick: () => this.openReplay() }, "Replay");
    this.renderAlert();
    return h("div", { class: "head-buttons" }, e.briefingBtn, e.replayBtn, e.alertBtn);
  }

  private renderAlert(): void {
    const on = this.attention.alertOn;
    this.els.alertBtn.setAttribute("aria-pressed", String(on));
    replace(this.els.alertBtn, on ? "Alert: on" : "Alert: off");
  }

  private showBriefing(open: boolean): void {
    const v = this.model.view;
    this.briefingBack.hidden = !open || !v;
    if (!open || !v) return replace(this.briefingBack);
    replace(this.briefingBack, briefingDialog(v, () => this.showBriefing(false)));
    (this.briefingBack.querySelector("[data-testid=briefing-close]") as HTMLElement | null)?.focus();
  }

  /** The first view of a seat: the briefing opens by itself once per seat token. */
  private firstBriefing(v: View): void {
    if (this.briefingChecked) return;
    this.briefingChecked = true;
    const store = typeof localStorage === "undefined" ? null : localStorage;
    if (!this.saveKey) return;  // the demo table (no seat token) opens it only from the button
    const token = this.saveKey;
    if (!shouldOpenFirstTime(v, wasSeen(store, token))) return;
    markSeen(store, token);
    this.showBriefing(true);
  }

  /** After the game: the after-action panel, where the order box was. */
  private renderAfter(v: View): void {
    const a = afterAction(v);
    this.els.orders.hidden = !!a;
    this.els.decisions.hidden = !!a;
    const gameFile = this.link?.request ? { save: () => void this.saveGameFile(), problem: this.gameFileProblem } : null;
    replace(this.els.after, a ? afterActionPanel(a, this.model.log.length ? () => download(`${v.scenarioId || "game"}-log.txt`, logText(v.scenarioName, this.model.log)) : null, gameFile) : null);
  }

  render(): void {
    const m = this.model;
    const e = this.els;
    const w = m.welcome;
    const roleName = this.role === Role.GM ? "Game master" : this.role === Role.SPECTATOR ? "Spectator" : this.sideName(this.seat);
    // The rules the room plays, as the engine names them (a variant an option switched on shows here).
    const rules = m.view?.rulesetTitle ? h("span", { class: "ruleset-title muted", "data-testid": "ruleset-title", title: m.view.rulesetTitle }, m.view.rulesetTitle) : null;
    // A what-if room says where it came from; an imported game's room, that it only replays.
    const origin = w?.branch
      ? h("span", { class: "origin-badge", "data-testid": "what-if", title: branchNote(w.branch) }, "What if")
      : w?.readOnly
        ? h("span", { class: "origin-badge", "data-testid": "read-only", title: "An imported game: open the replay to step through it" }, "Replay only")
        : null;
    replace(e.title, w ? [h("b", {}, w.roomName || m.view?.scenarioName || "Room"), origin, rules, h("span", { class: "seat-badge", "data-testid": "seat" }, roleName)] : "Joining…");
    document.title = pageTitle(m.view, w?.roomName);
    this.attention.update(myTurn(m.view), document.title, sideColour(m.view, this.seat).fill);
    this.turnNotice.update(m.view ? myTurn(m.view) : null, w?.roomName || m.view?.scenarioName || "Sandtable");
    replace(e.banner, banner(m, this.seat));
    this.clocks.update(m.clock, m.view);
    this.renderStatus();
    e.measure.setAttribute("aria-pressed", String(this.measure.on));
    e.measure.classList.toggle("on", this.measure.on);
    if (m.error) {
      replace(e.orders, h("div", { class: "error", role: "alert" }, h("b", {}, "Cannot join: "), m.error.message || m.error.code));
    }
    const v = m.view;
    if (!v) return;
    const ownSide = this.role !== Role.GM && this.role !== Role.SPECTATOR;
    this.viewFrom.update(v, ownSide);
    this.board.setEdge(this.viewFrom.edge(v, this.seat, ownSide));
    this.drawBoard(v);
    replace(e.legend, legend(v));
    replace(e.sides, sides(v, this.seat), rosterPanel(v, this.seat, this.rosterOpen, (open) => (this.rosterOpen = open), (id) => {
      const u = this.model.view?.units.find((x) => x.id === id);
      if (u) this.board.centreOn(u);
    }));
    this.renderDecisions(v);
    if (!m.error) this.renderOrders(v);
    this.renderGm(v);
    replace(e.dice, diceTray(m.log));
    this.dock.render({ log: this.model.log, chat: this.model.chat, role: this.role, sideName: (id) => this.sideName(id) });
    this.renderDialog();
    this.els.briefingBtn.hidden = !hasBriefing(v);
    this.renderAfter(v);
    this.firstBriefing(v);
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
    replace(this.els.decisions, decisionCards(v, {
      seat: this.seat,
      role: this.role,
      ruling: this.ruling,
      sideName: (id) => this.sideName(id),
      send: (p) => this.send(p),
      askRuling: (ask) => this.askRuling(ask),
      changed: () => this.render(),
      highlight: (sq) => this.board.render(v, sq ? { ...this.orders.overlay(v), highlight: [sq] } : this.orders.overlay(v)),
    }));
    if (offlineReason(this.model.status)) disableButtons(this.els.decisions);
  }

  private renderOrders(v: View): void {
    const e = this.els.orders;
    if (this.role === Role.SPECTATOR) return replace(e, h("p", { class: "muted", "data-testid": "watching" }, watchingWords(v.spectators, (id) => this.sideName(id)), " Hover a unit for its details."));
    if (this.role === Role.GM) return replace(e, h("p", { class: "muted" }, "You see every unit and decision. Hover a unit for its details."));
    if (v.dice && !v.dice.sealed) return replace(e, seatingNote(v.dice, (id) => this.sideName(id), this.seat));
    const m = this.model;
    const parts: (HTMLElement | HTMLElement[] | null)[] = [];
    if (m.refusal) {
      parts.push(h("div", { class: "refusal", role: "alert", "data-testid": "refusal" }, h("b", {}, "Refused: "), m.refusal.text, m.refusal.ruleId ? h("small", {}, ` (${m.refusal.ruleId})`) : null,
        h("div", {}, askButton(this.ruling, m.refusal.text, m.refusal.ruleId, (a) => this.askRuling(a), () => this.render()))));
    }
    if (this.notice) parts.push(h("div", { class: "notice", role: "status" }, this.notice));
    parts.push(myRulings(v));
    parts.push(diceBox(v, this.dice, (id) => this.sideName(id), (values) => this.sendCommand({ body: { case: "enterDice", value: { values } } }), () => this.render()));
    const offline = offlineReason(m.status);
    if (offline) parts.push(h("p", { class: "offline", role: "status", "data-testid": "offline" }, h("b", {}, "Orders paused: "), `${offline}…`));
    // The engine says whether this seat may take back its last order, and whether someone else
    // must allow it first (docs/protocol.md "Take-backs and rewinds"); offered on any turn.
    const offer = v.menu?.takeBack;
    const takeBack = offer
      ? h("div", { class: "take-back-row" },
          h("button", { "data-testid": "take-back", title: offer.needsConsent ? "They will be asked first." : "Nothing was revealed since: it is taken back at once.", onclick: () => this.sendCommand({ body: { case: "takeBack", value: {} } }) }, offer.label))
      : null;
    if (!myTurn(v)) {
      parts.push(h("p", { class: "muted" }, v.result?.over ? "The game is over." : v.paused ? "The GM has paused the game." : "Nothing for you to do now. You may look around; hover a unit for its details."));
      parts.push(takeBack);
      replace(e, parts);
      if (offline) disableButtons(e);
      return;
    }
    const plans = planActions(v);
    if (plans.length) parts.push(this.box.planBox(v, plans));
    else if (v.board.case === "table") parts.push(this.box.tableActions(v));
    else parts.push(...this.box.gridActions(v));
    const general = generalActions(v);
    if (general.length) {
      parts.push(h("div", { class: "end-row" }, general.map((a) => this.box.actionButton(v, a))));
    }
    parts.push(takeBack);
    replace(e, parts);
    if (offline) disableButtons(e);
  }

  private choose(v: View, id: string): void {
    this.aimed();
    const now = this.orders.choose(v, id);
    this.notice = "";
    if (now) this.send(now);
    else this.render();
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
    // Not while the GM is typing in the edit form: a Delta arriving would take the focus away.
    const typing = document.activeElement instanceof HTMLElement && document.activeElement.matches(".gm-form input, .gm-form select, .gm-rulings input, .table-dice input");
    if (!v.result?.over && typing && this.els.gm.contains(document.activeElement) && !this.gmFormChanged) return;
    this.gmFormChanged = false;
    const send = (init: EnvelopeInit) => this.link?.send(init);
    const command = (body: NonNullable<Extract<EnvelopeInit["body"], { case: "order" }>["value"]>["command"]) =>
      send({ body: { case: "order", value: { seq: this.model.seq, command: { ...body, seat: "gm" } } } });
    const changed = () => {
      this.gmFormChanged = true;
      this.render();
    };
    replace(
      this.els.gm,
      refereePanel(v, {
        seats: this.seats,
        dice: this.dice,
        rulingWords: this.rulingWords,
        form: this.gmForm,
        log: this.model.log,
        gameFileProblem: this.gameFileProblem,
        clockPanel: this.gmClock.panel(this.model.clock, this.link?.request ? send : null),
        sideName: (id) => this.sideName(id),
        order: (body) => command({ body: { case: "gm", value: { body } } }),
        enterDice: (values) => command({ body: { case: "enterDice", value: { values } } }),
        saveGameFile: this.link?.request ? () => void this.saveGameFile() : null,
        newLink: (seat) => void this.newLink(seat),
        changed,
      }),
    );
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
    this.aimed();
    if (this.orders.confirming) this.orders.confirming = null;
    else if (this.measure.on) this.measure.off();
    else if (this.orders.path || this.orders.pick) this.orders.clearAim();
    else if (this.orders.target || this.orders.facing !== null) {
      this.orders.target = null;
      this.orders.facing = null;
      this.orders.route = null;
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

  /** Replaces a seat's link (RevokeSeat): the old one stops at once; the new one is shown once. */
  private async newLink(seat: string): Promise<void> {
    if (!this.link?.request) return;
    const reply = await this.link.request({ body: { case: "revokeSeat", value: { seat } } });
    if (reply.body.case === "seatRevoked" && reply.body.value.link) {
      this.seats.links.set(seat, reply.body.value.link.url);
      this.seats.problem = "";
    } else {
      this.seats.problem = reply.body.case === "error" ? reply.body.value.message : "The server did not make a new link.";
    }
    this.gmFormChanged = true;
    this.render();
  }

  /** Sends a question to the GM (docs/protocol.md "Rulings"); the engine checks its limits. */
  private askRuling(ask: AskInit): void {
    this.sendCommand({ body: { case: "askRuling", value: ask } });
  }

  /** Sends a pick as it is (public: the e2e test sends an off-menu one, as a stale page would). */
  sendNow(p: PlayInit): void {
    this.sendCommand({ body: { case: "play", value: p } });
  }

  private sendCommand(command: NonNullable<Extract<EnvelopeInit["body"], { case: "order" }>["value"]>["command"]): void {
    if (!this.link) return;
    // A key or a stale button while the line is down: the order would sit in the queue unseen.
    const offline = offlineReason(this.model.status);
    if (offline) {
      this.notice = `Not sent: ${offline}.`;
      this.render();
      return;
    }
    const id = this.link.send({ body: { case: "order", value: { seq: this.model.seq, command: { ...command, seat: this.seat } } } });
    if (typeof id === "bigint" && resendWhenStale(command)) this.staleRetries.set(id, command);
    this.model = orderSent(this.model);
    this.notice = "";
    this.render();
  }

  // ---- free tables: the ruler, previews and the measure tool ----

  private toggleMeasure(): void {
    this.measure.toggle();
    this.render();
  }

  /** A click on a free table: a measure's end, a waypoint of the move being drawn, a point picked, or a pick. */
  private tableClick(p: Pt, u: UnitView | undefined): void {
    const v = this.model.view;
    if (!v || v.board.case !== "table") return;
    const { width, height } = v.board.value;
    const onTable = p.x >= 0 && p.y >= 0 && p.x <= width && p.y <= height;
    if (this.measure.on) {
      if (u?.position) this.measure.click({ place: { unitId: u.id }, at: u.position, label: u.name || u.id });
      else if (onTable) this.measure.click({ place: { point: roundPoint(p) }, at: roundPoint(p), label: "" });
      this.render();
      return;
    }
    this.aimed();
    const a = this.orders.action(v);
    const path = this.orders.path;
    if (a?.move && path && myTurn(v)) {
      if (!path.points.length && u && u.id !== a.unitId && u.side === this.seat) {
        this.orders.select(v, u.id); // another of ours before any point: draw for it instead
        this.render();
        return;
      }
      if (!onTable) return; // a click in the margin is not a place to go
      path.add(p);
      this.notice = "";
      this.render();
      return;
    }
    if (a?.point && myTurn(v)) {
      // Anywhere on the table, on a unit or not: the engine says whether the point will do.
      if (onTable && this.orders.pickPoint(v, p)) this.notice = "";
      this.render();
      return;
    }
    this.notice = this.orders.click(v, null, u) ?? "";
    this.render();
  }

  /** The pointer over a free table: the live ruler follows it; a target under it is previewed. */
  private tableHover(p: Pt | null, u: UnitView | undefined): void {
    const v = this.model.view;
    if (!v) return;
    this.pointer = p;
    const a = this.orders.action(v);
    const t = a && !a.move && u ? a.targets.find((x) => x.unitId === u.id) : undefined;
    if ((t?.id ?? null) !== this.hoverTarget) return this.hoverOn(t?.id ?? null);
    const picking = !!this.orders.pick && !this.orders.pick.at;  // the marker follows the pointer
    if (this.orders.path || picking || (this.measure.on && this.measure.from && !this.measure.to)) {
      this.board.renderOverlay(aimOverlay(v, this.aim()));
    }
  }

  /** A target hovered (on the table or in the list) or left. */
  private hoverOn(id: string | null): void {
    this.hoverTarget = id;
    if (this.model.view) this.drawBoard(this.model.view);
  }

  /** The facing handle dragged: the end facing turns toward the pointer (compass degrees). */
  private dragHandle(name: string, p: Pt, done: boolean): void {
    const v = this.model.view;
    const path = this.orders.path;
    const a = v && this.orders.action(v);
    const start = a ? v.units.find((x) => x.id === a.unitId)?.position : undefined;
    if (!v || name !== "facing" || !path || !a?.move?.facingFree || !start) return;
    path.faceToward(start, p);
    if (done) this.render();
    else this.drawBoard(v);
  }

  /** The board with everything over it, and the question the page wants answered now. */
  private drawBoard(v: View): void {
    this.want(v);
    const aim = this.aim();
    this.board.render(v, aimOverlay(v, aim));
    const note = aimNote(v, aim);
    this.board.setNote(note?.el ?? null, note?.at ?? null);
  }

  /** What to preview now: the move drawn (when the drawing rests), or the target hovered or picked. */
  private want(v: View): void {
    const seq = this.model.seq;
    const m = this.measure.on ? this.measure.query() : null;
    this.measureAsker.want(seq, m?.key ?? null, m?.query, 0);
    const q = aimQuestion(v, this.aim());
    this.aimAsker.want(seq, q?.key ?? null, q?.query, q?.delay);
  }

  /** What the player is aiming or measuring, for the overlay and its questions (aim-overlay.ts). */
  private aim(): Aim {
    return {
      orders: this.orders,
      measure: this.measure,
      aimAsker: this.aimAsker,
      measureAsker: this.measureAsker,
      role: this.role,
      pointer: this.pointer,
      hoverTarget: this.hoverTarget,
      overHandle: () => !!document.querySelector(".facing-handle:hover"),
    };
  }

  private onKey(e: KeyboardEvent): void {
    const target = e.target as HTMLElement | null;
    if (target && (target.tagName === "INPUT" || target.tagName === "TEXTAREA" || target.tagName === "SELECT")) return;
    if (e.key === "Escape" && !this.briefingBack.hidden) return this.showBriefing(false);
    if (this.replay) return;  // the replay has the keys while it is open
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    const v = this.model.view;
    if (!v) return;
    const k = e.key;
    const o = this.orders;
    const facingOpen = o.facing !== null && !!o.action(v)?.facings.length;
    const arrows: Record<string, GridFacing> = { ArrowUp: GridFacing.NORTH, ArrowRight: GridFacing.EAST, ArrowDown: GridFacing.SOUTH, ArrowLeft: GridFacing.WEST };
    const kinds: Record<string, string> = { m: "move", f: "fire", c: "close_combat" };
    // Free tables: M measures; a move being drawn takes Backspace (undo a point) and Q / E (turn the end facing);
    // a facing-free point pick takes Q / E too (turn its orientation).
    const table = v.board.case === "table";
    const drawnMove = o.action(v)?.move;
    const path = table && drawnMove ? o.path : null;
    const turnKey = k === "q" || k === "Q" || k === "e" || k === "E";
    let handled = true;
    // Esc over a refusal puts the banner away first, and keeps what was being aimed.
    if (k === "Escape" && this.model.refusal && !o.confirming) { this.aimed(); this.render(); }
    else if (k === "Escape") this.cancel();
    else if (o.confirming) handled = false;
    else if (k === "Enter" && o.draft(v)) this.confirm();
    else if (table && (k === "m" || k === "M")) this.toggleMeasure();
    else if (path && k === "Backspace") { if (path.undo()) this.render(); }
    else if (o.route && k === "Backspace") { if (o.undoPoint(v)) this.render(); }
    else if (path && drawnMove?.facingFree && turnKey) {
      path.turn((k.toLowerCase() === "q" ? -1 : 1) * (e.shiftKey ? 1 : 15));
      this.render();
    }
    // A facing-free point pick turns like a drawn move's end: 15° a press, 1° with Shift.
    else if (table && turnKey && o.turnPoint(v, (k.toLowerCase() === "q" ? -1 : 1) * (e.shiftKey ? 1 : 15))) this.render();
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

/** While the line is down no control under `root` can give an order (they show why beside them). */
function disableButtons(root: HTMLElement): void {
  root.querySelectorAll("button").forEach((b) => { b.disabled = true; });
}
