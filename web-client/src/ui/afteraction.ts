// After the game: the result, the reason, each side's losses and standing, and the events the
// rule set says decided it (ResultView.deciding), all as the server wrote them. The game log
// this seat saw can be saved as a text file; the replay is opened from the header (ui/replay.ts).
import type { View } from "../gen/sandtable/v1/view_pb";
import type { LogEntry } from "../state/store";
import { h } from "./dom";

export interface SideLosses {
  id: string;
  name: string;
  lost: number;
  left: number;
  unit: string;  // "SP" or "figures", as the board counts strength
  standing: string;
}

export interface AfterAction {
  headline: string;  // "Blue advance guard wins" / "A draw"
  reason: string;
  sides: SideLosses[];
  deciding: string[];
}

/** The after-action model of a finished game; null while the game goes on. */
export function afterAction(v: View | undefined): AfterAction | null {
  if (!v?.result?.over) return null;
  const name = (id: string) => v.sides.find((s) => s.id === id)?.name || id;
  const unit = v.briefing?.sideStrength || (v.board.case === "table" ? "figures" : "SP");
  return {
    headline: v.result.winner ? `${name(v.result.winner)} wins` : "A draw",
    reason: v.result.reason,
    sides: v.sides.map((s) => ({ id: s.id, name: s.name || s.id, lost: s.strengthLost, left: s.strength, unit, standing: s.standing })),
    deciding: [...v.result.deciding],
  };
}

/** The log as plain text, one line per entry, for the "save the log" link. */
export function logText(scenario: string, log: LogEntry[]): string {
  const lines = log.map((e) => `${e.seq}\t${e.kind === "refusal" ? "refused: " : ""}${e.text}`);
  return `${scenario}\n\n${lines.join("\n")}\n`;
}

/** The game's file (docs/fair-play.md): what `sandtable-cli verify` checks, saved as it came. */
export interface GameFile {
  save: () => void;
  problem: string;  // why the last try failed, in the server's words
}

export function afterActionPanel(a: AfterAction, saveLog: (() => void) | null, gameFile: GameFile | null = null): HTMLElement {
  return h(
    "section",
    { class: "after-action", "data-testid": "after-action", "aria-label": "After the battle" },
    h("h3", {}, "After the battle"),
    h("p", { class: "aa-headline" }, h("b", {}, a.headline)),
    a.reason ? h("p", { class: "aa-reason" }, a.reason) : null,
    h(
      "table",
      { class: "aa-losses" },
      h("tr", {}, h("th", {}, "Side"), h("th", {}, "Lost"), h("th", {}, "Left")),
      a.sides.map((s) =>
        h("tr", { "data-side": s.id }, h("td", {}, s.name), h("td", { "data-testid": `lost-${s.id}` }, `${s.lost} ${s.unit}`), h("td", {}, `${s.left} ${s.unit}`)),
      ),
    ),
    a.sides.some((s) => s.standing) ? h("ul", { class: "aa-standing" }, a.sides.filter((s) => s.standing).map((s) => h("li", {}, h("b", {}, s.name), `: ${s.standing}`))) : null,
    a.deciding.length ? h("div", {}, h("h4", {}, "What decided it"), h("ol", { class: "aa-deciding", "data-testid": "deciding" }, a.deciding.map((d) => h("li", {}, d)))) : null,
    saveLog ? h("p", {}, h("button", { class: "link", "data-testid": "save-log", onclick: saveLog }, "Download the game log")) : null,
    gameFile
      ? h(
          "p",
          {},
          h("button", { class: "link", "data-testid": "save-game", title: "Every order, roll and card, and the revealed seed: check it with sandtable-cli verify", onclick: gameFile.save }, "Download the game file (to verify)"),
          gameFile.problem ? h("span", { class: "replay-error", role: "alert" }, ` ${gameFile.problem}`) : null,
        )
      : null,
  );
}

/** Saves text as a file through a temporary link. */
export function download(name: string, text: string, type = "text/plain"): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = h("a", { href: url, download: name });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
