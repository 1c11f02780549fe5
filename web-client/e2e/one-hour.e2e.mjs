// One-Hour Wargames WWII in the browser, end to end: a room is created in the lobby from the
// One-Hour skirmish fixture (e2e/scenarios/oh-e2e-skirmish.json: three British units on the south
// edge, three German ones, two of them Ready in the open); the British (attacker), the Germans and
// a spectator open their links, each in a browser context of its own. Two full turns are played
// only with the page's controls: the banner's task says what to do; a unit is selected, "Move
// (roll d6+2")" rolls the move and its path is drawn on the table within the roll; the Shermans
// fire and the log gives the engine's line with the roll and the Hits, which then show under the
// target on the table; after each British action the German page is asked (the Ready-fire window,
// OH-SEQ-05): it fires from Ready once and holds once; the steps end with "End actions" (asking
// first when units have not acted) and "End your phase"; in the German phase the British answer
// the window in their turn. The Germans measure outside their turn and the spectator measures
// through the copse (OH-CONV-03: measuring is free at any time). Every side panel says "Dice: d6".
// Screenshots go to web-client/test-output/e2e/ (oh-*.png).
import assert from "node:assert/strict";
import { test } from "node:test";
import { clickAt, clickFigure, viewOf as pageView } from "./bg-play.mjs";
import { harness } from "./harness.mjs";
import { createRoom, waitOn, withFixtureScenarios } from "./play.mjs";

// The One-Hour fixture joins the built-in scenarios in a temporary directory for this file's server.
withFixtureScenarios();

const h = harness();
const { openPage, shot, problems } = h;

/** The page's view (bg-play.mjs), its log lines without the number and dice faces the log shows before them. */
const viewOf = async (page) => {
  const v = await pageView(page);
  if (v) {
    v.log = await page.$$eval('[data-testid="log"] li:not(.muted)', (lis) =>
      lis.map((li) => [...li.childNodes].filter((n) => !(n instanceof Element && (n.classList.contains("log-dice") || n.classList.contains("log-seq")))).map((n) => n.textContent).join("")));
  }
  return v;
};
const waitFor = (page, predicate, what, timeout) => waitOn(viewOf, page, predicate, what, timeout);
const task = (page) => page.locator('[data-testid="task"]').innerText();
const markersOf = (page, id) => page.locator(`[data-unit="${id}"] .table-markers`).textContent();
const unitOf = (v, id) => v.units.find((u) => u.id === id);
const newLines = (before, after) => after.log.slice(before.log.length);

/** Waits for a log line matching `re` (on `page`), after the first `from` lines, and returns its match. */
async function logLine(page, re, what, from = 0) {
  const v = await waitFor(page, (x) => x.log.slice(from).some((l) => re.test(l)), what).catch(async (e) => {
    throw new Error(`${e.message}\nlog: ${(await viewOf(page)).log.slice(-8).join("\n")}`);
  });
  return re.exec(v.log.slice(from).find((l) => re.test(l)));
}

/** Clicks an order box button of the general row ("End actions", "End your phase"), answering its question if it asks one. */
async function endStep(page, label, question) {
  const before = await viewOf(page);
  const button = page.locator('[data-testid="end"]');
  assert.equal((await button.innerText()).replace(/\s+/g, " ").trim(), label);
  await button.click();
  const dialog = page.locator('[data-testid="confirm-dialog"]');
  if (question) {
    await dialog.waitFor();
    assert.match(await dialog.innerText(), question, "the page asks before units are left without an action");
    await page.click('[data-testid="confirm-yes"]');
  } else {
    assert.equal(await dialog.count(), 0, `${label} asks nothing`);
  }
  await waitFor(page, (x) => x.seq > before.seq, label);
}

/** A shot aimed from the unit's Fire button (or a Ready fire entry), the target clicked in the list, sent with Enter. */
async function fire(page, unitId, targetId, shotName) {
  await page.click(`[data-action="fire:${unitId}"]`);
  await page.click(`[data-target="${targetId}"]`);
  const preview = page.locator('.board-note [data-testid="preview"][data-state="ok"]');
  await preview.waitFor();
  const words = await preview.innerText();
  assert.match(words, /\d+(\.\d+)?" · in sight/, `the server's preview gives the distance and the line of sight: ${words}`);
  if (shotName) await shot(page, shotName);
  const before = await viewOf(page);
  await page.keyboard.press("Enter");
  await waitFor(page, (x) => x.seq > before.seq, "the shot");
  return before.log.length;
}

/** The Hold fire choice of the seat's open Ready-fire decision. */
async function holdFire(page, side) {
  const before = await viewOf(page);
  await page.click('[data-testid="decisions"] [data-choice="to hold fire"]');
  const after = await waitFor(page, (x) => x.seq > before.seq, "holding fire");
  assert.ok(newLines(before, after).some((l) => /^.+ chose: Hold fire\.$/.test(l)), `the log says who held, in words: ${newLines(before, after)}`);
  assert.ok(newLines(before, after).some((l) => /^Ready fire held; .+ go on\.$/.test(l)), `the log says the ${side} hold: ${newLines(before, after)}`);
}

/** Waits until the seat's page shows the Ready-fire decision; returns its view. */
async function readyWindow(page, side) {
  const v = await waitFor(page, (x) => x.decisions.some((d) => d.seat === side) && x.menu.some((a) => a.kind === "answer"), `${side}' Ready-fire window`);
  const box = page.locator('[data-testid="decisions"] .decision');
  await box.waitFor();
  assert.match(await box.innerText(), /Your decision: An enemy unit has acted: fire with a Ready unit \(at -1\), or hold your fire\./);
  assert.equal(await page.locator('[data-testid="decisions"] [data-choice="to hold fire"]').innerText(), "Hold fire");
  assert.equal(await task(page), "Your Ready units may fire: pick one, or hold your fire");
  return v;
}

/** Measures from one unit to another with the Measure button; returns the answer's words. */
async function measure(page, from, to) {
  await page.click('[data-testid="measure"]');
  assert.equal(await page.getAttribute('[data-testid="measure"]', "aria-pressed"), "true");
  await clickFigure(page, from);
  await clickFigure(page, to);
  const answer = page.locator('.board-note [data-testid="preview"][data-state="ok"]');
  await answer.waitFor();
  assert.equal(await page.locator(".table-line.measure-line").count(), 1, "the tape is drawn");
  return answer.innerText();
}

test("one-hour skirmish: two full turns by clicking, with a rolled move, fire, the Ready-fire window and the ruler", { timeout: 180_000 }, async () => {
  // 1. The room from the lobby; a fixed seed makes the dice the same on every run (the test reads
  // the numbers from the log, so any seed would do).
  const links = await createRoom(h, { ruleset: "one-hour-ww2", scenario: /oh-e2e-skirmish/, name: "E2E One-Hour", seed: 11 });
  assert.deepEqual(Object.keys(links).sort(), ["allies", "axis", "gm", "spectator"], "one link per seat");
  const pages = {};
  for (const seat of ["allies", "axis", "spectator"]) {
    pages[seat] = await openPage(`oh-${seat}`, links[seat]);
    await pages[seat].waitForSelector('[data-testid="connection"][data-status="open"]');
    await pages[seat].waitForSelector("svg.board .table-unit");
  }
  const { allies: A, axis: G, spectator: S } = pages;
  for (const [seat, p] of Object.entries(pages)) {
    const drawn = await p.$$eval("svg.board .table-unit", (els) => els.map((e) => e.dataset.unit).sort());
    assert.deepEqual(drawn, ["a-inf-1", "a-inf-2", "a-tank", "g-atg", "g-inf-1", "g-inf-2"], `${seat} sees every unit`);
    // Each unit is three bases (the engine places them; the look draws them at their sizes).
    assert.equal(await p.locator('[data-unit="a-tank"] .figure').count(), 3);
    // 6. The dice of the game (OH-CONV-01), a side marker in the side panel.
    assert.match(await p.locator(".sides").innerText(), /Dice: d6/, `${seat}'s side panel names the dice`);
  }
  assert.equal((await A.locator('[data-unit="g-inf-1"] .table-label').textContent()).trim(), "Grenadiers · 15", "the Hits a unit can still take after its name");
  assert.equal(await markersOf(A, "g-inf-1"), "0 Hits · Ready", "the markers under the unit, in words");

  // 2. The attacker's turn: the banner says what to do; the defender waits.
  assert.equal(await task(A), "Your actions: 3 units may fire or move");
  assert.equal(await G.locator('[data-testid="task"]').count(), 0, "the waiting side has no task");
  assert.match(await G.locator('[data-testid="banner"]').innerText(), /^Turn 1\s+actions\s+waiting for British$/i);
  assert.equal((await viewOf(G)).menu.length, 0, "nothing on the Germans' menu in the British phase");

  // 5. The Germans measure outside their turn: from their Grenadiers to the Shermans.
  const measured = await measure(G, "g-inf-1", "a-tank");
  assert.match(measured, /7\.25" · in sight/);
  assert.match(measured, /7\.25" from Grenadiers to Sherman Troop, in sight \(OH-LOS-01\)/);
  await G.keyboard.press("Escape");
  assert.equal(await G.locator(".table-line.measure-line").count(), 0, "Escape puts the tape away");

  // Select the 1st Platoon, roll its move: an action of kind "other", sent at once.
  await clickFigure(A, "a-inf-1");
  await A.waitForSelector('.unit-actions.on:has-text("1st Platoon")');
  const start = unitOf(await viewOf(A), "a-inf-1");
  const menu0 = (await viewOf(A)).menu;
  const roll = menu0.find((a) => a.id === "roll:a-inf-1");
  assert.equal(roll?.kind, "other");
  assert.equal(roll.label, 'Move (roll d6+2")');
  assert.equal((await A.locator('[data-action="roll:a-inf-1"]').innerText()).trim(), 'Move (roll d6+2")');
  let before = await viewOf(A);
  await A.click('[data-action="roll:a-inf-1"]');
  const rolled = await waitFor(A, (x) => x.menu.some((a) => a.id === "move:a-inf-1"), "the move's roll");
  const [, die, total] = /^1st Platoon moves: rolled (\d) \+2" Infantry = (\d+)"\.$/.exec(newLines(before, rolled).find((l) => l.startsWith("1st Platoon moves: rolled")) ?? "") ?? [];
  assert.ok(die, `the log gives the roll: ${newLines(before, rolled)}`);
  assert.equal(Number(total), Number(die) + 2, "d6 + 2 inches");
  const move = rolled.menu.find((a) => a.id === "move:a-inf-1");
  assert.equal(move.kind, "move");
  assert.equal(move.move.max, Number(total), "the drawn move's limit is the rolled total");
  assert.equal(await task(A), `Draw the move of 1st Platoon: up to ${total}"`);
  assert.ok(rolled.menu.some((a) => a.id === "stay:a-inf-1" && a.kind === "other"), "or it stays where it is");
  // The rolled unit's move is aimed: clicks on the table are its waypoints. A click straight
  // ahead lands on the facing handle: pressed and let go without a drag it is a waypoint all the
  // same (not a turn); Backspace takes it back.
  await A.waitForSelector('[data-testid="draft"] [data-testid="ruler-panel"]');
  const grip = await A.locator('.facing-handle[data-handle="facing"]').boundingBox();
  await A.mouse.click(grip.x + grip.width / 2, grip.y + grip.height / 2);
  await A.waitForFunction(() => /· 1 point/.test(document.querySelector('[data-testid="ruler-panel"]')?.textContent ?? ""));
  await A.keyboard.press("Backspace");
  await A.waitForFunction(() => !/· 1 point/.test(document.querySelector('[data-testid="ruler-panel"]')?.textContent ?? ""));
  // Then two legs forward and to the right, 2.85" in all (any roll carries it).
  const end = { x: start.x + 2.2, y: start.y + 1.8 };
  await clickAt(A, { x: start.x + 1, y: start.y + 0.9 });
  await clickAt(A, end);
  assert.match(await A.locator('[data-testid="ruler-panel"]').innerText(), new RegExp(`^Path 2\\.8" of ${total}" · 2 points`));
  await A.locator('.board-note [data-testid="preview"][data-state="ok"]').waitFor();
  assert.match(await A.locator(".board-note").innerText(), new RegExp(`costs 2\\.85" · ${Number((Number(total) - 2.85).toFixed(2))}" left`));
  await shot(A, "oh-01-move");
  before = await viewOf(A);
  const svgBefore = await A.locator('[data-unit="a-inf-1"] .figure').first().boundingBox();
  await A.keyboard.press("Enter");
  const moved = await waitFor(A, (x) => Math.hypot(unitOf(x, "a-inf-1").x - end.x, unitOf(x, "a-inf-1").y - end.y) < 0.01, "the 1st Platoon's move");
  assert.ok(newLines(before, moved).includes('1st Platoon moves 2.85".'), `the log: ${newLines(before, moved)}`);
  const svgAfter = await A.locator('[data-unit="a-inf-1"] .figure').first().boundingBox();
  assert.ok(Math.hypot(svgAfter.x - svgBefore.x, svgAfter.y - svgBefore.y) > 10, "its bases moved on the board");

  // 3. The Ready-fire window: the Germans are asked; the British wait.
  const win1 = await readyWindow(G, "axis");
  assert.deepEqual((await viewOf(A)).menu, [], "the British wait while the Germans decide");
  const readyFire = win1.menu.find((a) => a.id === "fire:g-inf-1");
  assert.equal(readyFire?.label, "Ready fire (-1)");
  assert.ok(win1.menu.some((a) => a.id === "fire:g-inf-2" && a.label === "Ready fire (-1)"), "one Ready fire entry per Ready unit");
  const at = readyFire.targets.find((t) => t.unit === "a-inf-1") ?? readyFire.targets[0];
  let from = await fire(G, "g-inf-1", at.id, "oh-02-ready-fire");
  const [, readyHits] = await logLine(G, new RegExp(`^Grenadiers fires from Ready at ${at.label} \\([\\d.]+"\\): rolled \\d -1 firing while Ready = -?\\d+ → (\\d+) Hits?`), "the Ready shot in the log", from);
  assert.ok(Number(readyHits) >= 0);
  // The window opens again while a Ready unit can fire: now the Germans hold.
  const win2 = await readyWindow(G, "axis");
  assert.ok(!win2.menu.some((a) => a.id === "fire:g-inf-1"), "the Grenadiers have spent their Ready");
  await holdFire(G, "Germans");
  await waitFor(A, (x) => x.menu.length > 0, "the British to go on");
  assert.equal(await task(A), "Your actions: 2 units may fire or move");

  // The Shermans fire at the Grenadiers: selected by clicking, the target clicked on the table.
  await clickFigure(A, "a-tank");
  await A.waitForSelector('[data-target="g-inf-1"]');
  await clickFigure(A, "g-inf-1");
  const aim = A.locator('.board-note [data-testid="preview"][data-state="ok"]');
  await aim.waitFor();
  assert.match(await aim.innerText(), /Fire → Grenadiers[\s\S]*1 ×[\s\S]*7\.25" · in sight[\s\S]*one d6, rounded up/);
  before = await viewOf(A);
  await A.keyboard.press("Enter");
  // The log gives the range as the preview and the measure do, in hundredths.
  const [line, hits, total1] = await logLine(A, /^Sherman Troop fires at Grenadiers \(7\.25"\): rolled \d = \d → (\d+) Hits?; it has (\d+) Hits?\.$/, "the Shermans' shot in the log", before.log.length);
  assert.equal(hits, total1, `the Grenadiers had no Hits before: ${line}`);
  await waitFor(A, (x) => x.seq > before.seq, "the shot's delta");
  const hitsWords = `${total1} ${total1 === "1" ? "Hit" : "Hits"}`;
  assert.ok((await markersOf(A, "g-inf-1")).startsWith(hitsWords), `the table shows ${hitsWords} under the Grenadiers`);
  assert.ok((await markersOf(G, "g-inf-1")).startsWith(hitsWords), "and so does the Germans' page");
  assert.equal((await A.locator('[data-unit="g-inf-1"] .table-label').textContent()).trim(), `Grenadiers · ${15 - Number(total1)}`);
  // The die lands in the tray under the engine's sentence.
  assert.ok(await A.locator('[data-testid="dice"] .roll .die').count() > 0, "the die is in the tray");
  await readyWindow(G, "axis");
  await shot(G, "oh-03-axis-window-again");
  await holdFire(G, "Germans");
  await waitFor(A, (x) => x.menu.length > 0, "the British to go on");
  await shot(A, "oh-04-table");

  // 4. The British end their actions with the 2nd Platoon unused (asked first), and make it Ready.
  await endStep(A, "End actions", /^End your actions with 1 unit that has not acted\?/);
  await waitFor(A, (x) => x.phase === "rally & ready", "the Rally & Ready step");
  assert.equal(await task(A), "Rally & Ready: 1 unit may rally, become Ready or dig in");
  assert.equal((await A.locator('[data-action="ready:a-inf-2"]').innerText()).trim(), "Become Ready");
  await A.click('[data-action="ready:a-inf-2"]');
  await logLine(A, /^2nd Platoon is Ready to fire in the enemy's phase\.$/, "the 2nd Platoon readied", before.log.length);

  // The Germans' phase: their task; the Panzergrenadiers fire at the 2nd Platoon.
  await waitFor(G, (x) => x.menu.some((a) => a.kind === "end"), "the Germans' phase");
  assert.equal(await task(G), "Your actions: 3 units may fire or move");
  assert.equal(await A.locator('[data-testid="task"]').count(), 0, "the British wait");
  await clickFigure(G, "g-inf-2");
  from = await fire(G, "g-inf-2", "a-inf-2");
  await logLine(G, /^Panzergrenadiers fires at 2nd Platoon \(10"\): rolled \d = \d → \d+ Hits?/, "the Panzergrenadiers' shot", from);
  // Now the British are asked, in the Germans' phase: they fire back from Ready.
  const win3 = await readyWindow(A, "allies");
  assert.equal(win3.menu.find((a) => a.id === "fire:a-inf-2")?.label, "Ready fire (-1)");
  from = await fire(A, "a-inf-2", "g-inf-2");
  await logLine(A, /^2nd Platoon fires from Ready at Panzergrenadiers \(10"\): rolled \d( -1 firer has 5\+ Hits)? -1 firing while Ready = -?\d → \d+ Hits?/, "the British Ready shot", from);
  await logLine(A, /^British have no more Ready fire; Germans go on\.$/, "the window closing", from);
  await waitFor(G, (x) => x.menu.some((a) => a.kind === "end"), "the Germans to go on");
  await endStep(G, "End actions", /^End your actions with 2 units that have not acted\?/);
  await waitFor(G, (x) => x.phase === "rally & ready", "the Germans' Rally & Ready step");
  assert.match(await task(G), /^Rally & Ready: \d units? may rally, become Ready or dig in$/);
  await endStep(G, "End your phase");

  // The second turn: the British fire again and end both steps; the Germans end theirs.
  const t2 = await waitFor(A, (x) => x.turn === 2 && x.menu.length > 0, "turn 2");
  assert.match(await A.locator('[data-testid="banner"]').innerText(), /Turn 2/);
  assert.equal(await task(A), "Your actions: 3 units may fire or move");
  assert.ok(t2.log.some((l) => l.startsWith("End of turn 1: Farm held by Germans")), "the turn's end in the log");
  await clickFigure(A, "a-tank");
  from = await fire(A, "a-tank", "g-inf-1");
  const [, , , total2] = await logLine(A, /^Sherman Troop fires at Grenadiers \(7\.(25|3)"\): rolled \d = \d → (\d+) Hits?; it has (\d+) Hits?( \(5 permanent\))?\.$/, "the second shot", from);
  assert.ok(Number(total2) >= Number(total1), "Hits add up");
  await waitFor(A, (x) => x.menu.length > 0, "the British to go on");
  assert.ok((await markersOf(A, "g-inf-1")).startsWith(`${total2} Hit`), "the new total under the Grenadiers");
  await endStep(A, "End actions", /^End your actions with 2 units that have not acted\?/);
  await waitFor(A, (x) => x.phase === "rally & ready", "the British Rally & Ready step");
  await endStep(A, "End your phase");
  await waitFor(G, (x) => x.turn === 2 && x.menu.some((a) => a.kind === "end"), "the Germans' second phase");
  await endStep(G, "End actions", /^End your actions with 3 units that have not acted\?/);
  await waitFor(G, (x) => x.phase === "rally & ready", "the Germans' Rally & Ready step");
  await endStep(G, "End your phase");
  await waitFor(A, (x) => x.turn === 3 && x.menu.length > 0, "turn 3");
  assert.equal(await task(A), "Your actions: 3 units may fire or move");
  assert.match(await G.locator('[data-testid="banner"]').innerText(), /Turn 3/);

  // 5. The spectator measures through the copse: the PaK 40 is out of the 1st Platoon's sight.
  const through = await measure(S, "a-inf-1", "g-atg");
  assert.match(through, /[\d.]+" · out of sight/);
  assert.match(through, /from 1st Platoon to PaK 40, out of sight \(OH-LOS-01\)/);
  await shot(S, "oh-05-spectator-measure");
  await S.keyboard.press("Escape");
  const inSight = await measure(S, "a-tank", "g-inf-1");
  assert.match(inSight, /7\.25" · in sight/);
  await S.keyboard.press("Escape");
  await shot(A, "oh-06-allies-turn-3");
  assert.deepEqual(problems, []);
});
