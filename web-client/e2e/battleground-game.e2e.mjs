// A whole Battleground game by clicking, as a club plays it: the GM creates the hedgerow raid
// (a demo scenario) in the lobby; the Germans, the British, the GM and a spectator open their
// links. Three full turns are played through the cards in two browser contexts, only with the
// page's own controls: a move drawn with the ruler, a shot whose dice land in the tray in their
// colours, a charge the British answer (the defender's choice), a melee round whose pairs a player
// picks, an illegal order whose sentence is shown, a reload in the middle that resumes, and the
// hidden orchard section drawn only for its owner and the GM. The GM fixes the charge's dice with
// the audited "next dice" edit, so the charge and the melee happen on every run.
// Screenshots go to web-client/test-output/e2e/ (game-*.png).
import assert from "node:assert/strict";
import { test } from "node:test";
import { clickAt, createRoomIn, endAction, viewOf, waitFor } from "./bg-play.mjs";
import { harness } from "./harness.mjs";

const h = harness();
const { openPage, shot, problems } = h;

/** The GM's audited edit: the next dice, with the reason every log reads. */
async function gmSetsDice(gm, values, reason) {
  const before = await viewOf(gm);
  if (!(await gm.locator('[data-testid="gm-edits"][open]').count())) await gm.click('[data-testid="gm-edits"] summary');
  await gm.selectOption('[data-testid="gm-edit-kind"]', "dice");
  await gm.fill('[data-testid="gm-edit-value"]', values.join(", "));
  await gm.fill('[data-testid="gm-edit-reason"]', reason);
  await gm.click('[data-testid="gm-edit-apply"]');
  await shot(gm, "game-04b-gm-dice");
  await waitFor(gm, (x) => x.seq > before.seq, "the GM's dice edit");
}

/** A short move drawn with the ruler, straight ahead (any roll carries it), sent with Enter. */
async function rulerMove(page, v, action, ahead) {
  const unit = v.units.find((u) => u.id === action.unit);
  await page.click(`[data-action="${action.id}"]`);
  await page.waitForSelector('[data-testid="draft"] [data-testid="undo-point"]');
  // Two waypoints straight ahead, 1.5" in all, run: the least 2D6 (2") carries it with no turn to pay.
  if (action.move.modes.includes("run")) await page.click('[data-mode="run"]');
  const end = { x: unit.x, y: unit.y + 1.5 * ahead };
  await clickAt(page, { x: unit.x, y: unit.y + 0.8 * ahead });
  await clickAt(page, end);
  assert.match(await page.locator('[data-testid="ruler-panel"]').innerText(), /Path [\d.]+" of \d+"/, "the ruler shows inches used of the allowance");
  await page.locator('.board-note [data-testid="preview"][data-state="ok"]').waitFor();
  await shot(page, "game-02-ruler");
  const before = await viewOf(page);
  await page.keyboard.press("Enter");
  const after = await waitFor(page, (x) => x.seq > before.seq, "the move");
  const moved = after.units.find((u) => u.id === unit.id);
  assert.ok(Math.hypot(moved.x - end.x, moved.y - end.y) < 0.1, `${unit.name} ends where drawn`);
}

/** A path straight across the mill stream, away from the ford: refused in words, nothing moves. */
async function illegalMove(page, v, action) {
  const unit = v.units.find((u) => u.id === action.unit);
  await page.click(`[data-action="${action.id}"]`);
  await page.waitForSelector('[data-testid="draft"] [data-testid="undo-point"]');
  await clickAt(page, { x: unit.x - 1, y: unit.y + 4 });
  const before = await viewOf(page);
  await page.click('[data-testid="draft"] [data-testid="confirm"]');
  const refusal = page.locator('[data-testid="refusal"]');
  await refusal.waitFor();
  const said = await refusal.innerText();
  assert.match(said, /Refused: The path crosses Mill stream away from a ford or bridge/, `the refusal says why: ${said}`);
  await shot(page, "game-03-refused");
  const after = await viewOf(page);
  const still = after.units.find((u) => u.id === unit.id);
  assert.ok(Math.hypot(still.x - unit.x, still.y - unit.y) < 1e-6 && after.seq === before.seq, "a refused order changes nothing");
  await page.keyboard.press("Escape");
}

test("hedgerow raid: three full turns by clicking, with a charge, a melee and every choice", { timeout: 360_000 }, async () => {
  // Seed 1: the first turn's spades come before the British have had both their suits, so the
  // charge is answered on the first turn (the test adapts to any order, but this one is quick).
  const links = await createRoomIn(h, /hedgerow/, "E2E raid", 1);
  const pages = {};
  for (const seat of ["axis", "allies", "gm", "spectator"]) {
    // The spectator watches on a 1024x768 tablet.
    pages[seat] = await openPage(`game-${seat}`, links[seat], seat === "spectator" ? { width: 1024, height: 768 } : undefined);
    await pages[seat].waitForSelector('[data-testid="connection"][data-status="open"]');
    await pages[seat].waitForSelector("svg.board .table-unit");
  }
  // BG-UNIT-09: the orchard section (b2) is drawn for the British and the GM only.
  const drawn = (p) => p.$$eval("svg.board .table-unit", (els) => els.map((e) => e.dataset.unit).sort());
  assert.deepEqual(await drawn(pages.allies), ["b1", "b2", "g1", "g2"]);
  assert.deepEqual(await drawn(pages.gm), ["b1", "b2", "g1", "g2"]);
  assert.deepEqual(await drawn(pages.axis), ["b1", "g1", "g2"]);
  assert.deepEqual(await drawn(pages.spectator), ["b1", "g1", "g2"]);
  for (const seat of ["axis", "spectator"]) assert.ok(!(await pages[seat].content()).includes("Orchard Section"), `${seat}'s page names the hidden section`);
  await shot(pages.allies, "game-01-allies-hidden-section");

  const done = { move: false, refused: false, shot: false, charge: false, answer: false, pairing: false, reload: false };
  let lastTurn = 1;
  for (let step = 0; step < 400; step++) {
    const views = { axis: await viewOf(pages.axis), allies: await viewOf(pages.allies) };
    if (views.axis.over || (views.axis.turn > 3 && Object.values(done).every(Boolean))) break;
    if (views.axis.turn > lastTurn) {
      lastTurn = views.axis.turn;
      await shot(pages.spectator, `game-1${lastTurn}-turn-${lastTurn}-spectator`);
      // A reload in the middle of the game: the page comes back on the same seat and goes on.
      if (!done.reload) {
        await pages.allies.reload();
        await pages.allies.waitForSelector('[data-testid="connection"][data-status="open"]');
        await waitFor(pages.allies, (x) => x.turn === lastTurn, "the reloaded page's table");
        assert.deepEqual(await drawn(pages.allies), await drawn(pages.gm), "after the reload the British still see their hidden section");
        done.reload = true;
      }
    }
    const seat = views.axis.menu.length ? "axis" : views.allies.menu.length ? "allies" : null;
    if (!seat) {
      await pages.axis.waitForTimeout(100);
      continue;
    }
    const page = pages[seat];
    const v = views[seat];
    const ahead = seat === "axis" ? 1 : -1;
    const plan = v.menu.filter((a) => a.kind === "plan" && a.targets.length);
    const answer = v.menu.find((a) => a.kind === "answer");
    if (plan.length) {
      // A melee round's pairs (BG-MEL-06/10) or prisoners' guards (BG-PRIS-01): the player picks
      // the first row's figure from the list, not the one the rules would list first.
      const row = plan[0];
      const pick = row.targets.at(-1);
      await page.selectOption(`[data-plan="${row.id}"]`, pick.id);
      await shot(page, "game-06-pairing");
      const before = await viewOf(page);
      await page.click('[data-testid="send-plan"]');
      const after = await waitFor(page, (x) => x.seq > before.seq, "the pairing to be taken");
      const decided = v.decisions.find((d) => d.seat === seat);
      if (decided?.kind.includes("MELEE")) {
        await waitFor(page, (x) => x.log.some((l) => l.startsWith("Melee round") && l.includes(pick.id)) || x.seq > after.seq, "the melee round");
        done.pairing = true;
      }
      continue;
    }
    if (answer) {
      // The defender's option (BG-MEL-12): stand and take the charge.
      const choice = answer.targets.find((t) => /stand|none|no response/i.test(`${t.id} ${t.label}`)) ?? answer.targets[0];
      await shot(page, "game-05-defender-choice");
      const before = await viewOf(page);
      await page.click(`[data-testid="decisions"] [data-choice="${choice.id}"]`);
      await waitFor(page, (x) => x.seq > before.seq, "the defender's answer");
      done.answer ||= seat === "allies";
      continue;
    }
    const move = v.menu.find((a) => a.kind === "move" && a.move && a.unit === "g2");
    const charge = v.menu.find((a) => a.kind === "close_combat" && a.unit === "g1" && a.targets.some((t) => t.unit === "b1"));
    const fire = v.menu.find((a) => a.kind === "fire" && a.targets.length);
    // The charge waits for a card before the British have had both their suits (♥ shoot, ♦ move),
    // so they have an answer to give (BG-MEL-12); the card panel lays out the turn's cards.
    const turned = await page.$$eval('[data-testid="turned-cards"] .playing-card', (els) => els.map((e) => e.textContent));
    const britishAnswer = !(turned.some((c) => c.includes("♥")) && turned.some((c) => c.includes("♦")));
    if (seat === "axis" && charge && !done.charge && britishAnswer) {
      // The charge test first (BG-MEL-01), then the GM makes the dice certain: the test's pool and
      // the 3D6 distance all sixes.
      await page.click(`[data-action="${charge.id}"]`);
      const target = charge.targets.find((t) => t.unit === "b1");
      await page.click(`[data-target="${target.id}"]`);
      const preview = page.locator('.board-note [data-testid="preview"][data-state="ok"]');
      await preview.waitFor();
      const pool = await page.$$eval(".board-note .die-pool", (els) => els.reduce((n, e) => n + Number(e.dataset.count), 0));
      assert.ok(pool > 0, "the charge test's dice are shown before sending");
      await shot(page, "game-04-charge-test");
      await gmSetsDice(pages.gm, Array(pool + 3).fill(6), "demonstration: the charge goes home");
      const before = await viewOf(page);
      await page.click('[data-testid="draft"] [data-testid="confirm"]');
      await waitFor(page, (x) => x.seq > before.seq, "the charge test");
      const lines = (await viewOf(pages.allies)).log;
      assert.ok(lines.some((l) => /GM/.test(l) && /demonstration/.test(l)), "every seat reads the GM's edit with its reason");
      done.charge = true;
      continue;
    }
    if (seat === "axis" && move && !done.refused) {
      await illegalMove(page, v, move);
      done.refused = true;
      continue;
    }
    if (seat === "axis" && move && !done.move) {
      await rulerMove(page, v, move, ahead);
      done.move = true;
      continue;
    }
    // The British shoot first (a German volley could leave the Farm Section too few to fight a
    // round: BG-UNIT-06 surrender); after the charge either side may.
    if (fire && !done.shot && (seat === "allies" || done.charge)) {
      await page.click(`[data-action="${fire.id}"]`);
      await page.click(`[data-target="${fire.targets[0].id}"]`);
      await page.waitForSelector('[data-testid="draft"] [data-testid="confirm"]');
      const before = await viewOf(page);
      await page.keyboard.press("Enter");
      await waitFor(page, (x) => x.seq > before.seq, "the shot");
      // The dice land in the tray in their pool colours, each saying what it did.
      const dice = await page.$$eval('[data-testid="dice"] .roll .die', (els) => els.map((e) => ({ colour: e.dataset.colour, meaning: e.dataset.meaning })));
      assert.ok(dice.some((d) => d.colour === "white"), `white dice in the tray: ${JSON.stringify(dice)}`);
      assert.ok(dice.every((d) => !d.colour || ["hit", "cancels a hit", "no effect"].includes(d.meaning)), "each pool die says what it did");
      await shot(page, "game-07-dice-tray");
      done.shot = true;
      continue;
    }
    if (v.menu.some((a) => a.id === "end-action")) {
      await endAction(page);
      continue;
    }
    await page.waitForTimeout(100);
  }
  const end = await viewOf(pages.gm);
  assert.ok(end.turn > 3 || end.over, `three full turns were played (turn ${end.turn})`);
  for (const [what, ok] of Object.entries(done)) assert.ok(ok, `the game had: ${what}`);
  await shot(pages.gm, "game-20-gm-after-three-turns");
  await shot(pages.spectator, "game-21-spectator-after-three-turns");
  assert.deepEqual(problems, []);
});
