// The table's view-model: a pure reducer from server envelopes to what the page shows, plus
// the envelopes the client must send in answer (a Resync when it notices a gap or a patch that
// does not fit). The server's View is the truth (whole, or patched: state/patch.ts); the client
// keeps only the log, the chat, the last refusal and the room's clocks beside it.
import type { Envelope, ChatMessage, Welcome } from "../gen/sandtable/v1/protocol_pb";
import type { View } from "../gen/sandtable/v1/view_pb";
import type { Event } from "../gen/sandtable/v1/event_pb";
import type { EnvelopeInit, Status } from "../net/connection";
import type { DieRoll } from "../gen/sandtable/v1/common_pb";
import { applyPatch } from "./patch";
import type { HeldClock } from "./clocks";

/** A line of the game log: the engine's sentence (Event.text) and the dice it rolled. */
export interface LogEntry {
  seq: bigint;
  kind: "event" | "refusal";
  text: string;
  dice: DieRoll[];
}

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
  /** The room's clocks as last sent, and when they came (state/clocks.ts counts down from then). */
  clock?: HeldClock;
  status: Status;
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
    pending: 0,
  };
}

export interface Reduced {
  model: TableModel;
  send: EnvelopeInit[];
}

/** `now`: when the envelope arrived (ms on the caller's clock); only the clocks read it. */
export function reduce(m: TableModel, env: Envelope, now = 0): Reduced {
  const b = env.body;
  switch (b.case) {
    case "welcome":
      // The server sends the clocks after each Welcome when the room has them: none means none now.
      return { model: { ...m, welcome: b.value, error: undefined, clock: undefined }, send: [] };
    case "clock":
      return { model: { ...m, clock: { state: b.value, at: now } }, send: [] };
    case "snapshot": {
      // A fresh page's Snapshot brings the latest log lines (none when the page had a sequence).
      const next = withView({ ...m, seq: b.value.seq }, b.value.view);
      return { model: appendEvents(next, b.value.events.filter((e) => e.seq > m.seq)), send: [] };
    }
    case "delta": {
      const d = b.value;
      if (d.fromSeq > m.seq || (!m.view && !d.view)) {
        // A gap: something between our last sequence and this delta never reached us (or, with
        // no View held, nothing to patch or keep).
        return { model: m, send: [resync(m)] };
      }
      let view: View | undefined;
      if (d.view) {
        view = d.sameTable && m.view ? withTable(d.view, m.view) : d.view;
        if (d.seq < m.seq) view = undefined;  // older than the View we hold
      } else if (d.patch && m.view) {
        if (d.fromSeq === m.seq) {
          // A patch that does not fit means our View is not the one the server patched.
          view = applyPatch(m.view, d.patch, d.seq);
          if (!view) return { model: m, send: [resync(m)] };
        } else if (d.seq > m.seq) {
          // Against a View older than ours yet reaching past it: we can neither take its View
          // nor claim its seq (the next patch would meet a stale View), so ask again.
          return { model: m, send: [resync(m)] };
        }
        // Else wholly old: its View is behind ours, only its events (none new) matter.
      } else if (m.view && d.seq > m.seq) {
        // Nothing this viewer sees changed but the sequence: the View we hold, renumbered.
        view = { ...m.view, seq: d.seq };
      }
      let next = withView(m, view);
      next = appendEvents(next, numbered(d.events, d.fromSeq).filter((e) => e.seq > m.seq));
      return { model: { ...next, seq: d.seq > m.seq ? d.seq : m.seq }, send: [] };
    }
    case "orderAccepted":
      return { model: { ...m, pending: Math.max(0, m.pending - 1), refusal: undefined }, send: [] };
    case "orderRejected": {
      const r = b.value.rejection;
      const refusal = { text: r?.message || "The order was refused.", code: r?.code ?? "", ruleId: r?.ruleId ?? "" };
      const entry: LogEntry = { seq: m.seq, kind: "refusal", text: `Refused: ${refusal.text}`, dice: [] };
      const model = { ...m, pending: Math.max(0, m.pending - 1), refusal, log: trim([...m.log, entry]) };
      const send: EnvelopeInit[] = b.value.roomSeq !== m.seq ? [resync(m)] : [];
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

/**
 * Whether an order refused only as stale (STALE_SEQUENCE: the table moved on between the click and
 * the order, as it does while the computer plays a side) is sent once more against the room's new
 * sequence: a GM's setting that means the same whatever happened meanwhile (a side handed to the
 * computer or back, trusted dice, what spectators see, pause, resume). An edit of the table is
 * not: it was aimed at the table the GM saw.
 */
export function resendWhenStale(command: { body?: { case?: string; value?: unknown } } | undefined): boolean {
  if (command?.body?.case !== "gm") return false;
  const gm = command.body.value as { body?: { case?: string; value?: unknown } } | undefined;
  const kind = gm?.body?.case;
  if (kind === "pause" || kind === "resume") return true;
  if (kind !== "edit") return false;
  const edit = gm?.body?.value as { body?: { case?: string } } | undefined;
  const what = edit?.body?.case;
  return what === "seatBot" || what === "trustDice" || what === "spectators";
}

export function orderSent(m: TableModel): TableModel {
  return { ...m, pending: m.pending + 1, refusal: undefined };
}

/**
 * The refusal banner has been read: the player aims again (picks a unit, an action, a target)
 * or presses Esc. The refusal stays in the log.
 */
export function dismissRefusal(m: TableModel): TableModel {
  return m.refusal ? { ...m, refusal: undefined } : m;
}

/**
 * Why orders cannot be given now, or null when they can: an order sent while the line is down
 * would wait unseen in the queue while the table moves on, so the controls say so instead.
 */
export function offlineReason(status: Status): string | null {
  return status === "open" ? null : status === "closed" ? "offline" : "offline — reconnecting";
}

/** A Delta that leaves the static table out (Delta.sameTable) keeps the one we hold. */
export function withTable(view: View, held: View): View {
  return {
    ...view,
    ruleset: held.ruleset,
    scenarioId: held.scenarioId,
    scenarioName: held.scenarioName,
    board: held.board,
    terrain: held.terrain,
    options: held.options,
    seedHash: held.seedHash,
    briefing: held.briefing,
  };
}

/** Asks for everything after the sequence we hold: the answer carries whole Views. */
function resync(m: TableModel): EnvelopeInit {
  return { body: { case: "resync", value: { sinceSeq: m.seq } } };
}

function withView(m: TableModel, view: View | undefined): TableModel {
  return view ? { ...m, view } : m;
}

/** The log prints what the engine wrote for this viewer; the client writes no rules text. */
export function logEntry(e: Event): LogEntry {
  return { seq: e.seq, kind: "event", text: e.text || "…", dice: e.dice };
}

/**
 * A Delta's lines with their seqs: one left out (0) is the one after the line before it, the
 * first's the one after the Delta's from_seq (docs/protocol.md "Deltas").
 */
export function numbered(events: Event[], fromSeq: bigint): Event[] {
  let next = fromSeq + 1n;
  return events.map((e) => {
    const seq = e.seq === 0n ? next : e.seq;
    next = seq + 1n;
    return seq === e.seq ? e : { ...e, seq };
  });
}

function appendEvents(m: TableModel, events: Event[]): TableModel {
  if (events.length === 0) return m;
  return { ...m, log: trim([...m.log, ...events.map(logEntry)]) };
}

function trim(log: LogEntry[]): LogEntry[] {
  return log.length > LOG_LIMIT ? log.slice(log.length - LOG_LIMIT) : log;
}

export type LogFilter = "all" | "dice" | "refusals";

export function filterLog(log: LogEntry[], filter: LogFilter): LogEntry[] {
  switch (filter) {
    case "all":
      return log;
    case "dice":
      return log.filter((e) => e.dice.length > 0);
    case "refusals":
      return log.filter((e) => e.kind === "refusal");
  }
}

/** The most recent events that rolled dice, newest first. */
export function recentDice(log: LogEntry[], count: number): LogEntry[] {
  const out: LogEntry[] = [];
  for (let i = log.length - 1; i >= 0 && out.length < count; i--) if (log[i].dice.length) out.push(log[i]);
  return out;
}
