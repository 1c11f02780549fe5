// The verify page (`/?verify`, docs/fair-play.md "Checking a game"): for people without the CLI.
// A game file chosen here is posted to the server, whose engine re-runs it exactly as
// `sandtable-cli verify` does; the page shows the engine's words, nothing of its own.
import { fromJsonString } from "@bufbuild/protobuf";
import { RoomCreatedSchema, type RoomCreated } from "../gen/sandtable/v1/protocol_pb";
import { hostKey, type StorageLike } from "../state/my-rooms";
import { h, replace } from "./dom";
import { roomLinks } from "./room-links";

export interface VerifyResult {
  verified: boolean;  // every roll and card matches
  report: string;     // the engine's words
}

/** Posts a game file's text to the server's check and returns its answer. */
export async function checkGameFile(text: string, post: typeof fetch = fetch): Promise<VerifyResult> {
  const res = await post("/api/verify", { method: "POST", body: text, headers: { "Content-Type": "application/json" } });
  return { verified: res.headers.get("X-Sandtable-Verified") === "yes", report: await res.text() };
}

/** The server's answer to a file opened as a room to replay: the new room, or why not in words. */
export interface ImportResult {
  created?: RoomCreated;
  problem?: string;
}

/** Posts a game file's text to /api/import; the server verifies it first (docs/protocol.md "Import"). */
export async function importGameFile(text: string, key: string, post: typeof fetch = fetch): Promise<ImportResult> {
  const res = await post("/api/import", { method: "POST", body: text, headers: { "Content-Type": "application/json", "X-Sandtable-Host-Key": key } });
  const body = await res.text();
  if (!res.ok) return { problem: body.trim() || `The server said ${res.status}.` };
  return { created: fromJsonString(RoomCreatedSchema, body) };
}

export class VerifyPage {
  readonly root: HTMLElement;
  private readonly result = h("section", { class: "card verify-result", "data-testid": "verify-result", hidden: true });
  private readonly file = h("input", { type: "file", accept: ".json,application/json", "data-testid": "verify-file", "aria-label": "Game file" }) as HTMLInputElement;

  constructor(private readonly store: StorageLike | null = null) {
    this.file.addEventListener("change", () => void this.check());
    this.root = h(
      "div",
      { class: "lobby" },
      h("header", { class: "lobby-head" }, h("h1", {}, h("a", { href: "/" }, "Sandtable")), h("p", {}, "Check a game's dice and cards.")),
      h(
        "section",
        { class: "card" },
        h("h2", {}, "Check a game file"),
        h(
          "p",
          {},
          "Choose a game's file (\u201cDownload the game file\u201d at the table, or sandtable-cli export). The server starts the scenario from the secret (or, for older games, the seed) the game committed to and the players' own randomness, gives the engine the file's orders one by one, and compares every event it produces with the file's: every die, every card, every move. It says either that every roll and card matches, or which event does not.",
        ),
        h("label", {}, "Game file ", this.file),
      ),
      this.result,
    );
  }

  private async check(): Promise<void> {
    const f = this.file.files?.[0];
    if (!f) return;
    this.result.hidden = false;
    replace(this.result, h("p", { class: "muted" }, `Checking ${f.name}…`));
    try {
      const text = await f.text();
      const r = await checkGameFile(text);
      const rooms = h("div", { "data-testid": "verify-room" });
      const open = h("button", { "data-testid": "verify-import", onclick: () => void this.openRoom(text, f.name, rooms, open) }, "Open it as a room to replay");
      replace(
        this.result,
        h("h2", { class: r.verified ? "verified" : "mismatch", "data-testid": "verify-verdict" }, r.verified ? "Every roll and card matches" : "This file does not check out"),
        h("pre", { class: "verify-report", "data-testid": "verify-report" }, r.report),
        r.verified ? [h("p", { class: "muted" }, "A room of its own, with a link for each seat: everyone replays the game as they saw it; nobody can order in it."), open, rooms] : null,
      );
    } catch {
      replace(this.result, h("p", { class: "error" }, "The server could not be reached; try again."));
    }
  }

  private async openRoom(text: string, fileName: string, into: HTMLElement, button: HTMLButtonElement): Promise<void> {
    button.disabled = true;
    replace(into, h("p", { class: "muted" }, "Opening the room…"));
    try {
      const r = await importGameFile(text, hostKey(this.store));
      if (r.created) replace(into, roomLinks(r.created, this.store, `Replay of ${fileName}`, ""));
      else replace(into, h("p", { class: "error", role: "alert", "data-testid": "verify-import-problem" }, r.problem ?? ""));
    } catch {
      replace(into, h("p", { class: "error" }, "The server could not be reached; try again."));
    }
    button.disabled = false;
  }
}
