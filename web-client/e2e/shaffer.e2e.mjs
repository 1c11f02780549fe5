// End to end in real Chromium against the real server: Shaffer's modified vehicles
// (Battleground + Shaffer vehicles, room option bg.mods = vehicles). The GM opens the lobby's
// rule options for a plain Battleground scenario (Shaffer's layer off there) and for the tank
// duel fixture (on), creates the duel; both players see the variant's name on the table. Whichever
// side a shooting card comes to first aims its tank at the enemy tank: the target list gives the
// d20 number to beat with its modifiers, and after the shot the log line gives the roll, the
// location and the damage, and the dice tray says what each d20 did.
// Screenshots go to web-client/test-output/e2e/.
import assert from "node:assert/strict";
import { test } from "node:test";
import { createRoomIn, endAction, viewOf, waitFor } from "./bg-play.mjs";
import { harness } from "./harness.mjs";
import { withFixtureScenarios } from "./play.mjs";

withFixtureScenarios();

const h = harness();
const { openPage, shot, problems } = h;

test("Shaffer's vehicles: the lobby's rule option, the variant on the table and a d20 anti-tank shot", { timeout: 180_000 }, async () => {
  const lobby = await openPage("shaffer-lobby", `${h.server.url}?seed=11`);
  await lobby.waitForSelector("#scenario option", { state: "attached" });
  await lobby.selectOption("#ruleset", "battleground");
  const ids = await lobby.$$eval("#scenario option", (os) => os.map((o) => o.value));
  // A plain scenario: the option is there, off as the scenario has it.
  await lobby.selectOption("#scenario", ids.find((v) => /crossroads/.test(v)));
  await lobby.waitForSelector('[data-testid="room-options"] select[data-option="bg.mods"]', { state: "attached" });
  assert.equal(await lobby.$eval('select[data-option="bg.mods"]', (s) => s.value), "off");
  // The duel turns it on.
  await lobby.selectOption("#scenario", ids.find((v) => /shaffer-duel/.test(v)));
  await lobby.waitForFunction(() => document.querySelector('select[data-option="bg.mods"]')?.value === "vehicles");
  await lobby.click('[data-testid="room-options"] summary');
  await shot(lobby, "shaffer-01-lobby-rule-options");
  const links = await createRoomIn(h, { source: "shaffer-duel" }, "E2E Shaffer duel", 11);

  const pages = {};
  for (const seat of ["axis", "allies"]) {
    pages[seat] = await openPage(`shaffer-${seat}`, links[seat]);
    await pages[seat].waitForSelector('[data-testid="connection"][data-status="open"]');
    await pages[seat].waitForSelector("svg.board .table-unit");
    assert.equal(await pages[seat].locator('[data-testid="ruleset-title"]').innerText(), "Battleground + Shaffer vehicles");
  }

  const tanks = { axis: ["pz", "sh"], allies: ["sh", "pz"] };
  let fired = null;
  for (let step = 0; step < 80 && !fired; ++step) {
    for (const seat of ["axis", "allies"]) {
      const page = pages[seat];
      const v = await viewOf(page);
      const [mine, theirs] = tanks[seat];
      const fire = v.menu.find((a) => a.id === `shoot:${mine}` && a.targets.some((t) => t.id === theirs));
      if (fire) {
        const target = fire.targets.find((t) => t.id === theirs);
        // The target list gives Shaffer's number to beat, not Carroll's dice pools.
        assert.match(target.detail, /d20 under \d+ \((point blank|short|effective|long|extreme)\)/, target.detail);
        assert.match(target.detail, /: (1-\d+ hit|no roll hits); penetration \d+/, target.detail);
        await page.click(`[data-action="${fire.id}"]`);
        await page.click(`[data-target="${theirs}"]`);
        await page.waitForSelector('[data-testid="draft"] [data-testid="confirm"]');
        await shot(page, `shaffer-02-${seat}-aims`);
        const before = await viewOf(page);
        await page.keyboard.press("Enter");
        const after = await waitFor(page, (x) => x.seq > before.seq && x.log.some((l) => /fires its 75/.test(l)), "the d20 shot in the log");
        fired = { seat, line: after.log.find((l) => /fires its 75/.test(l)) };
        const dice = await page.$$eval('[data-testid="dice"] .roll .die', (els) => els.map((e) => e.dataset.meaning ?? ""));
        assert.ok(dice.some((m) => /against less than|natural 20/.test(m)), `the tray says what the to-hit d20 did: ${JSON.stringify(dice)}`);
        await shot(page, `shaffer-03-${seat}-after-the-shot`);
        break;
      }
      if (v.menu.some((a) => a.id === "end-action")) await endAction(page);
    }
  }
  assert.ok(fired, "a tank got a shooting card and fired at the other");
  // The log line: the d20, what it needed and at what band; on a hit the aspect and location.
  assert.match(fired.line, /d20 \d+/);
  assert.match(fired.line, /needing less than \d+ at (point blank|short|effective|long|extreme) range/);
  if (/: a hit/.test(fired.line)) assert.match(fired.line, /(front|side|rear) aspect, location d20 \d+/);
  assert.deepEqual(problems, []);
});
