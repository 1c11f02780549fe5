// The room's clocks as the header shows them (proto clock.proto): the server keeps the time and
// says when a side runs out; between its messages a running clock is counted down here from the
// moment the last one arrived, so the seconds move without a message a second.
import type { ClockState } from "../gen/sandtable/v1/clock_pb";

/** The last ClockState and when it arrived (ms on the caller's clock, e.g. performance.now()). */
export interface HeldClock {
  state: ClockState;
  at: number;
}

export interface ClockShown {
  side: string;
  /** "12:05", "0:07", "1:02:10". */
  time: string;
  running: boolean;
  expired: boolean;
}

/** Whether the room has clocks to show ("game" or "turn"; "off" or none has not). */
export function clocksOn(held: HeldClock | undefined): boolean {
  const mode = held?.state.settings?.mode;
  return mode === "game" || mode === "turn";
}

/**
 * The time a clock shows: whole seconds rounded up, so it reads 0:00 only once the time is gone;
 * hours only when there are some.
 */
export function clockTime(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = String(total % 60).padStart(2, "0");
  return hours ? `${hours}:${String(minutes).padStart(2, "0")}:${seconds}` : `${minutes}:${seconds}`;
}

/** Each side's clock at `now`: a running one less the time since its message arrived. */
export function clocksAt(held: HeldClock | undefined, now: number): ClockShown[] {
  if (!held || !clocksOn(held)) return [];
  const since = Math.max(0, now - held.at);
  return held.state.sides.map((c) => ({
    side: c.side,
    time: clockTime(Number(c.remainingMs) - (c.running ? since : 0)),
    running: c.running,
    expired: c.expired,
  }));
}
