// Rookie Rules in the browser, end to end: a room of the farm assault (scenarios/rookie/) is
// created in the lobby; the Soviets, the Germans and a spectator open their links in browser
// contexts of their own. Cards are played only with the page's controls: the side panel shows the
// turned card and the deck's counts (never its order, RR-CARD-06); the side whose colour was turned
// selects a unit and clicks "Act on this card"; the unit fires (the target clicked on the table,
// the server's preview gives the chart column before the die) and moves (a path drawn on the
// table), or passes the card. The German sniper is on the Germans' table only (RR-SNIP-02).
// Screenshots go to web-client/test-output/e2e/ (rr-*.png).
import assert from "node:assert/strict";
import { test } from "node:test";
import { clickAt, clickFigure, viewOf, waitFor } from "./bg-play.mjs";
import { harness } from "./harness.mjs";
import { createRoom } from "./play.mjs";

const h = harness();
const { openPage, shot, problems } = h;

const drawn = (p) => p.$$eval("svg.board .table-unit", (els) => els.map((e) => e.dataset.unit).sort());

/** The page the game waits on now (its menu offers something), or undefined. */
async function waiting(pages) {
  for (const [seat, p] of Object.entries(pages)) {
    const v = await viewOf(p);
    if (v && v.menu.length > 0) return { seat, page: p, view: v };
  }
  return undefined;
}

/** Fires the active unit's first shot by clicking it, then the target on the table; Enter sends it. */
async function fireOnce(page, unit, v) {
  const fire = v.menu.find((a) => a.id === `fire:${unit}`);
  const target = fire.targets[0];
  await page.click(`[data-action="fire:${unit}"]`);
  await clickFigure(page, target.unit);
  const preview = page.locator('.board-note [data-testid="preview"][data-state="ok"]');
  await preview.waitFor();
  assert.match(await preview.innerText(), /column (\d+-\d+|\d+\+|off the chart left)/, "the server's preview gives the chart column");
  const before = await viewOf(page);
  await page.keyboard.press("Enter");
  const after = await waitFor(page, (x) => x.seq > before.seq, "the shot");
  const line = after.log.slice(before.log.length).find((l) => / fires at /.test(l));
  assert.match(line ?? "", /: ff \d+.*column .*; d10 \d: (miss|D\/R|P\/W|S\/B)/, `the log gives the ff, the column, the die and the result: ${after.log.slice(before.log.length)}`);
  return after;
}

test("rookie rules: cards played by clicking, a shot with its column, a drawn move, the hidden sniper", { timeout: 240_000 }, async () => {
  const links = await createRoom(h, { ruleset: "rookie-rules", scenario: /rr-farm-assault/, name: "E2E Rookie", seed: 7 });
  assert.deepEqual(Object.keys(links).sort(), ["germans", "gm", "soviets", "spectator"], "one link per seat");
  const pages = {};
  for (const seat of ["soviets", "germans", "spectator"]) {
    pages[seat] = await openPage(`rr-${seat}`, links[seat]);
    await pages[seat].waitForSelector('[data-testid="connection"][data-status="open"]');
    await pages[seat].waitForSelector("svg.board .table-unit");
  }
  const { soviets: R, germans: G, spectator: S } = pages;
  // The sniper: on its own side's table only (RR-SNIP-02).
  assert.ok((await drawn(G)).includes("g-snp"), "the Germans see their sniper");
  assert.ok(!(await drawn(R)).includes("g-snp"), "the Soviets do not");
  assert.ok(!(await drawn(S)).includes("g-snp"), "nor does the spectator");
  // The deck: counts and the turned card, the same on every page.
  for (const p of [R, G, S]) {
    await p.waitForSelector('[data-testid="deck-counts"]');
    assert.match(await p.locator('[data-testid="deck-counts"]').innerText(), /Card sequence 1 · \d+ cards to turn · \d+ turned/);
  }
  await shot(R, "rr-01-start");

  let fired = 0;
  let moved = 0;
  for (let card = 0; card < 16 && (fired < 2 || moved < 1); card++) {
    const w = await waiting({ soviets: R, germans: G });
    assert.ok(w, "the game waits on one side");
    const { page, view } = w;
    const act = view.menu.find((a) => a.id.startsWith("activate:"));
    if (!act) {
      // Not a card (a command phase or the morale step): end it with the page's End button.
      const before = await viewOf(page);
      await page.click('[data-testid="end"]');
      await waitFor(page, (x) => x.seq > before.seq, "ending the phase");
      continue;
    }
    assert.match(await page.locator('[data-testid="task"]').innerText(), /Your card: pick a unit that has not acted to act, or pass/);
    const unit = act.unit;
    await clickFigure(page, unit);
    await page.click(`[data-action="activate:${unit}"]`);
    let v = await waitFor(page, (x) => x.menu.some((a) => a.id === "end-activation"), `${unit} acting`);
    if (v.menu.some((a) => a.id === `fire:${unit}`)) {
      v = await fireOnce(page, unit, v);
      fired++;
      if (fired === 1) await shot(page, "rr-02-fired");
    }
    const move = v.menu.find((a) => a.id === `move:${unit}`);
    if (move && moved < 1) {
      const me = v.units.find((u) => u.id === unit);
      const toward = w.seat === "soviets" ? 1 : -1;
      await page.click(`[data-action="move:${unit}"]`);
      await page.waitForSelector('[data-testid="draft"] [data-testid="ruler-panel"]');
      const end = { x: me.x, y: me.y + toward * Math.min(1.5, move.move.max - 0.2) };
      await clickAt(page, end);
      await page.locator('.board-note [data-testid="preview"][data-state="ok"]').waitFor();
      const before = await viewOf(page);
      await page.keyboard.press("Enter");
      const after = await waitFor(page, (x) => x.seq > before.seq, "the move");
      const line = after.log.slice(before.log.length).find((l) => / moves /.test(l));
      assert.match(line ?? "", /moves [\d.]+" \(class [ABC], up to \d+"/, `the log gives the class and the allowance: ${after.log.slice(before.log.length)}`);
      moved++;
      await shot(page, "rr-03-moved");
      v = after;
    }
    if (v.menu.some((a) => a.id === "end-activation")) {
      const before = await viewOf(page);
      await page.click('[data-action="end-activation"]');
      await waitFor(page, (x) => x.seq > before.seq, "the end of the activation");
    }
  }
  assert.ok(fired >= 1, "a unit fired");
  assert.ok(moved >= 1, "a unit moved");
  // The spectator follows the same log, without the sniper.
  const sv = await viewOf(S);
  assert.ok(sv.log.some((l) => / fires at /.test(l)), "the spectator sees the shots");
  assert.ok(sv.log.every((l) => !/Sniper/.test(l) || /unseen/.test(l)), "the spectator's log never names the sniper");
  await shot(S, "rr-04-spectator");
  assert.deepEqual(problems, [], "no page errors");
});
