// What spectators see (docs/engine.md "Spectators"): the choices the lobby and the GM offer, as
// the scenario option `spectators` spells them, and the words for the setting a View carries.
import { SpectatorMode, type SpectatorSetting } from "../gen/sandtable/v1/common_pb";

export interface SpectatorChoice {
  /** The option's value: "live", "side:<id>", "delayed:<turns>". */
  value: string;
  label: string;
}

export function spectatorChoices(sides: { id: string; name: string }[]): SpectatorChoice[] {
  return [
    { value: "live", label: "live: what no side hides" },
    ...sides.map((s) => ({ value: `side:${s.id}`, label: `live: what ${s.name || s.id} sees` })),
    ...[1, 2, 3].map((n) => ({ value: `delayed:${n}`, label: `everything, ${n} turn${n === 1 ? "" : "s"} late` })),
  ];
}

/** The option value of a setting (the inverse of spectatorChoices' values). */
export function spectatorValue(s: SpectatorSetting | undefined): string {
  if (!s) return "live";
  if (s.mode === SpectatorMode.SPECTATORS_SIDE) return `side:${s.side}`;
  if (s.mode === SpectatorMode.SPECTATORS_DELAYED) return `delayed:${s.delayTurns}`;
  return "live";
}

/** The setting an option value stands for (for the GM's edit). */
export function spectatorSetting(value: string): { mode: SpectatorMode; side: string; delayTurns: number } {
  const [kind, arg = ""] = value.split(":");
  if (kind === "side") return { mode: SpectatorMode.SPECTATORS_SIDE, side: arg, delayTurns: 0 };
  if (kind === "delayed") return { mode: SpectatorMode.SPECTATORS_DELAYED, side: "", delayTurns: Number(arg) };
  return { mode: SpectatorMode.SPECTATORS_LIVE, side: "", delayTurns: 0 };
}

/** What a spectator is told it is watching. */
export function watchingWords(s: SpectatorSetting | undefined, sideName: (id: string) => string): string {
  if (s?.mode === SpectatorMode.SPECTATORS_SIDE) return `You are watching what ${sideName(s.side)} sees.`;
  if (s?.mode === SpectatorMode.SPECTATORS_DELAYED) {
    return `You are watching the whole table, ${s.delayTurns} turn${s.delayTurns === 1 ? "" : "s"} behind the players.`;
  }
  return "You are watching what no side hides.";
}
