// The measure tool, for every seat (spectators too): two clicks, each a point or a unit on a
// free table (a square on a grid), and the server's measure query answers the distance and the
// line of sight as the rule set measures them. The client draws the line; the server says what
// it means.
import type { MessageInitShape } from "@bufbuild/protobuf";
import type { PlaceSchema } from "../gen/sandtable/v1/query_pb";
import type { QueryInit } from "../net/connection";
import type { Pt } from "./ruler";

export type PlaceInit = MessageInitShape<typeof PlaceSchema>;

/** One end of a measure: what is sent (a unit, a point or a square) and where it is drawn. */
export interface MeasureEnd {
  place: PlaceInit;
  /** Where the line is drawn: inches on a free table; a square's column and row on a grid. */
  at: Pt;
  label: string;
}

export function placeKey(p: PlaceInit): string {
  if (p.unitId) return `u:${p.unitId}`;
  if (p.point) return `p:${p.point.x},${p.point.y}`;
  if (p.square) return `s:${p.square.col},${p.square.row}`;
  return "?";
}

export class MeasureTool {
  on = false;
  from: MeasureEnd | null = null;
  to: MeasureEnd | null = null;

  toggle(): void {
    this.on = !this.on;
    this.from = this.to = null;
  }

  off(): void {
    this.on = false;
    this.from = this.to = null;
  }

  /** A click: the first end, then the second; a third click starts a new measure from there. */
  click(end: MeasureEnd): void {
    if (!this.from || this.to) {
      this.from = end;
      this.to = null;
    } else {
      this.to = end;
    }
  }

  /** The question to ask once both ends are set. */
  query(): { key: string; query: QueryInit } | null {
    if (!this.from || !this.to) return null;
    return {
      key: `measure|${placeKey(this.from.place)}|${placeKey(this.to.place)}`,
      query: { body: { case: "measure", value: { from: this.from.place, to: this.to.place } } },
    };
  }
}
