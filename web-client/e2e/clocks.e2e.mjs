// End to end (the room's clocks, docs/campaigns.md "Clocks"): on the Portable Wargame meeting
// engagement the GM and the blue player sit down; blue sends its plan, so the game waits on red
// alone. A player never sees the GM's clock form; the GM's 0:00 is refused in the server's words;
// the GM then gives each side 3 seconds for the whole game with a warning: both pages show the
// clocks, red's running down and blue's stopped, red's "out of time" a few seconds later, and none
// once the GM turns them off. Screenshots go to web-client/test-output/e2e/.
import assert from "node:assert/strict";
import { dirname, join, resolve } from "node:path";
import { test } from "node:test";
import { fileURLToPath } from "node:url";
import { answerDecisions, viewOf, waitFor } from "./grid-play.mjs";
import { createRoom } from "./play.mjs";
import { harness } from "./harness.mjs";

const h = harness();
const { openPage, shot, problems } = h;
const repo = resolve(process.env.SANDTABLE_REPO ?? join(dirname(fileURLToPath(import.meta.url)), "../.."));
// The harness's screenshot folder, for the shots of one part of a page (the header, the form).
const shotPath = (name) => join(repo, "web-client/test-output/e2e", `${name}.png`);

/** Each side's clock as the page shows it: time in seconds, running, out of time. */
const clocksOf = (page) =>
  page.evaluate(() => {
    const bar = document.querySelector('[data-testid="clocks"]');
    if (!bar || bar.hidden) return null;
    return Object.fromEntries([...bar.querySelectorAll(".clock")].map((c) => {
      const [s, m = 0, hr = 0] = c.querySelector('[data-testid="clock-time"]').textContent.split(":").map(Number).reverse();
      return [c.dataset.testid.replace(/^clock-/, ""), { seconds: hr * 3600 + m * 60 + s, text: c.textContent, running: c.dataset.running === "true", out: !!c.querySelector('[data-testid="clock-out"]') }];
    }));
  });

/** The header and the clocks' strip under it, as wide as the page. */
async function headerShot(page, name) {
  const strip = await page.locator('[data-testid="clocks"]').boundingBox();
  await page.screenshot({ path: shotPath(name), clip: { x: 0, y: 0, width: page.viewportSize().width, height: strip.y + strip.height } });
}

async function setClocks(gm, { mode, minutes, seconds, onExpiry }) {
  await gm.selectOption('[data-testid="gm-clock-mode"]', mode);
  if (mode !== "off") {
    await gm.fill('[data-testid="gm-clock-minutes"]', String(minutes));
    await gm.fill('[data-testid="gm-clock-seconds"]', String(seconds));
    await gm.selectOption('[data-testid="gm-clock-expiry"]', onExpiry);
  }
  await gm.click('[data-testid="gm-clock-set"]');
}

test("the GM sets the clocks; everyone sees them run and run out; off hides them", { timeout: 120_000 }, async () => {
  const links = await createRoom(h, { ruleset: "portable-wargame-19c", scenario: /meeting/, name: "Clocks" });
  const blue = await openPage("clocks-blue", links.blue);
  const gm = await openPage("clocks-gm", links.gm);
  for (const p of [blue, gm]) {
    await p.waitForSelector('[data-testid="connection"][data-status="open"]');
    await p.waitForSelector("svg.board .unit");
  }
  // Blue does what is asked of it (its artillery plan, its decisions) until the game waits on red alone.
  const waiting = await (async () => {
    for (let i = 0; i < 10; i++) {
      const v = await viewOf(blue);
      if (!v.waitingFor.includes("blue") && v.waitingFor.length) return v.waitingFor;
      if (await blue.locator('[data-testid="send-plan"]').count()) await blue.click('[data-testid="send-plan"]');
      else if (v.decisions.some((d) => d.seat === "blue")) await answerDecisions(blue, "blue");
      else break;
      await waitFor(blue, (x) => x.seq > v.seq, "blue's order to be applied");
    }
    return (await viewOf(blue)).waitingFor;
  })();
  assert.deepEqual(waiting, ["red"], "the game waits on red alone");

  // A player has no clock form; no clocks are shown before the GM sets them.
  for (const p of [blue, gm]) assert.equal(await clocksOf(p), null, "no clocks yet");
  assert.equal(await blue.locator('[data-testid="gm-clocks"]').count(), 0, "a player never sees the GM's clock form");

  // --- a time the server will not take: its sentence under the form ---
  await gm.click('[data-testid="gm-clocks"] summary');
  await setClocks(gm, { mode: "game", minutes: 0, seconds: 0, onExpiry: "warn" });
  const problem = gm.locator('[data-testid="gm-clock-problem"]');
  await gm.waitForFunction(() => document.querySelector('[data-testid="gm-clock-problem"]')?.textContent.trim());
  console.log(`refusal of 0:00: ${await problem.innerText()}`);
  assert.doesNotMatch(await problem.innerText(), /^[A-Z_]+$/, "the refusal in words, not a code");
  assert.equal(await clocksOf(gm), null, "a refused setting sets no clocks");
  assert.equal(await gm.locator('[data-testid="orders"] .error').count(), 0, "the refusal is the form's, not the table's");

  await gm.locator('[data-testid="gm-clocks"]').screenshot({ path: shotPath("clocks-gm-refused") });

  // --- 3 seconds each for the whole game, with a warning ---
  await gm.fill('[data-testid="gm-clock-seconds"]', "3");
  const setAt = Date.now();
  await gm.click('[data-testid="gm-clock-set"]');
  for (const p of [blue, gm]) await p.waitForSelector('[data-testid="clock-red"][data-running="true"]');
  const first = [await clocksOf(blue), await clocksOf(gm)];
  // A little over a second: the page redraws a running clock every 250 ms, rounding up.
  await blue.waitForTimeout(1_400);
  const second = [await clocksOf(blue), await clocksOf(gm)];
  console.log(`read ${Date.now() - setAt} ms after setting: ${JSON.stringify(first)} then ${JSON.stringify(second)}`);
  for (const [i, name] of [[0, "blue's page"], [1, "the GM's page"]]) {
    assert.ok(first[i].red.running && !first[i].blue.running, `${name}: red's clock runs, blue's does not`);
    assert.ok(first[i].red.seconds <= 3 && second[i].red.seconds < first[i].red.seconds, `${name}: red's clock counts down (${first[i].red.text} then ${second[i].red.text})`);
    assert.equal(second[i].blue.seconds, 3, `${name}: blue's clock stays full`);
    assert.match(second[i].blue.text, /Blue|blue/i, `${name}: the clock names the side`);
  }
  assert.equal((await problem.innerText()).trim(), "", "the refusal is gone once the clocks are set");
  await headerShot(blue, "clocks-header-running");
  await gm.locator('[data-testid="gm-clocks"]').screenshot({ path: shotPath("clocks-gm-form") });

  // --- red runs out: "out of time" on both pages, blue's clock untouched ---
  await blue.waitForSelector('[data-testid="clock-red"] [data-testid="clock-out"]', { timeout: 10_000 });
  const outAfter = Date.now() - setAt;
  console.log(`out of time on blue's page ${outAfter} ms after setting`);
  assert.ok(outAfter >= 2_500, `not before its 3 seconds are gone (${outAfter} ms)`);
  await gm.waitForSelector('[data-testid="clock-red"] [data-testid="clock-out"]');
  const out = await clocksOf(blue);
  assert.equal(out.red.seconds, 0);
  assert.ok(!out.blue.out && out.blue.seconds === 3, "blue is not out of time");
  await headerShot(blue, "clocks-header-out");
  await shot(blue, "clocks-blue");
  await shot(gm, "clocks-gm");
  assert.equal(await blue.locator('[data-testid="gm-clocks"]').count(), 0, "a player never sees the GM's clock form");

  // --- off: the clocks are gone from every page ---
  await setClocks(gm, { mode: "off" });
  for (const p of [blue, gm]) await p.waitForSelector('[data-testid="clocks"]', { state: "hidden" });
  for (const p of [blue, gm]) assert.equal(await clocksOf(p), null, "no clocks once they are off");
  await shot(gm, "clocks-off");

  // --- only the GM sets the clocks (a player's page sending SetClock, as a tampered one would) ---
  const reply = await blue.evaluate(() =>
    window.sandtable.conn.request({ body: { case: "setClock", value: { settings: { mode: "game", seconds: 60, onExpiry: "warn" } } } })
      .then((e) => ({ kind: e.body.case, code: e.body.value.code ?? "" })));
  assert.deepEqual(reply, { kind: "error", code: "CLOCK_GM_ONLY" });
  assert.equal(await clocksOf(gm), null, "a player's SetClock changes nothing");

  assert.deepEqual(problems, [], "no page errors");
});
