// A campaign's map of battles, above its list: a box per battle coloured by how it stands
// (planned, playing, over: the list's colours, club.css), its name, its state, who won, "next" on
// the battles that can be opened now, and an arrow from each battle to those that follow it. Where
// the boxes go is decided in state/campaign-map.ts; here it is only drawn. The map keeps its size
// while the panel has room and shrinks with it (a viewBox), down to a width still legible, past
// which it scrolls.
import type { Battle, Campaign } from "../gen/sandtable/v1/club_pb";
import { layoutCampaign } from "../state/campaign-map";
import { sideName, statusWords } from "../state/club";
import { h, s } from "./dom";

const BOX_W = 160;
const BOX_H = 56;
const GAP_X = 44;  // room for the arrows between columns
const GAP_Y = 12;
const EDGE = 3;    // so the outer boxes' strokes are not cut
const INSET = 9;   // the words' margin inside a box
const NAME_PX = 13;
const LINE_PX = 12;
const PILL_W = 38;
const SMALLEST = 560;  // px: a wider map scrolls rather than shrink past this

let ruler: { ctx: CanvasRenderingContext2D | null; family: string } | undefined;

/**
 * How wide a text will be drawn: the box is built before it is in the page, so it cannot be
 * measured there; a canvas measures with the page's own font, and without one (it cannot fail in
 * a browser, but) an average letter is near enough.
 */
function textWidth(text: string, px: number, bold: boolean): number {
  ruler ??= { ctx: document.createElement("canvas").getContext("2d"), family: getComputedStyle(document.body).fontFamily };
  if (!ruler.ctx) return text.length * px * (bold ? 0.64 : 0.58);
  ruler.ctx.font = `${bold ? 700 : 400} ${px}px ${ruler.family}`;
  return ruler.ctx.measureText(text).width;
}

/** The text, cut with an ellipsis where it would not fit in `room` px. */
function fit(text: string, room: number, px: number, bold = false): string {
  if (textWidth(text, px, bold) <= room) return text;
  let n = text.length;
  while (n > 1 && textWidth(`${text.slice(0, n).trimEnd()}…`, px, bold) > room) n--;
  return `${text.slice(0, n).trimEnd()}…`;
}

/** One battle's box; the words sit in an inner svg, which clips whatever the estimate let through. */
function box(c: Campaign, b: Battle, next: boolean, x: number, y: number): SVGElement {
  const status = b.status || "planned";
  const inner = BOX_W - 2 * INSET;
  const said = statusWords(b);
  const over = status === "over";
  const winner = over ? (b.winner ? `${sideName(c, b.winner)} won` : "drawn") : "";
  const saidW = Math.min(textWidth(said, LINE_PX, false), inner);
  const right = inner - saidW - 8;  // what is left of the second line after the state
  const tip = [b.name, b.scenarioName || b.scenarioId, said, winner, next ? "next to be played" : ""].filter(Boolean).join(" · ");
  return s(
    "g",
    { class: `map-box ${status}${next ? " next" : ""}`, transform: `translate(${x} ${y})`, "data-battle": b.id, "data-status": status, "data-next": next ? "yes" : "no", "data-testid": "map-box" },
    s("title", {}, tip),
    s("rect", { class: "map-frame", width: BOX_W, height: BOX_H, rx: 6 }),
    s(
      "svg",
      { x: INSET, y: 0, width: inner, height: BOX_H },
      s("text", { class: "map-name", x: 0, y: 22, "font-size": NAME_PX, "data-testid": "map-name" }, fit(b.name, inner, NAME_PX, true)),
      s("text", { class: "map-status", x: 0, y: 42, "font-size": LINE_PX, "data-testid": "map-status" }, fit(said, next ? inner - PILL_W - 6 : inner, LINE_PX)),
      winner && right > 12 ? s("text", { class: `map-winner${b.winner ? "" : " drawn"}`, x: inner, y: 42, "font-size": LINE_PX, "text-anchor": "end", "data-testid": "map-winner" }, fit(winner, right, LINE_PX, true)) : null,
      next
        ? s(
            "g",
            { class: "map-next", transform: `translate(${inner - PILL_W} 30)`, "data-testid": "map-next" },
            s("rect", { width: PILL_W, height: 16, rx: 8 }),
            s("text", { x: PILL_W / 2, y: 12, "font-size": 11, "text-anchor": "middle" }, "next"),
          )
        : null,
    ),
  );
}

/** The map of a campaign's battles; null while it has none. */
export function campaignMap(c: Campaign): HTMLElement | null {
  if (!c.battles.length) return null;
  const m = layoutCampaign(c.battles);
  const width = 2 * EDGE + m.cols * BOX_W + (m.cols - 1) * GAP_X;
  const height = 2 * EDGE + m.rows * BOX_H + (m.rows - 1) * GAP_Y;
  const place = new Map(m.boxes.map((b) => [b.id, { x: EDGE + b.col * (BOX_W + GAP_X), y: EDGE + b.row * (BOX_H + GAP_Y), next: b.next }]));
  // An id of its own per campaign: every campaign's map is in the same page.
  const arrow = `map-arrow-${c.id.replace(/[^\w-]/g, "_")}`;
  const edges = m.edges.map((e) => {
    const a = place.get(e.from)!;
    const b = place.get(e.to)!;
    const [x1, y1, x2, y2] = [a.x + BOX_W, a.y + BOX_H / 2, b.x, b.y + BOX_H / 2];
    const mid = (x1 + x2) / 2;
    // Level at both ends, so a branch curves down between the columns and meets its box head on.
    return s("path", { class: "map-edge", d: `M${x1} ${y1} C${mid} ${y1} ${mid} ${y2} ${x2} ${y2}`, "marker-end": `url(#${arrow})`, "data-from": e.from, "data-to": e.to, "data-testid": "map-edge" });
  });
  const svg = s(
    "svg",
    {
      viewBox: `0 0 ${width} ${height}`,
      width,
      height,
      style: `min-width: ${Math.min(width, SMALLEST)}px`,
      role: "img",
      "aria-label": `The map of ${c.name}'s battles`,
      "data-testid": "campaign-map",
    },
    s("defs", {}, s("marker", { id: arrow, class: "map-arrow", viewBox: "0 0 10 10", refX: 10, refY: 5, markerWidth: 6, markerHeight: 6, orient: "auto" }, s("path", { d: "M0 0 L10 5 L0 10 z" }))),
    edges,
    c.battles.map((b) => {
      const p = place.get(b.id)!;
      return box(c, b, p.next, p.x, p.y);
    }),
  );
  return h("div", { class: "campaign-map" }, svg);
}
