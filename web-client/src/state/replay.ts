// The replay's model (docs/client.md "Replay"): which step to ask for next and how a step and its
// dice statistics read. Pure: the frames come from the server, which replays the game as this seat
// saw it (docs/protocol.md "Replays"); nothing here knows a rule.
import type { BranchOf } from "../gen/sandtable/v1/event_pb";
import type { DiceFaces, ReplayFrame } from "../gen/sandtable/v1/protocol_pb";
import { DIE_NAMES } from "./words";

/** The step `delta` away from the frame's, kept within the steps there are. */
export function stepBy(f: ReplayFrame, delta: number): number {
  return Math.max(0, Math.min(f.steps - 1, f.step + delta));
}

/**
 * The first step of the next turn (dir 1), or of this turn, and from its first step of the turn
 * before (dir -1); the frame's own step when there is none that way.
 */
export function turnStep(f: ReplayFrame, dir: 1 | -1): number {
  const starts = [...f.turnStarts].sort((a, b) => a - b);
  if (dir === 1) return starts.find((s) => s > f.step) ?? f.step;
  const before = starts.filter((s) => s < f.step);
  return before.length ? before[before.length - 1] : f.step;
}

/** "Step 12 of 80 · turn 3 · Allies' order" ("the opening" for step 0). */
export function stepLabel(f: ReplayFrame, sideName: (id: string) => string): string {
  const possessive = (name: string) => (name.endsWith("s") ? `${name}'` : `${name}'s`);
  const whose = f.step === 0 ? "the opening" : f.seat === "gm" ? "the GM's order" : f.seat ? `${possessive(sideName(f.seat.replace(/^bot:/, "")))} order` : "an event";
  return `Step ${f.step} of ${f.steps - 1} · turn ${f.turn} · ${whose}`;
}

/** Whose eyes the replay is through: the seat's own, or everyone's once the GM opened the game. */
export function replayTitle(f: ReplayFrame, seat: string, sideName: (id: string) => string): string {
  if (f.revealed) return "Replay — the whole game, opened by the GM";
  if (seat === "gm") return "Replay — as the GM saw it";
  if (seat === "spectator") return "Replay — as the spectators saw it";
  return `Replay — as ${sideName(seat)} saw it`;
}

export interface DiceBar {
  face: number;
  count: number;
  expected: number;
  /** Heights as fractions of the tallest of counts and expectations, for drawing. */
  countH: number;
  expectedH: number;
}

export interface DiceChart {
  title: string;  // "Allies · d6"
  summary: string;  // "412 rolls, mean 3.49 (fair dice: 3.50)"
  verdict: string;  // how unusual the spread is, in words
  bars: DiceBar[];
}

/**
 * How unusual a chi-square is on its degrees of freedom, in words a player reads: the 95th and
 * 99th percentiles by the Wilson–Hilferty approximation, good to a few percent from 3 degrees up
 * and plain enough below.
 */
export function verdict(chi: number, dof: number, rolls: number): string {
  if (dof < 1) return "";
  if (rolls < 5 * (dof + 1)) return "too few rolls to say anything";
  const pct = (z: number) => dof * Math.pow(1 - 2 / (9 * dof) + z * Math.sqrt(2 / (9 * dof)), 3);
  if (chi > pct(2.326)) return "a spread fair dice give less than 1 time in 100";
  if (chi > pct(1.645)) return "a spread fair dice give less than 1 time in 20";
  return "within what fair dice give";
}

export function diceChart(d: DiceFaces, sideName: (id: string) => string): DiceChart {
  const top = Math.max(1, ...d.count.map(Number), ...d.expected);
  const who = d.seat === "start" ? "The opening" : d.seat === "gm" ? "GM" : sideName(d.seat);
  return {
    title: `${who} · ${DIE_NAMES[d.kind] ?? "die"}`,
    summary: `${d.rolls} rolls, mean ${d.mean.toFixed(2)} (fair dice: ${d.expectedMean.toFixed(2)})`,
    verdict: verdict(d.chiSquare, d.face.length - 1, Number(d.rolls)),
    bars: d.face.map((face, i) => ({
      face,
      count: Number(d.count[i] ?? 0n),
      expected: d.expected[i] ?? 0,
      countH: Number(d.count[i] ?? 0n) / top,
      expectedH: (d.expected[i] ?? 0) / top,
    })),
  };
}

/** The header's note on a "what if" room: where it branched from, in words. */
export function branchNote(b: BranchOf): string {
  const from = b.step === 0 ? "the opening" : `order ${b.step}`;
  const turn = b.turn > 0 ? ` (turn ${b.turn})` : "";
  return `What if: goes on from ${from} of “${b.roomName}”${turn}, with dice of its own`;
}

/** The name a branch from this step gets unless the GM gives one. */
export function branchName(roomName: string, f: ReplayFrame): string {
  return `What if: ${roomName || "the game"}, from ${f.step === 0 ? "the opening" : `order ${f.step}`}`;
}
