// Applying a Delta's ViewPatch to the View this seat holds. It must reach exactly the View the
// server built (field for field, repeated fields in the same order), so it follows the engine's
// apply_patch (engine/model/view_patch.cc, engine/model/list_diff.h) step for step. Pure: the
// store is a reducer, so the held View and its arrays are never written to; unchanged units and
// sides are shared.
import { create, type DescMessage } from "@bufbuild/protobuf";
import { PointSchema, type Point } from "../gen/sandtable/v1/common_pb";
import { ActionMenuSchema, ActionSchema, type Action, type ActionMenu, type ActionTarget } from "../gen/sandtable/v1/menu_pb";
import {
  SideViewSchema,
  UnitViewSchema,
  type ActionChange,
  type IdList,
  type MarkerChange,
  type MenuChange,
  type SideChange,
  type SideView,
  TurnViewSchema,
  type TurnChange,
  type TurnView,
  type UnitChange,
  type UnitView,
  type View,
  type ViewPatch,
} from "../gen/sandtable/v1/view_pb";
import { mergeFields } from "./wire-fields";

/** A message's field names by number: a change names its fields by number. */
function namesByNumber(schema: DescMessage): Map<number, string> {
  return new Map(schema.fields.map((f) => [f.number, f.localName]));
}
const UNIT_FIELDS = namesByNumber(UnitViewSchema);
const SIDE_FIELDS = namesByNumber(SideViewSchema);
const MENU_FIELDS = namesByNumber(ActionMenuSchema);
const TURN_FIELDS = namesByNumber(TurnViewSchema);
const ACTION_FIELDS = namesByNumber(ActionSchema);
const ACTION_ID = 1;
const ACTION_TARGETS = 6;
const MENU_ACTIONS = 1;
const MENU_REWIND_POINTS = 3;

/** `held` with each field `fields` names taken from `value` (unset there: cleared); undefined for a number the message lacks. */
function withFields<T extends object>(held: T, fields: number[], value: T, names: Map<number, string>): T | undefined {
  const from = value as unknown as Record<string, unknown>;
  const out = { ...held } as unknown as Record<string, unknown>;
  for (const n of fields) {
    const name = names.get(n);
    if (!name) return undefined;
    out[name] = from[name];
  }
  return out as unknown as T;
}

// Lists kept by id (view.proto "Entries of a list kept by id"): the three steps, apart, because
// units take their field changes between the second and the third.

/** The entries whose ids are not in `gone`, in their order. */
function removeGone<T>(list: T[], gone: string[], id: (e: T) => string): T[] {
  if (gone.length === 0) return list;
  const out = new Set(gone);
  return list.filter((e) => !out.has(id(e)));
}

/** Each entry put in the place of the held one with its id (the first, if ids repeat), or appended. */
function putEntries<T>(list: T[], entries: T[], id: (e: T) => string): T[] {
  if (entries.length === 0) return list;
  const next = [...list];
  const at = new Map<string, number>();
  next.forEach((e, i) => {
    if (!at.has(id(e))) at.set(id(e), i);
  });
  for (const e of entries) {
    const i = at.get(id(e));
    if (i !== undefined) {
      next[i] = e;
    } else {
      at.set(id(e), next.length);
      next.push(e);
    }
  }
  return next;
}

/** The entries in the order `order` names them; undefined unless it names each exactly once. */
function reorder<T>(list: T[], order: IdList | undefined, id: (e: T) => string): T[] | undefined {
  if (!order) return list;
  if (order.ids.length !== list.length) return undefined;
  const byId = new Map<string, T | null>();
  for (const e of list) if (!byId.has(id(e))) byId.set(id(e), e);
  const ordered: T[] = [];
  for (const want of order.ids) {
    const e = byId.get(want);
    if (e === undefined || e === null) return undefined; // unknown, or named twice
    ordered.push(e);
    byId.set(want, null);
  }
  return ordered;
}

/**
 * The entries of `entries` at the places `at` gives (one each, 0 first) and the rest of `list`
 * (less those ids) in its order around them; undefined when a place is out of range or taken twice.
 */
function placeEntries<T>(list: T[], entries: T[], at: number[], id: (e: T) => string): T[] | undefined {
  if (at.length !== entries.length) return undefined;
  const placed = new Set(entries.map(id));
  const rest = list.filter((e) => !placed.has(id(e)));
  const out: (T | undefined)[] = new Array(rest.length + entries.length).fill(undefined);
  for (let i = 0; i < entries.length; i++) {
    if (at[i] >= out.length || out[at[i]] !== undefined) return undefined;
    out[at[i]] = entries[i];
  }
  let next = 0;
  for (let i = 0; i < out.length; i++) if (out[i] === undefined) out[i] = rest[next++];
  return out as T[];
}

/**
 * Each marker key's label as the View has it: that of the first marker with the key, units in
 * order, then sides (engine/model/view_patch.cc marker_labels).
 */
function markerLabels(view: View): Map<string, string> {
  const out = new Map<string, string>();
  for (const holder of [...view.units, ...view.sides]) {
    for (const m of holder.markers) if (!out.has(m.key)) out.set(m.key, m.label);
  }
  return out;
}

function changedMarkers<T extends UnitView | SideView>(held: T, change: MarkerChange | undefined, labels: () => Map<string, string>): T | undefined {
  if (!change) return held;
  const key = (m: { key: string }) => m.key;
  // Gone markers named by their place name the held marker there.
  if (change.goneAt.some((at) => at >= held.markers.length)) return undefined;
  const kept = removeGone(held.markers, [...change.gone, ...change.goneAt.map((at) => held.markers[at].key)], key);
  // Places and an order never come together (view.proto MarkerChange): such a patch does not fit.
  if (change.at.length > 0 && change.order) return undefined;
  // A new marker without words has those of its key elsewhere in the held View.
  const entries = change.markers.map((m) => {
    const label = m.label === "" ? labels().get(m.key) : undefined;
    return label === undefined ? m : { ...m, label };
  });
  // Values named by their place name the held marker there, before anything moves.
  if (change.valueAt.length > 0 && (change.valueAt.length !== change.values.length || change.valueAt.some((at) => at >= held.markers.length))) return undefined;
  const valueKeys = change.values.map((v, i) => (change.valueAt.length > 0 ? held.markers[change.valueAt[i]].key : v.key));
  let put = change.at.length > 0 ? placeEntries(kept, entries, change.at, key) : putEntries(kept, entries, key);
  if (!put) return undefined;
  if (change.values.length > 0) {
    // A held marker whose value alone changed keeps its label.
    put = [...put];
    for (const [n, v] of change.values.entries()) {
      const i = put.findIndex((m) => m.key === valueKeys[n]);
      if (i < 0) return undefined;
      put[i] = { ...put[i], value: v.value };
    }
  }
  const markers = reorder(put, change.order, key);
  return markers ? { ...held, markers } : undefined;
}

/** A unit or side after its change: the named fields, then its markers by key. */
function changed<T extends UnitView | SideView>(
  held: T,
  change: UnitChange | SideChange,
  names: Map<number, string>,
  empty: T,
  labels: () => Map<string, string>,
): T | undefined {
  const fields = withFields(held, change.fields, (change.value ?? empty) as T, names);
  return fields && changedMarkers(fields, change.markers, labels);
}
/** A unit's figures moved by the change's shift, added in doubles as the engine does (an unset position counts as 0, 0). */
function shifted(unit: UnitView | undefined, shift: Point | undefined): UnitView | undefined {
  if (!unit || !shift) return unit;
  const figures = unit.figures.map((f) => {
    const p = f.position ?? EMPTY_POINT;
    return { ...f, position: { ...p, x: p.x + shift.x, y: p.y + shift.y } };
  });
  return { ...unit, figures };
}
const EMPTY_POINT = create(PointSchema);
const EMPTY_UNIT = create(UnitViewSchema);
const EMPTY_SIDE = create(SideViewSchema);
const EMPTY_MENU = create(ActionMenuSchema);
const EMPTY_TURN = create(TurnViewSchema);
const EMPTY_ACTION = create(ActionSchema);

/** The turn after its change; undefined when this View holds no turn to change. */
function changedTurn(held: TurnView | undefined, change: TurnChange): TurnView | undefined {
  return held && withFields(held, change.fields, change.value ?? EMPTY_TURN, TURN_FIELDS);
}

/** A held action after its change: its fields, then its targets by id (placed, put or ordered). */
function changedAction(held: Action, change: ActionChange): Action | undefined {
  if (change.fields.includes(ACTION_ID) || change.fields.includes(ACTION_TARGETS)) return undefined;
  const action = withFields(held, change.fields, change.value ?? EMPTY_ACTION, ACTION_FIELDS);
  if (!action) return undefined;
  const id = (t: ActionTarget) => t.id;
  const kept = removeGone(action.targets, change.targetsGone, id);
  if (change.targetAt.length > 0 && change.targetOrder) return undefined;
  const put = change.targetAt.length > 0 ? placeEntries(kept, change.targets, change.targetAt, id) : putEntries(kept, change.targets, id);
  const targets = put && reorder(put, change.targetOrder, id);
  return targets ? { ...action, targets } : undefined;
}

function changedMenu(held: ActionMenu | undefined, change: MenuChange): ActionMenu | undefined {
  if (change.fields.includes(MENU_ACTIONS)) return undefined;
  const menu = held ?? EMPTY_MENU;
  const id = (a: Action) => a.id;
  let put = putEntries(removeGone(menu.actions, change.actionsGone, id), change.actions, id);
  if (change.actionChanges.length > 0) {
    // Held actions changed in part, after the whole ones are put and before the order.
    put = [...put];
    for (const c of change.actionChanges) {
      const i = put.findIndex((a) => a.id === c.id);
      const a = i < 0 ? undefined : changedAction(put[i], c);
      if (!a) return undefined;
      put[i] = a;
    }
  }
  const actions = reorder(put, change.actionOrder, id);
  if (!actions) return undefined;
  let rewindPoints = menu.rewindPoints;
  const kept = change.rewindPointsKept;
  if (kept !== undefined) {
    // New points in front of the first `kept` held ones (newest first).
    if (change.fields.includes(MENU_REWIND_POINTS) || kept > rewindPoints.length) return undefined;
    rewindPoints = [...change.rewindPointsNew, ...rewindPoints.slice(0, kept)];
  }
  return withFields({ ...menu, actions, rewindPoints }, change.fields, change.value ?? EMPTY_MENU, MENU_FIELDS);
}

/**
 * The View after `patch`, with seq `seq` (the Delta's); undefined when the patch does not fit
 * this View (a side or an ordered unit it does not hold): the caller resynchronises.
 */
export function applyPatch(view: View, patch: ViewPatch, seq: bigint): View | undefined {
  const unitId = (u: UnitView) => u.id;
  // A change that names a unit or side by its place names the held View's one there.
  const named = (c: UnitChange | SideChange, held: { id: string }[]): string | undefined => (c.at === undefined ? c.id : held[c.at]?.id);
  const unitChangeIds = patch.unitChanges.map((c) => named(c, view.units));
  const sideChangeIds = patch.sideChanges.map((c) => named(c, view.sides));
  if (unitChangeIds.includes(undefined) || sideChangeIds.includes(undefined)) return undefined;
  // The held View's marker labels, read only when a marker comes without its words.
  let held: Map<string, string> | undefined;
  const labels = () => (held ??= markerLabels(view));
  // 1. Gone units leave; the rest keep their order. 2. A unit the view holds is replaced in its
  // place; a new one goes at the end.
  let units = putEntries(removeGone(view.units, patch.unitsGone, unitId), patch.units, unitId);
  // 2b. A unit the view holds, some of its fields changed.
  if (patch.unitChanges.length > 0) {
    units = [...units];
    for (const [n, c] of patch.unitChanges.entries()) {
      const i = units.findIndex((u) => u.id === unitChangeIds[n]);
      if (i < 0) return undefined;
      const u = shifted(changed(units[i], c, UNIT_FIELDS, EMPTY_UNIT, labels), c.figuresShift);
      if (!u) return undefined;
      units[i] = u;
    }
  }
  // 3. Only when the order above is not the server's: every unit named once, none unknown.
  const ordered = reorder(units, patch.unitOrder, unitId);
  if (!ordered) return undefined;
  units = ordered;
  // 4. Sides never come or go by patch (that travels as a whole View), so an unknown one is a
  // View we should not be holding.
  let sides: SideView[] = view.sides;
  if (patch.sides.length > 0) {
    sides = [...sides];
    for (const s of patch.sides) {
      const i = sides.findIndex((held) => held.id === s.id);
      if (i < 0) return undefined;
      sides[i] = s;
    }
  }
  if (patch.sideChanges.length > 0) {
    sides = [...sides];
    for (const [n, c] of patch.sideChanges.entries()) {
      const i = sides.findIndex((held) => held.id === sideChangeIds[n]);
      if (i < 0) return undefined;
      const s = changed(sides[i], c, SIDE_FIELDS, EMPTY_SIDE, labels);
      if (!s) return undefined;
      sides[i] = s;
    }
  }
  // 5. A field that is present replaces ours, even when empty (an empty menu is "nothing to do
  // now"); an absent one means unchanged: a patch never unsets. A menu, turn or extra may come as its changes.
  let menu = view.menu;
  if (patch.menu) {
    menu = patch.menu;
  } else if (patch.menuChange) {
    menu = changedMenu(view.menu, patch.menuChange);
    if (!menu) return undefined;
  }
  let turn = view.turn;
  if (patch.turn) {
    turn = patch.turn;
  } else if (patch.turnChange) {
    turn = changedTurn(view.turn, patch.turnChange);
    if (!turn) return undefined;
  }
  let extra = view.extra;
  if (patch.extra) {
    extra = patch.extra;
  } else if (patch.extraChange) {
    const value = view.extra && mergeFields(view.extra.value, patch.extraChange);
    if (!value) return undefined;
    extra = { ...view.extra!, value };
  }
  return {
    ...view,
    units,
    sides,
    turn,
    decisions: patch.decisions ? patch.decisions.decisions : view.decisions,
    result: patch.result ?? view.result,
    paused: patch.paused ?? view.paused,
    menu,
    extra,
    // 6.
    seq,
  };
}
