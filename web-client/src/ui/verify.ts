// The verify page (`/?verify`, docs/fair-play.md "Checking a game"): for people without the CLI.
// A game file chosen here is posted to the server, whose engine re-runs it exactly as
// `sandtable-cli verify` does; the page shows the engine's words, nothing of its own.
import { h, replace } from "./dom";

export interface VerifyResult {
  verified: boolean;  // every roll and card matches
  report: string;     // the engine's words
}

/** Posts a game file's text to the server's check and returns its answer. */
export async function checkGameFile(text: string, post: typeof fetch = fetch): Promise<VerifyResult> {
  const res = await post("/api/verify", { method: "POST", body: text, headers: { "Content-Type": "application/json" } });
  return { verified: res.headers.get("X-Sandtable-Verified") === "yes", report: await res.text() };
}

export class VerifyPage {
  readonly root: HTMLElement;
  private readonly result = h("section", { class: "card verify-result", "data-testid": "verify-result", hidden: true });
  private readonly file = h("input", { type: "file", accept: ".json,application/json", "data-testid": "verify-file", "aria-label": "Game file" }) as HTMLInputElement;

  constructor() {
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
          "Choose a game's file (\u201cDownload the game file\u201d at the table, or sandtable-cli export). The server starts the scenario from the seed the game committed to, gives the engine the file's orders one by one, and compares every event it produces with the file's: every die, every card, every move. It says either that every roll and card matches, or which event does not.",
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
      const r = await checkGameFile(await f.text());
      replace(
        this.result,
        h("h2", { class: r.verified ? "verified" : "mismatch", "data-testid": "verify-verdict" }, r.verified ? "Every roll and card matches" : "This file does not check out"),
        h("pre", { class: "verify-report", "data-testid": "verify-report" }, r.report),
      );
    } catch {
      replace(this.result, h("p", { class: "error" }, "The server could not be reached; try again."));
    }
  }
}
