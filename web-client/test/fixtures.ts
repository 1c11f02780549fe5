// Hand-built views and events for the client's unit tests.
import { create, type MessageInitShape } from "@bufbuild/protobuf";
import { ActionMenuSchema, type ActionSchema } from "../src/gen/sandtable/v1/menu_pb";
import { GridFacing } from "../src/gen/sandtable/v1/common_pb";
import { EventSchema, type Event } from "../src/gen/sandtable/v1/event_pb";
import { EnvelopeSchema, type Envelope } from "../src/gen/sandtable/v1/protocol_pb";
import { ViewSchema, type View, type UnitView, UnitViewSchema } from "../src/gen/sandtable/v1/view_pb";
import type { EnvelopeInit } from "../src/net/connection";

export function unit(id: string, side: string, col: number, row: number, extra: Partial<Omit<UnitView, "$typeName" | "$unknown">> = {}): UnitView {
  return create(UnitViewSchema, {
    id,
    side,
    name: extra.name ?? id,
    type: "infantry",
    square: { col, row },
    facing: side === "blue" ? GridFacing.NORTH : GridFacing.SOUTH,
    strength: 4,
    maxStrength: 4,
    ...extra,
  });
}

export function view(units: UnitView[], seq = 1n, cols = 8, rows = 6): View {
  return create(ViewSchema, {
    ruleset: "portable-wargame-19c",
    viewer: "blue",
    seq,
    scenarioName: "Test",
    board: { case: "grid", value: { cols, rows } },
    sides: [
      { id: "blue", name: "Union" },
      { id: "red", name: "Confederacy" },
    ],
    units,
    turn: { turn: 1, phase: "activation", activeSide: "blue" },
  });
}

/** A view with a menu for the viewer. */
export function withMenu(v: View, actions: MessageInitShape<typeof ActionSchema>[]): View {
  return create(ViewSchema, { ...v, menu: create(ActionMenuSchema, { actions }) });
}

export function env(init: EnvelopeInit): Envelope {
  return create(EnvelopeSchema, init);
}

export function moved(seq: bigint, unitId: string, to: { col: number; row: number }): Event {
  return create(EventSchema, {
    seq,
    text: `${unitId === "b1" ? "1st Rifles" : unitId} moved 1 square to (${to.col},${to.row}), facing north.`,
  });
}
