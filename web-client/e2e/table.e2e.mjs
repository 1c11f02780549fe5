// End to end in real Chromium against the real server: the GM creates a Portable Wargame room
// in the lobby, two players join by link in separate browser contexts, play orders from the
// engine's action menu (the board highlights exactly the menu's squares; an order off the menu
// is refused with the server's sentence), a spectator watches the moves, the GM pauses and
// resumes, chat stays in its channel, and a player reloads the page and carries on.
// Screenshots go to web-client/test-output/e2e/.
import assert from "node:assert/strict";
import { test } from "node:test";
import { clickSquare, clickUnit, viewOf, waitFor } from "./grid-play.mjs";
import { harness } from "./harness.mjs";

const h = harness();
const { openPage, shot, problems } = h;

/** Clicks an action's button; answers its confirm question (an in-page dialog) with yes. */
async function play(page, actionId) {
  const before = await viewOf(page);
  await page.click(`[data-action="${actionId}"]`);
  if (await page.locator('[data-testid="confirm-dialog"]').count()) {
    await shot(page, `confirm-${actionId}`);
    await page.click('[data-testid="confirm-yes"]');
  }
  await waitFor(page, (x) => x.seq > before.seq, `${actionId} to be applied`);
}

/** The move target of a unit one square towards `dir` rows, else the first offered. */
function moveTarget(v, unit, dir) {
  const move = v.menu.find((a) => a.id === `move:${unit.id}`);
  assert.ok(move && move.targets.length, `the menu offers ${unit.id} a move: ${JSON.stringify(v.menu.map((a) => a.id))}`);
  return move.targets.find((t) => t.col === unit.col && t.row === unit.row + dir) ?? move.targets[0];
}

/** Answers every decision addressed to a seat with its first choice. */
async function answerDecisions(seatPage, seat) {
  for (let i = 0; i < 10; i++) {
    const v = await viewOf(seatPage);
    const mine = v?.decisions.filter((d) => d.seat === seat) ?? [];
    if (!mine.length) return;
    await seatPage.locator(".decision .choice").first().click();
    await waitFor(seatPage, (x) => x.seq > v.seq, "the answer to be applied");
  }
}

test("lobby, join by link, orders, refusal, spectator, GM pause, chat, reload", { timeout: 180_000 }, async () => {
  // --- the GM creates a room in the lobby ---
  const gm = await openPage("gm-lobby", h.server.url);
  await gm.waitForSelector("#scenario option", { state: "attached" });
  await gm.selectOption("#ruleset", "portable-wargame-19c");
  const meeting = await gm.$$eval("#scenario option", (os) => os.map((o) => o.value).find((v) => /meeting/.test(v)));
  assert.ok(meeting, "the catalogue offers the meeting engagement");
  await gm.selectOption("#scenario", meeting);
  await gm.fill("#room-name", "E2E battle");
  await shot(gm, "01-lobby");
  await gm.click("button:has-text('Create room')");
  await gm.waitForSelector(".link-table input");
  await shot(gm, "02-room-created");
  const links = Object.fromEntries(
    await gm.$$eval(".link-table input", (els) => els.map((e) => [e.dataset.seat, e.value])),
  );
  assert.ok(links.blue && links.red && links.gm && links.spectator, `one link per seat: ${Object.keys(links)}`);

  // --- everyone joins by link, each in their own browser context ---
  const blue = await openPage("blue", links.blue);
  const red = await openPage("red", links.red, { width: 1024, height: 768 });
  const spec = await openPage("spectator", links.spectator);
  const gmTable = await openPage("gm", links.gm);
  for (const p of [blue, red, spec, gmTable]) {
    await p.waitForSelector('[data-testid="connection"][data-status="open"]');
    await p.waitForSelector("svg.board .unit");
  }
  assert.match(await blue.locator('[data-testid="seat"]').innerText(), /blue/i);
  assert.match(await spec.locator('[data-testid="seat"]').innerText(), /spectator/i);
  await shot(blue, "03-blue-joined");

  // --- the artillery phase: both sides send their plans (holding fire) ---
  let v = await viewOf(blue);
  if (/artillery/.test(v.phase)) {
    for (const [p, seat] of [[blue, "blue"], [red, "red"]]) {
      const now = await viewOf(p);
      if (now.waitingFor.includes(seat)) {
        await p.click('[data-testid="send-plan"]');
        await waitFor(p, (x) => x.seq > now.seq, `${seat}'s plan to be accepted`);
      }
    }
  }
  v = await waitFor(blue, (x) => x.phase === "activation" || x.decisions.length > 0, "the activation phase");
  await answerDecisions(blue, "blue");
  await answerDecisions(red, "red");
  v = await waitFor(blue, (x) => x.phase === "activation" && !!x.activeSide, "an active side");

  const first = v.activeSide;
  const second = first === "blue" ? "red" : "blue";
  const P = { blue, red };
  const A = P[first];
  const B = P[second];
  const north = first === "blue" ? 1 : -1;

  // --- side A: select an infantry unit the menu offers a move; the board highlights exactly the menu's squares ---
  const aView = await viewOf(A);
  const inf = aView.units.find((u) => u.side === first && u.type === "infantry" && aView.menu.some((a) => a.id === `move:${u.id}` && a.targets.length));
  assert.ok(inf, `side ${first} has an infantry unit the menu lets move`);
  await clickUnit(A, inf.id);
  await A.keyboard.press("m");
  const offered = aView.menu.find((a) => a.id === `move:${inf.id}`).targets.map((t) => `${t.col},${t.row}`).sort();
  const lit = (await A.$$eval("svg.board .overlay rect.reach", (els) => els.map((e) => e.dataset.square))).sort();
  assert.deepEqual(lit, offered, "highlighted squares are the menu's move targets");
  await shot(A, "04-move-highlighted");

  // --- an order off the menu (as a stale page would send) is refused with the server's sentence ---
  await A.evaluate((id) => window.sandtable.page.sendNow({ action: `move:${id}`, target: "99,99" }), inf.id);
  const refusal = A.locator('[data-testid="refusal"]');
  await refusal.waitFor();
  assert.match(await refusal.innerText(), /Refused:\s*\S+/);
  await shot(A, "05-off-menu-refused");
  const afterRefusal = await viewOf(A);
  assert.deepEqual(afterRefusal.units.find((u) => u.id === inf.id), inf, "a refused order changes nothing");
  // Esc puts the banner away (the aimed move stays aimed: its squares are still lit).
  await A.keyboard.press("Escape");
  assert.equal(await refusal.count(), 0, "Esc dismisses the refusal");
  assert.ok((await A.$$("svg.board .overlay rect.reach")).length > 0, "Esc over a refusal keeps the aim");
  assert.match(await A.title(), /^Your turn — /, "the tab title says it is this seat's turn");
  // While the line is down the order box says so and its buttons are off; they come back with it.
  await A.evaluate(() => window.sandtable.page.setStatus("reconnecting", 1000));
  assert.match(await A.locator('[data-testid="offline"]').innerText(), /offline — reconnecting/);
  assert.equal(await A.$$eval('[data-testid="orders"] button:not([disabled])', (bs) => bs.length), 0, "no live order button while offline");
  await shot(A, "05b-offline");
  await A.evaluate(() => window.sandtable.page.setStatus("open"));
  assert.equal(await A.locator('[data-testid="offline"]').count(), 0);

  // --- a legal move from the menu: click a highlighted square, turn with E/Q if offered, Enter ---
  const dest = moveTarget(afterRefusal, inf, north);
  await clickSquare(A, dest.col, dest.row);
  const draft = A.locator('[data-testid="draft"]');
  await draft.waitFor();
  if (dest.detail) assert.match(await draft.innerText(), new RegExp(dest.detail.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")));
  await shot(A, "06-move-aimed");
  await A.keyboard.press("Enter");
  await waitFor(A, (x) => x.units.some((u) => u.id === inf.id && u.row === dest.row && u.col === dest.col), "the move to be applied");
  assert.equal(await refusal.count(), 0, "the refusal is cleared by the next accepted order");
  // The spectator sees the unit on its new square and the engine's log line about it.
  await waitFor(spec, (x) => x.units.some((u) => u.id === inf.id && u.row === dest.row && u.col === dest.col), "the spectator to see the move");
  await spec.waitForFunction((name) => [...document.querySelectorAll('[data-testid="log"] li')].some((li) => li.textContent.includes(name)), inf.name);
  await shot(spec, "07-spectator-sees-move");
  await shot(A, "08-after-move");

  // --- end the activation with the E key (if the menu offers it), then end the side's turn ---
  let before = await viewOf(A);
  if (before.menu.some((a) => a.id === "end-activation")) {
    await A.keyboard.press("e");
    if (await A.locator('[data-testid="confirm-dialog"]').count()) await A.click('[data-testid="confirm-yes"]');
    await waitFor(A, (x) => x.seq > before.seq, "end of activation");
  }
  await answerDecisions(A, first);
  before = await viewOf(A);
  if (before.menu.some((a) => a.id === "end-side")) await play(A, "end-side");
  await answerDecisions(B, second);
  await waitFor(B, (x) => x.activeSide === second && x.menu.length > 0, `${second}'s turn`);

  // --- chat: players' channel reaches the other player, spectators' channel does not ---
  await B.click("button.tab:has-text('Chat')");
  await B.fill(".chat-form input", "Your move was bold.");
  await B.press(".chat-form input", "Enter");
  await A.click("button.tab:has-text('Chat')");
  await A.waitForFunction(() => /Your move was bold/.test(document.querySelector('[data-testid="chat"]')?.textContent ?? ""));
  await spec.click("button.tab:has-text('Chat')");
  await spec.fill(".chat-form input", "Spectators only");
  await spec.press(".chat-form input", "Enter");
  await spec.waitForFunction(() => /Spectators only/.test(document.querySelector('[data-testid="chat"]')?.textContent ?? ""));
  await A.waitForTimeout(300);
  assert.doesNotMatch(await A.locator('[data-testid="chat"]').innerText(), /Spectators only/);
  await shot(spec, "08-spectator-chat");

  // --- the order of battle: every unit listed; picking one centres the table on it ---
  await spec.click('[data-testid="roster"] summary');
  const listed = await spec.$$eval('[data-testid="roster"] .roster-unit', (els) => els.map((e) => e.dataset.rosterUnit));
  assert.equal(listed.length, (await viewOf(spec)).units.length, "every unit is in the order of battle");
  const boxBefore = await spec.getAttribute("svg.board", "viewBox");
  await spec.click(`[data-testid="roster"] .roster-unit[data-roster-unit="${listed.at(-1)}"]`);
  assert.notEqual(await spec.getAttribute("svg.board", "viewBox"), boxBefore, "the table moved to the unit");
  await shot(spec, "08b-order-of-battle");

  // --- the GM pauses: players see it and orders wait; then resumes ---
  await gmTable.click('[data-testid="gm-pause"]');
  await waitFor(B, (x) => x.paused, "the pause to reach the player");
  await B.waitForSelector(".banner .paused");
  await shot(B, "09-paused");
  await gmTable.click('[data-testid="gm-resume"]');
  await waitFor(B, (x) => !x.paused, "the resume");

  // --- the GM edits the table, with a reason: every player's log says so, the GM's audit lists it ---
  const gv = await viewOf(gmTable);
  const fixed = gv.units.find((u) => u.type === "infantry" && u.strength > 1);
  await gmTable.click('[data-testid="gm-edits"] summary');
  await gmTable.selectOption('[data-testid="gm-edit-kind"]', "strength");
  await gmTable.selectOption('[data-testid="gm-edit-unit"]', fixed.id);
  await gmTable.fill('[data-testid="gm-edit-value"]', String(fixed.strength - 1));
  await gmTable.click('[data-testid="gm-edit-apply"]');
  assert.match(await gmTable.locator('[data-testid="gm-edit-problem"]').innerText(), /Say why/, "an edit needs a reason");
  await gmTable.fill('[data-testid="gm-edit-reason"]', "a hit was not recorded");
  await gmTable.click('[data-testid="gm-edit-apply"]');
  await waitFor(B, (x) => x.units.some((u) => u.id === fixed.id && u.strength === fixed.strength - 1), "the GM's edit to reach the player");
  await B.waitForFunction((name) => [...document.querySelectorAll('[data-testid="log"] li')].some((li) =>
    li.textContent.includes(`GM sets the strength of ${name}`) && li.textContent.includes("a hit was not recorded")), fixed.name);
  await gmTable.waitForFunction(() => /a hit was not recorded/.test(document.querySelector('[data-testid="gm-audit"]')?.textContent ?? ""));
  await shot(gmTable, "09b-gm-edit");

  // --- side B moves, then reloads the page and carries on where it was ---
  const bView = await viewOf(B);
  const binf = bView.units.find((u) => u.side === second && u.type === "infantry" && bView.menu.some((a) => a.id === `move:${u.id}` && a.targets.length));
  assert.ok(binf, `side ${second} has an infantry unit the menu lets move`);
  await clickUnit(B, binf.id);
  await B.keyboard.press("m");
  const bdest = moveTarget(bView, binf, -north);
  await clickSquare(B, bdest.col, bdest.row);
  await B.click('[data-testid="confirm"]');
  await waitFor(B, (x) => x.units.some((u) => u.id === binf.id && u.row === bdest.row && u.col === bdest.col), `${second}'s move`);
  const logBefore = await B.locator('[data-testid="log"]').innerText();
  const seqBefore = (await viewOf(B)).seq;

  await B.reload();
  await B.waitForSelector('[data-testid="connection"][data-status="open"]');
  const resumed = await waitFor(B, (x) => x.seq >= seqBefore, "the reloaded page to catch up");
  assert.ok(resumed.units.some((u) => u.id === binf.id && u.row === bdest.row), "the moved unit is where it was");
  const logAfter = await B.locator('[data-testid="log"]').innerText();
  assert.ok(logAfter.includes(binf.name), "the log survives the reload");
  assert.ok(logAfter.length >= logBefore.length * 0.9, "the log is not lost");
  await shot(B, "10-after-reload");
  // An order after the reload is accepted.
  await B.waitForSelector('[data-action="end-side"]');
  await play(B, "end-side");
  await shot(B, "11-red-after-reload-order");

  // --- the spectator's table at tablet size, and nobody saw a script error ---
  await spec.setViewportSize({ width: 1024, height: 768 });
  await shot(spec, "12-spectator-1024x768");
  assert.deepEqual(problems, [], "no page errors");
});
