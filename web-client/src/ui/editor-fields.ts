// The scenario editor's shared pieces: the state its tools keep between clicks, what its panel
// parts are given, and small form fields that commit on change (one undo step per field edit,
// not one per key).
import { GridFacing } from "../gen/sandtable/v1/common_pb";
import type { ScenarioPalette } from "../gen/sandtable/v1/palette_pb";
import type { Scenario } from "../gen/sandtable/v1/scenario_pb";
import { h } from "./dom";

export type Mode = "place" | "select" | "terrain" | "objective";

export interface ToolState {
  mode: Mode;
  /** Place a unit: for which side, which palette unit (index), quality and facing. */
  side: string;
  unit: number;
  quality: string;
  facing: GridFacing;
  facingDeg: number;
  /** Select / move: the unit selected (id), "" for none. */
  selected: string;
  /** Lay terrain: the palette terrain (index); on a grid the feature being laid (-1: a new one). */
  terrain: number;
  feature: number;
  /** Free tables: the feature the next click moves (-1: none). */
  moving: number;
}

export function initialTools(): ToolState {
  return { mode: "place", side: "", unit: 0, quality: "", facing: GridFacing.NORTH, facingDeg: 0, selected: "", terrain: 0, feature: -1, moving: -1 };
}

/** What each panel part reads and how it changes the scenario or the tools. */
export interface EditorCtx {
  scenario: Scenario;
  palette: ScenarioPalette;
  grid: boolean;
  tools: ToolState;
  /** One undoable edit of the scenario (then checked by the server). */
  edit(fn: (s: Scenario) => Scenario): void;
  /** A change of tool or choice: redraws, changes nothing in the scenario. */
  setTools(patch: Partial<ToolState>): void;
}

export const FACINGS: [GridFacing, string][] = [[GridFacing.NORTH, "North"], [GridFacing.EAST, "East"], [GridFacing.SOUTH, "South"], [GridFacing.WEST, "West"]];

/** A labelled field; `key` (data-field) lets the page give the focus back after a redraw. */
export function field(label: string, control: HTMLElement): HTMLElement {
  return h("label", { class: "ed-field" }, h("span", {}, label), control);
}

export function textInput(key: string, value: string, commit: (v: string) => void, attrs: Record<string, string | number> = {}): HTMLInputElement {
  const el = h("input", { type: "text", value, "data-field": key, ...attrs });
  el.addEventListener("change", () => commit(el.value));
  return el;
}

export function numberInput(key: string, value: number, commit: (v: number) => void, attrs: Record<string, string | number> = {}): HTMLInputElement {
  const el = h("input", { type: "number", value, "data-field": key, ...attrs });
  el.addEventListener("change", () => {
    const n = Number(el.value);
    if (el.value.trim() !== "" && Number.isFinite(n)) commit(n);
  });
  return el;
}

export function textArea(key: string, value: string, commit: (v: string) => void): HTMLTextAreaElement {
  const el = h("textarea", { rows: 3, "data-field": key });
  el.value = value;
  el.addEventListener("change", () => commit(el.value));
  return el;
}

export function selectInput(key: string, choices: [string, string][], value: string, commit: (v: string) => void): HTMLSelectElement {
  const el = h("select", { "data-field": key }, choices.map(([v, label]) => h("option", { value: v, selected: v === value }, label)));
  el.addEventListener("change", () => commit(el.value));
  return el;
}

/** A panel section: a heading and its parts, folded when `open` is false. */
export function section(title: string, testid: string, open: boolean, ...body: (Node | null | false)[]): HTMLElement {
  return h("details", { class: "ed-section", "data-testid": testid, open }, h("summary", {}, title), ...body.filter((b): b is Node => !!b));
}

/** A side's name as the panel lists it. */
export function sideName(s: Scenario, id: string): string {
  return s.sides.find((x) => x.id === id)?.name || id;
}
