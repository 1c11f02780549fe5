// End to end (issue 17, the GM's table): on the Portable Wargame meeting engagement a player takes
// back a move from the button the engine's menu offers (every seat sees the unit back and the log
// says so), moves again, and the GM rewinds that move from the referee panel with a reason, which
// every seat's log and the GM's audit show. Screenshots go to web-client/test-output/e2e/.
import assert from "node:assert/strict";
import { test } from "node:test";
import { answerDecisions, clickSquare, clickUnit, viewOf, waitFor } from "./grid-play.mjs";
import { createRoom } from "./play.mjs";
import { harness } from "./harness.mjs";

const h = harness();
const { openPage, shot, problems } = h;

const logHas = (page, re) =>
  page.waitForFunction((src) => [...document.querySelectorAll('[data-testid="log"] li')].some((li) => new RegExp(src).test(li.textContent)), re.source);

/** Moves a unit of `side` one square (the menu's first target) by clicking; returns where from and to. */
async function moveOne(page, side) {
  const v = await viewOf(page);
  const unit = v.units.find((u) => u.side === side && u.type === "infantry" && v.menu.some((a) => a.id === `move:${u.id}` && a.targets.length));
  assert.ok(unit, `${side} has an infantry unit the menu lets move`);
  const dest = v.menu.find((a) => a.id === `move:${unit.id}`).targets[0];
  await clickUnit(page, unit.id);
  await page.keyboard.press("m");
  await clickSquare(page, dest.col, dest.row);
  await page.keyboard.press("Enter");
  await waitFor(page, (x) => x.units.some((u) => u.id === unit.id && u.col === dest.col && u.row === dest.row), "the move to be applied");
  return { unit, dest };
}

const at = (v, id) => v.units.find((u) => u.id === id);

test("a player takes back a move; the GM rewinds one with a reason", { timeout: 180_000 }, async () => {
  const lobby = await openPage("gm-table-lobby", h.server.url);
  const links = await createRoom(h, { ruleset: "portable-wargame-19c", scenario: /meeting/, name: "Take-backs", lobby });
  const blue = await openPage("tb-blue", links.blue);
  const red = await openPage("tb-red", links.red);
  const spec = await openPage("tb-spectator", links.spectator);
  const gm = await openPage("tb-gm", links.gm);
  for (const p of [blue, red, spec, gm]) {
    await p.waitForSelector('[data-testid="connection"][data-status="open"]');
    await p.waitForSelector("svg.board .unit");
  }
  // Through the artillery phase (plans held) and the start-of-turn questions, to an active side.
  for (const [p, seat] of [[blue, "blue"], [red, "red"]]) {
    const now = await viewOf(p);
    if (/artillery/.test(now.phase) && now.waitingFor.includes(seat)) {
      await p.click('[data-testid="send-plan"]');
      await waitFor(p, (x) => x.seq > now.seq, `${seat}'s plan to be accepted`);
    }
  }
  await waitFor(blue, (x) => x.phase === "activation" || x.decisions.length > 0, "the activation phase");
  await answerDecisions(blue, "blue");
  await answerDecisions(red, "red");
  const v = await waitFor(blue, (x) => x.phase === "activation" && !!x.activeSide, "an active side");
  const side = v.activeSide;
  const A = side === "blue" ? blue : red;
  const B = side === "blue" ? red : blue;
  assert.equal(await A.locator('[data-testid="take-back"]').count(), 0, "nothing to take back before the first order of the turn");

  // --- A moves, and takes it back: nothing was rolled, nobody else acted, so at once ---
  const first = await moveOne(A, side);
  const button = A.locator('[data-testid="take-back"]');
  await button.waitFor();
  assert.match(await button.innerText(), /Take back your last order/);
  assert.equal(await B.locator('[data-testid="take-back"]').count(), 0, "the other side has nothing to take back");
  await shot(A, "take-back-offered");
  await button.click();
  for (const p of [A, B, spec]) {
    await waitFor(p, (x) => at(x, first.unit.id).col === first.unit.col && at(x, first.unit.id).row === first.unit.row, "the unit to be back where it was");
    await logHas(p, /takes back their last order: the table is as it was after #\d+\./);
  }
  await shot(A, "take-back-done");
  await shot(spec, "take-back-spectator");

  // --- A moves again; the GM rewinds it from the referee panel, with a reason ---
  const second = await moveOne(A, side);
  await gm.click('[data-testid="gm-edits"] summary');
  await gm.selectOption('[data-testid="gm-edit-kind"]', "rewind");
  const points = await gm.$$eval('[data-testid="gm-edit-point"] option', (os) => os.map((o) => ({ value: o.value, label: o.textContent })));
  const newest = points.find((p) => p.value !== "");
  assert.ok(newest, `the GM's menu lists a point to go back to: ${JSON.stringify(points)}`);
  assert.match(newest.label, /^Before #\d+ \(/, "the newest point first, before the move");
  await gm.selectOption('[data-testid="gm-edit-point"]', newest.value);
  await gm.fill('[data-testid="gm-edit-reason"]', "the move was made by mistake");
  await shot(gm, "gm-rewind-form");
  await gm.click('[data-testid="gm-edit-apply"]');
  for (const p of [A, B, spec, gm]) {
    await waitFor(p, (x) => at(x, second.unit.id).col === second.unit.col && at(x, second.unit.id).row === second.unit.row, "the rewound unit to be back");
    await logHas(p, new RegExp(`GM rewinds the table to how it was after #${newest.value} \\(the move was made by mistake\\)\\.`));
  }
  await gm.waitForFunction(() => /GM rewinds the table/.test(document.querySelector('[data-testid="gm-audit"]')?.textContent ?? ""));
  await shot(gm, "gm-rewind-done");
  assert.deepEqual(problems, [], "no page errors");
});
