// The GM's seats (docs/gm.md "Seats"): put the server's bot in a side's seat or give the seat back
// (GmEdit.seat_bot, an audited edit), and replace a seat's link when it leaked or a player changes
// (RevokeSeat: the old link stops at once, the new one is shown here once).
import type { View } from "../gen/sandtable/v1/view_pb";
import { h } from "./dom";
import { spectatorChoices, spectatorValue } from "./spectators";

/** New links made this session, by seat, and the last problem; kept across renders. */
export interface SeatsState {
  links: Map<string, string>;
  problem: string;
  open: boolean;
}

export function emptySeats(): SeatsState {
  return { links: new Map(), problem: "", open: false };
}

export interface SeatsActions {
  seatBot(side: string, bot: boolean): void;
  trustDice(side: string, trusted: boolean): void;
  /** What spectators see, as the scenario option spells it ("delayed:2"). */
  spectators(value: string): void;
  newLink(seat: string): void;
}

/** Whether the engine marks the side with `key` (`bot`: played by the computer; `own_dice`: enters its own dice). */
export function marked(v: View, side: string, key: string): boolean {
  return !!v.sides.find((s) => s.id === side)?.markers.some((m) => m.key === key);
}

export function gmSeatsPanel(v: View, st: SeatsState, act: SeatsActions): HTMLElement {
  const row = (seat: string, name: string, side: boolean) => {
    const link = st.links.get(seat);
    const bot = side && marked(v, seat, "bot");
    const ownDice = side && marked(v, seat, "own_dice");
    return h("div", { class: "gm-seat", "data-seat": seat },
      h("span", {}, h("b", {}, name), bot ? h("small", { class: "muted" }, " — played by the computer") : null, ownDice ? h("small", { class: "muted" }, " — enters its own dice") : null),
      h("div", { class: "gm-buttons" },
        !side ? null : bot
          ? h("button", { "data-testid": "gm-seat-human", onclick: () => act.seatBot(seat, false) }, "Give the seat back")
          : h("button", { "data-testid": "gm-seat-bot", onclick: () => act.seatBot(seat, true) }, "Seat the computer"),
        side && v.tableDice
          ? h("button", { "data-testid": ownDice ? "gm-dice-untrust" : "gm-dice-trust", title: "Who types the faces of this side's dice", onclick: () => act.trustDice(seat, !ownDice) }, ownDice ? "Enter its dice yourself" : "Let it enter its own dice")
          : null,
        h("button", { "data-testid": "gm-new-link", title: "The seat's current link stops working at once", onclick: () => {
          if (confirm(`The current link for ${name} stops working at once and its connections close. Make a new one?`)) act.newLink(seat);
        } }, "New link")),
      link ? h("input", { class: "gm-link", type: "text", readonly: true, value: link, "data-testid": "gm-new-link-url", onclick: (e: Event) => (e.target as HTMLInputElement).select() }) : null);
  };
  const panel = h("details", { class: "gm-seats", "data-testid": "gm-seats", open: st.open || st.links.size > 0 || !!st.problem },
    h("summary", {}, "Seats"),
    v.sides.map((s) => row(s.id, s.name || s.id, true)),
    row("spectator", "Spectators", false),
    spectatorsRow(v, act),
    st.problem ? h("p", { class: "gm-problem", role: "alert" }, st.problem) : null);
  panel.addEventListener("toggle", () => (st.open = panel.open));
  return panel;
}

function spectatorsRow(v: View, act: SeatsActions): HTMLElement {
  const now = spectatorValue(v.spectators);
  const choose = h("select", { "data-testid": "gm-spectators", "aria-label": "Spectators see" },
    spectatorChoices(v.sides.map((s) => ({ id: s.id, name: s.name }))).map((c) => h("option", { value: c.value, selected: c.value === now }, c.label)));
  choose.addEventListener("change", () => act.spectators(choose.value));
  return h("label", { class: "gm-field" }, "Spectators see", choose);
}
