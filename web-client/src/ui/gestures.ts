// Fingers on the board: which pointers are down, and the arithmetic of a two-finger pinch
// (zoom about the fingers' midpoint, and pan as the midpoint moves).

export interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

export interface Pair {
  /** Midpoint of the two fingers, in client pixels. */
  mid: { x: number; y: number };
  /** Distance between them, in client pixels. */
  dist: number;
}

/** The pointers now down on the board (touch points, or a mouse), by pointer id. */
export class Pointers {
  private readonly pts = new Map<number, { x: number; y: number }>();

  down(e: { pointerId: number; clientX: number; clientY: number }): void {
    this.pts.set(e.pointerId, { x: e.clientX, y: e.clientY });
  }

  /** Follows a pointer that is down; false for one that is not (a hovering mouse). */
  move(e: { pointerId: number; clientX: number; clientY: number }): boolean {
    if (!this.pts.has(e.pointerId)) return false;
    this.pts.set(e.pointerId, { x: e.clientX, y: e.clientY });
    return true;
  }

  clear(): void {
    this.pts.clear();
  }

  up(e: { pointerId: number }): void {
    this.pts.delete(e.pointerId);
  }

  get count(): number {
    return this.pts.size;
  }

  /** The first two pointers down, as a pinch sees them; null with fewer than two. */
  pair(): Pair | null {
    const [a, b] = [...this.pts.values()];
    if (!a || !b) return null;
    return { mid: { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 }, dist: Math.hypot(a.x - b.x, a.y - b.y) };
  }
}

/**
 * The viewBox after a pinch: the board point that was under the starting midpoint stays under
 * the fingers' midpoint now, and the box scales by how much the fingers spread (apart: zoom in).
 * `el` is the element's place and size in client pixels; the box keeps the element's aspect.
 */
export function pinchBox(start: Box, from: Pair, now: Pair, el: Box, minW: number, maxW: number): Box {
  const k0 = start.w / el.w;  // board units per pixel at the start
  const anchor = { x: start.x + (from.mid.x - el.x) * k0, y: start.y + (from.mid.y - el.y) * k0 };
  const spread = from.dist > 0 && now.dist > 0 ? from.dist / now.dist : 1;
  const w = Math.min(Math.max(start.w * spread, minW), maxW);
  const f = w / start.w;
  const h = start.h * f;
  const k = w / el.w;
  return { x: anchor.x - (now.mid.x - el.x) * k, y: anchor.y - (now.mid.y - el.y) * k, w, h };
}
