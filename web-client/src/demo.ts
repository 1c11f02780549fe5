// ?demo: a made-up table with no server, to look at the layout (screenshots, styling work).
// Orders sent here are answered by a refusal, so the refusal box can be seen too.
import { create } from "@bufbuild/protobuf";
import { DieKind, GridFacing } from "./gen/sandtable/v1/common_pb";
import { EnvelopeSchema, Role } from "./gen/sandtable/v1/protocol_pb";
import type { EnvelopeInit } from "./net/connection";
import { TablePage } from "./ui/table";

export function runDemo(app: HTMLElement): void {
  const page = new TablePage(null);
  app.replaceChildren(page.root);
  const push = (init: EnvelopeInit) => page.receive(create(EnvelopeSchema, init));
  page.attach({
    send: (init) => {
      if (init.body?.case === "order") {
        setTimeout(() => push({ body: { case: "orderRejected", value: { rejection: { code: "DEMO", ruleId: "PW-MOVE-08", message: "This is a demonstration table: no server is listening." }, roomSeq: 9n } } }), 50);
      }
    },
  });
  page.setStatus("open");
  const seat = new URLSearchParams(location.search).get("demo") || "blue";
  const role = seat === "gm" ? Role.GM : seat === "spectator" ? Role.SPECTATOR : Role.PLAYER;
  push({ body: { case: "welcome", value: { roomId: "demo", seat, role, seq: 9n, ruleset: "portable-wargame-19c", roomName: "Meeting engagement" } } });
  const u = (id: string, side: string, name: string, type: string, col: number, row: number, facing: GridFacing, extra: object = {}) => ({
    id, side, name, type, quality: "average", square: { col, row }, facing, strength: type === "commander" ? 2 : 4, maxStrength: type === "commander" ? 2 : 4,
    moveLeft: type.includes("cavalry") ? 3 : type.includes("artillery") ? 1 : 2, canFire: !type.includes("cavalry") && type !== "commander", fireRange: type.includes("artillery") ? 8 : 3, ...extra,
  });
  const N = GridFacing.NORTH;
  const S = GridFacing.SOUTH;
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
      { id: "blue", name: "Union", strength: 22, strengthLost: 1, exhaustionPoint: 8, activationsLeft: 3 },
      { id: "red", name: "Confederacy", strength: 20, strengthLost: 2, exhaustionPoint: 7 },
    ],
    units: [
      u("b-cmd", "blue", "Gen. Meade", "commander", 5, 0, N),
      u("b-inf-1", "blue", "1st Rifles", "infantry", 4, 2, N, { markers: ["activated"], strength: 3 }),
      u("b-inf-2", "blue", "2nd Infantry", "infantry", 5, 2, N),
      u("b-cav-1", "blue", "1st Hussars", "mounted_cavalry", 2, 1, N),
      u("b-art-1", "blue", "A Battery", "field_artillery", 7, 1, N, { markers: ["fired"], canFire: false }),
      u("r-cmd", "red", "Gen. Lee", "commander", 6, 7, S),
      u("r-inf-1", "red", "Texas Brigade", "infantry", 4, 5, S),
      u("r-inf-2", "red", "Georgia Infantry", "infantry", 6, 5, S, { strength: 2 }),
      u("r-mg-1", "red", "Gatling Section", "machine_gun", 8, 5, S),
      u("r-art-1", "red", "Richmond Howitzers", "heavy_artillery", 9, 6, S),
    ],
    turn: { turn: 2, phase: "activation", activeSide: "blue", activeUnit: "b-inf-1", firstSide: "blue" },
    decisions: seat === "blue" ? [{ id: 4, seat: "blue", ruleId: "PW-HIT-03", kind: "PW_RETREAT_OR_LOSE", prompt: "1st Rifles was hit: retreat one square or lose 1 SP?", unitId: "b-inf-1", choices: [{ id: "retreat", label: "Retreat to (4,1)", square: { col: 4, row: 1 } }, { id: "lose", label: "Lose 1 SP" }] }] : [],
  };
  const pw = (seq: bigint, body: object, dice: { kind: DieKind; value: number; label: string }[] = []) => ({ seq, dice, body: { case: "pw" as const, value: { body: body as never } } });
  push({
    body: {
      case: "delta",
      value: {
        fromSeq: 0n, seq: 9n, view: view as never,
        events: [
          pw(1n, { case: "turnStarted", value: { turn: 2 } }),
          pw(2n, { case: "artilleryFired", value: { unitId: "b-art-1", target: { col: 6, row: 5 }, roll: 5, modifier: 2, score: 7, direct: true, fall: 0, landed: { col: 6, row: 5 }, notes: ["+2 direct line of sight"] } }, [{ kind: DieKind.D6, value: 5, label: "fall of shot" }]),
          pw(3n, { case: "hitRolled", value: { unitId: "r-inf-2", roll: 2, result: 0, cause: "artillery" } }, [{ kind: DieKind.D6, value: 2, label: "hit table" }]),
          pw(4n, { case: "strengthLost", value: { unitId: "r-inf-2", sp: 2, reason: "artillery" } }),
          pw(5n, { case: "initiative", value: { rolls: [{ side: "blue", roll: 5 }, { side: "red", roll: 3 }], firstSide: "blue", round: 1 } }, [{ kind: DieKind.D6, value: 5, label: "Union initiative" }, { kind: DieKind.D6, value: 3, label: "Confederacy initiative" }]),
          pw(6n, { case: "activationRolled", value: { side: "blue", dice: 2, total: 7, activations: 4 } }, [{ kind: DieKind.D6, value: 3, label: "activation" }, { kind: DieKind.D6, value: 4, label: "activation" }]),
          pw(7n, { case: "unitActivated", value: { unitId: "b-inf-1", activationsLeft: 3 } }),
          pw(8n, { case: "unitMoved", value: { unitId: "b-inf-1", path: [{ col: 4, row: 2 }], facing: N } }),
          pw(9n, { case: "unitFired", value: { unitId: "r-inf-1", target: { col: 4, row: 2 }, rolls: [6, 2], modifier: 0, hits: 1 } }, [{ kind: DieKind.D6, value: 6, label: "fire" }, { kind: DieKind.D6, value: 2, label: "fire" }]),
        ],
      },
    },
  });
  push({ body: { case: "chat", value: { id: 1n, seat: "red", channel: 1, text: "Your move, general." } } });
}
