// The One-Hour Wargames WWII look: its own glyph for every marker the engine sends, the three
// base sizes of each unit type, and the marks that tell the unique base and a tank apart.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { lookFor } from "../src/rulesets";
import { BASES, LETTERS } from "../src/rulesets/oh";

const look = lookFor("one-hour-ww2");

describe("One-Hour Wargames WWII look", () => {
  it("is registered under its rule-set id", () => {
    expect(look.id).toBe("one-hour-ww2");
    expect(look.legend.length).toBeGreaterThan(0);
  });

  it("gives every marker key its own short glyph", () => {
    // The keys the engine puts on UnitView.markers (engine/rulesets/oh/oh_view.cc).
    const keys = ["hits", "permanent", "dug_in", "ready", "concealed", "fired", "moved", "marching", "hidden", "threatened"];
    expect(Object.keys(LETTERS).sort()).toEqual([...keys].sort());
    const glyphs = keys.map((k) => look.markerLetter(k));
    expect(new Set(glyphs).size).toBe(keys.length);
    for (const g of glyphs) expect(g.length).toBeGreaterThan(0);
    for (const g of glyphs) expect(g.length).toBeLessThanOrEqual(2);
  });

  it("sizes the bases of each unit type, the unique base like the other two", () => {
    const sizes: Record<string, [number, number]> = { infantry: [2, 1], mortar: [1.5, 1], atg: [1.5, 1.5], tank: [1.5, 2.5] };
    expect(BASES).toEqual(sizes);
    for (const [type, size] of Object.entries(sizes)) {
      expect(look.figureBase?.(type)).toEqual(size);
      expect(look.figureBase?.(`${type}_unique`)).toEqual(size);
    }
    expect(look.figureBase?.("rifle")).toBeUndefined();
  });

  it("leaves the other looks on the square base", () => {
    expect(lookFor("battleground").figureBase).toBeUndefined();
    expect(lookFor("portable-wargame-19c").figureBase).toBeUndefined();
  });
});

// The marks are SVG elements: a few lines of stand-in document are enough to count them.
class FakeElement {
  readonly attrs: Record<string, string> = {};
  constructor(readonly tag: string) {}
  setAttribute(k: string, v: string): void {
    this.attrs[k] = v;
  }
  append(): void {}
  addEventListener(): void {}
}

describe("One-Hour Wargames WWII base marks", () => {
  const saved = (globalThis as { document?: unknown }).document;
  beforeAll(() => {
    (globalThis as { document?: unknown }).document = { createElementNS: (_ns: string, tag: string) => new FakeElement(tag) };
  });
  afterAll(() => {
    (globalThis as { document?: unknown }).document = saved;
  });
  const marks = (kind: string) => {
    const [w, d] = look.figureBase!(kind)!;
    return look.figureMarks!(kind, "#000", { w: w * 20, d: d * 20 }) as unknown as FakeElement[];
  };
  const has = (els: FakeElement[], cls: string) => els.some((e) => e.attrs.class === cls);

  it("marks the unique base of every type with a star and a thick front edge, and no other base", () => {
    for (const type of Object.keys(BASES)) {
      expect(has(marks(`${type}_unique`), "unique-star"), type).toBe(true);
      expect(has(marks(`${type}_unique`), "unique-edge"), type).toBe(true);
      expect(has(marks(type), "unique-star"), type).toBe(false);
      expect(has(marks(type), "unique-edge"), type).toBe(false);
      expect(marks(type).length, type).toBeGreaterThan(0);
    }
  });

  it("draws a turret on every tank base, the unique one included", () => {
    expect(has(marks("tank"), "turret")).toBe(true);
    expect(has(marks("tank_unique"), "turret")).toBe(true);
    expect(has(marks("infantry"), "turret")).toBe(false);
  });

  it("draws nothing on a kind it does not know", () => {
    expect(look.figureMarks!("rifle", "#000", { w: 12, d: 12 })).toEqual([]);
  });
});
