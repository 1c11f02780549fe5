// The campaign's tables: the standings (sides and members: played, won, drawn, lost, points) and,
// for a battle that follows another, what it carried over unit by unit.
import type { Battle, Campaign, Standing } from "../gen/sandtable/v1/club_pb";
import { battleName, ranked, sideName } from "../state/club";
import { h } from "./dom";

const COLS = ["Played", "Won", "Drawn", "Lost", "Points"];

function standingTable(title: string, who: string, rows: Standing[], kind: "side" | "member", extra?: (s: Standing) => string): HTMLElement {
  return h(
    "table",
    { class: "club-table standings", "data-testid": `standings-${kind}s` },
    h("caption", {}, title),
    h("thead", {}, h("tr", {}, h("th", {}, who), extra ? h("th", {}, "Side") : null, COLS.map((c) => h("th", { class: "num" }, c)))),
    h(
      "tbody",
      {},
      ranked(rows).map((s) =>
        h(
          "tr",
          { [`data-${kind}`]: s.id },
          h("td", {}, s.name),
          extra ? h("td", { class: "muted" }, extra(s)) : null,
          [s.played, s.won, s.drawn, s.lost].map((n) => h("td", { class: "num" }, n)),
          h("td", { class: "num points" }, s.points),
        ),
      ),
    ),
  );
}

/** The two standings tables, or a sentence while no battle is over (a table of noughts says nothing). */
export function standings(c: Campaign, sideOfMember: (id: string) => string): HTMLElement {
  const played = c.sidesStanding.some((s) => s.played > 0);
  return h(
    "div",
    { class: "standings-wrap", "data-testid": "standings" },
    h("h3", {}, "Standings"),
    played
      ? h(
          "div",
          { class: "standings-tables" },
          standingTable("Sides", "Side", c.sidesStanding, "side"),
          c.membersStanding.length ? standingTable("Members", "Member", c.membersStanding, "member", (s) => sideOfMember(s.id)) : null,
        )
      : h("p", { class: "muted" }, "No battle is over yet."),
  );
}

/** "Carried from <battle>": each unit whose strength changed, before → after, or removed. */
export function carriedTable(c: Campaign, b: Battle): HTMLElement | null {
  if (!b.carried.length) return null;
  // The unit's scenario side, named by the campaign side that plays it in this battle.
  const side = (id: string) => {
    const plays = b.sides.find((s) => s.scenarioSide === id)?.campaignSide;
    return plays ? sideName(c, plays) : id;
  };
  return h(
    "table",
    { class: "club-table carried", "data-testid": "carried" },
    h("caption", {}, `Carried from ${battleName(c, b.follows)}`),
    h("thead", {}, h("tr", {}, h("th", {}, "Unit"), h("th", {}, "Side"), h("th", { class: "num" }, "Before"), h("th", {}, ""), h("th", { class: "num" }, "After"))),
    h(
      "tbody",
      {},
      b.carried.map((u) =>
        h(
          "tr",
          { "data-unit": u.unitId, "data-before": u.before, "data-after": u.after, "data-removed": u.removed ? "yes" : "no", class: u.removed ? "removed" : "" },
          h("td", {}, u.name || u.unitId),
          h("td", { class: "muted" }, side(u.side)),
          h("td", { class: "num" }, u.before),
          h("td", { class: "muted" }, "→"),
          h("td", { class: "num" }, u.removed ? "removed" : u.after),
        ),
      ),
    ),
  );
}
