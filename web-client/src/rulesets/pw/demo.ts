// ?demo: a made-up Portable Wargame table with no server, to look at the layout. Its log lines
// and its menu are written here as the engine would send them.
import { DieKind, GridFacing } from "../../gen/sandtable/v1/common_pb";
import { Role } from "../../gen/sandtable/v1/protocol_pb";
import type { EnvelopeInit } from "../../net/connection";
import type { DemoTable } from "../look";

const N = GridFacing.NORTH;
const S = GridFacing.SOUTH;

function envelopes(seat: string): EnvelopeInit[] {
  const role = seat === "gm" ? Role.GM : seat === "spectator" ? Role.SPECTATOR : Role.PLAYER;
  const u = (id: string, side: string, name: string, type: string, col: number, row: number, facing: GridFacing, extra: object = {}) => ({
    id, side, name, type, square: { col, row }, facing, strength: type === "commander" ? 2 : 4, maxStrength: type === "commander" ? 2 : 4,
    ...extra, markers: [{ key: "quality", label: "Quality", value: "average" }, ...((extra as { markers?: object[] }).markers ?? [])],
  });
  const sqs = (xs: [number, number, string][]) => xs.map(([col, row, detail]) => ({ id: `${col},${row}`, label: `(${col},${row})`, square: { col, row }, detail }));
  const menu = seat === "blue" ? {
    actions: [
      { id: "move:b-inf-1", kind: "move", label: "Move", unitId: "b-inf-1", targets: sqs([[4, 3, "1 square"], [3, 2, "1 square"], [3, 3, "2 squares"], [4, 4, "2 squares"]]), facings: [N, GridFacing.EAST, GridFacing.WEST] },
      { id: "face:b-inf-1", kind: "face", label: "Turn in place", unitId: "b-inf-1", facings: [N, GridFacing.EAST, S, GridFacing.WEST] },
      { id: "fire:b-inf-1", kind: "fire", label: "Fire", unitId: "b-inf-1", targets: [{ id: "4,5", label: "Texas Brigade at (4,5)", unitId: "r-inf-1", square: { col: 4, row: 5 }, detail: "3 squares, 2 dice" }] },
      { id: "end-activation", kind: "end", label: "End this activation" },
      { id: "end-side", kind: "end", label: "End the side's turn", confirm: "Two activations are unused. End the turn anyway?" },
      { id: "answer:4", kind: "answer", label: "Answer", decisionId: 4, targets: [{ id: "retreat", label: "Retreat to (4,1)", square: { col: 4, row: 1 } }, { id: "lose", label: "Lose 1 SP" }] },
    ],
  } : undefined;
  const view = {
    ruleset: "portable-wargame-19c", viewer: seat, seq: 9n, scenarioName: "Meeting engagement",
    board: { case: "grid" as const, value: { cols: 12, rows: 8 } },
    terrain: [
      { kind: "woods", name: "Bois de Bossu", squares: [{ col: 2, row: 4 }, { col: 3, row: 4 }, { col: 2, row: 5 }] },
      { kind: "hill", name: "Windmill Hill", level: 1, squares: [{ col: 8, row: 2 }, { col: 9, row: 2 }, { col: 8, row: 3 }] },
      { kind: "town", name: "Quatre Bras", squares: [{ col: 6, row: 4 }] },
      { kind: "river", squares: [{ col: 0, row: 6 }, { col: 1, row: 6 }, { col: 2, row: 6 }, { col: 3, row: 6 }, { col: 5, row: 6 }] },
      { kind: "ford", squares: [{ col: 4, row: 6 }] },
      { kind: "road", squares: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11].map((c) => ({ col: c, row: 4 })).concat([{ col: 6, row: 3 }, { col: 6, row: 2 }, { col: 6, row: 1 }, { col: 6, row: 0 }]) },
    ],
    sides: [
      { id: "blue", name: "Union", strength: 22, strengthLost: 1, markers: [{ key: "exhaustion_point", label: "Exhaustion point", value: "8" }, { key: "activations_left", label: "Activations left", value: "3" }] },
      { id: "red", name: "Confederacy", strength: 20, strengthLost: 2, markers: [{ key: "exhaustion_point", label: "Exhaustion point", value: "7" }] },
    ],
    units: [
      u("b-cmd", "blue", "Gen. Meade", "commander", 5, 0, N),
      u("b-inf-1", "blue", "1st Rifles", "infantry", 4, 2, N, { markers: [{ key: "activated", label: "Activated" }], strength: 3 }),
      u("b-inf-2", "blue", "2nd Infantry", "infantry", 5, 2, N),
      u("b-cav-1", "blue", "1st Hussars", "mounted_cavalry", 2, 1, N),
      u("b-art-1", "blue", "A Battery", "field_artillery", 7, 1, N, { markers: [{ key: "fired", label: "Fired" }] }),
      u("r-cmd", "red", "Gen. Lee", "commander", 6, 7, S),
      u("r-inf-1", "red", "Texas Brigade", "infantry", 4, 5, S),
      u("r-inf-2", "red", "Georgia Infantry", "infantry", 6, 5, S, { strength: 2 }),
      u("r-mg-1", "red", "Gatling Section", "machine_gun", 8, 5, S),
      u("r-art-1", "red", "Richmond Howitzers", "heavy_artillery", 9, 6, S),
    ],
    turn: { turn: 2, phase: "activation", activeSide: "blue", activeUnit: "b-inf-1", firstSide: "blue" },
    decisions: seat === "blue" ? [{ id: 4, seat: "blue", ruleId: "PW-HIT-03", kind: "PW_RETREAT_OR_LOSE", prompt: "1st Rifles was hit: retreat one square or lose 1 SP?", unitId: "b-inf-1", choices: [{ id: "retreat", label: "Retreat to (4,1)", square: { col: 4, row: 1 } }, { id: "lose", label: "Lose 1 SP" }] }] : [],
    menu,
  };
  const d6 = (value: number, label: string) => ({ kind: DieKind.D6, value, label });
  const lines: [string, ReturnType<typeof d6>[]][] = [
    ["Turn 2 begins.", []],
    ["A Battery fires at (6,5): 5 +2 = 7, a direct hit.", [d6(5, "fall of shot")]],
    ["Georgia Infantry is hit (2): loses 2 SP.", [d6(2, "hit table")]],
    ["Georgia Infantry loses 2 SP.", []],
    ["Initiative: Union 5, Confederacy 3; Union moves first.", [d6(5, "Union initiative"), d6(3, "Confederacy initiative")]],
    ["Union rolls 7 for activations: 4.", [d6(3, "activation"), d6(4, "activation")]],
    ["1st Rifles is activated (3 left).", []],
    ["1st Rifles moved 1 square to (4,2), facing north.", []],
    ["Texas Brigade fires at (4,2): 6, 2 — 1 hit.", [d6(6, "fire"), d6(2, "fire")]],
  ];
  return [
    { body: { case: "welcome", value: { roomId: "demo", seat, role, seq: 9n, ruleset: "portable-wargame-19c", roomName: "Meeting engagement" } } },
    { body: { case: "delta", value: { fromSeq: 0n, seq: 9n, view: view as never, events: lines.map(([text, dice], i) => ({ seq: BigInt(i + 1), text, dice })) } } },
    { body: { case: "chat", value: { id: 1n, seat: "red", channel: 1, text: "Your move, general." } } },
  ];
}

export const demo: DemoTable = {
  envelopes,
  refusal: { body: { case: "orderRejected", value: { rejection: { code: "DEMO", ruleId: "PW-MOVE-08", message: "This is a demonstration table: no server is listening." }, roomSeq: 9n } } },
};
