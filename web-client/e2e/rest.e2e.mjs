// A game left alone is put away by the server (--rest-after, docs/hosting.md) and a player's link
// brings it back as it was: blue sends a plan and closes the page, the room leaves the server's
// memory, blue opens the link again and finds the same table, and red plays on from there.
// Screenshots go to web-client/test-output/e2e/.
import assert from "node:assert/strict";
import { test } from "node:test";
import { viewOf, waitFor } from "./grid-play.mjs";
import { harness } from "./harness.mjs";

// Read by the harness when it starts the server, before the first test: rooms nobody is in are
// put away after one second.
process.env.SANDTABLE_SERVER_ARGS = `${process.env.SANDTABLE_SERVER_ARGS ?? ""} --rest-after 1`;
const h = harness();
const { openPage, shot, problems } = h;

async function metric(name) {
  const text = await (await fetch(new URL("metrics", h.server.url))).text();
  const line = text.split("\n").find((l) => l.startsWith(`${name} `));
  return line ? Number(line.split(" ")[1]) : NaN;
}

/** One step by `seat`: the first choice of its decision, its artillery plan, else its menu's first action. */
async function step(page, seat) {
  const v = await viewOf(page);
  if (v.decisions.some((d) => d.seat === seat)) {
    await page.locator(".decision .choice").first().click();
  } else if (await page.locator('[data-testid="send-plan"]').count()) {
    await page.click('[data-testid="send-plan"]');  // the artillery phase: the plan as it stands
  } else {
    assert.ok(v.menu.length > 0, `${seat} has something to do: ${JSON.stringify(v)}`);
    await page.click(`[data-action="${v.menu[0].id}"]`);
    if (await page.locator('[data-testid="confirm-dialog"]').count()) await page.click('[data-testid="confirm-yes"]');
  }
  return waitFor(page, (x) => x.seq > v.seq, `${seat}'s step to be applied`);
}

async function until(what, check, timeout = 15_000) {
  const end = Date.now() + timeout;
  while (Date.now() < end) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  assert.fail(`timed out waiting for ${what}`);
}

test("a game put away while nobody plays comes back as it was", { timeout: 120_000 }, async () => {
  const gm = await openPage("rest-gm-lobby", h.server.url);
  await gm.waitForSelector("#scenario option", { state: "attached" });
  await gm.selectOption("#ruleset", "portable-wargame-19c");
  const meeting = await gm.$$eval("#scenario option", (os) => os.map((o) => o.value).find((v) => /meeting/.test(v)));
  await gm.selectOption("#scenario", meeting);
  await gm.click("button:has-text('Create room')");
  await gm.waitForSelector(".link-table input");
  const links = Object.fromEntries(await gm.$$eval(".link-table input", (els) => els.map((e) => [e.dataset.seat, e.value])));
  await gm.context().close();

  // Both players come; the one the game waits on plays a step, and everyone leaves.
  const blue = await openPage("rest-blue", links.blue);
  const red = await openPage("rest-red", links.red);
  for (const p of [blue, red]) {
    await p.waitForSelector('[data-testid="connection"][data-status="open"]');
    await p.waitForSelector("svg.board .unit");
  }
  const start = await waitFor(blue, (x) => x.waitingFor.length > 0, "the game to wait on a player");
  const first = start.waitingFor[0];
  const firstPage = first === "blue" ? blue : red;
  await waitFor(firstPage, (x) => x.seq === start.seq, `${first}'s table`);
  const played = await step(firstPage, first);
  const left = await waitFor(blue, (x) => x.seq === played.seq, "blue to see the step");
  assert.ok(left.seq > start.seq);
  await shot(blue, "rest-01-blue-before-leaving");
  for (const p of [blue, red]) await p.context().close();

  const rested = await metric("sandtable_rooms_rested_total");
  await until("the room to be put away", async () => (await metric("sandtable_rooms_rested_total")) > rested);
  assert.equal(await metric("sandtable_rooms"), 0, "no room is loaded once nobody is in it");

  // The link brings it back: the same sequence, the same table.
  const again = await openPage("rest-blue-again", links.blue);
  await again.waitForSelector('[data-testid="connection"][data-status="open"]');
  await again.waitForSelector("svg.board .unit");
  const back = await waitFor(again, (x) => x.seq === left.seq, "the table as blue left it");
  assert.deepEqual(back.units, left.units, "every unit where it was");
  assert.deepEqual(back.waitingFor, left.waitingFor, "the game waits on the same seats");
  assert.equal(await metric("sandtable_rooms"), 1);
  await shot(again, "rest-02-blue-back");

  // The game plays on from there: whoever it waits on plays, and the other sees it.
  const redAgain = await openPage("rest-red-again", links.red);
  await redAgain.waitForSelector('[data-testid="connection"][data-status="open"]');
  const now = await waitFor(redAgain, (x) => x.seq === left.seq, "red's table");
  const [mover, seat, other] = now.waitingFor.includes("red") ? [redAgain, "red", again] : [again, "blue", redAgain];
  const moved = await step(mover, seat);
  await waitFor(other, (x) => x.seq === moved.seq, `${seat}'s step to reach the other player`);
  await shot(again, "rest-03-played-on");
  assert.deepEqual(problems, [], "no page errors");
});
