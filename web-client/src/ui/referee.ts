// The GM's referee panel beside the table: pause and resume, end as a draw, the dice, the game
// file, the clocks, the seats, the rulings asked and the edit form; after the end, the one order
// a finished game takes (show everyone the whole game). The panel only offers: every button sends
// a GM command and the engine decides.
import type { MessageInitShape } from "@bufbuild/protobuf";
import type { GmCommandSchema } from "../gen/sandtable/v1/command_pb";
import type { View } from "../gen/sandtable/v1/view_pb";
import type { LogEntry } from "../state/store";
import { h } from "./dom";
import { gmEditPanel, type GmForm } from "./gm";
import { gmSeatsPanel, type SeatsState } from "./gm-seats";
import { gmRulingsPanel, type RulingWords } from "./rulings";
import { gmDiceButtons, seatingNote } from "./seating";
import { spectatorSetting } from "./spectators";
import { diceBox, type DiceDraft } from "./table-dice";

type GmBody = MessageInitShape<typeof GmCommandSchema>["body"];

/** What the panel draws from and what its buttons do. */
export interface Referee {
  seats: SeatsState;
  dice: DiceDraft;
  rulingWords: RulingWords;
  form: GmForm;
  log: readonly LogEntry[];
  /** Why the last game file could not be saved, or "". */
  gameFileProblem: string;
  /** The clocks' panel (gm-clock.ts), drawn by its owner. */
  clockPanel: HTMLElement | null;
  sideName(id: string): string;
  /** Sends a GM command at the table's sequence. */
  order(body: GmBody): void;
  /** Sends dice the GM typed for a roll the table waits on. */
  enterDice(values: number[]): void;
  /** Saves the game file; null where no server answers (the demo table). */
  saveGameFile: (() => void) | null;
  newLink(seat: string): void;
  /** The panel's own state changed (a field, a draft): draw it again. */
  changed(): void;
}

export function refereePanel(v: View, r: Referee): (HTMLElement | null)[] {
  if (v.result?.over) {
    // The one order a finished game takes: everyone's replay then shows all of it.
    const reveal = () => {
      if (confirm("Show everyone the whole game in the replay, hidden units and secret plans included?")) r.order({ case: "reveal", value: {} });
    };
    return [
      h("h3", {}, "Referee"),
      h("p", { class: "muted" }, "The game is over."),
      v.result.revealed
        ? h("p", { class: "muted", "data-testid": "gm-revealed" }, "Everyone's replay shows the whole game.")
        : h("button", { "data-testid": "gm-reveal", onclick: reveal }, "Show everyone the whole game"),
    ];
  }
  const edit = (reason: string, body: object) => r.order({ case: "edit", value: { reason, body: body as never } });
  return [
    h("h3", {}, "Referee"),
    h(
      "div",
      { class: "gm-buttons" },
      v.paused
        ? h("button", { "data-testid": "gm-resume", onclick: () => r.order({ case: "resume", value: {} }) }, "Resume game")
        : h("button", { "data-testid": "gm-pause", onclick: () => r.order({ case: "pause", value: { reason: "paused by the GM" } }) }, "Pause game"),
      h("button", { onclick: () => confirm("End the game as a draw?") && r.order({ case: "endGame", value: { winner: "", reason: "ended by the GM" } }) }, "End as draw"),
      ...gmDiceButtons(v.dice, (body) => r.order(body)),
      r.saveGameFile
        ? h("button", { "data-testid": "gm-export", title: "The game so far as one file, hidden things and the seed included: for you only", onclick: r.saveGameFile }, "Download the game file")
        : null,
    ),
    r.gameFileProblem ? h("p", { class: "replay-error", role: "alert" }, r.gameFileProblem) : null,
    v.dice && !v.dice.sealed ? seatingNote(v.dice, (id) => r.sideName(id), "gm") : null,
    v.dice?.secret ? h("p", { class: "muted", "data-testid": "gm-secret" }, "Dice secret: ", h("code", {}, v.dice.secret)) : null,
    diceBox(v, r.dice, (id) => r.sideName(id), (values) => r.enterDice(values), () => r.changed()),
    r.clockPanel,
    gmSeatsPanel(v, r.seats, {
      seatBot: (side, bot) => edit(bot ? "from the referee panel" : "the player is back", { case: "seatBot", value: { side, bot } }),
      trustDice: (side, trusted) => edit(trusted ? "they roll in the open" : "the GM rolls again", { case: "trustDice", value: { side, trusted } }),
      spectators: (value) => edit("set from the referee panel", { case: "spectators", value: spectatorSetting(value) }),
      newLink: (seat) => r.newLink(seat),
    }),
    gmRulingsPanel(v, r.rulingWords, (id) => r.sideName(id), (rule) => r.order({ case: "rule", value: rule })),
    gmEditPanel(v, r.form, r.log, (e) => r.order({ case: "edit", value: e }), () => r.changed()),
  ];
}
