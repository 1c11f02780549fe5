// The table's view-model: a pure reducer from server envelopes to what the page shows, plus
// the envelopes the client must send in answer (a Resync when it notices a gap). The server's
// View is the truth; the client keeps only the log, the chat and the last refusal beside it.
import type { Envelope, ChatMessage, Welcome } from "../gen/sandtable/v1/protocol_pb";
import type { View } from "../gen/sandtable/v1/view_pb";
import type { Event } from "../gen/sandtable/v1/event_pb";
import type { EnvelopeInit, Status } from "../net/connection";
import { describeEvent, type LogEntry, type Names } from "./describe";

export interface Refusal {
  text: string;
  code: string;
  ruleId: string;
}

export interface TableModel {
  welcome?: Welcome;
  seq: bigint;
  view?: View;
  log: LogEntry[];
  chat: ChatMessage[];
  refusal?: Refusal;
  error?: { code: string; message: string };
  status: Status;
  /** Names of every unit and side seen, so log lines about a destroyed unit still read well. */
  unitNames: Record<string, { name: string; side: string }>;
  sideNames: Record<string, string>;
  choiceLabels: Record<string, string>; // `${decisionId}/${choiceId}` -> label
  /** Orders sent and not yet answered. */
  pending: number;
}

export const LOG_LIMIT = 500;

export function initialModel(saved?: { seq: bigint; log: LogEntry[] }): TableModel {
  return {
    seq: saved?.seq ?? 0n,
    log: saved?.log ?? [],
    chat: [],
    status: "connecting",
    unitNames: {},
    sideNames: {},
    choiceLabels: {},
    pending: 0,
  };
}

export interface Reduced {
  model: TableModel;
  send: EnvelopeInit[];
}

export function reduce(m: TableModel, env: Envelope): Reduced {
  const b = env.body;
  switch (b.case) {
    case "welcome":
      return { model: { ...m, welcome: b.value, error: undefined }, send: [] };
    case "snapshot":
      return { model: withView({ ...m, seq: b.value.seq }, b.value.view), send: [] };
    case "delta": {
      const d = b.value;
      if (d.fromSeq > m.seq || (!m.view && !d.view)) {
        // A gap: something between our last sequence and this delta never reached us.
        return { model: m, send: [{ body: { case: "resync", value: { sinceSeq: m.seq } } }] };
      }
      let next = withView(m, d.view && d.seq >= m.seq ? d.view : undefined);
      next = appendEvents(next, d.events.filter((e) => e.seq > m.seq));
      return { model: { ...next, seq: d.seq > m.seq ? d.seq : m.seq }, send: [] };
    }
    case "orderAccepted":
      return { model: { ...m, pending: Math.max(0, m.pending - 1), refusal: undefined }, send: [] };
    case "orderRejected": {
      const r = b.value.rejection;
      const refusal = { text: r?.message || "The order was refused.", code: r?.code ?? "", ruleId: r?.ruleId ?? "" };
      const entry: LogEntry = { seq: m.seq, kind: "refusal", text: `Refused: ${refusal.text}`, sides: [m.welcome?.seat ?? ""], dice: [] };
      const model = { ...m, pending: Math.max(0, m.pending - 1), refusal, log: trim([...m.log, entry]) };
      const send: EnvelopeInit[] = b.value.roomSeq !== m.seq ? [{ body: { case: "resync", value: { sinceSeq: m.seq } } }] : [];
      return { model, send };
    }
    case "chat":
      if (m.chat.some((c) => c.id === b.value.id)) return { model: m, send: [] };
      return { model: { ...m, chat: [...m.chat, b.value].slice(-200) }, send: [] };
    case "error":
      return { model: { ...m, pending: 0, error: { code: b.value.code, message: b.value.message } }, send: [] };
    default:
      return { model: m, send: [] };
  }
}

export function orderSent(m: TableModel): TableModel {
  return { ...m, pending: m.pending + 1, refusal: undefined };
}

function withView(m: TableModel, view: View | undefined): TableModel {
  if (!view) return m;
  const unitNames = { ...m.unitNames };
  for (const u of view.units) unitNames[u.id] = { name: u.name || u.id, side: u.side };
  const sideNames = { ...m.sideNames };
  for (const s of view.sides) sideNames[s.id] = s.name || s.id;
  const choiceLabels = { ...m.choiceLabels };
  for (const d of view.decisions) for (const c of d.choices) choiceLabels[`${d.id}/${c.id}`] = c.label;
  return { ...m, view, unitNames, sideNames, choiceLabels };
}

function appendEvents(m: TableModel, events: Event[]): TableModel {
  if (events.length === 0) return m;
  const choiceLabels = { ...m.choiceLabels };
  for (const e of events) {
    if (e.body.case === "decisionRequested" && e.body.value.decision) {
      const d = e.body.value.decision;
      for (const c of d.choices) choiceLabels[`${d.id}/${c.id}`] = c.label;
    }
  }
  const names = namesOf({ ...m, choiceLabels });
  const entries = events.map((e) => describeEvent(e, names));
  return { ...m, choiceLabels, log: trim([...m.log, ...entries]) };
}

function trim(log: LogEntry[]): LogEntry[] {
  return log.length > LOG_LIMIT ? log.slice(log.length - LOG_LIMIT) : log;
}

export function namesOf(m: TableModel): Names {
  return {
    unit: (id) => m.unitNames[id] ?? { name: id, side: "" },
    side: (id) => (id === "gm" ? "GM" : m.sideNames[id] ?? id),
    choice: (d, c) => m.choiceLabels[`${d}/${c}`] ?? c,
  };
}

export type LogFilter = "all" | "mine" | "fire" | "move" | "combat";

export function filterLog(log: LogEntry[], filter: LogFilter, seat: string): LogEntry[] {
  switch (filter) {
    case "all":
      return log;
    case "mine":
      return log.filter((e) => e.sides.includes(seat));
    case "fire":
      return log.filter((e) => e.kind === "fire" || (e.kind === "hits" && e.dice.length > 0));
    case "move":
      return log.filter((e) => e.kind === "move");
    case "combat":
      return log.filter((e) => e.kind === "combat" || e.kind === "hits");
  }
}

/** The most recent events that rolled dice, newest first. */
export function recentDice(log: LogEntry[], count: number): LogEntry[] {
  const out: LogEntry[] = [];
  for (let i = log.length - 1; i >= 0 && out.length < count; i--) if (log[i].dice.length) out.push(log[i]);
  return out;
}
