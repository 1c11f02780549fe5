// What a rule set's client module provides: looks and words only, never a rule.
import type { View } from "../gen/sandtable/v1/view_pb";
import type { EnvelopeInit } from "../net/connection";

export interface DemoTable {
  /** Envelopes to feed the page, as if from a server, for a seat ("blue", "gm", …). */
  envelopes(seat: string): EnvelopeInit[];
  /** The sentence a demonstration refusal shows. */
  refusal: EnvelopeInit;
}

export interface Look {
  id: string;
  /** Grid counters: the symbol drawn on a unit of this type (SVG, in the counter's frame). */
  counterGlyph?(type: string, ink: string): SVGElement | null;
  /** The short letter of a marker (by its key) drawn on a grid counter; its words come from the engine. */
  markerLetter(key: string): string;
  /** Marker keys not drawn on the table (kept for the card). */
  quietMarkers?: string[];
  /**
   * Free tables: extra marks on one figure's base by its kind (leader ring, weapon bar…), in the
   * base's frame (centre at 0,0, front towards -y); `base` is the drawn base, width and depth in SVG units.
   */
  figureMarks?(kind: string, ink: string, base: { w: number; d: number }): SVGElement[];
  /**
   * Free tables: the base of a figure of this kind, [width across the facing, depth along it] in
   * inches; without it (or when it gives undefined) the figure is drawn on a 5/8" square.
   */
  figureBase?(kind: string): [number, number] | undefined;
  /** Free tables: a figure kind drawn with a white base. */
  paleFigure?(kind: string): boolean;
  /** Free tables: a figureless unit's hull, length and width in inches. */
  hull?(type: string): [number, number] | undefined;
  /** What the rule set adds to the side panel from the view's `extra` (e.g. the open card), or null. */
  extraPanel?(view: View): HTMLElement | null;
  /** Lines for the board's legend. */
  legend: string[];
  demo?: DemoTable;
}
