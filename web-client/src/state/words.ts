// Small formatting helpers shared by the log, the board and the order panel.
import { DieKind, GridFacing } from "../gen/sandtable/v1/common_pb";

export function sq(s: { col: number; row: number } | undefined): string {
  return s ? `(${s.col},${s.row})` : "(?)";
}

export const FACING_NAMES: Record<GridFacing, string> = {
  [GridFacing.NORTH]: "north",
  [GridFacing.EAST]: "east",
  [GridFacing.SOUTH]: "south",
  [GridFacing.WEST]: "west",
};

export function facingName(f: GridFacing): string {
  return FACING_NAMES[f] ?? "north";
}

export const DIE_NAMES: Record<DieKind, string> = {
  [DieKind.UNSPECIFIED]: "die",
  [DieKind.D6]: "d6",
  [DieKind.AVERAGE]: "average die",
  [DieKind.D10_ZERO]: "d10 (0-9)",
  [DieKind.D10]: "d10",
  [DieKind.D20]: "d20",
  [DieKind.PERCENTILE]: "d100",
  [DieKind.D8]: "d8",
};

/** "mounted_cavalry" -> "mounted cavalry" */
export function words(id: string): string {
  return id.replace(/_/g, " ");
}

export function signed(n: number): string {
  return n >= 0 ? `+${n}` : `${n}`;
}
