// The table in SVG: grid or free table, terrain, units as counters, and the overlays that
// help a player aim. Pans by dragging (a mouse or one finger), zooms with the wheel, a pinch or
// buttons, fits to its box (again when the box changes size, unless the player zoomed by hand).
// Drawn turned so the seat's own edge is at the bottom (orientation.ts).
import type { GridSquare } from "../gen/sandtable/v1/common_pb";
import type { UnitView, View } from "../gen/sandtable/v1/view_pb";
import { lookFor, type Look } from "../rulesets";
import { s } from "./dom";
import { markerGlyphs, markerText, plainMarkers } from "./panels";
import { sideColour, terrainStyle } from "./look";
import { drawRoute } from "./grid-route";
import { key, type Overlay, type PointMark, type Sq } from "./orders";
import { ahead, type Pt } from "./ruler";
import { Orient } from "./orientation";
import { pinchBox, Pointers, type Pair } from "./gestures";

export { key, type Overlay };

export const SQ = 60; // SVG units per grid square
const INCH = 20; // SVG units per inch on a free table

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

/** What drawTable reads from the overlay: the units it marks as selected, targeted or aimed at. */
function tableMarks(o: Overlay): string {
  return `${o.selected ?? ""}|${[...(o.targetUnits ?? [])].sort().join(",")}|${o.aimedUnit ?? ""}`;
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
function centre(v: View, q: Sq, t: Orient): { x: number; y: number } {
  const rows = v.board.case === "grid" ? v.board.value.rows : 0;
  return t.out({ x: (q.col + 0.5) * SQ, y: (rows - 1 - q.row + 0.5) * SQ });
}

function drawGrid(v: View, o: Overlay, t: Orient): SVGElement {
  if (v.board.case !== "grid") return s("g");
  const { cols, rows } = v.board.value;
  const g = s("g", { class: "grid-board" });
  const drawn = t.size;
  g.append(s("rect", { x: 0, y: 0, width: drawn.w, height: drawn.h, fill: "#f1f0dc", stroke: "#6b6b55", "stroke-width": 2 }));

  const features = [...v.terrain].sort((a, b) => terrainStyle(a.kind).order - terrainStyle(b.kind).order);
  for (const f of features) {
    const st = terrainStyle(f.kind);
    const tg = s("g", { class: `terrain terrain-${f.kind}` }, s("title", {}, f.name ? `${st.label}: ${f.name}` : st.label));
    if (f.kind === "road") {
      const set = new Set(f.squares.map(key));
      for (const q of f.squares) {
        const c = centre(v, q, t);
        tg.append(s("circle", { cx: c.x, cy: c.y, r: SQ * 0.09, fill: st.fill }));
        for (const n of [{ col: q.col + 1, row: q.row }, { col: q.col, row: q.row + 1 }]) {
          if (!set.has(key(n))) continue;
          const d = centre(v, n, t);
          tg.append(s("line", { x1: c.x, y1: c.y, x2: d.x, y2: d.y, stroke: st.fill, "stroke-width": SQ * 0.18, "stroke-linecap": "round" }));
        }
      }
    } else {
      for (const q of f.squares) {
        const c = centre(v, q, t);
        const r = { x: c.x - SQ / 2, y: c.y - SQ / 2, width: SQ, height: SQ };
        if (st.fill !== "none") tg.append(s("rect", { ...r, fill: st.fill, stroke: st.stroke, "stroke-width": st.stroke ? 4 : undefined }));
        if (st.pattern) tg.append(s("rect", { ...r, fill: `url(#${st.pattern})` }));
        if (f.level > 1) tg.append(s("text", { x: r.x + 4, y: r.y + 12, class: "level" }, `L${f.level}`));
      }
    }
    g.append(tg);
  }

  // Grid lines and coordinates along the edges.
  const lines = s("g", { class: "grid-lines" });
  const line = (a: { x: number; y: number }, b: { x: number; y: number }) => {
    const [p, q] = [t.out(a), t.out(b)];
    return s("line", { x1: p.x, y1: p.y, x2: q.x, y2: q.y });
  };
  for (let c = 1; c < cols; c++) lines.append(line({ x: c * SQ, y: 0 }, { x: c * SQ, y: rows * SQ }));
  for (let r = 1; r < rows; r++) lines.append(line({ x: 0, y: r * SQ }, { x: cols * SQ, y: r * SQ }));
  g.append(lines);
  // Column numbers along the south edge, row numbers along the west edge, wherever those lie now.
  const labels = s("g", { class: "coords" });
  const label = (p: { x: number; y: number }, text: number) => {
    const q = t.out(p);
    return s("text", { x: q.x, y: q.y, "text-anchor": "middle", "dominant-baseline": "central" }, text);
  };
  for (let c = 0; c < cols; c++) labels.append(label({ x: (c + 0.5) * SQ, y: rows * SQ + 12 }, c));
  for (let r = 0; r < rows; r++) labels.append(label({ x: -12, y: (rows - 1 - r + 0.5) * SQ }, r));
  g.append(labels);

  // Overlays under the counters: where the selected unit may go or shoot.
  const over = s("g", { class: "overlay" });
  for (const k of o.reachable ?? []) {
    const [col, row] = k.split(",").map(Number);
    const c = centre(v, { col, row }, t);
    const tip = o.details?.get(k);
    over.append(s("rect", { class: "reach", "data-square": k, x: c.x - SQ / 2 + 3, y: c.y - SQ / 2 + 3, width: SQ - 6, height: SQ - 6 }, tip ? s("title", {}, tip) : null));
  }
  for (const k of o.targets ?? []) {
    const [col, row] = k.split(",").map(Number);
    const c = centre(v, { col, row }, t);
    const tip = o.details?.get(k);
    over.append(s("rect", { class: "target", "data-square": k, x: c.x - SQ / 2 + 3, y: c.y - SQ / 2 + 3, width: SQ - 6, height: SQ - 6 }, tip ? s("title", {}, tip) : null));
  }
  for (const q of o.highlight ?? []) {
    const c = centre(v, q, t);
    over.append(s("rect", { class: "highlight", x: c.x - SQ / 2 + 2, y: c.y - SQ / 2 + 2, width: SQ - 4, height: SQ - 4 }));
  }
  g.append(over);

  for (const u of v.units) if (u.square && !u.carriedBy) g.append(drawUnit(v, u, o, t));

  const top = s("g", { class: "overlay-top" });
  for (const p of o.planned ?? []) top.append(aimLine(v, p.from, p.to, "planned", "", t));
  if (o.aim) top.append(aimLine(v, o.aim.from, o.aim.to, "aim ok", o.aim.label, t));
  if (o.route) top.append(drawRoute(o.route, (q) => centre(v, q, t), SQ));
  for (const l of o.lines ?? []) top.append(aimLine(v, { col: l.from.x, row: l.from.y }, { col: l.to.x, row: l.to.y }, l.cls, l.label, t));
  if (o.preview) {
    const c = centre(v, o.preview.at, t);
    top.append(s("g", { class: "facing-preview", transform: `translate(${c.x} ${c.y}) rotate(${o.preview.facing * 90 + t.deg})` }, s("path", { d: `M0 ${-SQ * 0.48} l-9 12 h18 z` })));
  }
  g.append(top);
  return g;
}

function aimLine(v: View, from: Sq, to: Sq, cls: string, label: string, t: Orient): SVGElement {
  const a = centre(v, from, t);
  const c = centre(v, to, t);
  // Stop the arrow at the edge of the target's counter so the counter stays readable.
  const len = Math.hypot(c.x - a.x, c.y - a.y) || 1;
  const cut = Math.min(SQ * 0.42, len / 2);
  const b = { x: c.x - ((c.x - a.x) / len) * cut, y: c.y - ((c.y - a.y) / len) * cut };
  const g = s("g", { class: cls }, s("line", { x1: a.x, y1: a.y, x2: b.x, y2: b.y, "marker-end": "url(#arrow)" }));
  if (label) {
    const mx = (a.x + b.x) / 2;
    const my = (a.y + b.y) / 2;
    g.append(s("rect", { x: mx - 30, y: my - 11, width: 60, height: 20, rx: 4, class: "aim-label-back" }), s("text", { x: mx, y: my + 4, "text-anchor": "middle", class: "aim-label" }, label));
  }
  return g;
}

function drawUnit(v: View, u: UnitView, o: Overlay, t: Orient): SVGElement {
  const c = centre(v, u.square as GridSquare, t);
  const col = sideColour(v, u.side);
  const w = SQ * 0.78;
  const classes = ["unit"];
  if (u.id === o.selected) classes.push("selected");
  if (u.id === o.activeUnit) classes.push("active");
  const g = s("g", { class: classes.join(" "), "data-unit": u.id, "data-side": u.side, transform: `translate(${c.x} ${c.y})` });
  g.append(s("rect", { class: "counter", x: -w / 2, y: -w / 2, width: w, height: w, rx: 5, fill: col.fill }));
  // Facing: a wedge on the edge the unit faces, drawn in the counter's own frame.
  // Facing: a thick bar on the edge the unit faces and a wedge pointing out of it.
  g.append(
    s("g", { class: "facing", transform: `rotate(${u.facing * 90 + t.deg})` },
      s("rect", { x: -w / 2 + 3, y: -w / 2 - 1, width: w - 6, height: 5, rx: 2 }),
      s("path", { d: `M-9 ${-w / 2 - 1} L0 ${-SQ / 2 + 1} L9 ${-w / 2 - 1} z` })),
  );
  const look = lookFor(v.ruleset);
  const glyph = look.counterGlyph?.(u.type, col.ink);
  if (glyph) g.append(glyph);
  // maxStrength 0: the strength is not known yet (the scenario editor's table before the rule set
  // has set it up), so nothing is written rather than a 0.
  if (u.maxStrength > 0) g.append(s("text", { class: "sp", x: 0, y: w / 2 - 5, "text-anchor": "middle", fill: col.ink }, `${u.strength}`));
  const shown = plainMarkers(u).slice(0, 3);
  const glyphs = markerGlyphs(shown.map((m) => m.key), (k) => look.markerLetter(k));
  shown.forEach((m, i) => {
    g.append(s("g", { class: "marker", transform: `translate(${w / 2 - 2} ${-w / 2 + 2 + i * 13})` }, s("circle", { r: 6.5 }), s("title", {}, markerText(m)), s("text", { y: 3.5, "text-anchor": "middle" }, glyphs[i])));
  });
  if (u.strength < u.maxStrength) {
    g.append(s("text", { class: "sp-max", x: w / 2 - 4, y: w / 2 - 5, "text-anchor": "end", fill: col.ink }, `/${u.maxStrength}`));
  }
  return g;
}

// A free-table unit as players see it on the table: each living figure on its base (5/8" square
// unless the rule set's look gives the kind's size; leaders ringed, heavy weapons barred, medics
// crossed), vehicles and emplacements as their hull, the name and figure count at the centre, and
// its markers underneath.
const BASE = 0.625 * INCH;

/** A figure's base as drawn, width (across its facing) and depth in SVG units. */
function baseOf(look: Look, kind: string): { w: number; d: number; sized: boolean } {
  const size = look.figureBase?.(kind);
  return size ? { w: size[0] * INCH, d: size[1] * INCH, sized: true } : { w: BASE, d: BASE, sized: false };
}

/** How far a base reaches up or down the screen from its centre when turned by `turn` degrees. */
function reach(b: { w: number; d: number; sized: boolean }, turn: number): number {
  if (!b.sized) return BASE / 2;  // the square base: as it always was
  const r = (turn * Math.PI) / 180;
  return Math.abs((b.w / 2) * Math.sin(r)) + Math.abs((b.d / 2) * Math.cos(r));
}

/**
 * Where the table's unit labels go: a label that would overprint one already placed (units side
 * by side in a melee, a prisoner group beside its captors) moves away, up for names and down for
 * markers, one line at a time. Widths are estimated from the text (no layout is read).
 */
export class LabelPlacer {
  private readonly boxes: { x0: number; x1: number; y0: number; y1: number }[] = [];
  place(cx: number, y: number, text: string, size: number, away: 1 | -1): number {
    const half = (text.length * size * 0.58) / 2;
    for (let i = 0; i < 8; i++, y += away * (size + 2)) {
      const box = { x0: cx - half, x1: cx + half, y0: y - size, y1: y };
      if (!this.boxes.some((b) => b.x0 < box.x1 && box.x0 < b.x1 && b.y0 < box.y1 && box.y0 < b.y1)) {
        this.boxes.push(box);
        return y;
      }
    }
    return y;
  }
}

function drawTableUnit(v: View, u: UnitView, P: (p: { x: number; y: number }) => string, o: Overlay, labels: LabelPlacer, deg: number): SVGElement {
  const col = sideColour(v, u.side);
  const look = lookFor(v.ruleset);
  const hidden = u.markers.some((m) => m.key === "hidden");
  const cls = ["unit", "table-unit"];
  if (hidden) cls.push("hidden-unit");
  if (u.id === o.selected) cls.push("selected");
  if (o.targetUnits?.has(u.id)) cls.push("targeted");
  if (u.id === o.aimedUnit) cls.push("aimed");
  const g = s("g", { class: cls.join(" "), "data-unit": u.id, "data-side": u.side });
  const [cx, cy] = P(u.position!).split(",").map(Number);
  if (u.figures.length) {
    for (const f of u.figures) {
      if (!f.position) continue;
      const [fx, fy] = P(f.position).split(",").map(Number);
      const fig = s("g", { class: `figure ${f.kind}`, transform: `translate(${fx} ${fy}) rotate(${u.facingDeg + deg})` });
      const { w, d } = baseOf(look, f.kind);
      fig.append(s("rect", { x: -w / 2, y: -d / 2, width: w, height: d, rx: 2, fill: look.paleFigure?.(f.kind) ? "#fff" : col.fill, stroke: col.ink, "stroke-width": 1.2, "stroke-dasharray": hidden ? "3 2" : "" }));
      fig.append(s("rect", { x: -w / 2, y: -d / 2, width: w, height: 2.5, fill: col.ink }));  // the front edge
      for (const mark of look.figureMarks?.(f.kind, col.ink, { w, d }) ?? []) fig.append(mark);
      g.append(fig);
    }
  } else {
    const [l, w] = look.hull?.(u.type) ?? [2, 1.5];
    g.append(s("g", { transform: `translate(${cx} ${cy}) rotate(${u.facingDeg + deg})` },
      s("rect", { x: (-w * INCH) / 2, y: (-l * INCH) / 2, width: w * INCH, height: l * INCH, rx: 3, fill: col.fill, stroke: col.ink, "stroke-width": 1.5, "stroke-dasharray": hidden ? "4 3" : "" }),
      s("rect", { x: (-w * INCH) / 2, y: (-l * INCH) / 2, width: w * INCH, height: 4, fill: col.ink })));
  }
  // The name above the topmost base, the markers below the lowest one.
  const placed = u.figures.filter((f) => f.position).map((f) => ({ y: Number(P(f.position!).split(",")[1]), r: reach(baseOf(look, f.kind), u.facingDeg + deg) }));
  const top = placed.length ? Math.min(...placed.map((f) => f.y - f.r)) : cy - 1.2 * INCH;
  const bottom = placed.length ? Math.max(...placed.map((f) => f.y + f.r)) : cy + 1.2 * INCH;
  const name = u.maxStrength > 0 ? `${u.name || u.id} · ${u.strength}` : u.name || u.id;
  g.append(s("text", { x: cx, y: labels.place(cx, top - 4, name, 11, -1), "text-anchor": "middle", class: "table-label" }, name));
  const quiet = look.quietMarkers ?? [];
  const shown = plainMarkers(u).filter((m) => !quiet.includes(m.key)).map(markerText).join(" · ");
  if (shown) g.append(s("text", { x: cx, y: labels.place(cx, bottom + 11, shown, 9, 1), "text-anchor": "middle", class: "table-markers" }, shown));
  return g;
}

function drawTable(v: View, o: Overlay, t: Orient): SVGElement {
  if (v.board.case !== "table") return s("g");
  const { height } = v.board.value;
  const H = height * INCH;
  const P = (p: { x: number; y: number }) => {
    const q = t.out({ x: p.x * INCH, y: H - p.y * INCH });
    return `${q.x},${q.y}`;
  };
  const drawn = t.size;
  const g = s("g", { class: "free-table" });
  g.append(s("rect", { x: 0, y: 0, width: drawn.w, height: drawn.h, fill: "#f1f0dc", stroke: "#6b6b55", "stroke-width": 2 }));
  // In the style's order, as on a grid: what the engine adds during play (a minefield found, a
  // strike landed) lies over the scenery it falls on.
  const features = [...v.terrain].sort((a, b) => terrainStyle(a.kind).order - terrainStyle(b.kind).order);
  for (const f of features) {
    const st = terrainStyle(f.kind);
    const fill = st.fill === "none" ? "transparent" : st.fill;
    const stroke = st.stroke ?? "#0003";
    if (f.polygon.length) g.append(s("polygon", { points: f.polygon.map(P).join(" "), fill, stroke }));
    if (f.circle?.centre) {
      const [cx, cy] = P(f.circle.centre).split(",");
      g.append(s("circle", { cx, cy, r: f.circle.radius * INCH, fill, stroke }));
    }
    if (f.polyline.length) g.append(s("polyline", { points: f.polyline.map(P).join(" "), fill: "none", stroke: fill, "stroke-width": 8 }));
  }
  const look = lookFor(v.ruleset);
  const labels = new LabelPlacer();
  for (const u of v.units) {
    if (!u.position || u.carriedBy) continue;
    // A unit with no figure left and no hull to show (e.g. infantry wiped out) has nothing on the table.
    if (!u.figures.length && u.strength === 0 && u.maxStrength > 0 && !look.hull?.(u.type)) continue;
    g.append(drawTableUnit(v, u, P, o, labels, t.deg));
  }
  // Scale bar: 6 inches, marked every inch.
  const bar = s("g", { class: "scale-bar", transform: `translate(0 ${drawn.h + 14})` });
  for (let i = 0; i < 6; i++) bar.append(s("rect", { x: i * INCH, y: 0, width: INCH, height: 5, fill: i % 2 ? "#fff" : "#333", stroke: "#333" }));
  bar.append(s("text", { x: 6 * INCH + 6, y: 6 }, '6"'));
  g.append(bar);
  return g;
}

function tagWidth(text: string): number {
  return Math.max(30, text.length * 7.4 + 12);
}

/** A label on a light box, centred on (x, y), sized to its text; k scales it to screen pixels. */
function tag(x: number, y: number, text: string, cls: string, k: number, testid?: string): SVGElement {
  const w = tagWidth(text);
  return s("g", { class: `tag ${cls}`, transform: `translate(${x} ${y}) scale(${k})` },
    s("rect", { x: -w / 2, y: -11, width: w, height: 21, rx: 5 }),
    s("text", { y: 4.5, "text-anchor": "middle", "data-testid": testid }, text));
}

/** What lies over a free table while aiming: the point being picked, the path being drawn with its ruler and facing handle, aim and measure lines. */
function drawTableOverlay(v: View, o: Overlay, k: number, t: Orient): SVGElement {
  if (v.board.case !== "table") return s("g");
  const H = v.board.value.height * INCH;
  const X = (p: Pt) => t.out({ x: p.x * INCH, y: H - p.y * INCH });
  const g = s("g");
  if (o.point) g.append(drawPointMark(o.point, X(o.point.at), k, t.deg));
  for (const l of o.lines ?? []) {
    const a = X(l.from);
    const b = X(l.to);
    const line = s("g", { class: `table-line ${l.cls}` },
      s("line", { class: "casing", x1: a.x, y1: a.y, x2: b.x, y2: b.y }),
      s("line", { class: "stroke", x1: a.x, y1: a.y, x2: b.x, y2: b.y }),
      s("circle", { cx: a.x, cy: a.y, r: 3.5 * k }),
      s("circle", { cx: b.x, cy: b.y, r: 3.5 * k }));
    if (l.label) line.append(tag((a.x + b.x) / 2, (a.y + b.y) / 2, l.label, "line-tag", k));
    g.append(line);
  }
  const path = o.path;
  if (path) {
    const pts = [path.from, ...path.points].map(X);
    const cls = "move-path" + (path.over ? " over" : "");
    const d = s("g", { class: cls, "data-testid": "move-path" });
    if (pts.length > 1) {
      const points = pts.map((p) => `${p.x},${p.y}`).join(" ");
      d.append(s("polyline", { class: "casing", points }), s("polyline", { class: "stroke", points }));
    }
    const last = pts[pts.length - 1];
    if (path.pointer) {
      const q = X(path.pointer);
      d.append(s("line", { class: "pending", x1: last.x, y1: last.y, x2: q.x, y2: q.y }));
    }
    path.points.forEach((p, i) => {
      const q = X(p);
      d.append(s("circle", { class: "waypoint", cx: q.x, cy: q.y, r: 4.5 * k, "data-waypoint": i }));
    });
    d.append(s("circle", { class: "path-start", cx: pts[0].x, cy: pts[0].y, r: 3 * k }));
    if (path.facingDeg !== undefined) {
      const end = path.points.at(-1) ?? path.from;
      // The handle sits a fixed 40 pixels out along the facing, whatever the zoom.
      const tip = X(ahead(end, path.facingDeg, (40 * k) / INCH));
      const e = X(end);
      const len = Math.hypot(tip.x - e.x, tip.y - e.y) || 1;
      const stop = { x: tip.x - ((tip.x - e.x) / len) * 9 * k, y: tip.y - ((tip.y - e.y) / len) * 9 * k }; // the arrowhead shows before the handle
      d.append(
        s("line", { class: "facing-arm", x1: e.x, y1: e.y, x2: stop.x, y2: stop.y, "marker-end": "url(#arrow)" }),
        // A finger is wider than the handle: an unseen ring around it takes hold of it too.
        s("circle", { class: "facing-hit", cx: tip.x, cy: tip.y, r: 18 * k, "data-handle": "facing" }),
        s("circle", { class: "facing-handle", cx: tip.x, cy: tip.y, r: 7 * k, "data-handle": "facing" }, s("title", {}, `Facing ${path.facingDeg}°: drag to turn (or Q / E)`)),
      );
    }
    const labelAt = path.pointer ? X(path.pointer) : last;
    // Left of the pointer (or of the path's end): the server's note pins to the right, the facing arm ahead.
    d.append(tag(labelAt.x - (tagWidth(path.label) / 2 + 14) * k, labelAt.y, path.label, "ruler" + (path.over ? " over" : ""), k, "ruler"));
    g.append(d);
  }
  return g;
}

/** Inline so the marker needs no stylesheet of its own: a dashed orange outline over a faint fill. */
const MARK_LINE = { fill: "#d55e0022", stroke: "#d55e00", "stroke-width": 2, "stroke-dasharray": "6 4", "vector-effect": "non-scaling-stroke" };
const MARK_INK = { stroke: "#1d2328", "stroke-width": 2, "vector-effect": "non-scaling-stroke" };

/**
 * A point being picked on a free table (drawn at `c`, SVG units): its marker turned to the pick's
 * facing (a rectangle's length lies along it), a cross at the point, and an arrow along the
 * facing when the pick turns. Fainter while it only follows the pointer.
 */
function drawPointMark(m: PointMark, c: { x: number; y: number }, k: number, deg: number): SVGElement {
  const g = s("g", { class: "point-pick" + (m.pending ? " pending" : ""), "data-testid": "point-pick", opacity: m.pending ? 0.55 : 1, transform: `translate(${c.x} ${c.y}) rotate(${m.facingDeg + deg})` });
  const length = m.length * INCH;
  const width = m.width * INCH;
  if (m.round && length > 0) g.append(s("circle", { r: length / 2, ...MARK_LINE }));
  else if (!m.round && length > 0 && width > 0) g.append(s("rect", { x: -width / 2, y: -length / 2, width, height: length, ...MARK_LINE }));
  // The cross and the arrow keep one size on screen (k: SVG units per pixel), whatever the zoom.
  const arm = 7 * k;
  g.append(s("line", { x1: -arm, y1: 0, x2: arm, y2: 0, ...MARK_INK }), s("line", { x1: 0, y1: -arm, x2: 0, y2: arm, ...MARK_INK }));
  if (m.facingFree) g.append(s("line", { x1: 0, y1: 0, x2: 0, y2: -(length / 2 + 28 * k), "marker-end": "url(#arrow)", ...MARK_INK }));
  return g;
}
