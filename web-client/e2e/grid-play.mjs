// What the grid (Portable Wargame) end-to-end files share: the page's own view reduced to what a
// test decides on, waiting on it, squares on screen through the board's own transform (the table
// may be turned to the seat's edge), and answering decisions.
import { waitOn } from "./play.mjs";

/** The page's own view (the client's model), reduced to plain values. */
export const viewOf = (page) =>
  page.evaluate(() => {
    const m = window.sandtable.page.model;
    const v = m.view;
    if (!v) return null;
    return {
      seq: Number(m.seq),
      cols: v.board.value.cols,
      rows: v.board.value.rows,
      turn: v.turn?.turn ?? 0,
      phase: v.turn?.phase ?? "",
      activeSide: v.turn?.activeSide ?? "",
      activeUnit: v.turn?.activeUnit ?? "",
      task: v.turn?.task ?? "",
      waitingFor: [...(v.turn?.waitingFor ?? [])],
      paused: v.paused,
      over: !!v.result?.over,
      decisions: v.decisions.map((d) => ({ id: d.id, seat: d.seat, choices: d.choices.map((c) => c.id) })),
      units: v.units.map((u) => ({ id: u.id, name: u.name, side: u.side, type: u.type, col: u.square?.col, row: u.square?.row, facing: u.facing, strength: u.strength })),
      menu: (v.menu?.actions ?? []).map((a) => ({ id: a.id, kind: a.kind, unit: a.unitId, confirm: a.confirm, facings: [...a.facings], targets: a.targets.map((t) => ({ id: t.id, col: t.square?.col, row: t.square?.row, detail: t.detail })) })),
      selected: window.sandtable.page.orders?.selected ?? null,
      log: [...document.querySelectorAll('[data-testid="log"] li')].map((li) => li.textContent),
    };
  });

export const waitFor = (page, predicate, what, timeout) => waitOn(viewOf, page, predicate, what, timeout);

/** Screen point of a square's centre, through the board's own transform. */
export function squareOnScreen(page, col, row) {
  return page.evaluate(([c, r]) => {
    const rows = window.sandtable.page.model.view.board.value.rows;
    return window.sandtable.page.board.toScreen({ x: (c + 0.5) * 60, y: (rows - 1 - r + 0.5) * 60 });
  }, [col, row]);
}

export async function clickSquare(page, col, row) {
  const p = await squareOnScreen(page, col, row);
  await page.mouse.click(p.x, p.y);
}

export async function clickUnit(page, id) {
  const box = await page.locator(`[data-unit="${id}"]`).boundingBox();
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
}

/** Answers every decision addressed to `seat` with its first choice (by tap on a touch page). */
export async function answerDecisions(page, seat, { tap = false } = {}) {
  for (let i = 0; i < 10; i++) {
    const v = await viewOf(page);
    if (!v?.decisions.some((d) => d.seat === seat)) return;
    const choice = page.locator(".decision .choice").first();
    await (tap ? choice.tap() : choice.click());
    await waitFor(page, (x) => x.seq > v.seq, "the answer to be applied");
  }
}
