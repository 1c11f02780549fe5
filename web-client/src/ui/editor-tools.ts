// The scenario editor's tools panel: which tool a click on the board uses (place a unit, select
// and move, lay terrain, place objectives) and each tool's choices; the selected unit's fields;
// the terrain list. What a click does with them is the page's (editor.ts).
import { GridFacing } from "../gen/sandtable/v1/common_pb";
import { findUnit, removeFeature, removeUnit, renameFeature, setFeatureOwner, updateUnit } from "../state/scenario-edit";
import { h } from "./dom";
import { FACINGS, field, numberInput, section, selectInput, sideName, textInput, type EditorCtx, type Mode } from "./editor-fields";
import { terrainStyle } from "./look";

const MODES: [Mode, string, string][] = [
  ["place", "Place a unit", "Click the board to place a copy of the chosen unit."],
  ["select", "Select / move", "Click a unit to select it, then an empty place to move it there. Delete removes it."],
  ["terrain", "Lay terrain", ""],
  ["objective", "Objectives", "Click the board to place an objective; set its name and points under Victory."],
];

export function toolsSection(c: EditorCtx): HTMLElement {
  const modes = MODES.filter(([m]) => m !== "objective" || c.palette.objectives);
  const bar = h(
    "div",
    { class: "ed-modes", role: "toolbar" },
    modes.map(([m, label]) => h("button", { class: c.tools.mode === m ? "mode on" : "mode", "aria-pressed": String(c.tools.mode === m), "data-tool": m, onclick: () => c.setTools({ mode: m, moving: -1 }) }, label)),
  );
  const body = c.tools.mode === "place" ? placeTool(c) : c.tools.mode === "select" ? selectTool(c) : c.tools.mode === "terrain" ? terrainTool(c) : hint(MODES[3][2]);
  return section("Tools", "ed-tools", true, bar, body);
}

const hint = (text: string) => h("p", { class: "hint" }, text);

function placeTool(c: EditorCtx): HTMLElement {
  const t = c.tools;
  const sides = c.scenario.sides.map((s): [string, string] => [s.id, s.name || s.id]);
  const side = sides.some(([id]) => id === t.side) ? t.side : sides[0]?.[0] ?? "";
  const units = c.palette.units.map((u, i): [string, string] => [String(i), u.label || u.unit?.type || `Unit ${i + 1}`]);
  return h(
    "div",
    { class: "ed-tool" },
    field("Side", selectInput("place-side", sides, side, (v) => c.setTools({ side: v }))),
    field("Unit", selectInput("place-unit", units, String(t.unit), (v) => c.setTools({ unit: Number(v) }))),
    c.palette.qualities.length ? field("Quality", selectInput("place-quality", c.palette.qualities.map((q): [string, string] => [q, q]), t.quality || defaultQuality(c), (v) => c.setTools({ quality: v }))) : null,
    facingField(c, "place-facing", t.facing, t.facingDeg, (f, deg) => c.setTools({ facing: f, facingDeg: deg })),
    hint(MODES[0][2]),
  );
}

/** The quality a placed unit gets unless one is chosen: the template's own, else the list's middle. */
export function defaultQuality(c: EditorCtx): string {
  const q = c.palette.units[c.tools.unit]?.unit?.quality;
  return q || c.palette.qualities[Math.floor(c.palette.qualities.length / 2)] || "";
}

function facingField(c: EditorCtx, key: string, facing: GridFacing, deg: number, set: (f: GridFacing, deg: number) => void): HTMLElement {
  if (c.grid) return field("Facing", selectInput(key, FACINGS.map(([f, l]): [string, string] => [String(f), l]), String(facing), (v) => set(Number(v) as GridFacing, deg)));
  return field("Facing (degrees, 0 = north)", numberInput(key, deg, (v) => set(facing, v), { min: 0, max: 359, step: 15 }));
}

function selectTool(c: EditorCtx): HTMLElement {
  const found = c.tools.selected ? findUnit(c.scenario, c.tools.selected) : undefined;
  if (!found) return h("div", { class: "ed-tool" }, hint(MODES[1][2]));
  const { unit: u, side } = found;
  const id = u.id;
  const set = (f: Parameters<typeof updateUnit>[2]) => c.edit((s) => updateUnit(s, id, f));
  return h(
    "div",
    { class: "ed-tool ed-selected", "data-testid": "ed-selected", "data-unit": id },
    h("p", { class: "hint" }, h("b", {}, u.name || id), ` (${u.type}, ${sideName(c.scenario, side)}) · id `, h("code", {}, id)),
    field("Name", textInput("unit-name", u.name, (v) => set({ name: v }))),
    c.palette.qualities.length ? field("Quality", selectInput("unit-quality", c.palette.qualities.map((q): [string, string] => [q, q]), u.quality, (v) => set({ quality: v }))) : null,
    field("Strength (0 = the rule set's usual)", numberInput("unit-strength", u.strength, (v) => set({ strength: v }), { min: 0 })),
    facingField(c, "unit-facing", u.facing, u.facingDeg, (f, deg) => set(c.grid ? { facing: f } : { facingDeg: deg })),
    h("div", { class: "ed-row" },
      h("button", { "data-testid": "ed-remove-unit", onclick: () => { c.edit((s) => removeUnit(s, id)); c.setTools({ selected: "" }); } }, "Remove unit"),
      h("button", { onclick: () => c.setTools({ selected: "" }) }, "Done")),
  );
}

function terrainTool(c: EditorCtx): HTMLElement {
  const t = c.tools;
  const kinds = c.palette.terrain.map((x, i): [string, string] => [String(i), x.label || x.feature?.kind || `Terrain ${i + 1}`]);
  const laying = c.grid && t.feature >= 0 ? c.scenario.terrain[t.feature] : undefined;
  const how = c.grid
    ? laying ? `Click squares to add them to ${laying.name || laying.kind}, or to take them out.` : "Click squares to lay a new feature."
    : t.moving >= 0 ? `Click the board where ${c.scenario.terrain[t.moving]?.name ?? "the feature"} goes.` : "Click the board to lay a copy of the chosen feature.";
  return h(
    "div",
    { class: "ed-tool" },
    field("Terrain", selectInput("terrain-kind", kinds, String(t.terrain), (v) => c.setTools({ terrain: Number(v), feature: -1 }))),
    c.grid ? h("div", { class: "ed-row" }, h("button", { "data-testid": "ed-new-feature", disabled: t.feature < 0, onclick: () => c.setTools({ feature: -1 }) }, "New feature")) : null,
    hint(how),
    terrainList(c),
  );
}

/** Every feature of the scenario: its name (editable), kind, Remove; on a free table, Move. */
function terrainList(c: EditorCtx): HTMLElement {
  const rows = c.scenario.terrain.map((f, i) =>
    h(
      "li",
      { class: i === c.tools.feature || i === c.tools.moving ? "ed-item on" : "ed-item", "data-feature": i },
      h("span", { class: "swatch", style: `background:${terrainStyle(f.kind).fill}` }),
      textInput(`feature-name-${i}`, f.name, (v) => c.edit((s) => renameFeature(s, i, v)), { "aria-label": "Feature name" }),
      h("small", { class: "muted" }, c.grid ? `${terrainStyle(f.kind).label}, ${f.squares.length} sq.` : terrainStyle(f.kind).label),
      c.grid
        ? h("button", { class: "link", onclick: () => c.setTools({ feature: i, terrain: Math.max(0, c.palette.terrain.findIndex((p) => p.feature?.kind === f.kind)) }) }, "Edit")
        : h("button", { class: "link", "data-testid": "ed-move-feature", onclick: () => c.setTools({ moving: i }) }, "Move"),
      h("button", { class: "link", onclick: () => { c.edit((s) => removeFeature(s, i)); c.setTools({ feature: -1, moving: -1 }); } }, "Remove"),
      // Who knows of it: a secret feature (a minefield) is drawn only for its side and the GM.
      // Whether a rule set has secret terrain is its answer to the check, not the editor's guess.
      selectInput(`feature-owner-${i}`, [["", "Seen by all"], ...c.scenario.sides.map((sd): [string, string] => [sd.id, `Secret: ${sd.name || sd.id}`])], f.owner,
        (v) => c.edit((s) => setFeatureOwner(s, i, v))),
    ),
  );
  return h("ul", { class: "ed-list", "data-testid": "ed-terrain" }, rows.length ? rows : h("li", { class: "muted" }, "No terrain yet."));
}
