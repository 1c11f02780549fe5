// End to end in real Chromium against the real server: the GM creates a Battleground room (the
// village assault, whose farmhouse section starts hidden) in the lobby; the Axis player, the
// Allied player and a spectator open their links. The table shows every figure on its base;
// the hidden section is drawn for the Allies (dashed) and for no one else: it is not in the
// Axis player's or the spectator's page at all; the spectator measures with the M tool.
// Then a skirmish table (e2e/scenarios/, two squads in range of each other): whichever side a
// card lets act draws a move with the ruler (waypoints, undo, mode, facing handle; the
// server's preview beside the ruler) and the unit ends where drawn; a side that may shoot hovers
// its target, sees the dice-pool preview and sends the shot, and the log shows the engine's line.
// Screenshots go to web-client/test-output/e2e/.
import assert from "node:assert/strict";
import { test } from "node:test";
import { clickAt, clickFigure, createRoomIn, endAction, screenOf, viewOf, waitFor } from "./bg-play.mjs";
import { harness } from "./harness.mjs";
import { withFixtureScenarios } from "./play.mjs";

// The skirmish fixture joins the built-in scenarios in a temporary directory for this file's server.
withFixtureScenarios();

const h = harness();
const { openPage, shot, problems } = h;
const createRoom = (scenario, name, seed) => createRoomIn(h, scenario, name, seed);

test("battleground table: figures on their bases, the hidden section only on its side's page", { timeout: 120_000 }, async () => {
  const gm = await openPage("gm-lobby", h.server.url);
  await gm.waitForSelector("#scenario option", { state: "attached" });
  await gm.selectOption("#ruleset", "battleground");
  const village = await gm.$$eval("#scenario option", (os) => os.map((o) => o.value).find((v) => /village/.test(v)));
  assert.ok(village, "the catalogue offers the village assault");
  await gm.selectOption("#scenario", village);
  await gm.fill("#room-name", "E2E village");
  await gm.click("button:has-text('Create room')");
  await gm.waitForSelector(".link-table input");
  const links = Object.fromEntries(await gm.$$eval(".link-table input", (els) => els.map((e) => [e.dataset.seat, e.value])));
  assert.ok(links.axis && links.allies && links.spectator && links.gm, `one link per seat: ${Object.keys(links)}`);

  const pages = {};
  for (const seat of ["axis", "allies", "spectator", "gm"]) {
    pages[seat] = await openPage(seat, links[seat]);
    await pages[seat].waitForSelector('[data-testid="connection"][data-status="open"]');
    await pages[seat].waitForSelector("svg.board .table-unit");
  }
  await shot(pages.axis, "bg-01-axis");
  await shot(pages.allies, "bg-02-allies");
  await shot(pages.spectator, "bg-03-spectator");

  const units = (p) => p.$$eval("svg.board .table-unit", (els) => els.map((e) => e.dataset.unit).sort());
  // BG-UNIT-09: the Farm Section (b2) is hidden at set-up.
  assert.deepEqual(await units(pages.allies), ["b1", "b2", "g1", "g2", "g3"]);
  assert.deepEqual(await units(pages.gm), ["b1", "b2", "g1", "g2", "g3"]);
  assert.deepEqual(await units(pages.axis), ["b1", "g1", "g2", "g3"]);
  assert.deepEqual(await units(pages.spectator), ["b1", "g1", "g2", "g3"]);
  for (const seat of ["axis", "spectator"]) {
    const html = await pages[seat].content();
    assert.ok(!html.includes("Farm Section") && !html.includes('"b2'), `${seat}'s page mentions the hidden section`);
  }
  assert.equal(await pages.allies.locator('[data-unit="b2"].hidden-unit').count(), 1, "the owner sees it marked hidden");
  // Nor is it in the British total the others read: 7 figures in the church, 13 with the farm.
  const britishTotal = (p) => p.locator(".side-row", { hasText: "British" }).locator(".side-stats").innerText();
  assert.equal(await britishTotal(pages.axis), "7 figures");
  assert.equal(await britishTotal(pages.spectator), "7 figures");
  assert.equal(await britishTotal(pages.allies), "13 figures");
  // Every living figure is drawn on its own base: 8 + 8 + 6 Germans, 7 British in the church.
  assert.equal(await pages.axis.locator('[data-unit="g1"] .figure').count(), 8);
  assert.equal(await pages.axis.locator('[data-unit="g3"] .figure').count(), 6);
  assert.equal(await pages.axis.locator('[data-unit="b1"] .figure').count(), 7);
  assert.equal(await pages.axis.locator('[data-unit="g1"] .figure.leader').count() >= 1, true);
  // The side to act is offered the engine's menu as buttons by unit; the other side none.
  const menuOf = (p) => p.evaluate(() => (window.sandtable.page.model.view?.menu?.actions ?? []).map((a) => ({ id: a.id, kind: a.kind, unit: a.unitId, move: !!a.move })));
  const menus = { axis: await menuOf(pages.axis), allies: await menuOf(pages.allies) };
  const actingSeat = menus.axis.length ? "axis" : "allies";
  const acting = pages[actingSeat];
  assert.ok(menus[actingSeat].length > 0, "the side to act has a menu");
  const offered = menus[actingSeat].filter((a) => a.kind !== "answer" && a.kind !== "plan").map((a) => a.id).sort();
  const buttons = (await acting.$$eval("[data-action]", (els) => els.map((e) => e.dataset.action))).sort();
  assert.deepEqual(buttons, offered, "one button per action on the menu");
  await shot(acting, "bg-04-menu");
  // A discrete action with targets: pick it, then its first target from the list.
  const aimed = menus[actingSeat].find((a) => a.unit && !a.move && a.kind !== "answer");
  if (aimed) {
    await acting.click(`[data-action="${aimed.id}"]`);
    const first = acting.locator(".target-list [data-target]").first();
    if (await first.count()) {
      await first.click();
      await acting.waitForSelector('[data-testid="draft"]');
    }
    await shot(acting, "bg-05-aimed");
  }

  // --- the spectator measures from the 1st Squad to the Church Section: M, then two units ---
  const spec = pages.spectator;
  await spec.keyboard.press("m");
  assert.equal(await spec.getAttribute('[data-testid="measure"]', "aria-pressed"), "true");
  await clickFigure(spec, "g1");
  await clickFigure(spec, "b1");
  const measured = spec.locator('.board-note [data-testid="preview"][data-state="ok"]');
  await measured.waitFor();
  const words = await measured.innerText();
  assert.match(words, /from 1st Squad to Church Section/, "the server's sentence names both units");
  assert.match(words, /\d+(\.\d+)?" · (in|out of) sight/, "distance and line of sight");
  assert.equal(await spec.locator(".table-line.measure-line").count(), 1, "the measure is drawn");
  await shot(spec, "bg-06-spectator-measure");
  await spec.keyboard.press("Escape");
  assert.equal(await spec.locator(".table-line.measure-line").count(), 0, "Escape puts the tape away");

  // --- the GM edits one figure: a casualty the players forgot, then a figure put back in line ---
  const gmPage = pages.gm;
  const figuresOf = (p, id) => p.evaluate((u) => window.sandtable.page.model.view.units.find((x) => x.id === u).figures.map((f) => ({ id: f.id, x: f.position.x, y: f.position.y })), id);
  const logHas = (p, re) => p.waitForFunction((src) => [...document.querySelectorAll('[data-testid="log"] li')].some((li) => new RegExp(src).test(li.textContent)), re.source);
  await gmPage.click('[data-testid="gm-edits"] summary');
  await gmPage.selectOption('[data-testid="gm-edit-kind"]', "remove");
  await gmPage.selectOption('[data-testid="gm-edit-unit"]', "g1");
  const fallen = (await figuresOf(gmPage, "g1")).at(-1);
  await gmPage.selectOption('[data-testid="gm-edit-figure"]', fallen.id);
  await gmPage.fill('[data-testid="gm-edit-reason"]', "the casualty from the last shot was missed");
  await gmPage.click('[data-testid="gm-edit-apply"]');
  for (const seat of ["axis", "allies", "spectator"]) {
    await logHas(pages[seat], new RegExp(`GM removes figure ${fallen.id} of 1st Squad as a casualty \\(the casualty from the last shot was missed\\)\\.`));
  }
  await pages.axis.waitForFunction(() => document.querySelectorAll('[data-unit="g1"] .figure').length === 7);
  const stray = (await figuresOf(gmPage, "g1"))[0];
  await gmPage.selectOption('[data-testid="gm-edit-kind"]', "move");
  await gmPage.selectOption('[data-testid="gm-edit-unit"]', "g1");
  await gmPage.selectOption('[data-testid="gm-edit-figure"]', stray.id);
  const to = { x: Math.round((stray.x + 0.3) * 10) / 10, y: stray.y };
  await gmPage.fill('[data-testid="gm-edit-place"]', `${to.x}, ${to.y}`);
  await gmPage.fill('[data-testid="gm-edit-reason"]', "knocked over");
  await gmPage.click('[data-testid="gm-edit-apply"]');
  await logHas(pages.axis, new RegExp(`GM moves figure ${stray.id} of 1st Squad to .*\\(knocked over\\)\\.`));
  const placed = (await figuresOf(pages.axis, "g1")).find((f) => f.id === stray.id);
  assert.ok(Math.abs(placed.x - to.x) < 1e-6 && Math.abs(placed.y - to.y) < 1e-6, `the figure stands where the GM put it: ${JSON.stringify(placed)}`);
  // The GM's page gets the second edit on its own connection: wait for it there, not on axis's.
  await gmPage.waitForFunction(() => document.querySelectorAll('[data-testid="gm-audit"] li').length >= 2).catch(() => {});
  assert.equal(await gmPage.locator('[data-testid="gm-audit"] li').count(), 2, "both edits are in the GM's audit");
  await shot(gmPage, "bg-07-gm-figure-edits");
  assert.deepEqual(problems, []);
});

// ---- the skirmish: ruler-drawn moves and shots with the dice-pool preview ----

const rulerText = (page) => page.locator('[data-testid="ruler"]').textContent();
const inchesOf = (text) => Number(/([\d.]+)"/.exec(text)?.[1]);
const legs = (from, pts) => pts.reduce((acc, p, i) => acc + Math.hypot(p.x - (i ? pts[i - 1] : from).x, p.y - (i ? pts[i - 1] : from).y), 0);

/** Draws a three-point move with the ruler (undo, mode, facing handle) and sends it. */
async function drawMove(page, seat, v, action) {
  const unit = v.units.find((u) => u.id === action.unit);
  const ahead = seat === "axis" ? 1 : -1; // toward the enemy
  const from = { x: unit.x, y: unit.y };
  // Three short legs, 1.75" in all, the last straight ahead (so keeping the facing costs no
  // facing change, BG-MOVE-08): within the least a run of 2D6 carries a unit (2"), so the unit
  // must end exactly on the last point whatever the dice.
  const pts = [{ x: from.x + 0.5, y: from.y + 0.5 * ahead }, { x: from.x + 0.1, y: from.y + 1.0 * ahead }, { x: from.x + 0.1, y: from.y + 1.4 * ahead }];
  await page.click(`[data-action="${action.id}"]`);
  await page.waitForSelector('[data-testid="draft"] [data-testid="undo-point"]');
  if (action.move.modes.includes("run")) await page.click('[data-mode="run"]');
  assert.equal(await page.getAttribute('[data-mode="run"]', "aria-checked"), "true", "the mode chooser picked run");
  // A point past the allowance: the path and its ruler label turn to the warning colour; Backspace takes it back.
  await clickAt(page, { x: from.x - 6, y: from.y + (action.move.max + 1) * ahead });
  await page.waitForSelector('[data-testid="move-path"].over');
  assert.equal(await page.locator(".tag.ruler.over").count(), 1, "the ruler label turns to the warning colour");
  await page.mouse.move(5, 5); // off the board: the ruler shows the drawn path alone
  await shot(page, "bg-10-path-over");
  await page.keyboard.press("Backspace");
  await page.waitForFunction(() => !document.querySelector('[data-testid="move-path"] .waypoint'));
  assert.doesNotMatch(await page.locator('[data-testid="ruler-panel"]').innerText(), /point/, "Backspace removed the point");
  // Zoom in around the unit so the short legs are easy to see (the wheel zooms about the pointer).
  const at = await screenOf(page, from);
  await page.mouse.move(at.x, at.y);
  for (let i = 0; i < 5; i++) await page.mouse.wheel(0, -100);
  await page.waitForTimeout(100);
  for (const [i, p] of pts.entries()) {
    await clickAt(page, p);
    const want = legs(from, pts.slice(0, i + 1));
    const got = await rulerText(page);
    assert.ok(Math.abs(inchesOf(got) - want) <= 0.11, `ruler after point ${i + 1}: ${got}, drawn ${want.toFixed(2)}"`);
    assert.match(got, new RegExp(`of ${action.move.max}"$`), "the ruler says the allowance");
  }
  assert.match(await page.locator('[data-testid="ruler-panel"]').innerText(), /3 points/);
  // A fourth point, undone with the button.
  await clickAt(page, { x: pts[2].x - 1, y: pts[2].y + ahead });
  assert.match(await page.locator('[data-testid="ruler-panel"]').innerText(), /4 points/);
  await page.click('[data-testid="undo-point"]');
  assert.match(await page.locator('[data-testid="ruler-panel"]').innerText(), /3 points/);
  assert.ok(Math.abs(inchesOf(await page.locator('[data-testid="ruler-panel"]').innerText()) - legs(from, pts)) <= 0.11);
  await shot(page, "bg-11-path-drawn");
  // The facing handle: dragged to face east of the end; Q / E turn it back to the unit's own facing.
  if (action.move.free) {
    const end = pts.at(-1);
    // The handle is drawn with the path once the page has re-rendered after the undo.
    await page.locator(".facing-handle").waitFor({ state: "visible" });
    // The board is drawn again when the preview's answer comes; between the two the handle may be
    // briefly out of the page, so its box is asked until it is there.
    let handle = null;
    for (let i = 0; i < 100 && !handle; i++) {
      handle = await page.locator(".facing-handle").boundingBox();
      if (!handle) await page.waitForTimeout(20);
    }
    assert.ok(handle, "the facing handle is on the table");
    await page.mouse.move(handle.x + handle.width / 2, handle.y + handle.height / 2);
    await page.mouse.down();
    const east = await screenOf(page, { x: end.x + 3, y: end.y });
    await page.mouse.move(east.x, east.y, { steps: 6 });
    await page.mouse.up();
    assert.match(await page.locator('[data-testid="facing"]').innerText(), /Facing 90° at the end/, "the handle turned the facing to the east");
    const turns = ((unit.facing - 90 + 540) % 360) - 180; // degrees from east back to the unit's own
    for (let i = 0; i < Math.abs(turns) / 15; i++) await page.keyboard.press(turns > 0 ? "e" : "q");
    assert.match(await page.locator('[data-testid="facing"]').innerText(), new RegExp(`Facing ${unit.facing}° at the end`));
  }
  // The server's preview beside the ruler, asked once the drawing rests.
  const preview = page.locator('.board-note [data-testid="preview"][data-state="ok"]');
  await preview.waitFor();
  const said = await preview.innerText();
  const costs = Number(/costs ([\d.]+)"/.exec(said)?.[1]);
  assert.ok(Math.abs(costs - legs(from, pts)) < 0.06, `the server's inches for the open ground drawn: ${said}`);
  assert.match(said, new RegExp(unit.name), "the server's sentence");
  assert.match(said, /any roll/, `the drawn path is within the least roll: ${said} ${await page.evaluate(() => JSON.stringify(window.sandtable.page.aimAsker.answer()?.answer, (k, v) => typeof v === "bigint" ? String(v) : v))}`);
  await page.mouse.move(5, 5);
  await shot(page, "bg-12-path-preview");
  const before = await viewOf(page);
  await page.keyboard.press("Enter");
  const after = await waitFor(page, (x) => x.seq > before.seq, "the move to be applied");
  const moved = after.units.find((u) => u.id === unit.id);
  const end = pts.at(-1);
  assert.ok(Math.hypot(moved.x - end.x, moved.y - end.y) < 0.05, `the unit ends where drawn: (${moved.x}, ${moved.y}) for (${end.x}, ${end.y})`);
  assert.equal(moved.facing, unit.facing, "and faces as it did");
  await page.waitForFunction((name) => [...document.querySelectorAll('[data-testid="log"] li')].some((li) => li.textContent.includes(name)), unit.name);
  await page.keyboard.press("0");
  await shot(page, "bg-13-moved");
}

/** Hovers the shot's target for the dice-pool preview, picks it and sends the shot. */
async function shoot(page, v, action) {
  const shooter = v.units.find((u) => u.id === action.unit);
  const target = v.units.find((u) => u.id === action.targets[0].unit);
  await page.click(`[data-action="${action.id}"]`);
  // Every target the menu offers is highlighted on the table.
  const lit = (await page.$$eval(".table-unit.targeted", (els) => els.map((e) => e.dataset.unit))).sort();
  assert.deepEqual(lit, action.targets.map((t) => t.unit).sort());
  const box = await page.locator(`[data-unit="${target.id}"] .figure`).first().boundingBox();
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  const preview = page.locator('.board-note [data-testid="preview"][data-state="ok"]');
  await preview.waitFor();
  const pools = await page.$$eval('.board-note .die-pool', (els) => els.map((e) => ({ colour: e.dataset.colour, count: Number(e.dataset.count), drawn: e.querySelectorAll(".pool-die").length })));
  assert.ok(pools.length > 0 && pools.some((p) => p.count > 0), `the preview shows dice: ${JSON.stringify(pools)}`);
  for (const p of pools) assert.equal(p.drawn, Math.min(p.count, 12), "each pool draws its dice");
  const said = await preview.innerText();
  assert.match(said, /\d+(\.\d+)?" · in sight/, "distance and line of sight");
  assert.match(said, new RegExp(`${shooter.name} at ${target.name}`), "the server's sentence");
  assert.equal(await page.locator(".table-line.aim-line").count(), 1, "the aim line is drawn");
  await shot(page, "bg-14-shot-preview");
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  await page.waitForSelector('[data-testid="draft"] [data-testid="confirm"]');
  const before = await viewOf(page);
  await page.keyboard.press("Enter");
  const after = await waitFor(page, (x) => x.seq > before.seq && x.log.length > before.log.length, "the shot to be applied");
  const lines = after.log.slice(before.log.length);
  assert.ok(lines.some((l) => l.includes(shooter.name) && l.includes(target.name)), `the engine's line for the shot: ${JSON.stringify(lines)}`);
  await shot(page, "bg-15-shot-logged");
}

test("skirmish: a move drawn with the ruler and a shot with the dice-pool preview", { timeout: 240_000 }, async () => {
  // A fixed seed: the same cards and dice every run, so the moves and shots the test finds are too.
  const links = await createRoom(/e2e-skirmish/, "E2E skirmish", 5);
  const pages = {};
  for (const seat of ["axis", "allies"]) {
    pages[seat] = await openPage(`skirmish-${seat}`, links[seat]);
    await pages[seat].waitForSelector('[data-testid="connection"][data-status="open"]');
    await pages[seat].waitForSelector("svg.board .table-unit");
  }
  let moved = false;
  let shot_ = false;
  // The cards decide who may move or shoot: the sides end the actions they do not need until both have come.
  for (let i = 0; i < 80 && !(moved && shot_); i++) {
    const seat = (await viewOf(pages.axis)).menu.length ? "axis" : "allies";
    const page = pages[seat];
    const v = await waitFor(page, (x) => x.menu.length > 0, `${seat}'s menu`);
    // A routing unit's move is its rally roll (BG-MOR-04), not a path: drawn moves are for the others.
    const steady = (a) => !v.units.find((u) => u.id === a.unit)?.markers.includes("routing");
    const move = v.menu.find((a) => a.move && a.kind === "move" && steady(a));
    const fire = v.menu.find((a) => a.kind === "fire" && a.targets.length);
    if (move && !moved) {
      await drawMove(page, seat, v, move);
      moved = true;
    } else if (fire && !shot_) {
      await shoot(page, v, fire);
      shot_ = true;
    }
    const now = await viewOf(page);
    if (now.menu.some((a) => a.id === "end-action")) await endAction(page);
  }
  assert.ok(moved, "a card let a side move");
  assert.ok(shot_, "a card let a side shoot");
  assert.deepEqual(problems, []);
});
