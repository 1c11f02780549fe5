// End to end in real Chromium against the real server: the GM creates a Battleground room (the
// village assault, whose farmhouse section starts hidden) in the lobby; the Axis player, the
// Allied player and a spectator open their links. The table shows every figure on its base;
// the hidden section is drawn for the Allies (dashed) and for no one else: it is not in the
// Axis player's or the spectator's page at all. Screenshots go to web-client/test-output/e2e/.
import assert from "node:assert/strict";
import { test } from "node:test";
import { harness } from "./harness.mjs";

const h = harness();
const { openPage, shot, problems } = h;

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
  assert.deepEqual(problems, []);
});
