// Rookie Rules in the browser, end to end: a room of the farm assault (scenarios/rookie/) is
// created in the lobby; the Soviets, the Germans and a spectator open their links in browser
// contexts of their own. Cards are played only with the page's controls: the side panel shows the
// turned card and the deck's counts (never its order, RR-CARD-06); the side whose colour was turned
// selects a unit and clicks "Act on this card"; the unit fires (the target clicked on the table,
// the server's preview gives the chart column before the die) and moves (a path drawn on the
// table), or passes the card. The German sniper is on the Germans' table only (RR-SNIP-02).
// A second room, of the crossroads at Saint-Lô, plots the American battery by clicking the table,
// sees it land between the card sequences, keeps the German minefield off the American table,
// shows a German squad to the Americans only once it is spotted, and plays on into the third turn.
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

/** The kinds of the table features this page draws (scenery, minefields, plots, strikes). */
const terrainKinds = (p) => p.evaluate(() => window.sandtable.page.model.view.terrain.map((t) => t.kind));

/** Ends the phase or passes the card of whichever side the game waits on, by its button. */
async function carryOn(pages) {
  const w = await waiting(pages);
  assert.ok(w, "the game waits on one side");
  const id = ["end-phase", "pass", "end-activation"].find((x) => w.view.menu.some((a) => a.id === x));
  assert.ok(id, `something to end or pass: ${w.view.menu.map((a) => a.id)}`);
  const before = await viewOf(w.page);
  await w.page.click(`[data-action="${id}"]`);
  await waitFor(w.page, (x) => x.seq > before.seq, id);
}

/** Passes cards until the unit's side may activate it, then moves it along the points, a function each. */
async function actAndMove(A, G, unit, points) {
  for (let step = 0; step < 80 && !(await viewOf(G)).menu.some((a) => a.id === `activate:${unit}`); step++) await carryOn({ americans: A, germans: G });
  await clickFigure(G, unit);
  await G.click(`[data-action="activate:${unit}"]`);
  for (const p of points) {
    const v = await waitFor(G, (x) => x.menu.some((a) => a.id === `move:${unit}`), `${unit} may move`);
    await G.click(`[data-action="move:${unit}"]`);
    await G.waitForSelector('[data-testid="draft"] [data-testid="ruler-panel"]');
    await clickAt(G, p);
    await G.locator('.board-note [data-testid="preview"][data-state="ok"]').waitFor({ timeout: 10_000 }).catch(async (e) => {
      throw new Error(`${unit} to ${p.x}, ${p.y}: ${await G.locator(".board-note").innerText().catch(() => "")} (${e.message})`);
    });
    await G.keyboard.press("Enter");
    await waitFor(G, (x) => x.seq > v.seq, "the move");
  }
}

test("rookie rules: a strike plotted in secret by clicking the table lands for everyone; a minefield stays on its side's table", { timeout: 240_000 }, async () => {
  const links = await createRoom(h, { ruleset: "rookie-rules", scenario: /rr-crossroads-armour/, name: "E2E Rookie strike", seed: 11 });
  const pages = {};
  for (const seat of ["americans", "germans", "spectator"]) {
    pages[seat] = await openPage(`rr-${seat}`, links[seat]);
    await pages[seat].waitForSelector('[data-testid="connection"][data-status="open"]');
    await pages[seat].waitForSelector("svg.board .table-unit");
  }
  const { americans: A, germans: G, spectator: S } = pages;
  // RR-MINE-01: the German minefield is on the Germans' table only.
  assert.ok((await terrainKinds(G)).includes("minefield"), "the Germans see their minefield");
  assert.ok(!(await terrainKinds(A)).includes("minefield"), "the Americans do not");
  assert.ok(!(await terrainKinds(S)).includes("minefield"), "nor does the spectator");
  // RR-ART-01: the turn starts with the Americans plotting their battery, by a point picked on the table.
  let v = await waitFor(A, (x) => x.menu.some((a) => a.id === "plot:us-105:C"), "the plotting step");
  assert.match(await A.locator('[data-testid="task"]').innerText(), /Plot your batteries/);
  await A.click('[data-action="plot:us-105:C"]');
  await clickAt(A, { x: 30, y: 36 });
  await shot(A, "rr-05-plot-aimed");
  await A.keyboard.press("Enter");
  v = await waitFor(A, (x) => x.seq > v.seq && x.log.some((l) => /plots its fire/.test(l)), "the plot");
  assert.ok((await terrainKinds(A)).includes("plotted_fire"), "the plot is drawn on the Americans' table");
  assert.ok(!(await terrainKinds(G)).includes("plotted_fire"), "and not on the Germans'");
  assert.ok(!(await terrainKinds(S)).includes("plotted_fire"), "nor the spectator's");
  assert.ok((await viewOf(G)).log.every((l) => !/plots its fire/.test(l)), "the Germans' log does not tell the plot");
  await shot(A, "rr-06-plotted");
  // The first card sequence is played out (phases ended, cards passed); the strike lands before the second.
  for (let step = 0; step < 80 && !(await terrainKinds(G)).includes("strike"); step++) await carryOn({ americans: A, germans: G });
  assert.ok((await terrainKinds(G)).includes("strike"), "the strike is drawn on the Germans' table once it lands");
  assert.ok((await terrainKinds(S)).includes("strike"), "and on the spectator's");
  const gv = await viewOf(G);
  assert.ok(gv.log.some((l) => /105mm battery's fire lands \(template C\): impact d10 \d/.test(l)), `the landing is told with its die: ${gv.log.slice(-6)}`);
  await shot(G, "rr-07-strike-landed");

  // RR-OBS-01/02 with rr.fog = hidden: Gruppe Arndt, in the café, is off the Americans' table until
  // it walks out onto the road in their sight; then it is on it (and the spectator's).
  assert.ok(!(await drawn(A)).includes("g-sq1"), "the Americans do not see Gruppe Arndt in the café");
  assert.ok(!(await drawn(S)).includes("g-sq1"), "nor does the spectator");
  // Its leader first steps into the café (its command needs sight of the squad, RR-CMD-02), then the
  // squad walks out of the door: two functions each, every path drawn on the table.
  await actAndMove(A, G, "g-ldr", [{ x: 27, y: 40.5 }, { x: 26.5, y: 39.5 }]);
  await actAndMove(A, G, "g-sq1", [{ x: 25.5, y: 36.1 }, { x: 25.5, y: 35.3 }]);
  await waitFor(A, (x) => x.units.some((u) => u.id === "g-sq1"), "Gruppe Arndt on the Americans' table");
  assert.ok((await drawn(A)).includes("g-sq1"), "spotted in the open, it is drawn for the Americans");
  assert.ok((await viewOf(A)).log.some((l) => /Gruppe Arndt is spotted by Americans/.test(l)), "and the log says it was spotted");
  assert.ok((await drawn(S)).includes("g-sq1"), "and for the spectator");
  await shot(A, "rr-08-spotted");

  // Two whole turns, played by the pages' buttons.
  for (let step = 0; step < 200 && (await viewOf(A)).turn < 3; step++) await carryOn({ americans: A, germans: G });
  assert.equal((await viewOf(A)).turn, 3, "the third turn has begun");
  assert.equal((await viewOf(G)).turn, 3);
  assert.deepEqual(problems, [], "no page errors");
});
