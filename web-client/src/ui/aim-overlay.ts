// What the table draws over the board while a player aims or measures, the question it asks the
// server about it, and the server's answer pinned beside it: on a free table the move drawn with
// its ruler, the aim line to a target and the measure line; on a grid the route. Distances and
// lines of sight shown are the server's answers (the Askers); the live ruler only adds up the
// path drawn so far, which the server checks again when the order goes.
import { Role } from "../gen/sandtable/v1/protocol_pb";
import type { UnitView, View } from "../gen/sandtable/v1/view_pb";
import type { QueryInit } from "../net/connection";
import { answerNote } from "./answer";
import { PAUSE_MS, type Asker } from "./asker";
import { h } from "./dom";
import { routeNoteAt, routeOverlay, routeQuestion } from "./grid-route";
import type { MeasureTool } from "./measure";
import { myTurn, pointMark, type Orders, type Overlay } from "./orders";
import { allowedInches, distance, exactInches, inchesText, pathLength, rulerLabel, type Pt } from "./ruler";

/** How long the pointer must rest on a target before its preview is asked. */
const HOVER_MS = 200;

/** What the player is aiming or measuring, as the table page holds it. */
export interface Aim {
  orders: Orders;
  measure: MeasureTool;
  aimAsker: Asker;
  measureAsker: Asker;
  role: Role;
  /** Free tables: where the pointer is (inches); null off the table. */
  pointer: Pt | null;
  /** The target being hovered (on the table or in the list), previewed before it is picked. */
  hoverTarget: string | null;
  /** Whether the pointer is on the facing handle (the ruler then stops following it). */
  overHandle(): boolean;
}

/** The question to ask now about what is aimed: the move drawn, the route, or the target hovered or picked. */
export function aimQuestion(v: View, s: Aim): { key: string; query: QueryInit; delay: number } | null {
  const o = s.orders;
  if (v.board.case === "grid" && o.route && s.role !== Role.SPECTATOR && myTurn(v)) return routeQuestion(o.action(v), o.order(v));
  if (v.board.case !== "table" || s.role === Role.SPECTATOR || !myTurn(v)) return null;
  const a = o.action(v);
  if (!a) return null;
  if (a.move) {
    const p = o.order(v);
    return p ? { key: `preview|${JSON.stringify(p)}`, query: { body: { case: "preview", value: p } }, delay: PAUSE_MS } : null;
  }
  const id = s.hoverTarget ?? o.target;
  if (!a.targets.length || !id || !a.targets.some((t) => t.id === id)) return null;
  const picked = id === o.target;
  return { key: `preview|${a.id}|${id}`, query: { body: { case: "preview", value: { action: a.id, target: id } } }, delay: picked ? 0 : HOVER_MS };
}

/** The orders' overlay plus the free table's: the path with its ruler, the aim line, the measure line. */
export function aimOverlay(v: View, s: Aim): Overlay {
  const orders = s.orders;
  const o = orders.overlay(v);
  o.route = routeOverlay(orders.route, s.aimAsker.answer(), orders.unit(v)?.square);
  const lines: NonNullable<Overlay["lines"]> = [];
  const table = v.board.case === "table";
  const a = orders.action(v);
  const mover = a ? v.units.find((x) => x.id === a.unitId) : undefined;
  const path = orders.path;
  const measuring = s.measure.on;
  if (table && a?.move && path && mover?.position && !measuring) {
    const from = mover.position;
    const pointer = s.pointer && !s.overHandle() ? s.pointer : undefined;
    const used = pathLength(from, pointer ? [...path.points, pointer] : path.points);
    const r = rulerLabel(used, allowedInches(a.move, path.mode));
    o.path = { from, points: path.points, pointer, label: r.text, over: r.over, facingDeg: a.move.facingFree ? path.facingDeg : undefined };
  }
  const pick = orders.pick;
  if (table && a?.point && pick && !pick.at && s.pointer && !measuring) o.point = pointMark(a.point, s.pointer, pick.facingDeg, true);
  const tid = s.hoverTarget ?? orders.target;
  const target = table && a && !a.move && tid ? a.targets.find((t) => t.id === tid) : undefined;
  const tpos = target ? (target.unitId ? v.units.find((x) => x.id === target.unitId)?.position : target.point) : undefined;
  if (target && tpos && mover?.position && !measuring) {
    const r = s.aimAsker.answer();
    const label = r?.answer.ok ? exactInches(r.answer.distance) : "";
    lines.push({ from: mover.position, to: tpos, label, cls: "aim-line" + (r && (!r.answer.ok || !r.answer.lineOfSight) ? " blocked" : "") });
    o.aimedUnit = target.unitId || undefined;
  }
  const m = s.measure;
  if (m.on && m.from) {
    const r = s.measureAsker.answer();
    const to = m.to?.at ?? (table ? s.pointer ?? undefined : undefined);
    if (to) {
      const label = m.to ? (r?.answer.ok ? (table ? exactInches(r.answer.distance) : `${r.answer.distance} sq`) : "") : inchesText(distance(m.from.at, to));
      lines.push({ from: m.from.at, to, label, cls: "measure-line" + (m.to ? "" : " pending") + (r && m.to && (!r.answer.ok || !r.answer.lineOfSight) ? " blocked" : "") });
    }
  }
  o.lines = lines;
  return o;
}

/** Whether the board's note speaks for what is under the pointer (so the unit card would cover it). */
export function noteCoversUnit(v: View | undefined, s: Aim, u: UnitView | null): boolean {
  if (s.measure.on || s.orders.path) return true;
  const a = v && s.orders.action(v);
  return !!u && !!a && v?.board.case === "table" && a.targets.some((t) => t.unitId === u.id);
}

/** The server's answer beside the ruler, the aim line or the measure, pinned where it belongs. */
export function aimNote(v: View, s: Aim): { el: HTMLElement; at: Pt } | null {
  const grid = v.board.case === "grid";
  const m = s.measure;
  if (m.on) {
    if (!m.from) return null;
    if (!m.to) return { el: h("div", { class: "answer" }, h("p", { class: "muted" }, "Click a second point or unit.")), at: m.from.at };
    return { el: answerNote("measure", s.measureAsker.answer(), s.measureAsker.waiting(), grid), at: m.to.at };
  }
  const orders = s.orders;
  const routeAt = grid ? routeNoteAt(orders.route) : null;
  if (routeAt) return { el: answerNote("move", s.aimAsker.answer(), s.aimAsker.waiting(), true), at: routeAt };
  if (grid) return null;
  const a = orders.action(v);
  if (!a) return null;
  const mover = v.units.find((x) => x.id === a.unitId);
  if (a.move) {
    const path = orders.path;
    if (!path || !mover?.position || !path.ready()) return null;
    return { el: answerNote("move", s.aimAsker.answer(), s.aimAsker.waiting()), at: path.end(mover.position) };
  }
  const tid = s.hoverTarget ?? orders.target;
  const target = tid ? a.targets.find((t) => t.id === tid) : undefined;
  const at = target ? (target.unitId ? v.units.find((x) => x.id === target.unitId)?.position : target.point) : undefined;
  if (!target || !at) return null;
  const head = h("p", { class: "answer-head" }, h("b", {}, a.label || a.id), " → ", target.label || target.id);
  const note = answerNote("target", s.aimAsker.answer(), s.aimAsker.waiting());
  note.prepend(head);
  return { el: note, at };
}
