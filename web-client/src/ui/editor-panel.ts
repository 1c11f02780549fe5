// The scenario editor's panel below the tools: the sides, how to win (objectives included), the
// rule set's options as its palette lists them, and the scenario's name, description and id.
import { optionValue, removeObjective, setInfo, setOption, setSide, setVictory, updateObjective } from "../state/scenario-meta";
import { h } from "./dom";
import { field, numberInput, section, selectInput, textArea, textInput, type EditorCtx } from "./editor-fields";

/** Option keys whose value is a side id: they follow a side's new id. */
export function sideOptionKeys(c: EditorCtx): string[] {
  return c.palette.options.filter((o) => o.side).map((o) => o.key);
}

export function sidesSection(c: EditorCtx): HTMLElement {
  const rows = c.scenario.sides.map((side, i) =>
    h(
      "div",
      { class: "ed-side", "data-side": i },
      field("Id", textInput(`side-id-${i}`, side.id, (v) => c.edit((s) => setSide(s, i, { id: v }, sideOptionKeys(c))), { "data-testid": `ed-side-id-${i}` })),
      field("Name", textInput(`side-name-${i}`, side.name, (v) => c.edit((s) => setSide(s, i, { name: v })), { "data-testid": `ed-side-name-${i}` })),
      h("small", { class: "muted" }, `${side.units.length} unit${side.units.length === 1 ? "" : "s"}`),
    ),
  );
  return section("Sides", "ed-sides", true, h("p", { class: "hint" }, "The id is the seat's name in links; units keep their own ids."), ...rows);
}

export function victorySection(c: EditorCtx): HTMLElement {
  const v = c.scenario.victory;
  const p = c.palette;
  return section(
    "Victory",
    "ed-victory",
    true,
    field("Turns (0 = no limit)", numberInput("max-turns", v?.maxTurns ?? 0, (n) => c.edit((s) => setVictory(s, { maxTurns: n })), { min: 0, "data-testid": "ed-max-turns" })),
    field("What the players read", textArea("victory-text", v?.text ?? "", (t) => c.edit((s) => setVictory(s, { text: t })))),
    p.unitPoints ? field("Points per prisoner", numberInput("prisoner-points", v?.prisonerPoints ?? 0, (n) => c.edit((s) => setVictory(s, { prisonerPoints: n })), { min: 0 })) : null,
    p.unitPoints ? field("Points per unit destroyed", numberInput("destroyed-points", v?.destroyedUnitPoints ?? 0, (n) => c.edit((s) => setVictory(s, { destroyedUnitPoints: n })), { min: 0 })) : null,
    p.objectives ? objectiveList(c) : null,
  );
}

function objectiveList(c: EditorCtx): HTMLElement {
  const sides: [string, string][] = [["", "Nobody"], ...c.scenario.sides.map((s): [string, string] => [s.id, s.name || s.id])];
  const items = (c.scenario.victory?.objectives ?? []).map((o, i) => {
    const set = (f: Parameters<typeof updateObjective>[2]) => c.edit((s) => updateObjective(s, i, f));
    const where = o.square ? `square ${o.square.col},${o.square.row}` : o.point ? `at ${o.point.x}, ${o.point.y}` : "";
    return h(
      "li",
      { class: "ed-objective", "data-objective": i },
      h("div", { class: "ed-row" }, textInput(`objective-name-${i}`, o.name, (n) => set({ name: n }), { "aria-label": "Objective name" }), h("small", { class: "muted" }, where)),
      h(
        "div",
        { class: "ed-row" },
        field("Points", numberInput(`objective-points-${i}`, o.points, (n) => set({ points: n }))),
        c.palette.objectiveOwner ? field("Held by", selectInput(`objective-owner-${i}`, sides, o.owner, (w) => set({ owner: w }))) : null,
        c.grid ? null : field("Radius (0 = usual)", numberInput(`objective-radius-${i}`, o.radius, (r) => set({ radius: r }), { min: 0, step: 0.5 })),
        h("button", { class: "link", onclick: () => c.edit((s) => removeObjective(s, i)) }, "Remove"),
      ),
    );
  });
  return h(
    "div",
    {},
    h("h4", {}, "Objectives"),
    h("ul", { class: "ed-list", "data-testid": "ed-objectives" }, items.length ? items : h("li", { class: "muted" }, "None yet: choose the Objectives tool and click the board.")),
  );
}

/** One select per option of the rule set (a side option offers the scenario's side ids). */
export function optionsSection(c: EditorCtx): HTMLElement | null {
  const opts = c.palette.options;
  if (!opts.length) return null;
  const rows = opts.map((o) => {
    const values: [string, string][] = o.side ? c.scenario.sides.map((s) => [s.id, s.name || s.id]) : o.values.map((x) => [x, x]);
    const value = optionValue(c.scenario, o.key, values[0]?.[0] ?? "");
    return h("div", { class: "ed-option" }, field(o.label || o.key, selectInput(`option-${o.key}`, values, value, (x) => c.edit((s) => setOption(s, o.key, x)))), o.help ? h("small", { class: "muted" }, o.help) : null);
  });
  return section("Options", "ed-options", false, ...rows);
}

export function scenarioSection(c: EditorCtx): HTMLElement {
  const s = c.scenario;
  return section(
    "Scenario",
    "ed-scenario",
    false,
    field("Name", textInput("scenario-name", s.name, (v) => c.edit((x) => setInfo(x, { name: v })), { "data-testid": "ed-name" })),
    field("Description", textArea("scenario-description", s.description, (v) => c.edit((x) => setInfo(x, { description: v })))),
    field("Id (the file's name)", textInput("scenario-id", s.id, (v) => c.edit((x) => setInfo(x, { id: v })), { "data-testid": "ed-id" })),
  );
}
