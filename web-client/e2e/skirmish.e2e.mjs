// End to end in real Chromium against the real server: Shaffer's skirmish, profile (b)
// (room option bg.mods = skirmish, experimental). The GM creates a room from the demo; both
// players see the variant's name on the table. Whichever unit's card is up acts from the menu: it
// fires when it has a target (the target list gives the d20's modifiers and the naturals that
// hit), else it goes prone; the log names each card and gives every d20 of a fire action and the
// damage roll of each hit. Screenshots go to web-client/test-output/e2e/.
import assert from "node:assert/strict";
import { test } from "node:test";
import { viewOf, waitFor } from "./bg-play.mjs";
import { harness } from "./harness.mjs";
import { createRoom } from "./play.mjs";

const h = harness();
const { openPage, shot, problems } = h;

test("Shaffer's skirmish: a card per unit, its actions from the menu, a d20 fire action", { timeout: 180_000 }, async () => {
  // The lobby marks the profile experimental (GAP-BGM-GEN-01), with the demo's own value chosen.
  const lobby = await openPage("skirmish-lobby", `${h.server.url}?seed=5`);
  await lobby.waitForSelector("#scenario option", { state: "attached" });
  await lobby.selectOption("#ruleset", "battleground");
  const ids = await lobby.$$eval("#scenario option", (os) => os.map((o) => o.value));
  await lobby.selectOption("#scenario", ids.find((v) => /shaffer-skirmish/.test(v)));
  await lobby.waitForFunction(() => document.querySelector('select[data-option="bg.mods"]')?.value === "skirmish");
  const words = await lobby.$eval('select[data-option="bg.mods"] option[value="skirmish"]', (o) => o.textContent);
  assert.match(words, /skirmish — experimental/);
  await lobby.click('[data-testid="room-options"] summary');
  await shot(lobby, "skirmish-00-lobby");
  const links = await createRoom(h, { ruleset: "battleground", scenario: { source: "shaffer-skirmish" }, name: "E2E Shaffer skirmish", seed: 5, lobby });
  const pages = {};
  for (const seat of ["axis", "allies"]) {
    pages[seat] = await openPage(`skirmish-${seat}`, links[seat]);
    await pages[seat].waitForSelector('[data-testid="connection"][data-status="open"]');
    await pages[seat].waitForSelector("svg.board .table-unit");
    assert.equal(await pages[seat].locator('[data-testid="ruleset-title"]').innerText(), "Battleground: Shaffer skirmish (experimental)");
  }
  let fired = null;
  let proned = 0;
  let marked = null;
  // Step (1) of each turn (BGM-GEN-02): the Axis put one unit on opportunity fire once, then both
  // sides are done; a unit waiting to fire takes its shot when asked (BGM-SFO-01). True when the
  // seat had a question to answer.
  const answerOne = async (seat) => {
    const page = pages[seat];
    const v = await viewOf(page);
    const answer = v.menu.find((a) => a.kind === "answer");
    if (!answer) return false;
    const mark = !marked && seat === "axis" ? answer.targets.find((t) => t.id.startsWith("opportunity:")) : null;
    const choice = mark ?? answer.targets.find((t) => t.id === "done" || t.id === "fire") ?? answer.targets[0];
    if (mark) {
      marked = mark.id.slice("opportunity:".length);
      await shot(page, "skirmish-00-special-fire-step");
    }
    await page.click(`[data-testid="decisions"] [data-choice="${choice.id}"]`);
    await waitFor(page, (x) => x.seq > v.seq, "the answer");
    return true;
  };
  for (let step = 0; step < 40 && !fired; ++step) {
    for (const seat of ["axis", "allies"]) {
      const page = pages[seat];
      if (await answerOne(seat)) continue;
      const v = await viewOf(page);
      // The unit whose card is up is the only one with entries, and it says how many actions it has left.
      const fire = v.menu.find((a) => a.id.startsWith("fire:") && a.targets.length > 0);
      if (fire) {
        const target = fire.targets[0];
        assert.match(target.detail, /d20 [+-]\d+, (hits on 1-\d+|no natural roll hits)/, target.detail);
        const active = v.units.find((u) => u.id === fire.unit);
        assert.ok(active.markers.includes("activated"), `the acting unit is marked: ${JSON.stringify(active.markers)}`);
        await page.click(`[data-action="${fire.id}"]`);
        await page.click(`[data-target="${target.id}"]`);
        await page.waitForSelector('[data-testid="draft"] [data-testid="confirm"]');
        await shot(page, `skirmish-01-${seat}-aims`);
        const before = await viewOf(page);
        await page.keyboard.press("Enter");
        const after = await waitFor(page, (x) => x.seq > before.seq && x.log.some((l) => / fires at /.test(l)), "the fire action in the log");
        fired = { seat, line: after.log.find((l) => / fires at /.test(l)) };
        await shot(page, `skirmish-02-${seat}-after-the-fire`);
        break;
      }
      const prone = v.menu.find((a) => a.id.startsWith("prone:"));
      if (prone) {
        const before = await viewOf(page);
        await page.click(`[data-action="${prone.id}"]`);
        await waitFor(page, (x) => x.seq > before.seq, "the unit going prone");
        ++proned;
      }
    }
  }
  assert.ok(fired, `a unit fired (after ${proned} prone actions)`);
  assert.ok(marked, "the Axis were asked to mark special fire");
  assert.ok((await viewOf(pages.axis)).log.some((l) => / is put on opportunity fire /.test(l)), "the marking is in the log");
  assert.match(fired.line, /\d+ men with [a-zA-Z -]+, [\d.]+" \((point blank|effective|long|extreme), column [A-H]\); d20 \d+/, fired.line);
  // The second action closes the card; the next unit's card is named in the log.
  const seat = fired.seat;
  for (let i = 0; i < 6; ++i) {
    if (!(await answerOne("axis")) && !(await answerOne("allies"))) break;  // opportunity fire it set off
  }
  const v = await viewOf(pages[seat]);
  const second = v.menu.find((a) => a.id.startsWith("prone:") || a.id.startsWith("stand:"));
  assert.ok(second, `the unit that fired has its second action: ${v.menu.map((a) => a.id).join(", ")}`);
  await pages[seat].click(`[data-action="${second.id}"]`);
  await waitFor(pages[seat], (x) => x.seq > v.seq && x.log.some((l) => /The card of .* comes up/.test(l)), "the next unit's card in the log");
  assert.deepEqual(problems, []);
});
