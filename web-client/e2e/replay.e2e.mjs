// The replay in the browser, end to end (issue 18, docs/client.md "Replay"): a Battleground room
// of the village assault (its Farm Section, b2, hidden from the Germans until one of theirs comes
// within 6", BG-UNIT-09) is played by the computer in both seats, which the GM seats and then
// takes back. The German player opens the replay from the header and scrubs it with the buttons,
// the keys and the slider: the step and turn read in words, each step's log lines come with their
// dice, the board draws the step's table, and at the opening the hidden section is on neither the
// frame nor the board — while the GM's replay of the same step shows it. The dice statistics tab
// draws a chart per seat and kind with a verdict. The GM opens a what-if room from step 5: the
// German link there shows what they saw after step 5, the section still hidden. Then the GM ends the game and shows everyone the
// whole of it: the German replay now has the Farm Section from the opening; the German player
// downloads the game's file from the after-action panel and `sandtable-cli verify` finds every roll
// and card as the seed and the orders give; the verify page (`/?verify`) says the same, and catches
// the file with one die changed. Screenshots: web-client/test-output/e2e/replay-*.png.
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { test } from "node:test";
import { harness } from "./harness.mjs";
import { createRoom } from "./play.mjs";

const h = harness();
const { openPage, shot, problems } = h;

const seqOf = (page) => page.evaluate(() => Number(window.sandtable.page.model.seq));
const frameOf = (page) =>
  page.evaluate(() => {
    const f = window.sandtable.page.replay?.frame;
    return f ? { step: f.step, steps: f.steps, turn: f.turn, units: f.view.units.map((u) => u.id), events: f.events.length, dice: f.events.reduce((n, e) => n + e.dice.length, 0) } : null;
  });
const label = (page) => page.locator('[data-testid="replay-step"]').innerText();

/**
 * The GM clicks a seat's button until its other button shows (or the game is over): while the
 * computer plays the other side the table moves on between the click and the order, which the
 * server then refuses as stale (STALE_SEQUENCE), and a person would click again.
 */
async function switchSeat(gm, side, click, shows) {
  const target = gm.locator(`[data-seat="${side}"] [data-testid="${shows}"]`);
  for (let i = 0; i < 10; i++) {
    if (await target.count()) return;
    // One side's bot may play the game to its end before the other's seat is switched.
    if (await gm.evaluate(() => window.sandtable.page.model.view?.result?.over)) return;
    await gm.locator(`[data-seat="${side}"] [data-testid="${click}"]`).click({ timeout: 5_000 }).catch(() => {});
    await target.waitFor({ timeout: 3_000 }).catch(() => {});
  }
  await shot(gm, `replay-seat-${side}-failed`);
  const log = await gm.evaluate(() => window.sandtable.page.model.log.slice(-5).map((l) => l.text));
  assert.fail(`the GM's ${click} for ${side} never took; the log ends: ${JSON.stringify(log)}`);
}

/** Waits until the replay shows step `step` (its label and its frame agree). */
async function atStep(page, step) {
  await page.waitForFunction((k) => window.sandtable.page.replay?.frame?.step === k, step, { timeout: 10_000 });
  assert.match(await label(page), new RegExp(`^Step ${step} of \\d+ · turn \\d+ · `));
  return frameOf(page);
}

test("a player scrubs the replay of a game, by step, by turn and with the slider, and sees nothing hidden", { timeout: 240_000 }, async () => {
  const links = await createRoom(h, { ruleset: "battleground", scenario: /village/, name: "replay", seed: 11 });
  const gm = await openPage("replay-gm", links.gm);
  await gm.waitForSelector('[data-testid="connection"][data-status="open"]');
  await gm.click('[data-testid="gm-seats"] summary');
  for (const side of ["axis", "allies"]) await switchSeat(gm, side, "gm-seat-bot", "gm-seat-human");
  await gm.waitForFunction(() => Number(window.sandtable.page.model.seq) >= 150 || window.sandtable.page.model.view?.result?.over, null, { timeout: 120_000 });
  for (const side of ["axis", "allies"]) {
    if (await gm.locator(`[data-seat="${side}"] [data-testid="gm-seat-human"]`).count()) await switchSeat(gm, side, "gm-seat-human", "gm-seat-bot");
  }
  const played = await seqOf(gm);

  const axis = await openPage("replay-axis", links.axis);
  await axis.waitForSelector('[data-testid="connection"][data-status="open"]');
  await axis.click('[data-testid="replay-open"]');
  const first = await atStep(axis, 0);
  assert.ok(first.steps > 10, `the game has steps to scrub (${first.steps}, ${played} events)`);
  assert.match(await label(axis), / · the opening$/);
  assert.ok(!first.units.includes("b2"), "the Farm Section is hidden from the Germans at the opening");
  assert.equal(await axis.locator('[data-testid="replay"] [data-unit="b2"]').count(), 0, "and is not drawn");
  assert.ok(await axis.locator('[data-testid="replay"] [data-unit]').count() > 0, "the step's table is drawn");
  await shot(axis, "replay-opening");

  await axis.click('[data-testid="replay-next"]');
  const one = await atStep(axis, 1);
  assert.ok(one.events > 0, "a step lists its log lines");
  await axis.keyboard.press("ArrowRight");
  await atStep(axis, 2);
  await axis.keyboard.press("ArrowLeft");
  await atStep(axis, 1);
  // By turn: the next turn's first step, where the turn number has moved on.
  await axis.click('[data-testid="replay-next-turn"]');
  await axis.waitForFunction(() => (window.sandtable.page.replay?.frame?.turn ?? 0) > 1, null, { timeout: 10_000 });
  const turn2 = await frameOf(axis);
  assert.ok(turn2.step > 1, "the next turn starts at a later step");
  await axis.click('[data-testid="replay-prev-turn"]');
  await axis.waitForFunction((k) => (window.sandtable.page.replay?.frame?.step ?? k) < k, turn2.step, { timeout: 10_000 });

  // The slider: to the last step, then to the middle; a step with dice shows its faces.
  const slider = axis.locator('[data-testid="replay-slider"]');
  const setSlider = (v) => slider.evaluate((el, to) => { el.value = String(to); el.dispatchEvent(new Event("input")); }, v);
  await setSlider(first.steps - 1);
  const last = await atStep(axis, first.steps - 1);
  assert.equal(last.steps, first.steps);
  let withDice = null;
  for (let k = 1; k < Math.min(first.steps, 40) && !withDice; ++k) {
    await setSlider(k);
    const f = await atStep(axis, k);
    if (f.dice > 0) withDice = f;
  }
  assert.ok(withDice, "some step rolled dice the Germans saw");
  assert.ok(await axis.locator('[data-testid="replay-events"] .die').count() > 0, "its dice are drawn beside its lines");
  await shot(axis, "replay-step-dice");

  await axis.click('[data-testid="replay-tab-dice"]');
  const charts = axis.locator('[data-testid="replay-dice"] .dice-chart');
  await charts.first().waitFor();
  assert.match(await charts.first().locator("figcaption").innerText(), /\d+ rolls, mean \d\.\d\d \(fair dice: \d+\.\d\d\); (within what fair dice give|a spread fair dice give less than 1 time in (20|100)|too few rolls to say anything)\./);
  assert.ok(await charts.first().locator(".bar").count() >= 6, "a bar per face");
  await shot(axis, "replay-dice-statistics");

  // The GM's replay of the same opening shows the hidden section.
  await gm.click('[data-testid="replay-open"]');
  const gmFirst = await atStep(gm, 0);
  assert.ok(gmFirst.units.includes("b2"), "the GM sees the Farm Section in the replay");
  assert.ok(await gm.locator('[data-testid="replay"] [data-unit="b2"]').count() > 0);

  // What if: the GM plays on from step 5 in a new room. The Germans' link there shows the table
  // they saw after step 5, the Farm Section still hidden from them, and the room says it is a branch.
  const moveTo = (page, v) => page.locator('[data-testid="replay-slider"]').evaluate((el, to) => { el.value = String(to); el.dispatchEvent(new Event("input")); }, v);
  await moveTo(axis, 5);
  const axisAt5 = await atStep(axis, 5);
  await moveTo(gm, 5);
  await atStep(gm, 5);
  await gm.click('[data-testid="replay-tab-branch"]');
  assert.match(await gm.locator('[data-testid="replay-branch-name"]').inputValue(), /^What if: replay, from order 5$/);
  await gm.click('[data-testid="replay-branch-go"]');
  const whatIfLink = gm.locator('[data-testid="replay-branch-links"] input[data-seat="axis"]');
  await whatIfLink.waitFor({ timeout: 15_000 });
  await shot(gm, "replay-what-if-links");
  const whatIf = await openPage("replay-what-if-axis", await whatIfLink.inputValue());
  await whatIf.waitForSelector('[data-testid="connection"][data-status="open"]');
  await whatIf.locator('[data-testid="what-if"]').waitFor();
  assert.match(await whatIf.locator('[data-testid="what-if"]').getAttribute("title"), /^What if: goes on from order 5 of “replay”/);
  await whatIf.waitForFunction(() => (window.sandtable.page.model.view?.units?.length ?? 0) > 0, null, { timeout: 10_000 });
  const branchUnits = await whatIf.evaluate(() => window.sandtable.page.model.view.units.map((u) => u.id).sort());
  assert.deepEqual(branchUnits, [...axisAt5.units].sort(), "the Germans' table in the branch is the one they saw after step 5");
  assert.ok(!branchUnits.includes("b2"), "the Farm Section stays hidden from them in the branch");
  await shot(whatIf, "replay-what-if-room");
  await whatIf.context().close();

  await axis.click('[data-testid="replay-close"]');
  await axis.locator('[data-testid="replay"]').waitFor({ state: "detached" });

  // After the game the GM opens it to everyone: the Germans' replay then shows the Farm Section.
  await gm.click('[data-testid="replay-close"]');
  if (!(await gm.evaluate(() => window.sandtable.page.model.view?.result?.over))) {
    gm.once("dialog", (d) => d.accept());
    await gm.click('button:has-text("End as draw")');
  }
  gm.once("dialog", (d) => d.accept());
  await gm.click('[data-testid="gm-reveal"]');
  await gm.locator('[data-testid="gm-revealed"]').waitFor();
  await axis.click('[data-testid="replay-open"]');
  await axis.waitForFunction(() => window.sandtable.page.replay?.frame?.revealed === true, null, { timeout: 10_000 });
  const opened = await atStep(axis, 0);
  assert.ok(opened.units.includes("b2"), "once revealed, the Germans' replay shows the Farm Section at the opening");
  assert.match(await axis.locator('[data-testid="replay-title"]').innerText(), /the whole game, opened by the GM/);
  await shot(axis, "replay-revealed");
  await axis.click('[data-testid="replay-close"]');

  // The game's file, from the after-action panel, verifies with the CLI.
  const [download] = await Promise.all([axis.waitForEvent("download"), axis.click('[data-testid="save-game"]')]);
  assert.match(download.suggestedFilename(), /^sandtable-[0-9a-f]+\.json$/);
  const file = join(process.env.SANDTABLE_REPO, "web-client/test-output/e2e/replay-game.json");
  await download.saveAs(file);
  const saved = JSON.parse(readFileSync(file, "utf8"));
  assert.equal(saved.format, "sandtable-game/1");
  assert.ok(saved.events.some((e) => "game_revealed" in e), "the reveal is in the file's log");
  const cli = join(dirname(process.env.SANDTABLE_SERVER), "../cli/sandtable-cli");
  const verdict = execFileSync(cli, ["verify", file], { encoding: "utf8" });
  assert.match(verdict, /^every roll and card matches: \d+ orders/);

  // The verify page gives the engine's same answer in the browser, and catches a changed die.
  const checker = await openPage("replay-verify", new URL("/?verify", links.axis).href);
  await checker.setInputFiles('[data-testid="verify-file"]', file);
  await checker.locator('[data-testid="verify-verdict"].verified').waitFor();
  assert.equal((await checker.locator('[data-testid="verify-report"]').innerText()).trim(), verdict.trim());
  await shot(checker, "verify-ok");

  // The same page opens the file as a room of its own to replay: a link per seat, the table as the
  // game ended, a replay by order as in the room it was played in, and no orders taken.
  await checker.click('[data-testid="verify-import"]');
  await checker.locator('[data-testid="verify-room"] .link-table input').first().waitFor({ timeout: 30_000 });
  const imported = Object.fromEntries(await checker.$$eval('[data-testid="verify-room"] .link-table input', (els) => els.map((e) => [e.dataset.seat, e.value])));
  assert.ok(imported.axis && imported.allies && imported.gm && imported.spectator, `a link per seat: ${Object.keys(imported)}`);
  await shot(checker, "verify-import-links");
  const again = await openPage("replay-imported", imported.axis);
  await again.waitForSelector('[data-testid="connection"][data-status="open"]');
  await again.waitForFunction(() => window.sandtable.page.model.view?.result?.over === true, null, { timeout: 10_000 });
  assert.match(await again.evaluate(() => window.sandtable.page.model.welcome.roomName), /^Replay: replay/);
  await again.click('[data-testid="replay-open"]');
  const importedFirst = await atStep(again, 0);
  assert.ok(importedFirst.units.includes("b2"), "the file was opened after the GM's reveal: its replay shows the whole game");
  assert.equal(importedFirst.steps, opened.steps, "the same steps as the room it was played in");
  await shot(again, "replay-imported");
  await again.click('[data-testid="replay-close"]');
  const rolled = saved.events.find((e) => (e.dice ?? []).length > 0);
  rolled.dice[0].value = (rolled.dice[0].value % 6) + 1;
  const tampered = join(process.env.SANDTABLE_REPO, "web-client/test-output/e2e/replay-game-tampered.json");
  writeFileSync(tampered, JSON.stringify(saved));
  await checker.setInputFiles('[data-testid="verify-file"]', tampered);
  await checker.locator('[data-testid="verify-verdict"].mismatch').waitFor();
  assert.match(await checker.locator('[data-testid="verify-report"]').innerText(), new RegExp(`^MISMATCH: event ${rolled.seq} `));
  await shot(checker, "verify-mismatch");
  assert.deepEqual(problems, [], "no page errors");
});

// Dice scheme 2 (docs/fair-play.md): a room from the lobby with its box "every player adds their own
// randomness" ticked (the default) waits for both sides: the first German sees what it waits for,
// each browser adds its randomness as it joins, and the log says the dice are sealed before any
// roll. The GM looks at the secret (the log tells everyone), ends the game, and the file verifies
// with the secret, the seats' randomness and the orders.
test("each player's own randomness goes into the dice before the first roll; the GM's look at the secret is logged", { timeout: 180_000 }, async () => {
  const links = await createRoom(h, { ruleset: "battleground", scenario: /village/, name: "fair dice", seatEntropy: true });
  const axis = await openPage("fair-axis", links.axis);
  await axis.waitForSelector('[data-testid="connection"][data-status="open"]');
  await axis.waitForFunction(() => window.sandtable.page.model.view?.dice?.added?.includes("axis"), null, { timeout: 10_000 });
  const waiting = await axis.locator('[data-testid="seating"]').innerText();
  assert.match(waiting, /The game begins when .+ joins\. Every player's randomness goes into the dice before the first roll/);
  assert.equal(await axis.evaluate(() => window.sandtable.page.model.view.dice.sealed), false);
  assert.equal(await axis.evaluate(() => window.sandtable.page.model.view.turn.phase), "before the first roll");
  assert.deepEqual(await axis.evaluate(() => window.sandtable.page.model.view.menu?.actions?.length ?? 0), 0, "nothing to order before the first roll");
  await shot(axis, "fair-dice-waiting");

  const allies = await openPage("fair-allies", links.allies);
  await allies.waitForSelector('[data-testid="connection"][data-status="open"]');
  for (const p of [axis, allies]) {
    await p.waitForFunction(() => window.sandtable.page.model.view?.dice?.sealed === true, null, { timeout: 10_000 });
  }
  const dice = await axis.evaluate(() => window.sandtable.page.model.view.dice);
  assert.deepEqual([...dice.added].sort(), ["allies", "axis"]);
  assert.match(dice.mixCommitment, /^[0-9a-f]{64}$/);
  assert.equal(dice.secret, "", "nobody sees the secret while the game is played");
  const log = await axis.evaluate(() => window.sandtable.page.model.log.map((l) => l.text));
  const sealedAt = log.findIndex((t) => /^The dice are sealed: every roll and card now comes from the server's secret mixed with the randomness of /.test(t));
  assert.ok(sealedAt >= 0, `the seal is in the log: ${JSON.stringify(log.slice(0, 6))}`);
  await shot(axis, "fair-dice-sealed");

  // The GM looks at the secret: it is in the GM's panel, and every seat reads that the GM looked.
  const gm = await openPage("fair-gm", links.gm);
  await gm.waitForSelector('[data-testid="connection"][data-status="open"]');
  gm.once("dialog", (d) => d.accept());
  await gm.click('[data-testid="gm-show-secret"]');
  await gm.locator('[data-testid="gm-secret"]').waitFor();
  const secret = (await gm.locator('[data-testid="gm-secret"] code').innerText()).trim();
  assert.match(secret, /^[0-9a-f]{64}$/);
  await axis.waitForFunction(() => window.sandtable.page.model.log.some((l) => l.text === "The game master looked at the dice secret."), null, { timeout: 10_000 });
  assert.equal(await axis.evaluate(() => window.sandtable.page.model.view.dice.secret), "", "the players still do not see it");

  gm.once("dialog", (d) => d.accept());
  await gm.click('button:has-text("End as draw")');
  await axis.waitForFunction(() => window.sandtable.page.model.view?.result?.over === true, null, { timeout: 10_000 });
  assert.equal(await axis.evaluate(() => window.sandtable.page.model.view.dice.secret), secret, "the end reveals the secret to all");
  const [download] = await Promise.all([axis.waitForEvent("download"), axis.click('[data-testid="save-game"]')]);
  const file = join(process.env.SANDTABLE_REPO, "web-client/test-output/e2e/fair-dice-game.json");
  await download.saveAs(file);
  const cli = join(dirname(process.env.SANDTABLE_SERVER), "../cli/sandtable-cli");
  const verdict = execFileSync(cli, ["verify", file], { encoding: "utf8" });
  assert.match(verdict, /^every roll and card matches: \d+ orders, \d+ events, \d+ dice, from the secret committed to at the start and the seats' own randomness \(sandtable-dice\/2\)/);
  assert.deepEqual(problems, [], "no page errors");
});
