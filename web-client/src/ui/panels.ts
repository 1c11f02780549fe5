// The side panel's read-only parts: turn banner, sides, dice tray, game log, unit card.
import type { Marker, UnitView, View } from "../gen/sandtable/v1/view_pb";
import { lookFor } from "../rulesets";
import { filterLog, recentDice, type LogEntry, type LogFilter, type TableModel } from "../state/store";
import type { DieRoll } from "../gen/sandtable/v1/common_pb";
import { DIE_NAMES, facingName, sq, words } from "../state/words";
import { h } from "./dom";
import { sideColour } from "./look";

export function banner(m: TableModel, seat: string): HTMLElement {
  const v = m.view;
  if (!v) return h("div", { class: "banner" }, "Waiting for the table…");
  const t = v.turn;
  const side = (id: string) => v.sides.find((s) => s.id === id)?.name || id;
  let who = "";
  if (v.result?.over) who = v.result.winner ? `${side(v.result.winner)} wins` : "Draw";
  else if (t?.waitingFor.length) who = `waiting for ${t.waitingFor.map((x) => (x === seat ? "you" : side(x))).join(" and ")}`;
  else if (t?.activeSide) who = t.activeSide === seat ? "your turn" : `${side(t.activeSide)} to act`;
  const active = t?.activeSide ? sideColour(v, t.activeSide) : undefined;
  return h(
    "div",
    { class: "banner", "data-testid": "banner" },
    h("span", { class: "turn" }, `Turn ${t?.turn ?? "–"}`),
    h("span", { class: "phase" }, t?.phase || "setup"),
    // The seat's own sentence from the rule set ("Your activation: 3 units left") says more than "your turn".
    t?.task
      ? h("span", { class: "who task", "data-testid": "task", style: active ? `border-color:${active.fill}` : undefined }, t.task)
      : h("span", { class: "who", style: active ? `border-color:${active.fill}` : undefined }, who),
    v.paused ? h("span", { class: "paused" }, "PAUSED") : null,
    v.result?.over && v.result.reason ? h("span", { class: "result" }, v.result.reason) : null,
  );
}

/** A labelled value as the rule set wrote it: "Dug in", "Activation dice: 3". */
export function markerText(m: Marker): string {
  return m.value ? `${m.label}: ${m.value}` : m.label;
}

/**
 * The glyphs of one counter's markers, in order: the look's short glyph for each key, and where
 * two keys would show the same glyph (a look without its own table gives first letters:
 * "active" and "activated" are both A) the later one shows its key's first two letters.
 */
export function markerGlyphs(keys: string[], glyph: (key: string) => string): string[] {
  const used = new Set<string>();
  return keys.map((k) => {
    let g = glyph(k);
    if (used.has(g)) g = k.charAt(0).toUpperCase() + k.slice(1, 2);
    used.add(g);
    return g;
  });
}

/** The unit's markers that are states ("Moved"), not values ("Quality: elite"). */
export function plainMarkers(u: UnitView): Marker[] {
  return u.markers.filter((m) => !m.value);
}

export function sides(v: View | undefined, seat: string): HTMLElement {
  if (!v) return h("div");
  return h(
    "div",
    { class: "sides" },
    v.sides.map((s) => {
      const c = sideColour(v, s.id);
      return h(
        "div",
        { class: "side-row" + (s.id === seat ? " me" : "") },
        h("span", { class: "swatch", style: `background:${c.fill}` }),
        h("b", {}, s.name || s.id),
        s.id === seat ? " (you)" : "",
        h("span", { class: "side-stats" }, [
          v.briefing?.sideStrength
            ? `${s.strength} ${v.briefing.sideStrength} · lost ${s.strengthLost}`
            : v.board.case === "table" ? `${s.strength} figures` : `${s.strength} SP · lost ${s.strengthLost}`,
          ...s.markers.map(markerText),  // the rule set's own words: exhaustion, activation dice…
        ].join(" · ")),
        s.standing ? h("div", { class: "standing", "data-testid": `standing-${s.id}` }, s.standing) : null,
      );
    }),
    v.extra ? lookFor(v.ruleset).extraPanel?.(v) ?? null : null,  // e.g. a card game's open card
  );
}

/** Table dice colours the tray can paint (any rule set may roll pools of these). */
const DIE_COLOURS = new Set(["white", "blue", "red", "green", "black", "yellow"]);

/** One die as the engine told it: face, colour, and what the face did ("hit", "cancels a hit"). */
export function dieFace(d: DieRoll): HTMLElement {
  const colour = DIE_COLOURS.has(d.colour) ? d.colour : "";
  const what = [d.colour ? `${d.colour} ${DIE_NAMES[d.kind] ?? "die"}` : DIE_NAMES[d.kind] ?? "die", d.label && d.label !== d.colour ? `for ${d.label}` : "", d.meaning ? `: ${d.meaning}` : ""];
  return h(
    "span",
    { class: "die" + (colour ? ` die-${colour}` : "") + (/^hit($| \()/.test(d.meaning) ? " die-hit" : ""), "data-colour": d.colour || undefined, "data-meaning": d.meaning || undefined, title: what.filter(Boolean).join(" ") },
    h("b", {}, d.value),
    h("small", {}, d.meaning || d.label || DIE_NAMES[d.kind]),
  );
}

export function diceTray(log: LogEntry[]): HTMLElement {
  const recent = recentDice(log, 4);
  return h(
    "div",
    { class: "dice-tray", "data-testid": "dice" },
    h("h3", {}, "Dice"),
    recent.length === 0 ? h("p", { class: "muted" }, "No dice rolled yet.") : null,
    recent.map((e, i) =>
      h(
        "div",
        { class: "roll" + (i === 0 ? " latest" : "") },
        h(
          "div",
          { class: "dice" },
          e.dice.map(dieFace),
        ),
        h("div", { class: "meaning" }, e.text),
      ),
    ),
  );
}

export const FILTERS: { id: LogFilter; label: string }[] = [
  { id: "all", label: "All" },
  { id: "dice", label: "Dice" },
  { id: "refusals", label: "Refusals" },
];

export function logList(log: LogEntry[], filter: LogFilter): HTMLElement {
  const shown = filterLog(log, filter);
  return h(
    "ol",
    { class: "log", "data-testid": "log" },
    shown.length === 0 ? h("li", { class: "muted" }, "Nothing yet.") : null,
    // Each die's face, with what it did (the engine's words) on hover; the line itself says it in full.
    // Events carry their number: take-backs, rewinds and the GM's rewind points name them ("#41").
    shown.map((e) => h("li", { class: `log-${e.kind}` }, e.kind === "event" ? h("span", { class: "log-seq" }, `#${e.seq}`) : null, e.dice.length ? h("span", { class: "log-dice" }, e.dice.map((d, i) => [i ? " " : "", h("span", { title: d.meaning || undefined }, `⚀${d.value}`)])) : null, e.text)),
  );
}

export function unitCard(v: View, u: UnitView): HTMLElement {
  const c = sideColour(v, u.side);
  const sideName = v.sides.find((s) => s.id === u.side)?.name || u.side;
  return h(
    "div",
    { class: "unit-card" },
    h("div", { class: "card-head", style: `background:${c.fill};color:${c.ink}` }, h("b", {}, u.name || u.id), ` · ${sideName}`),
    h(
      "dl",
      {},
      h("dt", {}, "Type"), h("dd", {}, words(u.type)),
      ...u.markers.filter((m) => m.value).flatMap((m) => [h("dt", {}, m.label), h("dd", {}, m.value)]),
      ...(v.board.case === "table"
        ? [h("dt", {}, "Strength"), h("dd", {}, v.briefing?.unitStrength ? `${u.strength} of ${u.maxStrength} ${v.briefing.unitStrength}` : `${u.strength} figure${u.strength === 1 ? "" : "s"}`),
           h("dt", {}, "Facing"), h("dd", {}, `${Math.round(u.facingDeg)}°`),
           h("dt", {}, "Markers"), h("dd", {}, plainMarkers(u).map(markerText).join(", ") || "none")]
        : [h("dt", {}, "Strength"), h("dd", {}, `${u.strength} of ${u.maxStrength} SP`),
           h("dt", {}, "Square"), h("dd", {}, `${sq(u.square)} facing ${facingName(u.facing)}`),
           ]),
      plainMarkers(u).length && v.board.case !== "table" ? [h("dt", {}, "Markers"), h("dd", {}, plainMarkers(u).map(markerText).join(", "))] : null,
      u.carriedBy ? [h("dt", {}, "Carried by"), h("dd", {}, u.carriedBy)] : null,
    ),
  );
}
