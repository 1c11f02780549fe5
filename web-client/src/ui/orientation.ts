// Which way up the table is drawn: each side sees it from its own edge, that edge at the bottom
// of the screen. The board's drawing works in "north-up" SVG units (y grows southward, the
// south edge at the bottom); an Orient turns those points clockwise by quarter turns into the
// frame that is drawn, and back again for the pointer. Text is placed at turned points, never
// rotated, so it stays upright whichever way the table lies.
import type { View } from "../gen/sandtable/v1/view_pb";
import { h } from "./dom";

export type Edge = "south" | "west" | "north" | "east";

export interface XY {
  x: number;
  y: number;
}

/** Quarter turns clockwise that bring an edge to the bottom: east 90°, north 180°, west 270°. */
export function turnsFor(edge: string): 0 | 1 | 2 | 3 {
  return edge === "east" ? 1 : edge === "north" ? 2 : edge === "west" ? 3 : 0;
}

export class Orient {
  /** w and h: the board's size in north-up SVG units (its origin at 0,0). */
  constructor(readonly turns: 0 | 1 | 2 | 3 = 0, readonly w = 0, readonly h = 0) {}

  static forEdge(edge: string, w: number, h: number): Orient {
    return new Orient(turnsFor(edge), w, h);
  }

  /** Degrees clockwise the board is turned: added to every facing drawn. */
  get deg(): number {
    return this.turns * 90;
  }

  /** The size of the drawn board: a quarter turn swaps width and height. */
  get size(): { w: number; h: number } {
    return this.turns % 2 ? { w: this.h, h: this.w } : { w: this.w, h: this.h };
  }

  /** A north-up point → where it is drawn. */
  out(p: XY): XY {
    const { w, h } = this;
    switch (this.turns) {
      case 1: return { x: h - p.y, y: p.x };
      case 2: return { x: w - p.x, y: h - p.y };
      case 3: return { x: p.y, y: w - p.x };
      default: return { x: p.x, y: p.y };
    }
  }

  /** A drawn point (e.g. under the pointer) → the north-up point. */
  back(p: XY): XY {
    const { w, h } = this;
    switch (this.turns) {
      case 1: return { x: p.y, y: h - p.x };
      case 2: return { x: w - p.x, y: h - p.y };
      case 3: return { x: w - p.y, y: p.x };
      default: return { x: p.x, y: p.y };
    }
  }
}

/** The side's home edge as the engine gave it ("" when it has none). */
export function homeEdge(v: View | undefined, side: string): string {
  return v?.sides.find((s) => s.id === side)?.homeEdge ?? "";
}

/**
 * Whose edge is at the bottom. A side's seat sees its own; the GM and spectators choose a
 * side's edge (remembered per seat in localStorage), the south edge until they do.
 */
export class ViewFrom {
  private chosen: string;
  private drawnFor = "";
  readonly el: HTMLElement = h("span", { class: "view-from" });

  constructor(private readonly storeKey: string | null, private readonly changed: () => void) {
    this.chosen = (storeKey && safeGet(storeKey)) || "";
  }

  /** The edge at the bottom for this seat ("" or "south": drawn as the engine's north-up). */
  edge(v: View | undefined, seat: string, ownSide: boolean): string {
    if (ownSide) return homeEdge(v, seat);
    return this.chosen ? homeEdge(v, this.chosen) || "" : "";
  }

  /** Redraws the chooser: only for those without a side of their own, and only if sides have edges. */
  update(v: View | undefined, ownSide: boolean): void {
    const sides = (v?.sides ?? []).filter((s) => s.homeEdge);
    // Drawn again only when what it offers changed: a redraw would close the list under the hand.
    const sig = ownSide ? "" : `${this.chosen}|${sides.map((s) => `${s.id}:${s.name}:${s.homeEdge}`).join(",")}`;
    if (sig === this.drawnFor) return;
    this.drawnFor = sig;
    if (ownSide || sides.length === 0) {
      this.el.replaceChildren();
      return;
    }
    const sel = h(
      "select",
      {
        "aria-label": "View the table from",
        "data-testid": "view-from",
        title: "View the table from a side's own edge",
        onchange: (e: Event) => this.choose((e.target as HTMLSelectElement).value),
      },
      h("option", { value: "", selected: !this.chosen }, "View from: south"),
      sides.map((s) => h("option", { value: s.id, selected: this.chosen === s.id }, `View from: ${s.name || s.id} (${s.homeEdge})`)),
    );
    this.el.replaceChildren(sel);
  }

  private choose(side: string): void {
    this.chosen = side;
    if (this.storeKey) safeSet(this.storeKey, side);
    this.changed();
  }
}

function safeGet(k: string): string {
  try {
    return localStorage.getItem(k) ?? "";
  } catch {
    return "";
  }
}

function safeSet(k: string, v: string): void {
  try {
    localStorage.setItem(k, v);
  } catch {
    // a private window may refuse storage: the choice lasts for this page only
  }
}
