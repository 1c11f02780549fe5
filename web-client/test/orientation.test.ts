// Each side sees the table from its own edge: the board's quarter turns, screen ↔ board both
// ways for grids and free tables, and the pinch arithmetic of a touch screen.
import { describe, expect, it } from "vitest";
import { Orient, turnsFor } from "../src/ui/orientation";
import { pinchBox, Pointers } from "../src/ui/gestures";

const GRID = { w: 12 * 60, h: 8 * 60 };   // a 12 x 8 grid of 60-unit squares
const TABLE = { w: 72 * 20, h: 48 * 20 }; // a 72" x 48" table at 20 units an inch

describe("the table's orientation", () => {
  it("turns each home edge to the bottom", () => {
    expect(turnsFor("south")).toBe(0);
    expect(turnsFor("")).toBe(0);
    expect(turnsFor("east")).toBe(1);
    expect(turnsFor("north")).toBe(2);
    expect(turnsFor("west")).toBe(3);
  });

  for (const [name, b] of Object.entries({ grid: GRID, table: TABLE })) {
    for (const edge of ["south", "east", "north", "west"]) {
      it(`round-trips screen → board → screen on a ${name} seen from the ${edge}`, () => {
        const o = Orient.forEdge(edge, b.w, b.h);
        for (const p of [{ x: 0, y: 0 }, { x: b.w, y: b.h }, { x: 17.5, y: b.h - 3 }, { x: b.w / 3, y: b.h / 7 }]) {
          const drawn = o.out(p);
          expect(drawn.x).toBeGreaterThanOrEqual(0);
          expect(drawn.y).toBeGreaterThanOrEqual(0);
          expect(drawn.x).toBeLessThanOrEqual(o.size.w);
          expect(drawn.y).toBeLessThanOrEqual(o.size.h);
          const back = o.back(drawn);
          expect(back.x).toBeCloseTo(p.x, 9);
          expect(back.y).toBeCloseTo(p.y, 9);
          expect(o.out(o.back(drawn)).x).toBeCloseTo(drawn.x, 9);
        }
      });
    }
  }

  it("puts the seat's own edge at the bottom of the drawn board", () => {
    // North-up SVG: the south edge is y = h, the north edge y = 0, the east edge x = w.
    const mid = { x: GRID.w / 2, y: GRID.h / 2 };
    const southMid = { x: GRID.w / 2, y: GRID.h };
    const northMid = { x: GRID.w / 2, y: 0 };
    const eastMid = { x: GRID.w, y: GRID.h / 2 };
    const westMid = { x: 0, y: GRID.h / 2 };
    const bottom = (edge: string, p: { x: number; y: number }) => {
      const o = Orient.forEdge(edge, GRID.w, GRID.h);
      return o.out(p).y === o.size.h && o.out(mid).y < o.size.h;
    };
    expect(bottom("south", southMid)).toBe(true);
    expect(bottom("north", northMid)).toBe(true);
    expect(bottom("east", eastMid)).toBe(true);
    expect(bottom("west", westMid)).toBe(true);
    // A quarter turn swaps the drawn width and height; a half turn keeps them.
    expect(Orient.forEdge("east", GRID.w, GRID.h).size).toEqual({ w: GRID.h, h: GRID.w });
    expect(Orient.forEdge("north", GRID.w, GRID.h).size).toEqual({ w: GRID.w, h: GRID.h });
  });

  it("turns facings with the board and keeps the compass consistent", () => {
    // Seen from the east, north lies to the right: a unit facing north (0°) points along +x.
    const o = Orient.forEdge("east", GRID.w, GRID.h);
    expect(o.deg).toBe(90);
    const a = o.out({ x: 100, y: 100 });
    const northward = o.out({ x: 100, y: 50 }); // 50 units toward the north edge
    expect(northward.x - a.x).toBeCloseTo(50, 9);
    expect(northward.y - a.y).toBeCloseTo(0, 9);
    expect(Orient.forEdge("north", 1, 1).deg).toBe(180);
    expect(Orient.forEdge("west", 1, 1).deg).toBe(270);
  });
});

describe("a pinch", () => {
  const el = { x: 100, y: 50, w: 800, h: 600 };
  const start = { x: 0, y: 0, w: 800, h: 600 }; // one board unit a pixel

  it("zooms in about the fingers' midpoint as they spread", () => {
    const from = { mid: { x: 500, y: 350 }, dist: 100 };
    const now = { mid: { x: 500, y: 350 }, dist: 200 };
    const b = pinchBox(start, from, now, el, 10, 10_000);
    expect(b.w).toBeCloseTo(400, 9);
    expect(b.h).toBeCloseTo(300, 9);
    // The board point under the midpoint (400, 300) stays under it.
    expect(b.x + (500 - el.x) * (b.w / el.w)).toBeCloseTo(400, 9);
    expect(b.y + (350 - el.y) * (b.w / el.w)).toBeCloseTo(300, 9);
  });

  it("pans as the midpoint moves, and keeps to the zoom limits", () => {
    const from = { mid: { x: 500, y: 350 }, dist: 100 };
    const b = pinchBox(start, from, { mid: { x: 540, y: 330 }, dist: 100 }, el, 10, 10_000);
    expect(b).toEqual({ x: -40, y: 20, w: 800, h: 600 });
    const tight = pinchBox(start, from, { mid: from.mid, dist: 100_000 }, el, 120, 10_000);
    expect(tight.w).toBe(120);
  });

  it("tracks the fingers down", () => {
    const p = new Pointers();
    p.down({ pointerId: 1, clientX: 0, clientY: 0 });
    expect(p.pair()).toBeNull();
    p.down({ pointerId: 2, clientX: 30, clientY: 40 });
    expect(p.pair()).toEqual({ mid: { x: 15, y: 20 }, dist: 50 });
    expect(p.move({ pointerId: 3, clientX: 1, clientY: 1 })).toBe(false);
    p.up({ pointerId: 1 });
    expect(p.count).toBe(1);
  });
});
