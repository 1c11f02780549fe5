// The registry of per-rule-set client modules, keyed by the rule-set id the server sends
// (View.ruleset, Welcome.ruleset). A module holds only looks and words: counter glyphs, marker
// letters, figure and hull drawing hints, legend lines, a demonstration table. No rules: what
// a seat may do comes from the engine's action menu. Nothing outside this folder names a rule
// set (test/seam.test.ts checks).
import type { Look } from "./look";
import { look as gridLook } from "./pw";
import { look as tableLook } from "./bg";
import { look as oneHourLook } from "./oh";
import { look as rookieLook } from "./rookie";

export type { Look, DemoTable } from "./look";

const REGISTRY: Record<string, Look> = {
  [gridLook.id]: gridLook,
  [tableLook.id]: tableLook,
  [oneHourLook.id]: oneHourLook,
  [rookieLook.id]: rookieLook,
};

/** What any rule set without a module of its own looks like: plain counters, first letters. */
export const PLAIN: Look = {
  id: "",
  markerLetter: (m) => m.charAt(0).toUpperCase(),
  legend: [],
};

export function lookFor(ruleset: string | undefined): Look {
  return (ruleset && REGISTRY[ruleset]) || PLAIN;
}

/** The first rule set with a demonstration table (for ?demo). */
export function demoLook(): Look | undefined {
  return Object.values(REGISTRY).find((l) => l.demo);
}
