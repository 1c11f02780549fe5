// The table in SVG: grid or free table, terrain, units as counters, and the overlays that
// help a player aim. Pans by dragging (a mouse or one finger), zooms with the wheel, a pinch or
// buttons, fits to its box (again when the box changes size, unless the player zoomed by hand).
// Drawn turned so the seat's own edge is at the bottom (orientation.ts).
import type { GridSquare } from "../gen/sandtable/v1/common_pb";
import type { UnitView, View } from "../gen/sandtable/v1/view_pb";
import { s } from "./dom";
import { key, type Overlay, type Sq } from "./orders";
import type { Pt } from "./ruler";
import { Orient } from "./orientation";
import { pinchBox, Pointers, type Pair } from "./gestures";
import { SQ, centre, drawGrid } from "./board-grid";
import { INCH, LabelPlacer, drawTable, drawTableOverlay, tableMarks } from "./board-table";

export { key, type Overlay, SQ, LabelPlacer };

export interface BoardHandlers {
  onSquare(q: Sq | null, unit: UnitView | undefined): void;
  onHoverSquare(q: Sq | null): void;
  onHoverUnit(u: UnitView | null, x: number, y: number): void;
  /** Free tables: a click at a point (inches), on a unit if it hit one. */
  onTable?(p: Pt, unit: UnitView | undefined): void;
  /** Free tables: the pointer over the table (null: it left), and the unit under it. */
  onTableHover?(p: Pt | null, unit: UnitView | undefined): void;
  /** A handle drawn by the overlay (data-handle) dragged to a point; `done` when released. */
  onHandle?(name: string, p: Pt, done: boolean): void;
}

type Box = import("./gestures").Box;

export class Board {
  readonly svg: SVGSVGElement;
  private readonly content: SVGGElement;
  private readonly overlayLayer: SVGGElement;
  /** An HTML note pinned beside a point of the table (the server's answer beside the ruler). */
  readonly note: HTMLDivElement;
  private noteAt: Pt | null = null;
  private overlay: Overlay = {};
  private view?: View;
  private box: Box = { x: 0, y: 0, w: 100, h: 100 };
  private boardBox: Box = { x: 0, y: 0, w: 100, h: 100 };
  private fitted = false;
  private drag: { x: number; y: number; box: Box; moved: boolean } | null = null;
  private handle: string | null = null;
  /** Where a press on a handle began, and whether it has been dragged: a press let go where it
   * began is a click on the table under the handle (e.g. a waypoint straight ahead), not a turn. */
  private handleFrom = { x: 0, y: 0 };
  private handleMoved = false;
  private hover: string | null = null;
  /** What the free table under the overlay was drawn from (the view and the units it marks). */
  private drawn: { view: View; marks: string } | null = null;
  /** The element's size in pixels, kept by the ResizeObserver: reading it during a gesture would force a layout. */
  private size = { w: 0, h: 0 };
  /** The screen scale the overlay was last drawn at: panning keeps it, so the overlay stays as it is. */
  private overlayK = 0;
  /** Pan and zoom gathered from pointer and wheel events, applied once per animation frame. */
  private frame = 0;
  private pendingPan: { dx: number; dy: number } | null = null;
  private pendingZoom: { factor: number; clientX: number; clientY: number } | null = null;
  /** The edge at the bottom of the screen, and the turn that puts it there. */
  private edge = "";
  private orient = new Orient();
  /** The player zoomed or panned since the table was last fitted: a resize then keeps their view. */
  private handMoved = false;
  /** The fingers (or mouse) down now, and a pinch under way: its starting box and fingers. */
  private readonly pointers = new Pointers();
  private pinch: { box: Box; from: Pair } | null = null;
  /** A pinch happened since the last finger came down: lifting the others is no tap and no pan. */
  private gesture = false;
  /** Where the element is on the page (client pixels), kept with its size. */
  private place = { x: 0, y: 0 };

  constructor(private readonly handlers: BoardHandlers) {
    this.svg = s("svg", { class: "board", role: "img", "aria-label": "Game table" }) as SVGSVGElement;
    this.svg.append(defs());
    this.content = s("g") as SVGGElement;
    this.overlayLayer = s("g", { class: "table-overlay" }) as SVGGElement;
    this.svg.append(this.content, this.overlayLayer);
    this.note = document.createElement("div");
    this.note.className = "board-note";
    this.note.hidden = true;
    this.svg.addEventListener("wheel", (e) => this.onWheel(e), { passive: false });
    this.svg.addEventListener("pointerdown", (e) => this.onDown(e));
    this.svg.addEventListener("pointermove", (e) => this.onMove(e));
    this.svg.addEventListener("pointerup", (e) => this.onUp(e));
    this.svg.addEventListener("pointercancel", (e) => this.onCancel(e));
    this.svg.addEventListener("pointerleave", (e) => {
      if (e.pointerType === "touch") return;  // a lifted finger leaves: what its tap showed stays
      this.setHover(null);
      this.handlers.onHoverUnit(null, 0, 0);
      if (this.view?.board.case === "table") this.handlers.onTableHover?.(null, undefined);
    });
    // Re-fit when the window (or the panel beside the board) changes the board's size, unless the
    // player has zoomed or panned by hand since the last fit: then only the aspect is kept.
    new ResizeObserver(() => {
      this.measure();
      if (this.view && !this.handMoved) this.fit();
      else this.applyBox();
    }).observe(this.svg);
  }

  /** Which edge is drawn at the bottom ("north", "east", "west"; "" or "south": as the engine's north-up). */
  setEdge(edge: string): void {
    if (edge === this.edge) return;
    this.edge = edge;
    this.drawn = null;  // everything is drawn again, turned
    this.fitted = false;
  }

  /** The edge drawn at the bottom now. */
  get bottomEdge(): string {
    return this.edge || "south";
  }

  /** A point of the board as the engine lays it (north up, SVG units) → client pixels, however the table is turned. */
  toScreen(p: { x: number; y: number }): { x: number; y: number } {
    this.flush();
    const q = this.orient.out(p);
    const ctm = this.svg.getScreenCTM();
    if (!ctm) return q;
    const r = new DOMPoint(q.x, q.y).matrixTransform(ctm);
    return { x: r.x, y: r.y };
  }

  render(view: View, overlay: Overlay): void {
    const firstOrResized = !this.view || boardSize(this.view) !== boardSize(view);
    this.view = view;
    const north = boardBounds(view);
    this.orient = Orient.forEdge(this.edge, north.w, north.h);
    this.boardBox = { x: 0, y: 0, ...this.orient.size };
    this.svg.dataset.edge = this.bottomEdge;
    // A free table is redrawn only when the state or what it marks on the units changed: hovering a
    // target, an answer from the server or a dragged handle change the overlay above it alone.
    const drawn = view.board.case === "table" ? { view, marks: tableMarks(overlay) } : null;
    if (!drawn || !this.drawn || this.drawn.view !== drawn.view || this.drawn.marks !== drawn.marks) {
      this.content.replaceChildren(view.board.case === "table" ? drawTable(view, overlay, this.orient) : drawGrid(view, overlay, this.orient));
    }
    this.drawn = drawn;
    this.renderOverlay(overlay);
    if (firstOrResized || !this.fitted) this.fit();
  }

  /** Redraws only what lies over a free table (paths, lines, handles): cheap enough for every pointer move. */
  renderOverlay(overlay: Overlay): void {
    const v = this.view;
    this.overlay = overlay;
    this.overlayK = this.pxScale();
    this.overlayLayer.replaceChildren(v && v.board.case === "table" ? drawTableOverlay(v, overlay, this.overlayK, this.orient) : s("g"));
  }

  /** SVG units per screen pixel now: the overlay's labels and handles keep one size at every zoom. */
  private pxScale(): number {
    const w = this.width();
    return w > 0 ? this.box.w / w : 1;
  }

  private measure(): void {
    const r = this.svg.getBoundingClientRect();
    this.size = { w: r.width, h: r.height };
    this.place = { x: r.left, y: r.top };
  }

  /** The element's width in pixels (measured now only while it is not known). */
  private width(): number {
    if (!(this.size.w > 0)) this.measure();
    return this.size.w;
  }

  /** Pins `content` beside a point of the free table (inches), or hides the note. */
  setNote(content: HTMLElement | null, at: Pt | null): void {
    this.noteAt = content && at ? at : null;
    this.note.replaceChildren(...(content ? [content] : []));
    this.note.hidden = !this.noteAt;
    this.placeNote();
  }

  private placeNote(): void {
    const at = this.noteAt;
    if (!at) return; // nothing pinned: no need to read the layout
    const parent = this.note.offsetParent as HTMLElement | null;
    const ctm = this.svg.getScreenCTM();
    const v = this.view;
    if (!at || !parent || !ctm || !v) return;
    // Free tables pin to inches; grids to a square (at.x the column, at.y the row).
    const c = v.board.case === "table" ? this.orient.out({ x: at.x * INCH, y: (v.board.value.height - at.y) * INCH }) : centre(v, { col: at.x, row: at.y }, this.orient);
    const p = new DOMPoint(c.x, c.y).matrixTransform(ctm);
    const box = parent.getBoundingClientRect();
    const w = this.note.offsetWidth || 260;
    const hgt = this.note.offsetHeight || 80;
    let x = p.x - box.left + 18;
    let y = p.y - box.top + 18;
    if (x + w > box.width - 6) x = Math.max(6, p.x - box.left - w - 18);
    if (y + hgt > box.height - 6) y = Math.max(6, p.y - box.top - hgt - 18);
    this.note.style.left = `${x}px`;
    this.note.style.top = `${y}px`;
  }

  /** Centres the table on a unit, keeping the zoom. */
  centreOn(u: UnitView): void {
    this.flush();
    const v = this.view;
    if (!v) return;
    let c: { x: number; y: number } | null = null;
    if (v.board.case === "table" && u.position) c = this.orient.out({ x: u.position.x * INCH, y: (v.board.value.height - u.position.y) * INCH });
    else if (v.board.case === "grid" && u.square) c = centre(v, u.square as GridSquare, this.orient);
    if (!c) return;
    this.handMoved = true;
    this.box = { ...this.box, x: c.x - this.box.w / 2, y: c.y - this.box.h / 2 };
    this.applyBox();
  }

  fit(): void {
    this.flush();
    const m = SQ * 0.6;
    this.box = { x: this.boardBox.x - m, y: this.boardBox.y - m, w: this.boardBox.w + 2 * m, h: this.boardBox.h + 2 * m };
    this.fitted = true;
    this.handMoved = false;
    this.applyBox();
  }

  zoom(factor: number, cx?: number, cy?: number): void {
    this.flush();
    const b = this.box;
    const px = cx ?? b.x + b.w / 2;
    const py = cy ?? b.y + b.h / 2;
    const w = Math.min(Math.max(b.w * factor, SQ * 2), this.boardBox.w * 4 + SQ * 4);
    const f = w / b.w;
    this.box = { x: px - (px - b.x) * f, y: py - (py - b.y) * f, w, h: b.h * f };
    this.handMoved = true;
    this.applyBox();
  }

  private applyBox(): void {
    // Keep the aspect of the element so that zoom and pan feel the same in both directions.
    if (!(this.size.w > 0 && this.size.h > 0)) this.measure();
    const r = { width: this.size.w, height: this.size.h };
    if (r.width > 0 && r.height > 0) {
      const want = r.width / r.height;
      const have = this.box.w / this.box.h;
      if (Math.abs(want - have) > 1e-3) {
        if (have < want) {
          const w = this.box.h * want;
          this.box = { ...this.box, x: this.box.x - (w - this.box.w) / 2, w };
        } else {
          const h = this.box.w / want;
          this.box = { ...this.box, y: this.box.y - (h - this.box.h) / 2, h };
        }
      }
    }
    const b = this.box;
    this.svg.setAttribute("viewBox", `${b.x} ${b.y} ${b.w} ${b.h}`);
    // Board units per screen pixel, for the CSS that keeps labels at a readable size when zoomed out.
    this.svg.style.setProperty("--k", this.pxScale().toFixed(3));
    // The overlay's handles and labels keep their size on screen: redrawn when the zoom changed, not for a pan.
    if (this.view?.board.case === "table" && Math.abs(this.pxScale() - this.overlayK) > 1e-9) this.renderOverlay(this.overlay);
    this.placeNote();
  }

  /** Asks for one update at the next animation frame, however many events come before it. */
  private schedule(): void {
    if (!this.frame) {
      this.frame = requestAnimationFrame(() => {
        this.frame = 0;
        this.flush();
      });
    }
  }

  /** Applies the pan and zoom gathered since the last frame; at once where the table's transform is read. */
  private flush(): void {
    if (this.frame) {
      cancelAnimationFrame(this.frame);
      this.frame = 0;
    }
    const pan = this.pendingPan;
    const z = this.pendingZoom;
    this.pendingPan = null;
    this.pendingZoom = null;
    if (pan && this.drag) {
      const scale = this.box.w / this.width();
      this.box = { ...this.drag.box, x: this.drag.box.x - pan.dx * scale, y: this.drag.box.y - pan.dy * scale };
      this.handMoved = true;
      this.applyBox();
    }
    if (z) {
      const p = this.toBoard(z);
      this.zoom(z.factor, p.x, p.y);
    }
  }

  private toBoard(e: { clientX: number; clientY: number }): { x: number; y: number } {
    this.flush();
    const ctm = this.svg.getScreenCTM();
    if (!ctm) return { x: 0, y: 0 };
    const p = new DOMPoint(e.clientX, e.clientY).matrixTransform(ctm.inverse());
    return { x: p.x, y: p.y };
  }

  /** A free-table point in inches (y up the table) under the pointer. */
  private inchesAt(e: { clientX: number; clientY: number }): Pt | null {
    const v = this.view;
    if (!v || v.board.case !== "table") return null;
    const p = this.orient.back(this.toBoard(e));
    return { x: p.x / INCH, y: v.board.value.height - p.y / INCH };
  }

  private tableUnit(target: EventTarget | null): UnitView | undefined {
    const id = (target as Element | null)?.closest?.("[data-unit]")?.getAttribute("data-unit");
    return id ? this.view?.units.find((x) => x.id === id) : undefined;
  }

  private squareAt(e: PointerEvent | MouseEvent): Sq | null {
    const v = this.view;
    if (!v || v.board.case !== "grid") return null;
    const p = this.orient.back(this.toBoard(e));
    const col = Math.floor(p.x / SQ);
    const row = v.board.value.rows - 1 - Math.floor(p.y / SQ);
    if (col < 0 || row < 0 || col >= v.board.value.cols || row >= v.board.value.rows) return null;
    return { col, row };
  }

  private unitAt(q: Sq | null): UnitView | undefined {
    if (!q || !this.view) return undefined;
    return this.view.units.find((u) => !u.carriedBy && u.square?.col === q.col && u.square?.row === q.row);
  }

  private onWheel(e: WheelEvent): void {
    e.preventDefault();
    // Every notch counts; the table is redrawn once a frame, about the latest pointer position.
    const factor = (this.pendingZoom?.factor ?? 1) * (e.deltaY > 0 ? 1.15 : 1 / 1.15);
    this.pendingZoom = { factor, clientX: e.clientX, clientY: e.clientY };
    this.schedule();
  }

  private onDown(e: PointerEvent): void {
    if (e.button !== 0) return;
    if (e.pointerType === "mouse") this.pointers.clear();  // one mouse: a release missed outside is forgotten
    this.pointers.down(e);
    if (this.pointers.count === 1) this.gesture = false;
    if (this.pointers.count >= 2) {
      // A second finger: a pinch, not a drag, a tap or a handle's turn.
      this.startPinch();
      return;
    }
    const handle = (e.target as Element | null)?.closest?.("[data-handle]")?.getAttribute("data-handle");
    if (handle && this.handlers.onHandle) {
      // A handle is dragged, not the table: no panning while it moves.
      this.handle = handle;
      this.handleFrom = { x: e.clientX, y: e.clientY };
      this.handleMoved = false;
      this.svg.setPointerCapture(e.pointerId);
      e.preventDefault();
      return;
    }
    this.drag = { x: e.clientX, y: e.clientY, box: { ...this.box }, moved: false };
  }

  private startPinch(): void {
    const from = this.pointers.pair();
    if (!from) return;
    this.flush();
    if (this.handle) {
      // The handle's drag ends where it was; the second finger wants the table.
      const name = this.handle;
      this.handle = null;
      if (this.handleMoved && this.lastHandle) this.handlers.onHandle?.(name, this.lastHandle, true);
    }
    this.drag = null;
    this.gesture = true;
    this.svg.classList.remove("panning");
    this.measure();
    this.pinch = { box: { ...this.box }, from };
  }

  private lastHandle: Pt | null = null;

  private onMove(e: PointerEvent): void {
    const down = this.pointers.move(e);
    if (this.pinch) {
      const now = this.pointers.pair();
      if (down && now) {
        const el = { ...this.place, ...this.size };
        this.box = pinchBox(this.pinch.box, this.pinch.from, now, el, SQ * 2, this.boardBox.w * 4 + SQ * 4);
        this.handMoved = true;
        this.applyBox();
      }
      return;
    }
    if (this.gesture) return;  // the finger left after a pinch: it neither pans nor hovers
    if (this.handle) {
      // The same travel a tap allows (a finger shakes more than a mouse) before it is a drag.
      const travel = Math.hypot(e.clientX - this.handleFrom.x, e.clientY - this.handleFrom.y);
      if (!this.handleMoved && travel < (e.pointerType === "mouse" ? 4 : 10)) return;
      this.handleMoved = true;
      const p = this.inchesAt(e);
      if (p) {
        this.lastHandle = p;
        this.handlers.onHandle?.(this.handle, p, false);
      }
      return;
    }
    if (this.drag && (e.buttons & 1) === 1) {
      const dx = e.clientX - this.drag.x;
      const dy = e.clientY - this.drag.y;
      // A finger shakes more than a mouse: a tap allows a little more travel.
      const slop = e.pointerType === "touch" ? 10 : 6;
      if (!this.drag.moved && Math.hypot(dx, dy) > slop) {
        this.drag.moved = true;
        this.svg.setPointerCapture(e.pointerId);
        this.svg.classList.add("panning");
      }
      if (this.drag.moved) {
        this.pendingPan = { dx, dy };
        this.schedule();
        return;
      }
    }
    this.hoverAt(e);
  }

  /** What is under the pointer: the square and unit it hovers (a tap on a touch screen hovers too). */
  private hoverAt(e: PointerEvent): void {
    if (this.view?.board.case === "table") {
      const u = this.tableUnit(e.target);
      this.handlers.onHoverUnit(u ?? null, e.clientX, e.clientY);
      this.handlers.onTableHover?.(this.inchesAt(e), u);
      return;
    }
    const q = this.squareAt(e);
    this.setHover(q);
    const u = this.unitAt(q);
    this.handlers.onHoverUnit(u ?? null, e.clientX, e.clientY);
  }

  private onCancel(e: PointerEvent): void {
    this.pointers.up(e);
    if (this.pointers.count < 2) this.pinch = null;
    if (this.pointers.count === 0) {
      this.drag = null;
      this.handle = null;
      this.svg.classList.remove("panning");
    }
  }

  private onUp(e: PointerEvent): void {
    this.pointers.up(e);
    if (this.pinch || this.gesture) {
      // Lifting a finger ends the pinch; the one left does nothing until it is lifted too.
      if (this.pointers.count < 2) this.pinch = null;
      return;
    }
    this.flush(); // the drag ends where the pointer was let go
    if (this.handle) {
      const name = this.handle;
      this.handle = null;
      const p = this.inchesAt(e);
      if (this.handleMoved) {
        if (p) this.handlers.onHandle?.(name, p, true);
      } else if (p && this.view?.board.case === "table") {
        this.handlers.onTable?.(p, undefined);  // not dragged: a click on the table under it
      }
      return;
    }
    const d = this.drag;
    this.drag = null;
    this.svg.classList.remove("panning");
    if (!d || d.moved) return;
    // No hover on a touch screen: the tap shows what is under the finger (the unit's card) first.
    if (e.pointerType !== "mouse") this.hoverAt(e);
    const q = this.squareAt(e);
    if (q) this.handlers.onSquare(q, this.unitAt(q));
    else if (this.view?.board.case === "table") {
      // Free table: a click is a point (a waypoint, a measure's end), on a unit if it hit one.
      const p = this.inchesAt(e);
      const u = this.tableUnit(e.target);
      if (p && this.handlers.onTable) this.handlers.onTable(p, u);
      else if (u) this.handlers.onSquare(null, u);
    }
  }

  private setHover(q: Sq | null): void {
    const k = q ? key(q) : null;
    if (k === this.hover) return;
    this.hover = k;
    this.handlers.onHoverSquare(q);
  }
}

function boardSize(v: View): string {
  if (v.board.case === "grid") return `g${v.board.value.cols}x${v.board.value.rows}`;
  if (v.board.case === "table") return `t${v.board.value.width}x${v.board.value.height}`;
  return "none";
}

function boardBounds(v: View): Box {
  if (v.board.case === "grid") return { x: 0, y: 0, w: v.board.value.cols * SQ, h: v.board.value.rows * SQ };
  if (v.board.case === "table") return { x: 0, y: 0, w: v.board.value.width * INCH, h: v.board.value.height * INCH };
  return { x: 0, y: 0, w: SQ * 8, h: SQ * 6 };
}

function defs(): SVGElement {
  const pat = (id: string, size: number, ...body: SVGElement[]) =>
    s("pattern", { id, width: size, height: size, patternUnits: "userSpaceOnUse" }, ...body);
  return s(
    "defs",
    {},
    pat("pat-woods", 20, s("circle", { cx: 5, cy: 6, r: 4, fill: "#4f8a3c" }), s("circle", { cx: 15, cy: 15, r: 4, fill: "#4f8a3c" })),
    pat("pat-town", 20, s("rect", { x: 3, y: 3, width: 7, height: 6, fill: "#6d655c" }), s("rect", { x: 12, y: 11, width: 6, height: 7, fill: "#6d655c" })),
    pat("pat-hill", 12, s("path", { d: "M0 12 L12 0", stroke: "#b99c5a", "stroke-width": 1.5 })),
    pat("pat-river", 16, s("path", { d: "M0 8 q4 -4 8 0 t8 0", stroke: "#2f7fc0", fill: "none", "stroke-width": 1.5 })),
    pat("pat-ford", 10, s("path", { d: "M0 5 h10", stroke: "#2f7fc0", "stroke-dasharray": "3 3", "stroke-width": 1.5 })),
    pat("pat-marsh", 14, s("path", { d: "M2 7 h6 M8 12 h5", stroke: "#3d6b45", "stroke-width": 1.5 })),
    pat("pat-trench", 14, s("path", { d: "M0 10 l3.5 -6 l3.5 6 l3.5 -6 l3.5 6", stroke: "#5b4a33", fill: "none", "stroke-width": 2 })),
    pat("pat-wire", 12, s("path", { d: "M2 2 l8 8 M10 2 l-8 8", stroke: "#333", "stroke-width": 1.2 })),
    s("marker", { id: "arrow", viewBox: "0 0 10 10", refX: 8, refY: 5, markerWidth: 5, markerHeight: 5, orient: "auto-start-reverse" }, s("path", { d: "M0 0 L10 5 L0 10 z", fill: "context-stroke" })),
  );
}

/** Centre of a square where it is drawn; row 0 is the south edge (at the bottom unless the table is turned). */
