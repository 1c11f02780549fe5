// The GM's edits of the table (docs/protocol.md "GM edits"): a form that builds a typed GmEdit
// with the GM's reason, and the audit of edits already made, read from the engine's log lines
// ("GM moves ... (reason)."). The client checks only that the form is filled in; whether an edit
// keeps the table legal is the rule set's call, and its refusal is shown like any other.
import type { MessageInitShape } from "@bufbuild/protobuf";
import type { GmEditSchema } from "../gen/sandtable/v1/gm_edit_pb";
import type { RewindPoint } from "../gen/sandtable/v1/menu_pb";
import type { TerrainFeature } from "../gen/sandtable/v1/scenario_pb";
import type { View } from "../gen/sandtable/v1/view_pb";
import type { LogEntry } from "../state/store";
import { h } from "./dom";

export type GmEditInit = MessageInitShape<typeof GmEditSchema>;

export type GmEditKind =
  | "move" | "remove" | "strength" | "marker" | "turn" | "dice" | "rewind"
  | "terrainLay" | "terrainRemove" | "phase" | "extraAction" | "endActivation";

/** The kinds that name no unit. */
const NO_UNIT: readonly GmEditKind[] = ["turn", "dice", "rewind", "terrainLay", "terrainRemove", "phase", "extraAction", "endActivation"];

/** What the GM has typed so far; kept across renders. */
export interface GmForm {
  kind: GmEditKind;
  unitId: string;
  /** One figure of the unit (a move or removal of that figure only), where the rule set has loose
   *  figures (ActionMenu.gmFigures); empty for the whole unit. */
  figureId: string;
  /** Grid boards: "col,row"; free tables: "x,y" in inches. */
  place: string;
  /** Strength, marker key, turn, dice ("6, 2"), terrain kind or index, or phase, by kind. */
  value: string;
  /** A side: the extra action's, the phase's active side, a laid secret feature's owner. */
  side: string;
  markerValue: string;
  clear: boolean;
  reason: string;
  /** Whether the GM has the form open. */
  open: boolean;
}

export const KINDS: { id: GmEditKind; label: string }[] = [
  { id: "move", label: "Move a unit or figure" },
  { id: "remove", label: "Remove a unit or figure" },
  { id: "strength", label: "Set strength" },
  { id: "marker", label: "Set or clear a marker" },
  { id: "turn", label: "Set the turn" },
  { id: "dice", label: "Set the next dice" },
  { id: "rewind", label: "Rewind the table" },
  { id: "terrainLay", label: "Lay a terrain feature" },
  { id: "terrainRemove", label: "Remove a terrain feature" },
  { id: "phase", label: "Set the phase" },
  { id: "extraAction", label: "Give a side an extra action" },
  { id: "endActivation", label: "End the activation of the unit acting" },
];

export function emptyForm(): GmForm {
  return { kind: "move", unitId: "", figureId: "", place: "", value: "", side: "", markerValue: "", clear: false, reason: "", open: false };
}

function numbers(text: string): number[] | null {
  const parts = text.split(/[\s,]+/).filter((p) => p !== "");
  const out = parts.map(Number);
  return out.length && out.every((n) => Number.isFinite(n)) ? out : null;
}

/** The GmEdit the form describes, or a sentence saying what is missing. `terrain` is the View's
 *  terrain list (a removal names the feature it saw, so a table changed since is refused). */
/** `activeUnit`: the unit acting now as the GM's view shows it (TurnView.activeUnit), which an end of
 * activation names so the engine refuses it if the table has moved on and the log can name it. */
export function gmEditFrom(f: GmForm, grid: boolean, terrain: readonly TerrainFeature[] = [], activeUnit = ""): GmEditInit | string {
  const reason = f.reason.trim();
  if (!reason) return "Say why: every GM edit is shown in the log with its reason.";
  const needsUnit = !NO_UNIT.includes(f.kind);
  if (needsUnit && !f.unitId) return "Pick the unit.";
  const figure = f.figureId ? { figureId: f.figureId } : {};
  switch (f.kind) {
    case "move": {
      const p = numbers(f.place);
      if (!p || p.length !== 2) return grid ? "Give the square as column, row (e.g. 4, 6)." : "Give the point in inches as x, y (e.g. 40, 30).";
      const where = grid ? { square: { col: Math.round(p[0]), row: Math.round(p[1]) } } : { point: { x: p[0], y: p[1] } };
      return { reason, body: { case: "moveUnit", value: { unitId: f.unitId, ...figure, ...where } } };
    }
    case "remove":
      return { reason, body: { case: "removeUnit", value: { unitId: f.unitId, ...figure } } };
    case "strength": {
      const n = numbers(f.value);
      if (!n || n.length !== 1) return "Give the strength as a number.";
      return { reason, body: { case: "setStrength", value: { unitId: f.unitId, strength: Math.round(n[0]) } } };
    }
    case "marker":
      if (!f.value.trim()) return "Name the marker (its key, as the unit card lists it).";
      return { reason, body: { case: "setMarker", value: { unitId: f.unitId, key: f.value.trim(), value: f.markerValue.trim(), clear: f.clear } } };
    case "turn": {
      const n = numbers(f.value);
      if (!n || n.length !== 1) return "Give the turn as a number.";
      return { reason, body: { case: "setTurn", value: { turn: Math.round(n[0]) } } };
    }
    case "dice": {
      const n = f.value.trim() === "" ? [] : numbers(f.value);
      if (!n) return "Give the dice as numbers, e.g. 6, 2.";
      return { reason, body: { case: "setDice", value: { values: n.map((x) => Math.round(x)) } } };
    }
    case "rewind":
      // One of the points the engine lists in the GM's menu (ActionMenu.rewind_points).
      if (!/^\d+$/.test(f.value)) return "Pick the point to go back to.";
      return { reason, body: { case: "rewind", value: { toSeq: BigInt(f.value) } } };
    case "terrainLay": {
      // The shape only: which kinds, where and on whose side are the rule set's to check.
      const kind = f.value.trim();
      if (!kind) return "Name the kind of terrain (e.g. woods).";
      const n = numbers(f.place);
      const owner = f.side ? { owner: f.side } : {};
      if (grid) {
        if (!n || n.length % 2 !== 0) return "Give the squares as column, row pairs (e.g. 4, 6  5, 6).";
        const squares = [];
        for (let i = 0; i < n.length; i += 2) squares.push({ col: Math.round(n[i]), row: Math.round(n[i + 1]) });
        return { reason, body: { case: "terrain", value: { feature: { kind, squares, ...owner } } } };
      }
      if (!n || n.length !== 3 || n[2] <= 0) return "Give the centre in inches and the radius as x, y, radius (e.g. 40, 30, 4).";
      return { reason, body: { case: "terrain", value: { feature: { kind, circle: { centre: { x: n[0], y: n[1] }, radius: n[2] }, ...owner } } } };
    }
    case "terrainRemove": {
      const i = /^\d+$/.test(f.value) ? Number(f.value) : -1;
      const t = terrain[i];
      if (!t) return "Pick the terrain feature to remove.";
      return { reason, body: { case: "terrain", value: { remove: true, index: i, feature: { kind: t.kind, name: t.name } } } };
    }
    case "phase":
      // One of the phases the engine lists in the GM's menu (ActionMenu.gm_phases).
      if (!f.value) return "Pick the phase.";
      return { reason, body: { case: "setPhase", value: { phase: f.value, activeSide: f.side } } };
    case "extraAction":
      if (!f.side) return "Pick the side.";
      return { reason, body: { case: "extraAction", value: { side: f.side } } };
    case "endActivation":
      return { reason, body: { case: "endActivation", value: { unitId: activeUnit } } };
  }
}

/** The GM edits in the log, newest last: the engine writes each as "GM ... (reason)." */
/** A rewind point's words ("Before #42 (Axis)"): the event after which the table would stand, and whose order came next. */
export function rewindLabel(p: RewindPoint, v: View): string {
  const who = p.seat === "gm" ? "GM" : v.sides.find((s) => s.id === p.seat)?.name || p.seat;
  return `Before #${p.seq + 1n} (${who})`;
}

export function gmAudit(log: readonly LogEntry[]): LogEntry[] {
  return log.filter((e) => e.kind === "event" && e.text.startsWith("GM "));
}

/** The form and the audit. `changed` re-renders after a field changes what is shown. */
export function gmEditPanel(v: View, f: GmForm, log: readonly LogEntry[], send: (edit: GmEditInit) => void, changed: () => void): HTMLElement {
  const grid = v.board.case === "grid";
  const problem = h("p", { class: "gm-problem", "data-testid": "gm-edit-problem", role: "alert" });
  const field = (label: string, input: HTMLElement) => h("label", { class: "gm-field" }, label, input);
  const text = (key: "place" | "value" | "markerValue" | "reason", testid: string, placeholder = "") => {
    const i = h("input", { type: "text", value: f[key], placeholder, "data-testid": testid });
    i.addEventListener("input", () => (f[key] = i.value));
    return i;
  };
  const kind = h("select", { "data-testid": "gm-edit-kind" }, KINDS.map((k) => h("option", { value: k.id, selected: f.kind === k.id }, k.label)));
  kind.addEventListener("change", () => {
    f.kind = kind.value as GmEditKind;
    f.value = "";  // a turn typed for "Set the turn" is no strength, marker or rewind point
    f.side = "";
    changed();
  });
  const unit = h("select", { "data-testid": "gm-edit-unit" }, h("option", { value: "" }, "— unit —"),
    v.units.map((u) => h("option", { value: u.id, selected: f.unitId === u.id }, `${u.name || u.id} (${u.side})`)));
  unit.addEventListener("change", () => {
    f.unitId = unit.value;
    f.figureId = "";
    changed();  // its figures, for a figure edit
  });
  const clear = h("input", { type: "checkbox", checked: f.clear, "data-testid": "gm-edit-clear" });
  clear.addEventListener("change", () => (f.clear = clear.checked));
  const fields: HTMLElement[] = [field("Edit", kind)];
  if (!NO_UNIT.includes(f.kind)) fields.push(field("Unit", unit));
  const figures = v.units.find((u) => u.id === f.unitId)?.figures ?? [];
  if ((f.kind === "move" || f.kind === "remove") && v.menu?.gmFigures && figures.length > 1) {
    const figure = h("select", { "data-testid": "gm-edit-figure" }, h("option", { value: "" }, "the whole unit"),
      figures.map((x) => h("option", { value: x.id, selected: f.figureId === x.id }, `${x.id} (${x.kind})`)));
    figure.addEventListener("change", () => (f.figureId = figure.value));
    fields.push(field("Only the figure", figure));
  }
  if (f.kind === "move") fields.push(field(grid ? "To square (col, row)" : "To point (x, y inches)", text("place", "gm-edit-place", grid ? "4, 6" : "40, 30")));
  if (f.kind === "strength") fields.push(field("Strength", text("value", "gm-edit-value", "3")));
  if (f.kind === "marker") fields.push(field("Marker", text("value", "gm-edit-value", "dug_in")), field("Value", text("markerValue", "gm-edit-marker-value")), field("Clear it", clear));
  if (f.kind === "turn") fields.push(field("Turn", text("value", "gm-edit-value", "3")));
  if (f.kind === "dice") fields.push(field("Next dice", text("value", "gm-edit-value", "6, 2")));
  if (f.kind === "rewind") {
    const points = v.menu?.rewindPoints ?? [];
    const point = h("select", { "data-testid": "gm-edit-point" }, h("option", { value: "" }, points.length ? "— back to —" : "nothing to go back to"),
      points.map((p) => h("option", { value: String(p.seq), selected: f.value === String(p.seq) }, rewindLabel(p, v))));
    point.addEventListener("change", () => (f.value = point.value));
    fields.push(field("Back to", point));
  }
  const sideSelect = (none: string) => {
    const s = h("select", { "data-testid": "gm-edit-side" }, h("option", { value: "" }, none),
      v.sides.map((x) => h("option", { value: x.id, selected: f.side === x.id }, x.name || x.id)));
    s.addEventListener("change", () => (f.side = s.value));
    return s;
  };
  if (f.kind === "terrainLay") {
    // Kinds already on the table are offered; any other may be typed (the rule set says if it knows it).
    const kinds = [...new Set(v.terrain.map((t) => t.kind))];
    const kindInput = text("value", "gm-edit-value", kinds[0] ?? "woods");
    kindInput.setAttribute("list", "gm-terrain-kinds");
    fields.push(
      field("Kind", kindInput),
      h("datalist", { id: "gm-terrain-kinds" }, kinds.map((k) => h("option", { value: k }))),
      field(grid ? "Squares (col, row pairs)" : "Centre and radius (x, y, radius inches)", text("place", "gm-edit-place", grid ? "4, 6  5, 6" : "40, 30, 4")),
      field("Seen only by", sideSelect("everyone")),
    );
  }
  if (f.kind === "terrainRemove") {
    const feature = h("select", { "data-testid": "gm-edit-feature" }, h("option", { value: "" }, v.terrain.length ? "— feature —" : "no terrain on the table"),
      v.terrain.map((t, i) => h("option", { value: String(i), selected: f.value === String(i) }, t.name && t.name !== t.kind ? `${t.name} (${t.kind})` : t.kind)));
    feature.addEventListener("change", () => (f.value = feature.value));
    fields.push(field("Feature", feature));
  }
  if (f.kind === "phase") {
    const phases = v.menu?.gmPhases ?? [];
    const phase = h("select", { "data-testid": "gm-edit-phase" }, h("option", { value: "" }, phases.length ? "— phase —" : "no phase can be set now"),
      phases.map((p) => h("option", { value: p, selected: f.value === p }, p)));
    phase.addEventListener("change", () => (f.value = phase.value));
    fields.push(field("Phase", phase), field("Side to act", sideSelect("as the rules have it")));
  }
  if (f.kind === "extraAction") fields.push(field("Side", sideSelect("— side —")));
  fields.push(field("Reason", text("reason", "gm-edit-reason", "why, for every player's log")));
  const apply = h("button", { class: "primary", "data-testid": "gm-edit-apply" }, "Apply edit");
  apply.addEventListener("click", () => {
    const edit = gmEditFrom(f, grid, v.terrain, v.turn?.activeUnit ?? "");
    if (typeof edit === "string") {
      problem.textContent = edit;
      return;
    }
    send(edit);
    f.reason = "";
  });
  const audit = gmAudit(log);
  const panel = h(
    "details",
    { class: "gm-edits", "data-testid": "gm-edits", open: f.open },
    h("summary", {}, "Edit the table"),
    h("div", { class: "gm-form" }, fields, apply, problem),
    h("h4", {}, `Edits made (${audit.length})`),
    h("ol", { class: "gm-audit", "data-testid": "gm-audit" }, audit.map((e) => h("li", {}, e.text))),
  );
  panel.addEventListener("toggle", () => (f.open = panel.open));
  return panel;
}
