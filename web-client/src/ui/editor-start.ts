// The way into the scenario editor: the lobby's "Build a scenario" card, and what an editor
// address (?editor=<rule set or scenario id>) asks the server for. The editor has an address of
// its own so a GM can bookmark or share "a new battle of this rule set" and tests can open it.
import type { Catalog } from "../gen/sandtable/v1/protocol_pb";
import { h, replace } from "./dom";

/** Where a scenario file opened from the card waits for the editor page (this tab only). */
export const FILE_KEY = "sandtable:editor-file";
/** The ?editor= value that means "the file the card stored". */
export const FROM_FILE = "@file";

export type EditorSource =
  | { case: "ruleset"; value: string }
  | { case: "scenarioId"; value: string }
  | { case: "scenarioJson"; value: string };

/**
 * What ?editor=<value> starts from: a rule set's empty table when the catalogue has a rule set of
 * that id, the file the card left in session storage, else the built-in scenario of that id
 * (the server says so when there is none).
 */
export function editorSource(value: string, catalog: Catalog, storage: Pick<Storage, "getItem"> | null): EditorSource | null {
  if (!value) return null;
  if (catalog.rulesets.some((r) => r.id === value)) return { case: "ruleset", value };
  if (value === FROM_FILE) {
    const text = storage?.getItem(FILE_KEY);
    return text ? { case: "scenarioJson", value: text } : null;
  }
  return { case: "scenarioId", value };
}

/** The editor's address on this page's own path. */
export function editorUrl(value: string): string {
  return `${location.pathname}?editor=${encodeURIComponent(value)}`;
}

/** The lobby's card: a rule set, and an empty table, a built-in scenario or a file to start from. */
export function buildCard(cat: Catalog): Node[] {
  const rs = h("select", { id: "build-ruleset", "aria-label": "Rule set to build for" }, cat.rulesets.map((r) => h("option", { value: r.id }, r.title || r.id)));
  const from = h("select", { id: "build-from", "aria-label": "Start from" });
  const file = h("input", { id: "build-file", type: "file", accept: ".json,application/json", "data-testid": "build-file" });
  const fileRow = h("label", { class: "scenario-upload", hidden: true }, file);
  const err = h("p", { class: "error", hidden: true });
  const fill = () => {
    const list = cat.scenarios.filter((s) => s.ruleset === rs.value);
    replace(
      from,
      h("option", { value: "" }, "An empty table"),
      list.map((s) => h("option", { value: s.id }, `The scenario “${s.name || s.id}”`)),
      h("option", { value: FROM_FILE }, "A scenario file…"),
    );
    fileRow.hidden = true;
  };
  rs.addEventListener("change", fill);
  from.addEventListener("change", () => { fileRow.hidden = from.value !== FROM_FILE; });
  const open = async (e: Event) => {
    e.preventDefault();
    err.hidden = true;
    if (from.value !== FROM_FILE) return location.assign(editorUrl(from.value || rs.value));
    const f = file.files?.[0];
    if (!f) {
      err.hidden = false;
      err.textContent = "Choose the scenario file to open.";
      return;
    }
    // The file's text goes to the editor page through this tab's session storage: an address
    // cannot carry a whole scenario, and a reload of the editor still finds it.
    sessionStorage.setItem(FILE_KEY, await f.text());
    location.assign(editorUrl(FROM_FILE));
  };
  fill();
  return [
    h("h2", {}, "Build a scenario"),
    h("p", { class: "muted" }, "Lay out a battle of your own on the real board: place units, lay terrain, set the sides and how to win. The server checks it as you go; save it as a file or start a room from it."),
    h(
      "form",
      { class: "create-form", onsubmit: open },
      h("label", {}, "Rule set", rs),
      h("label", {}, "Start from", from),
      fileRow,
      err,
      h("button", { class: "primary", type: "submit", "data-testid": "open-editor" }, "Open the editor"),
    ),
  ];
}
