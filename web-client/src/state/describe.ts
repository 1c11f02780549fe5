// Turns an Event into a line of the game log: a sentence, a category for the log's filters,
// and the sides it concerns (for "mine"). Names come from a lookup the store keeps, so a
// unit destroyed by the event still has its name.
import type { DieRoll } from "../gen/sandtable/v1/common_pb";
import type { Event } from "../gen/sandtable/v1/event_pb";
import { PwFallOfShot, PwHitResult, PwStationaryKind, type PwEvent } from "../gen/sandtable/v1/pw_pb";
import { facingName, signed, sq, words } from "./words";

export type LogKind = "turn" | "move" | "fire" | "combat" | "hits" | "decision" | "gm" | "chat" | "refusal" | "other";

export interface LogEntry {
  seq: bigint;
  kind: LogKind;
  text: string;
  sides: string[];
  dice: DieRoll[];
}

export interface Names {
  unit(id: string): { name: string; side: string };
  side(id: string): string;
  choice(decisionId: number, choiceId: string): string;
}

interface Line {
  kind: LogKind;
  text: string;
  sides: string[];
}

export function describeEvent(ev: Event, names: Names): LogEntry {
  const line = describeBody(ev, names);
  return { seq: ev.seq, dice: ev.dice, ...line };
}

function describeBody(ev: Event, n: Names): Line {
  const b = ev.body;
  switch (b.case) {
    case "gameStarted":
      return { kind: "turn", sides: [], text: `Game started: ${b.value.scenario?.name ?? "scenario"}. Seed commitment ${b.value.seedHash.slice(0, 12)}…` };
    case "decisionRequested": {
      const d = b.value.decision;
      return { kind: "decision", sides: d ? [d.seat] : [], text: `${d ? n.side(d.seat) : "?"} to decide: ${d?.prompt ?? ""}` };
    }
    case "decisionAnswered":
      return {
        kind: "decision",
        sides: [b.value.seat],
        text: `${n.side(b.value.seat)} chose: ${n.choice(b.value.decisionId, b.value.choiceId)}`,
      };
    case "gamePaused":
      return { kind: "gm", sides: [], text: `Game paused by the GM${b.value.reason ? `: ${b.value.reason}` : ""}.` };
    case "gameResumed":
      return { kind: "gm", sides: [], text: "Game resumed." };
    case "gameEnded":
      return {
        kind: "turn",
        sides: [],
        text: `Game over: ${b.value.winner ? `${n.side(b.value.winner)} wins` : "a draw"}${b.value.reason ? ` (${b.value.reason})` : ""}.`,
      };
    case "pw":
      return describePw(b.value, n);
    default:
      return { kind: "other", sides: [], text: "Something happened." };
  }
}

function unitLine(n: Names, id: string): { name: string; sides: string[] } {
  const u = n.unit(id);
  return { name: u.name, sides: u.side ? [u.side] : [] };
}

const FALL: Record<PwFallOfShot, string> = {
  [PwFallOfShot.PW_FALL_ON_TARGET]: "on target",
  [PwFallOfShot.PW_FALL_IN_FRONT]: "short, in front",
  [PwFallOfShot.PW_FALL_BEHIND]: "over, behind",
  [PwFallOfShot.PW_FALL_INEFFECTIVE]: "ineffective",
};

const STATIONARY: Record<PwStationaryKind, string> = {
  [PwStationaryKind.PW_STATIONARY_UNSPECIFIED]: "waited",
  [PwStationaryKind.PW_LIMBER]: "limbered up",
  [PwStationaryKind.PW_UNLIMBER]: "unlimbered",
  [PwStationaryKind.PW_EMBARK]: "embarked",
  [PwStationaryKind.PW_DISEMBARK]: "disembarked",
  [PwStationaryKind.PW_MOUNT]: "mounted",
  [PwStationaryKind.PW_DISMOUNT]: "dismounted",
  [PwStationaryKind.PW_LAY_WIRE]: "laid wire",
  [PwStationaryKind.PW_REMOVE_WIRE]: "removed wire",
};

function notes(list: string[]): string {
  return list.length ? ` [${list.join("; ")}]` : "";
}

function describePw(ev: PwEvent, n: Names): Line {
  const b = ev.body;
  switch (b.case) {
    case "turnStarted":
      return { kind: "turn", sides: [], text: `Turn ${b.value.turn} begins.` };
    case "artilleryPlanned":
      return {
        kind: "fire",
        sides: [b.value.side],
        text: `${n.side(b.value.side)} gave artillery orders (${b.value.batteries} ${b.value.batteries === 1 ? "battery" : "batteries"})${b.value.targets.length ? ": " + b.value.targets.map((t) => `${n.unit(t.unitId).name} at ${sq(t.target)}`).join(", ") : ""}.`,
      };
    case "artilleryFired": {
      const u = unitLine(n, b.value.unitId);
      const v = b.value;
      return {
        kind: "fire",
        sides: u.sides,
        text: `${u.name} fired at ${sq(v.target)}: ${v.roll} ${signed(v.modifier)} = ${v.score}, ${FALL[v.fall] ?? "?"}${v.fall !== PwFallOfShot.PW_FALL_INEFFECTIVE && v.landed ? ` at ${sq(v.landed)}` : ""}${notes(v.notes)}.`,
      };
    }
    case "initiative":
      return {
        kind: "turn",
        sides: [],
        text: `Initiative: ${b.value.rolls.map((r) => `${n.side(r.side)} ${r.roll}`).join(", ")} — ${n.side(b.value.firstSide)} goes first.`,
      };
    case "activationRolled":
      return {
        kind: "turn",
        sides: [b.value.side],
        text: `${n.side(b.value.side)} rolled ${b.value.dice} activation ${b.value.dice === 1 ? "die" : "dice"}: ${b.value.total}, ${b.value.activations} activation${b.value.activations === 1 ? "" : "s"}.`,
      };
    case "unitActivated": {
      const u = unitLine(n, b.value.unitId);
      return { kind: "move", sides: u.sides, text: `${u.name} activated (${b.value.activationsLeft} left).` };
    }
    case "unitMoved": {
      const u = unitLine(n, b.value.unitId);
      const p = b.value.path;
      return {
        kind: "move",
        sides: u.sides,
        text: `${u.name} moved ${p.length} square${p.length === 1 ? "" : "s"} to ${sq(p[p.length - 1])}, facing ${facingName(b.value.facing)}${b.value.road ? " (by road)" : ""}${b.value.stopReason ? ` — stopped: ${b.value.stopReason}` : ""}.`,
      };
    }
    case "unitFaced": {
      const u = unitLine(n, b.value.unitId);
      return { kind: "move", sides: u.sides, text: `${u.name} turned to face ${facingName(b.value.facing)}${b.value.reason ? ` (${b.value.reason})` : ""}.` };
    }
    case "unitFired": {
      const u = unitLine(n, b.value.unitId);
      const v = b.value;
      return {
        kind: "fire",
        sides: u.sides,
        text: `${u.name} fired at ${sq(v.target)}: rolled ${v.rolls.join(", ") || "nothing"} (${signed(v.modifier)}), ${v.hits} hit${v.hits === 1 ? "" : "s"}${notes(v.notes)}.`,
      };
    }
    case "closeCombat": {
      const v = b.value;
      const a = unitLine(n, v.attackerId);
      const d = unitLine(n, v.defenderId);
      const res = (hit: boolean) => (hit ? "hit" : "no hit");
      return {
        kind: "combat",
        sides: [...a.sides, ...d.sides],
        text: `Close combat: ${a.name} ${v.attackerRoll}${signed(v.attackerModifier)} (${res(v.attackerHit)}) against ${d.name} ${v.defenderRoll}${signed(v.defenderModifier)} (${res(v.defenderHit)})${notes(v.notes)}.`,
      };
    }
    case "hitRolled": {
      const u = unitLine(n, b.value.unitId);
      const r = b.value.result === PwHitResult.PW_HIT_LOSE_SP ? "loses 1 SP" : "may retreat or lose 1 SP";
      return { kind: "hits", sides: u.sides, text: `${u.name} hit by ${b.value.cause}: rolled ${b.value.roll}, ${r}.` };
    }
    case "strengthLost": {
      const u = unitLine(n, b.value.unitId);
      return {
        kind: "hits",
        sides: u.sides,
        text: b.value.destroyed ? `${u.name} destroyed${b.value.reason ? ` (${b.value.reason})` : ""}.` : `${u.name} lost strength, now ${b.value.sp} SP${b.value.reason ? ` (${b.value.reason})` : ""}.`,
      };
    }
    case "unitRetreated": {
      const u = unitLine(n, b.value.unitId);
      return { kind: "hits", sides: u.sides, text: `${u.name} retreated to ${sq(b.value.to)}.` };
    }
    case "unitAdvanced": {
      const u = unitLine(n, b.value.unitId);
      return { kind: "combat", sides: u.sides, text: `${u.name} advanced to ${sq(b.value.to)}.` };
    }
    case "stationaryDone": {
      const u = unitLine(n, b.value.unitId);
      return { kind: "move", sides: u.sides, text: `${u.name} ${STATIONARY[b.value.kind] ?? "acted in place"}.` };
    }
    case "activationEnded": {
      const u = unitLine(n, b.value.unitId);
      return { kind: "move", sides: u.sides, text: `${u.name} finished its activation.` };
    }
    case "sideFinished":
      return {
        kind: "turn",
        sides: [b.value.side],
        text: `${n.side(b.value.side)} finished its activations${b.value.activationsUnused ? ` (${b.value.activationsUnused} unused)` : ""}.`,
      };
    case "exhausted":
      return {
        kind: "turn",
        sides: [b.value.side],
        text: `${n.side(b.value.side)} is exhausted: ${b.value.spLost} SP lost, exhaustion point ${b.value.exhaustionPoint}.`,
      };
    default:
      return { kind: "other", sides: [], text: otherText((b as { case?: string }).case) };
  }
}

/** Events this client does not know yet (a newer server) still get a line. */
function otherText(c: string | undefined): string {
  return c ? `${words(c.replace(/([A-Z])/g, "_$1").toLowerCase())}.` : "Something happened.";
}
