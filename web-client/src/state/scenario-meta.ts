// The scenario editor's edits of everything but the pieces on the table: the scenario's name and
// id, its sides, victory conditions and objectives, the rule set's options; and the editor's
// undo history. Like scenario-edit.ts, each edit returns a changed clone.
import { clone, create } from "@bufbuild/protobuf";
import { GridSquareSchema, PointSchema } from "../gen/sandtable/v1/common_pb";
import { ObjectiveSchema, ScenarioOptionSchema, ScenarioSchema, VictorySchema, type Scenario } from "../gen/sandtable/v1/scenario_pb";
import { slug, type Spot } from "./scenario-edit";

export interface Info {
  name?: string;
  description?: string;
  id?: string;
}

/** Name, description and id; the id follows the name until the GM types an id of their own. */
export function setInfo(s: Scenario, f: Info): Scenario {
  const out = clone(ScenarioSchema, s);
  const followed = !out.id || out.id === slug(out.name);
  if (f.name !== undefined) {
    out.name = f.name;
    if (followed && f.id === undefined && slug(f.name)) out.id = slug(f.name);
  }
  if (f.description !== undefined) out.description = f.description;
  if (f.id !== undefined) out.id = slug(f.id);
  return out;
}

/**
 * A side's id and name. The units keep their ids (they are the file's, not the side's); what
 * names the side by its id (arrivals, objectives held, secret terrain, options whose value is a
 * side) follows the new id, so the scenario still means the same.
 */
export function setSide(s: Scenario, index: number, f: { id?: string; name?: string }, sideOptions: string[] = []): Scenario {
  const out = clone(ScenarioSchema, s);
  const side = out.sides[index];
  if (!side) return out;
  if (f.name !== undefined) side.name = f.name;
  if (f.id !== undefined) {
    const from = side.id;
    const to = slug(f.id);
    if (!to || out.sides.some((x, i) => i !== index && x.id === to)) return out;  // an id two sides share would merge them
    side.id = to;
    for (const r of out.reinforcements) if (r.side === from) r.side = to;
    for (const o of out.victory?.objectives ?? []) if (o.owner === from) o.owner = to;
    for (const t of out.terrain) if (t.owner === from) t.owner = to;
    for (const o of out.options) if (sideOptions.includes(o.key) && o.value === from) o.value = to;
  }
  return out;
}

export interface VictoryFields {
  maxTurns?: number;
  text?: string;
  prisonerPoints?: number;
  destroyedUnitPoints?: number;
}

export function setVictory(s: Scenario, f: VictoryFields): Scenario {
  const out = clone(ScenarioSchema, s);
  const v = (out.victory ??= create(VictorySchema, {}));
  const whole = (n: number) => Math.max(0, Math.trunc(n) || 0);
  if (f.maxTurns !== undefined) v.maxTurns = whole(f.maxTurns);
  if (f.text !== undefined) v.text = f.text;
  if (f.prisonerPoints !== undefined) v.prisonerPoints = whole(f.prisonerPoints);
  if (f.destroyedUnitPoints !== undefined) v.destroyedUnitPoints = whole(f.destroyedUnitPoints);
  return out;
}

/** A new objective at a square or point, named "Objective n" and worth a point. */
export function placeObjective(s: Scenario, at: Spot): { scenario: Scenario; index: number } {
  const out = clone(ScenarioSchema, s);
  const v = (out.victory ??= create(VictorySchema, {}));
  const names = new Set(v.objectives.map((o) => o.name));
  let n = v.objectives.length + 1;
  while (names.has(`Objective ${n}`)) n++;
  const o = create(ObjectiveSchema, { name: `Objective ${n}`, points: 1 });
  if ("col" in at) o.square = create(GridSquareSchema, { col: at.col, row: at.row });
  else o.point = create(PointSchema, { x: Math.round(at.x * 100) / 100, y: Math.round(at.y * 100) / 100 });
  v.objectives.push(o);
  return { scenario: out, index: v.objectives.length - 1 };
}

export function updateObjective(s: Scenario, index: number, f: { name?: string; points?: number; owner?: string; radius?: number }): Scenario {
  const out = clone(ScenarioSchema, s);
  const o = out.victory?.objectives[index];
  if (!o) return out;
  if (f.name !== undefined) o.name = f.name;
  if (f.points !== undefined) o.points = Math.trunc(f.points) || 0;
  if (f.owner !== undefined) o.owner = f.owner;
  if (f.radius !== undefined) o.radius = Math.max(0, f.radius || 0);
  return out;
}

export function removeObjective(s: Scenario, index: number): Scenario {
  const out = clone(ScenarioSchema, s);
  out.victory?.objectives.splice(index, 1);
  return out;
}

/** The value a scenario gives an option, or `fallback` (the palette's default) when it gives none. */
export function optionValue(s: Scenario, key: string, fallback = ""): string {
  return s.options.find((o) => o.key === key)?.value ?? fallback;
}

/** Sets a rule-set option (kept in the order first set: the list's order is part of the file). */
export function setOption(s: Scenario, key: string, value: string): Scenario {
  const out = clone(ScenarioSchema, s);
  const o = out.options.find((x) => x.key === key);
  if (o) o.value = value;
  else out.options.push(create(ScenarioOptionSchema, { key, value }));
  return out;
}

/** The editor's own history of the scenario: the states before each edit, newest last. */
export class History {
  private readonly states: Scenario[] = [];

  constructor(readonly limit = 50) {}

  /** Keeps the state an edit is about to leave; the oldest goes past the limit. */
  push(before: Scenario): void {
    this.states.push(before);
    if (this.states.length > this.limit) this.states.splice(0, this.states.length - this.limit);
  }

  /** The state before the last edit, taken off the history; undefined when there is none. */
  undo(): Scenario | undefined {
    return this.states.pop();
  }

  get size(): number {
    return this.states.length;
  }
}
