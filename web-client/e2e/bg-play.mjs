// What the Battleground end-to-end tests share: reading a page's own view, waiting on it, points
// on the table, and the few steps every game takes (creating a room in the lobby, ending a card).
import { createRoom, waitOn } from "./play.mjs";

/**
 * Creates a Battleground room in the lobby from the scenario whose id matches; returns the seat
 * links. A seed fixes the cards and dice (the lobby's ?seed=, which the test server allows).
 */
export function createRoomIn(h, scenario, name, seed) {
  return createRoom(h, { ruleset: "battleground", scenario, name, seed });
}

/** The page's own view, reduced to what the test decides on. */
export const viewOf = (page) =>
  page.evaluate(() => {
    const m = window.sandtable.page.model;
    const v = m.view;
    if (!v) return null;
    return {
      seq: Number(m.seq),
      height: v.board.value.height,
      units: v.units.map((u) => ({ id: u.id, name: u.name, side: u.side, x: u.position?.x, y: u.position?.y, facing: u.facingDeg, markers: u.markers.map((m) => m.key) })),
      turn: v.turn?.turn ?? 0,
      phase: v.turn?.phase ?? "",
      over: !!v.result?.over,
      decisions: v.decisions.map((d) => ({ id: d.id, seat: d.seat, kind: d.kind, prompt: d.prompt })),
      menu: (v.menu?.actions ?? []).map((a) => ({ id: a.id, kind: a.kind, label: a.label, unit: a.unitId, confirm: a.confirm, decision: a.decisionId, move: a.move ? { max: a.move.maxInches, modes: [...a.move.modes], free: a.move.facingFree } : null, targets: a.targets.map((t) => ({ id: t.id, label: t.label, unit: t.unitId, detail: t.detail })) })),
      log: [...document.querySelectorAll('[data-testid="log"] li:not(.muted)')].map((li) => li.textContent),
    };
  });

export const waitFor = (page, predicate, what, timeout) => waitOn(viewOf, page, predicate, what, timeout);

/** Screen point of a table point in inches, through the SVG's own transform (20 units an inch, y up). */
export async function screenOf(page, p) {
  return page.evaluate(({ x, y }) => {
    const height = window.sandtable.page.model.view.board.value.height;
    // The board's own transform: the table may be turned to put the seat's edge at the bottom.
    return window.sandtable.page.board.toScreen({ x: x * 20, y: (height - y) * 20 });
  }, p);
}

export async function clickAt(page, p) {
  const q = await screenOf(page, p);
  await page.mouse.click(q.x, q.y);
}

export async function clickFigure(page, unitId) {
  const box = await page.locator(`[data-unit="${unitId}"] .figure`).first().boundingBox();
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
}

/** Ends the open card's action for the side (answering its confirm question). */
export async function endAction(page) {
  const before = await viewOf(page);
  await page.click('[data-action="end-action"]');
  if (await page.locator('[data-testid="confirm-dialog"]').count()) await page.click('[data-testid="confirm-yes"]');
  await waitFor(page, (x) => x.seq > before.seq, "the end of the action");
}

