import type { LogEntry, TableModel } from "./store";

// The log survives a reload in this tab: the server sends what happened since its last
// sequence, and the lines before it come from here.
interface Saved {
  seq: string;
  log: { seq: string; kind: LogEntry["kind"]; text: string; dice: { kind: number; value: number; label: string }[] }[];
}

export function loadSaved(k: string): { seq: bigint; log: LogEntry[] } | undefined {
  try {
    const raw = sessionStorage.getItem(k);
    if (!raw) return undefined;
    const s = JSON.parse(raw) as Saved;
    return { seq: BigInt(s.seq), log: s.log.map((e) => ({ ...e, seq: BigInt(e.seq), dice: e.dice as LogEntry["dice"] })) };
  } catch {
    return undefined;
  }
}

export function save(k: string, m: TableModel): void {
  if (!m.view) return;
  const s: Saved = { seq: m.seq.toString(), log: m.log.map((e) => ({ ...e, seq: e.seq.toString(), dice: e.dice.map((d) => ({ kind: d.kind, value: d.value, label: d.label })) })) };
  try {
    sessionStorage.setItem(k, JSON.stringify(s));
  } catch {
    // storage full or disabled: the log simply starts afresh after a reload
  }
}
