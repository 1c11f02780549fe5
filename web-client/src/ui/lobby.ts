// The lobby: join a game from a link, or choose a rule set and a scenario, create a room and
// hand out one link per seat; found a club (club-found.ts); and the rooms of this browser and of
// its game master (my-rooms.ts).
import { Role, type Catalog, type RoomCreated } from "../gen/sandtable/v1/protocol_pb";
import type { Connection } from "../net/connection";
import { localJoinUrl, parseJoinLink } from "../links";
import { hostKey, type StorageLike } from "../state/my-rooms";
import { h, replace } from "./dom";
import { buildCard } from "./editor-start";
import { fixedSeed, roomLinks, SEAT_ENTROPY_LABEL, seatEntropyBox, seatLabel } from "./room-links";
import { spectatorChoices } from "./spectators";
import { BrowserRooms, ServerRooms } from "./my-rooms";
import { RoomOptions } from "./room-options";
import { clubSection } from "./club-found";

/** An uploaded scenario's name (its "name" field), or the file's name when it has none. */
export function scenarioName(json: string, fileName: string): string {
  try {
    const name = (JSON.parse(json) as { name?: unknown }).name;
    if (typeof name === "string" && name.trim()) return name.trim();
  } catch {
    // The server has accepted it, so it parses; a name is only for the links' heading.
  }
  return fileName.replace(/\.json$/i, "");
}

export class LobbyPage {
  readonly root: HTMLElement;
  private catalog: Catalog | null = null;
  private readonly create = h("section", { class: "card create" });
  private readonly build = h("section", { class: "card build", "data-testid": "build-card", hidden: true });
  private readonly links = h("section", { class: "card links", hidden: true });
  private readonly status = h("p", { class: "muted", role: "status" });
  private readonly browserRooms: BrowserRooms;
  private readonly serverRooms: ServerRooms;

  constructor(private readonly conn: Connection, private readonly store: StorageLike | null = null) {
    this.browserRooms = new BrowserRooms(store);
    this.serverRooms = new ServerRooms(conn, store);
    const input = h("input", { type: "url", placeholder: "Paste a join link", "aria-label": "Join link", class: "join-input" });
    const err = h("p", { class: "error", hidden: true });
    const join = h(
      "form",
      {
        class: "join-form",
        onsubmit: (e: Event) => {
          e.preventDefault();
          const link = parseJoinLink(input.value);
          err.hidden = !!link;
          if (!link) {
            err.textContent = "That does not look like a Sandtable join link (it needs a ?token=… part).";
            return;
          }
          location.assign(localJoinUrl(location, link));
        },
      },
      input,
      h("button", { type: "submit" }, "Join"),
    );
    this.root = h(
      "div",
      { class: "lobby" },
      h("header", { class: "lobby-head" }, h("h1", {}, "Sandtable"), h("p", {}, "A hosted table for historical miniatures wargames.")),
      h("section", { class: "card" }, h("h2", {}, "Join a game"), join, err),
      this.create,
      this.links,
      this.build,
      this.status,
      clubSection(store),
      this.browserRooms.root,
      this.serverRooms.root,
      h("p", { class: "muted" }, "Doubt the dice? ", h("a", { href: "?verify", "data-testid": "verify-link" }, "Check a game file"), " — every roll and card re-run by the rules engine."),
    );
    replace(this.create, h("h2", {}, "Create a room"), h("p", { class: "muted" }, "Loading the catalogue…"));
  }

  async load(): Promise<void> {
    const reply = await this.conn.request({ body: { case: "listCatalog", value: {} } });
    if (reply.body.case === "catalog") {
      this.catalog = reply.body.value;
      this.renderCreate();
      this.build.hidden = false;
      replace(this.build, buildCard(reply.body.value));
    } else if (reply.body.case === "error") {
      replace(this.create, h("h2", {}, "Create a room"), h("p", { class: "error" }, reply.body.value.message));
    }
  }

  private renderCreate(): void {
    const cat = this.catalog!;
    const rs = h("select", { id: "ruleset", "aria-label": "Rule set" }, cat.rulesets.map((r) => h("option", { value: r.id }, r.title || r.id)));
    const sc = h("select", { id: "scenario", "aria-label": "Scenario" });
    const desc = h("p", { class: "scenario-desc" });
    const name = h("input", { id: "room-name", type: "text", placeholder: "Room name (optional)", maxlength: 80 });
    const fillScenarios = () => {
      const list = cat.scenarios.filter((s) => s.ruleset === rs.value);
      replace(sc, list.map((s) => h("option", { value: s.id }, s.name || s.id)));
      describe();
    };
    const describe = () => {
      const s = cat.scenarios.find((x) => x.id === sc.value);
      replace(desc, s ? [s.description, s.sides.length ? h("small", {}, ` Sides: ${s.sides.map((x) => seatLabel(x, Role.PLAYER)).join(", ")}.`) : null] : "No scenario for this rule set yet.");
    };
    const ruleOptions = new RoomOptions(async (id) => {
      const r = await this.conn.request({ body: { case: "checkScenario", value: { source: { case: "scenarioId", value: id } } } });
      return r.body.case === "scenarioChecked" ? r.body.value : null;
    });
    rs.addEventListener("change", fillScenarios);
    sc.addEventListener("change", describe);
    sc.addEventListener("change", () => void ruleOptions.show(sc.value));
    rs.addEventListener("change", () => void ruleOptions.show(sc.value));
    // A club's own battle: a scenario file (the JSON of docs/engine.md "Scenarios") instead of a
    // built-in one. The server checks it with the rule set it names and says which field is wrong.
    const upload = { text: "", name: "" };
    const file = h("input", { id: "scenario-file", type: "file", accept: ".json,application/json", "data-testid": "scenario-file" });
    const fileNote = h("small", { class: "muted" }, "or a scenario file of your own (JSON)");
    file.addEventListener("change", async () => {
      const f = file.files?.[0];
      upload.text = f ? await f.text() : "";
      upload.name = f?.name ?? "";
      replace(fileNote, f ? [`${f.name} will be used instead of the list. `, h("button", { type: "button", onclick: () => { file.value = ""; upload.text = ""; upload.name = ""; replace(fileNote, "or a scenario file of your own (JSON)"); } }, "Use the list")] : "or a scenario file of your own (JSON)");
    });
    const tableDice = h("input", { id: "table-dice", type: "checkbox", "data-testid": "table-dice-option" });
    const seatEntropy = seatEntropyBox();
    const watch = h("select", { id: "spectators", "aria-label": "Spectators see", "data-testid": "spectators-option" });
    const fillWatch = () => {
      const s = cat.scenarios.find((x) => x.id === sc.value);
      replace(watch, spectatorChoices((s?.sides ?? []).map((id) => ({ id, name: seatLabel(id, Role.PLAYER) }))).map((c) => h("option", { value: c.value }, c.label)));
    };
    sc.addEventListener("change", fillWatch);
    rs.addEventListener("change", fillWatch);
    const button = h("button", { class: "primary", type: "submit" }, "Create room");
    const form = h(
      "form",
      {
        class: "create-form",
        onsubmit: async (e: Event) => {
          e.preventDefault();
          if (!sc.value && !upload.text) return;
          button.disabled = true;
          this.status.textContent = "Creating the room…";
          const source = upload.text ? { case: "scenarioJson" as const, value: upload.text } : { case: "scenarioId" as const, value: sc.value };
          const options: Record<string, string> = { ...(upload.text ? {} : ruleOptions.values()), ...(watch.value && watch.value !== "live" ? { spectators: watch.value } : {}) };
          const reply = await this.conn.request({ body: { case: "createRoom", value: { source, options, name: name.value.trim(), hostKey: hostKey(this.store), tableDice: tableDice.checked, seatEntropy: seatEntropy.checked, ...fixedSeed() } } });
          button.disabled = false;
          this.status.textContent = "";
          if (reply.body.case === "roomCreated") {
            const scenario = upload.text ? scenarioName(upload.text, upload.name) : cat.scenarios.find((x) => x.id === sc.value)?.name ?? "";
            this.showLinks(reply.body.value, name.value.trim() || scenario, scenario);
          } else if (reply.body.case === "error") this.status.textContent = `Could not create the room: ${reply.body.value.message}`;
        },
      },
      h("label", {}, "Rule set", rs),
      h("label", {}, "Scenario", sc),
      desc,
      h("label", { class: "scenario-upload" }, file, fileNote),
      h("label", {}, "Name", name),
      h("label", {}, "Spectators see", watch),
      ruleOptions.el,
      h("label", { class: "check" }, tableDice, " Dice rolled at the table: the GM types each roll the game asks for"),
      h("label", { class: "check" }, seatEntropy, SEAT_ENTROPY_LABEL),
      button,
    );
    replace(this.create, h("h2", {}, "Create a room"), form);
    fillScenarios();
    fillWatch();
    void ruleOptions.show(sc.value);
  }

  private showLinks(created: RoomCreated, roomName: string, scenario: string): void {
    this.links.hidden = false;
    replace(this.links, roomLinks(created, this.store, roomName, scenario));
    this.browserRooms.render();
  }
}
