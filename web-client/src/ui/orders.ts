// Order entry for the seat whose turn it is: which unit is selected, which mode (move, fire,
// close combat, artillery plan), the order being aimed, and the overlay that shows it. The
// result of aiming is a draft the player confirms; the server decides whether it stands.
import type { MessageInitShape } from "@bufbuild/protobuf";
import { GridFacing } from "../gen/sandtable/v1/common_pb";
import type { PwCommandSchema } from "../gen/sandtable/v1/pw_pb";
import type { UnitView, View } from "../gen/sandtable/v1/view_pb";
import { facingTowards, isArtillery, orthDistance, planCloseCombat, planFire, planMove, rotate, same, unitAt, type Plan, type Sq } from "../aim/grid";
import { facingName, sq } from "../state/words";
import { key, type Overlay } from "./board";

export type PwCommandInit = MessageInitShape<typeof PwCommandSchema>;
export type Mode = "move" | "fire" | "combat" | "artillery" | null;

export type Draft =
  | { kind: "move"; unit: UnitView; dest: Sq; plan: Plan; facing: GridFacing }
  | { kind: "face"; unit: UnitView; facing: GridFacing }
  | { kind: "fire"; unit: UnitView; target: Sq; plan: Plan }
  | { kind: "combat"; unit: UnitView; target: UnitView; plan: Plan };

export function isArtilleryPhase(view: View): boolean {
  return /artillery/i.test(view.turn?.phase ?? "");
}

/** True when the game waits on this seat (its activation, or a simultaneous phase). */
export function myTurn(view: View | undefined, seat: string): boolean {
  if (!view || !seat || seat === "gm" || seat === "spectator") return false;
  if (view.paused || view.result?.over) return false;
  const t = view.turn;
  if (!t) return false;
  if (t.waitingFor.length) return t.waitingFor.includes(seat);
  return t.activeSide === seat;
}

export class Orders {
  selected: string | null = null;
  mode: Mode = null;
  hover: Sq | null = null;
  draft: Draft | null = null;
  /** Artillery orders being put together for the simultaneous phase: unit id -> target. */
  plan = new Map<string, Sq>();

  constructor(private readonly seat: () => string) {}

  unit(view: View | undefined): UnitView | undefined {
    return view?.units.find((u) => u.id === this.selected);
  }

  reset(): void {
    this.selected = null;
    this.mode = null;
    this.draft = null;
  }

  /** Drops what no longer fits the new view (a unit that died, a turn that passed). */
  sync(view: View): void {
    const u = this.unit(view);
    if (this.selected && (!u || u.side !== this.seat())) this.reset();
    if (!myTurn(view, this.seat())) {
      this.draft = null;
      if (this.mode !== null) this.mode = null;
    }
    if (!isArtilleryPhase(view)) this.plan.clear();
    const active = view.turn?.activeUnit;
    if (active && myTurn(view, this.seat()) && !this.selected && view.units.some((x) => x.id === active && x.side === this.seat())) {
      this.select(view, active);
    }
    if (this.draft) this.draft = { ...this.draft, unit: this.unit(view) ?? this.draft.unit } as Draft;
  }

  select(view: View, id: string): void {
    const u = view.units.find((x) => x.id === id);
    if (!u || u.side !== this.seat()) return;
    this.selected = id;
    this.draft = null;
    this.mode = this.defaultMode(view, u);
  }

  private defaultMode(view: View, u: UnitView): Mode {
    if (isArtilleryPhase(view)) return isArtillery(u) ? "artillery" : null;
    if (u.moveLeft > 0) return "move";
    if (u.canFire) return "fire";
    if (u.canCloseCombat) return "combat";
    return null;
  }

  setMode(view: View, mode: Mode): string | null {
    const u = this.unit(view);
    if (!u) return "Select one of your units first.";
    this.draft = null;
    if (mode === "move" && u.moveLeft <= 0) return `${u.name} has no movement left this turn.`;
    if (mode === "fire" && !u.canFire) return `${u.name} cannot fire now.`;
    if (mode === "combat" && !u.canCloseCombat) return `${u.name} has no enemy it can fight in close combat now.`;
    if (mode === "artillery" && !(isArtilleryPhase(view) && isArtillery(u))) return "Artillery orders are given by batteries in the artillery phase.";
    this.mode = mode;
    return null;
  }

  /** A click on the board. Returns a sentence to show when the click cannot do anything. */
  click(view: View, q: Sq, there: UnitView | undefined): string | null {
    const seat = this.seat();
    const u = this.unit(view);
    if (there && there.side === seat && (!u || there.id !== u.id || this.mode === null)) {
      if (!myTurn(view, seat)) {
        this.selected = there.id;
        return null;
      }
      this.select(view, there.id);
      return null;
    }
    if (!u || !myTurn(view, seat)) return null;
    switch (this.mode) {
      case "move":
        if (same(u.square, q)) return null;
        this.draft = { kind: "move", unit: u, dest: q, plan: planMove(view, u, q), facing: this.moveFacing(view, u, q) };
        return null;
      case "fire":
        this.draft = { kind: "fire", unit: u, target: q, plan: planFire(view, u, q) };
        return null;
      case "combat":
        if (!there) return "Choose an enemy unit next to yours.";
        this.draft = { kind: "combat", unit: u, target: there, plan: planCloseCombat(u, there) };
        return null;
      case "artillery": {
        const p = planFire(view, { ...u, canFire: true }, q);
        if (!p.ok) return p.reason;
        this.plan.set(u.id, q);
        return null;
      }
      default:
        return null;
    }
  }

  /** The facing a move ends with unless the player turns it: towards the last step taken. */
  private moveFacing(view: View, u: UnitView, q: Sq): GridFacing {
    const p = planMove(view, u, q);
    const path = p.path ?? [];
    const before = path.length >= 2 ? path[path.length - 2] : u.square!;
    return path.length ? facingTowards(before, path[path.length - 1], u.facing) : u.facing;
  }

  /** Q/E and the arrow keys: turn the move being aimed, or start a turn in place. */
  turn(view: View, by: number | GridFacing, absolute = false): void {
    const u = this.unit(view);
    if (!u || !myTurn(view, this.seat())) return;
    if (this.draft?.kind === "move") {
      this.draft = { ...this.draft, facing: absolute ? (by as GridFacing) : rotate(this.draft.facing, by) };
      return;
    }
    const from = this.draft?.kind === "face" ? this.draft.facing : u.facing;
    this.draft = { kind: "face", unit: u, facing: absolute ? (by as GridFacing) : rotate(from, by) };
  }

  /** The command a confirmed draft sends. */
  command(): PwCommandInit | null {
    const d = this.draft;
    if (!d) return null;
    switch (d.kind) {
      case "move":
        return { body: { case: "move", value: { unitId: d.unit.id, path: d.plan.path ?? [d.dest], facing: d.facing } } };
      case "face":
        return { body: { case: "face", value: { unitId: d.unit.id, facing: d.facing } } };
      case "fire":
        return { body: { case: "fire", value: { unitId: d.unit.id, target: d.target } } };
      case "combat":
        return { body: { case: "closeCombat", value: { unitId: d.unit.id, targetId: d.target.id } } };
    }
  }

  artilleryCommand(): PwCommandInit {
    return { body: { case: "artilleryPlan", value: { targets: [...this.plan].map(([unitId, target]) => ({ unitId, target })) } } };
  }

  /** A sentence describing the draft, for the confirm box. */
  describe(d: Draft): string {
    switch (d.kind) {
      case "move":
        return d.plan.ok
          ? `Move ${d.unit.name} ${d.plan.distance} square${d.plan.distance === 1 ? "" : "s"} to ${sq(d.dest)}, ending facing ${facingName(d.facing)}.`
          : `Move ${d.unit.name} to ${sq(d.dest)}?`;
      case "face":
        return `Turn ${d.unit.name} in place to face ${facingName(d.facing)} (this is its move for the turn).`;
      case "fire":
        return `${d.unit.name} fires at ${sq(d.target)}: ${rangeLabel(d.plan.distance ?? orthDistance(d.unit.square!, d.target), d.unit.fireRange)} squares.`;
      case "combat":
        return `${d.unit.name} fights ${d.target.name} in close combat.`;
    }
  }

  overlay(view: View): Overlay {
    const o: Overlay = { selected: this.selected ?? undefined, activeUnit: view.turn?.activeUnit || undefined };
    const u = this.unit(view);
    const mine = myTurn(view, this.seat());
    if (u?.square && mine) {
      if (this.mode === "move") o.reachable = reachable(view, u);
      if (this.mode === "fire" || this.mode === "artillery") o.targets = targets(view, u);
      if (this.mode === "combat") o.targets = new Set(view.units.filter((x) => x.square && planCloseCombat(u, x).ok).map((x) => key(x.square!)));
      const d = this.draft;
      if (d?.kind === "move") {
        o.path = d.plan.path;
        o.pathOk = d.plan.ok;
        o.preview = { at: d.dest, facing: d.facing };
      } else if (d?.kind === "face") {
        o.preview = { at: u.square, facing: d.facing };
      } else if (d?.kind === "fire") {
        o.aim = { from: u.square, to: d.target, ok: d.plan.ok, label: rangeLabel(orthDistance(u.square, d.target), u.fireRange) };
      } else if (d?.kind === "combat" && d.target.square) {
        o.aim = { from: u.square, to: d.target.square, ok: d.plan.ok, label: "close" };
      } else if (this.hover && this.mode === "move" && !same(this.hover, u.square)) {
        const p = planMove(view, u, this.hover);
        o.path = p.path;
        o.pathOk = p.ok;
      } else if (this.hover && (this.mode === "fire" || this.mode === "artillery") && !same(this.hover, u.square)) {
        const p = planFire(view, { ...u, canFire: true }, this.hover);
        o.aim = { from: u.square, to: this.hover, ok: p.ok, label: rangeLabel(orthDistance(u.square, this.hover), u.fireRange) };
      }
    }
    o.planned = [...this.plan].flatMap(([id, to]) => {
      const a = view.units.find((x) => x.id === id);
      return a?.square ? [{ from: a.square, to }] : [];
    });
    return o;
  }
}

function reachable(view: View, u: UnitView): Set<string> {
  const out = new Set<string>();
  const r = u.moveLeft;
  for (let dc = -r; dc <= r; dc++) {
    for (let dr = -r + Math.abs(dc); dr <= r - Math.abs(dc); dr++) {
      const q = { col: u.square!.col + dc, row: u.square!.row + dr };
      if ((dc || dr) && planMove(view, u, q).ok) out.add(key(q));
    }
  }
  return out;
}

function targets(view: View, u: UnitView): Set<string> {
  const out = new Set<string>();
  const art = isArtillery(u);
  const probe = { ...u, canFire: true };
  const r = u.fireRange > 0 ? u.fireRange : 12;
  for (let dc = -r; dc <= r; dc++) {
    for (let dr = -r + Math.abs(dc); dr <= r - Math.abs(dc); dr++) {
      const q = { col: u.square!.col + dc, row: u.square!.row + dr };
      if (!(dc || dr)) continue;
      const there = unitAt(view, q);
      if ((art || there) && planFire(view, probe, q).ok) out.add(key(q));
    }
  }
  return out;
}

function rangeLabel(distance: number, range: number): string {
  return range > 0 ? `${distance} / ${range}` : `${distance}`;
}
