// The scenario editor page (docs/gm.md "The scenario editor"): the real board on the left, the
// tools on the right. It edits the Scenario message with plain data operations
// (state/scenario-edit.ts, scenario-meta.ts) and asks the server after each change whether the
// result is playable (CheckScenario): the server's answer is what the board draws (its preview)
// and what the banner says. The editor itself knows no rule.
import { create, equals } from "@bufbuild/protobuf";
import { ScenarioPaletteSchema, type ScenarioPalette } from "../gen/sandtable/v1/palette_pb";
import type { Envelope, ScenarioChecked } from "../gen/sandtable/v1/protocol_pb";
import { ScenarioSchema, type Scenario } from "../gen/sandtable/v1/scenario_pb";
import type { Connection, Status } from "../net/connection";
import { removeUnit } from "../state/scenario-edit";
import { History } from "../state/scenario-meta";
import type { StorageLike } from "../state/my-rooms";
import { download } from "./afteraction";
import { Board } from "./board";
import { h, replace } from "./dom";
import { initialTools, type EditorCtx, type ToolState } from "./editor-fields";
import { optionsSection, scenarioSection, sidesSection, victorySection } from "./editor-panel";
import { startRoomDialog } from "./editor-room";
import { editorSource, type EditorSource } from "./editor-start";
import { boardClick, overlayFor } from "./editor-clicks";
import { toolsSection } from "./editor-tools";
import { Checker } from "./editor-check";

export class EditorPage {
  readonly root: HTMLElement;
  readonly board: Board;
  scenario: Scenario | null = null;
  palette: ScenarioPalette = create(ScenarioPaletteSchema, {});
  /** The server's latest answer (by request order), and the problem it named or the error it sent. */
  checked: ScenarioChecked | null = null;
  problem = "";
  private failed = false;
  /** The line is down (not open); what ?editor= named, to open again after a drop. */
  private down = true;
  private wasOpen = false;
  private opened = "";
  tools: ToolState = initialTools();
  private readonly history = new History(50);
  private readonly checker: Checker;
  private panelTimer: ReturnType<typeof setTimeout> | null = null;
  private readonly els = {
    title: h("div", { class: "room-title" }),
    conn: h("div", { class: "conn", "data-testid": "connection" }),
    status: h("div", { class: "ed-status", "data-testid": "ed-status", role: "status" }),
    panel: h("aside", { class: "panel ed-panel", "data-testid": "ed-panel" }),
    undo: h("button", { class: "head-btn", "data-testid": "ed-undo", title: "Undo the last change (Ctrl+Z)" }, "Undo"),
    save: h("button", { class: "head-btn", "data-testid": "ed-save", title: "Download the scenario as a file (also when not playable yet)" }, "Save as file"),
    start: h("button", { class: "head-btn primary", "data-testid": "ed-start", title: "Create a room from this scenario" }, "Start a room"),
    dialog: h("div", { class: "dialog-back", hidden: true }),
  };

  constructor(private readonly conn: Connection, private readonly store: StorageLike | null) {
    this.board = new Board({
      onSquare: (q) => q && this.click({ col: q.col, row: q.row }, undefined),
      onTable: (p, u) => this.click({ x: p.x, y: p.y }, u?.id),
      onHoverSquare: () => {},
      onHoverUnit: () => {},
    });
    this.checker = new Checker(
      (s) => this.conn.request({ body: { case: "checkScenario", value: { source: { case: "scenario", value: s } } } }),
      () => this.scenario,
      (reply) => { this.take(reply); this.renderBoard(); },
      () => this.renderStatus(),
    );
    const e = this.els;
    e.undo.addEventListener("click", () => this.undo());
    e.save.addEventListener("click", () => void this.save());
    e.start.addEventListener("click", () => void this.startRoom());
    this.root = h(
      "div",
      { class: "table-page editor-page" },
      h("header", { class: "top" }, h("a", { href: "./", class: "brand" }, "Sandtable"), e.title, h("div", { class: "banner" }), h("div", { class: "head-buttons" }, e.undo, e.save, e.start), e.conn),
      e.status,
      h(
        "main",
        { class: "table-main" },
        h(
          "div",
          { class: "board-wrap" },
          this.board.svg,
          h("div", { class: "zoom" }, h("button", { title: "Zoom in (+)", onclick: () => this.board.zoom(1 / 1.25) }, "+"), h("button", { title: "Zoom out (-)", onclick: () => this.board.zoom(1.25) }, "−"), h("button", { title: "Fit to screen (0)", onclick: () => this.board.fit() }, "Fit")),
          this.board.note,
        ),
        e.panel,
      ),
      e.dialog,
    );
    document.addEventListener("keydown", (ev) => this.onKey(ev));
    this.renderStatus();
  }

  /**
   * The line to the server. Answers to what was asked on a line that dropped never come: once it
   * is back, the editor asks again about the scenario as it is (or opens it again).
   */
  setStatus(status: Status): void {
    const e = this.els;
    e.conn.dataset.status = status;
    e.conn.hidden = status === "open";  // said only when something is wrong
    replace(e.conn, status === "open" ? null : h("span", {}, h("span", { class: `dot ${status}` }), status === "closed" ? " Disconnected" : " Reconnecting…"));
    const back = this.down && status === "open" && this.wasOpen;  // open again after a drop (not the first time)
    this.down = status !== "open";
    if (status === "open") this.wasOpen = true;
    if (!back || this.failed) return;
    this.checker.lost();
    if (this.scenario) this.changed(true);
    else if (this.opened) void this.load(this.opened);
  }

  /** Opens what ?editor=<value> names: a rule set's empty table, a built-in scenario or the card's file. */
  async load(value: string): Promise<void> {
    this.opened = value;
    const cat = await this.conn.request({ body: { case: "listCatalog", value: {} } });
    const source = cat.body.case === "catalog" ? editorSource(value, cat.body.value, typeof sessionStorage === "undefined" ? null : sessionStorage) : null;
    if (!source) return this.fail(cat.body.case === "error" ? cat.body.value.message : `Nothing to edit: “${value}” is no rule set or scenario of this server, or the file is gone.`);
    await this.open(source);
  }

  async open(source: EditorSource): Promise<void> {
    const reply = await this.conn.request({ body: { case: "checkScenario", value: { source } } });
    if (reply.body.case !== "scenarioChecked" || !reply.body.value.scenario) return this.fail(reply.body.case === "error" ? reply.body.value.message : "The server did not answer.");
    this.take(reply);
    this.scenario = reply.body.value.scenario;
    this.tools.side = this.scenario.sides[0]?.id ?? "";
    this.renderAll();
  }

  private fail(message: string): void {
    this.failed = true;
    this.problem = message;
    this.renderStatus();
    replace(this.els.panel, h("p", { class: "error" }, message), h("p", {}, h("a", { href: "./" }, "Back to the lobby")));
  }

  /** What each panel part is given: the scenario, the palette, the tools, and the way to change them. */
  private ctx(): EditorCtx {
    return {
      scenario: this.scenario!,
      palette: this.palette,
      grid: this.scenario?.board.case === "grid",
      tools: this.tools,
      edit: (fn) => this.edit(fn),
      setTools: (patch) => {
        this.tools = { ...this.tools, ...patch };
        this.schedulePanel();
        this.renderBoard();
      },
    };
  }

  /** One undoable change: kept in the history, drawn, and checked by the server a moment later. */
  edit(fn: (s: Scenario) => Scenario): void {
    if (!this.scenario) return;
    const next = fn(this.scenario);
    if (equals(ScenarioSchema, next, this.scenario)) return this.schedulePanel();  // nothing changed: no undo step, no question
    this.history.push(this.scenario);
    this.scenario = next;
    this.changed();
  }

  undo(): void {
    const before = this.history.undo();
    if (!before) return;
    this.scenario = before;
    // What the tools pointed at may be gone in the older state.
    const t = this.tools;
    if (t.selected && !before.sides.some((s) => s.units.some((u) => u.id === t.selected))) t.selected = "";
    if (t.feature >= before.terrain.length) t.feature = -1;
    if (t.moving >= before.terrain.length) t.moving = -1;
    this.changed();
  }

  private changed(quiet = false): void {
    if (!quiet) {
      this.schedulePanel();
      this.renderBoard();
    }
    this.checker.later();
    this.renderStatus();
  }

  private take(reply: Envelope): void {
    const b = reply.body;
    if (b.case === "scenarioChecked") {
      this.checked = b.value;
      if (b.value.palette) this.palette = b.value.palette;
      this.problem = b.value.problem;
    } else if (b.case === "error") {
      this.problem = b.value.message || b.value.code;
    }
  }

  /** Resolves once the server has answered the latest change (Save and Start use that answer's file). */
  settled(): Promise<void> {
    return this.checker.settled();
  }

  private async save(): Promise<void> {
    await this.settled();
    const json = this.checked?.json;
    if (json) download(`${this.scenario?.id || "scenario"}.json`, json);
  }

  private async startRoom(): Promise<void> {
    await this.settled();
    const s = this.scenario;
    if (!s || !this.checked?.json || this.problem) return;
    const close = () => { this.els.dialog.hidden = true; replace(this.els.dialog); };
    this.els.dialog.hidden = false;
    replace(this.els.dialog, startRoomDialog({ json: this.checked.json, scenarioName: s.name, sides: s.sides.map((x) => ({ id: x.id, name: x.name || x.id })), request: (i) => this.conn.request(i), store: this.store, close }));
  }

  private click(at: Parameters<typeof boardClick>[1], unitId: string | undefined): void {
    if (!this.scenario) return;
    boardClick(this, at, unitId);
  }

  /** Sets tools without an edit (the page's click handlers use it). */
  setTools(patch: Partial<ToolState>): void {
    this.ctx().setTools(patch);
  }

  private renderAll(): void {
    this.renderPanel();
    this.renderBoard();
    this.renderStatus();
  }

  renderBoard(): void {
    const v = this.checked?.preview;
    if (v && this.scenario) this.board.render(v, overlayFor(this.scenario, this.tools));
  }

  private renderStatus(): void {
    const e = this.els;
    const busy = !this.checker.idle || !this.checked;
    // While a change waits for its answer the last verdict is not shown: it may no longer hold.
    const state = this.failed ? "error" : !this.checked ? "loading" : busy ? "checking" : this.problem ? "problem" : "playable";
    e.status.dataset.state = state;
    // The colour stays the last verdict's while checking, so the line does not flash at each click.
    e.status.className = `ed-status ${state === "checking" ? (this.problem ? "problem" : "playable") : ""} ${state}`;
    replace(
      e.status,
      state === "loading" ? "Loading…" : state === "error" ? h("span", {}, h("b", {}, "Cannot open: "), this.problem) : state === "problem" ? h("span", {}, h("b", {}, "Not playable yet: "), this.problem) : state === "checking" ? "Checking…" : h("b", {}, "Playable"),
    );
    replace(e.title, h("b", {}, "Scenario editor"), this.scenario ? h("span", { class: "seat-badge" }, this.scenario.name || this.scenario.id) : null);
    document.title = `${this.scenario?.name || "Scenario editor"} · Sandtable`;
    e.undo.disabled = this.history.size === 0;
    e.save.disabled = !this.checked?.json;
    e.start.disabled = state !== "playable";
    e.start.title = state === "playable" ? "Create a room from this scenario" : "Only a playable scenario can start a room";
  }

  /** The panel is redrawn after the event that changed it, so a field left by Tab gets its focus back. */
  private schedulePanel(): void {
    if (this.panelTimer) return;
    this.panelTimer = setTimeout(() => {
      this.panelTimer = null;
      this.renderPanel();
    }, 0);
  }

  private renderPanel(): void {
    if (!this.scenario) return;
    const focused = (document.activeElement as HTMLElement | null)?.dataset?.field;
    const scroll = this.els.panel.scrollTop;
    const open = new Map([...this.els.panel.querySelectorAll("details[data-testid]")].map((d) => [d.getAttribute("data-testid"), (d as HTMLDetailsElement).open]));
    const c = this.ctx();
    replace(this.els.panel, toolsSection(c), sidesSection(c), victorySection(c), optionsSection(c), scenarioSection(c));
    // Folded and unfolded sections stay as the GM left them.
    for (const d of this.els.panel.querySelectorAll("details[data-testid]")) {
      const was = open.get(d.getAttribute("data-testid"));
      if (was !== undefined) (d as HTMLDetailsElement).open = was;
    }
    this.els.panel.scrollTop = scroll;
    if (focused) (this.els.panel.querySelector(`[data-field="${focused}"]`) as HTMLElement | null)?.focus();
    this.renderStatus();
  }

  private onKey(e: KeyboardEvent): void {
    const typing = e.target instanceof HTMLElement && /^(INPUT|TEXTAREA|SELECT)$/.test(e.target.tagName);
    if (typing || !this.els.dialog.hidden) return;  // a field's own keys (its own undo) and the dialog's
    const k = e.key;
    let handled = true;
    if ((e.ctrlKey || e.metaKey) && k.toLowerCase() === "z") this.undo();
    else if ((k === "Delete" || k === "Backspace") && this.tools.selected) {
      const id = this.tools.selected;
      this.tools.selected = "";
      this.edit((s) => removeUnit(s, id));
    } else if (k === "Escape") this.setTools({ selected: "", moving: -1 });
    else if (k === "+" || k === "=") this.board.zoom(1 / 1.25);
    else if (k === "-") this.board.zoom(1.25);
    else if (k === "0") this.board.fit();
    else handled = false;
    if (handled) e.preventDefault();
  }
}
