// Applying a Delta's ViewPatch to the View this seat holds. It must reach exactly the View the
// server built (field for field, repeated fields in the same order), so it follows the engine's
// apply_patch (engine/model/view_patch.cc) step for step. Pure: the store is a reducer, so the
// held View and its arrays are never written to; unchanged units and sides are shared.
import { create, type DescMessage } from "@bufbuild/protobuf";
import { SideViewSchema, UnitViewSchema, type SideChange, type SideView, type UnitChange, type UnitView, type View, type ViewPatch } from "../gen/sandtable/v1/view_pb";

/** A message's field names by number: a change names its fields by number. */
function namesByNumber(schema: DescMessage): Map<number, string> {
  return new Map(schema.fields.map((f) => [f.number, f.localName]));
}
const UNIT_FIELDS = namesByNumber(UnitViewSchema);
const SIDE_FIELDS = namesByNumber(SideViewSchema);

/** `held` with each field the change names taken from its value (unset there: cleared); undefined for a number the message lacks. */
function changed<T extends UnitView | SideView>(held: T, change: UnitChange | SideChange, names: Map<number, string>, empty: T): T | undefined {
  const value = (change.value ?? empty) as unknown as Record<string, unknown>;
  const out = { ...held } as unknown as Record<string, unknown>;
  for (const n of change.fields) {
    const name = names.get(n);
    if (!name) return undefined;
    out[name] = value[name];
  }
  return out as unknown as T;
}
const EMPTY_UNIT = create(UnitViewSchema);
const EMPTY_SIDE = create(SideViewSchema);

/**
 * The View after `patch`, with seq `seq` (the Delta's); undefined when the patch does not fit
 * this View (a side or an ordered unit it does not hold): the caller resynchronises.
 */
export function applyPatch(view: View, patch: ViewPatch, seq: bigint): View | undefined {
  let units = view.units;
  // 1. Gone units leave; the rest keep their order.
  if (patch.unitsGone.length > 0) {
    const gone = new Set(patch.unitsGone);
    units = units.filter((u) => !gone.has(u.id));
  }
  // 2. A unit the view holds is replaced in its place; a new one goes at the end.
  if (patch.units.length > 0) {
    units = [...units];
    const at = new Map<string, number>();
    // The first of a repeated id is the one replaced, as in the engine's map.
    units.forEach((u, i) => {
      if (!at.has(u.id)) at.set(u.id, i);
    });
    for (const u of patch.units) {
      const i = at.get(u.id);
      if (i !== undefined) {
        units[i] = u;
      } else {
        at.set(u.id, units.length);
        units.push(u);
      }
    }
  }
  // 2b. A unit the view holds, some of its fields changed.
  if (patch.unitChanges.length > 0) {
    units = [...units];
    for (const c of patch.unitChanges) {
      const i = units.findIndex((u) => u.id === c.id);
      if (i < 0) return undefined;
      const u = changed(units[i], c, UNIT_FIELDS, EMPTY_UNIT);
      if (!u) return undefined;
      units[i] = u;
    }
  }
  // 3. Only when the order above is not the server's: every unit named once, none unknown.
  if (patch.unitOrder) {
    const ids = patch.unitOrder.ids;
    if (ids.length !== units.length) return undefined;
    const byId = new Map<string, UnitView | null>();
    for (const u of units) if (!byId.has(u.id)) byId.set(u.id, u);
    const ordered: UnitView[] = [];
    for (const id of ids) {
      const u = byId.get(id);
      if (!u) return undefined;  // unknown, or named twice
      ordered.push(u);
      byId.set(id, null);
    }
    units = ordered;
  }
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
    for (const c of patch.sideChanges) {
      const i = sides.findIndex((held) => held.id === c.id);
      if (i < 0) return undefined;
      const s = changed(sides[i], c, SIDE_FIELDS, EMPTY_SIDE);
      if (!s) return undefined;
      sides[i] = s;
    }
  }
  // 5. A field that is present replaces ours, even when empty (an empty menu is "nothing to do
  // now"); an absent one means unchanged: a patch never unsets.
  return {
    ...view,
    units,
    sides,
    turn: patch.turn ?? view.turn,
    decisions: patch.decisions ? patch.decisions.decisions : view.decisions,
    result: patch.result ?? view.result,
    paused: patch.paused ?? view.paused,
    menu: patch.menu ?? view.menu,
    extra: patch.extra ?? view.extra,
    // 6.
    seq,
  };
}
