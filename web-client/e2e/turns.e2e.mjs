// End to end (issue 12): whose turn, the briefing and the after-action, on the Portable Wargame
// meeting engagement. The briefing opens by itself on a seat's first visit with the exhaustion
// words and closes; the banner says the task to the acting seat and not to the other; the tab
// icon changes when the turn passes; ending a turn with activations unused asks first (No keeps
// the turn, Yes ends it); the GM ends the game and both players see the after-action panel with
// the losses and no order controls. Screenshots go to web-client/test-output/e2e/.
import assert from "node:assert/strict";
import { test } from "node:test";
import { answerDecisions, viewOf, waitFor } from "./grid-play.mjs";
import { createRoom } from "./play.mjs";
import { harness } from "./harness.mjs";

const h = harness();
const { openPage, shot, problems } = h;

const favicon = (page) => page.$eval('link[rel="icon"]', (l) => l.getAttribute("href"));

test("briefing, whose turn, end-turn confirmation, after-action", { timeout: 180_000 }, async () => {
  // --- the GM creates a meeting engagement room ---
  const gm = await openPage("gm-lobby", h.server.url);
  const links = await createRoom(h, { ruleset: "portable-wargame-19c", scenario: /meeting/, name: "Turns", lobby: gm });

  // --- the briefing opens by itself on the first visit, with the rule set's exhaustion words ---
  const blue = await openPage("blue", links.blue, undefined, { briefing: true });
  const red = await openPage("red", links.red);
  const gmTable = await openPage("gm", links.gm);
  for (const p of [blue, red, gmTable]) {
    await p.waitForSelector('[data-testid="connection"][data-status="open"]');
    await p.waitForSelector("svg.board .unit");
  }
  const briefing = blue.locator('[data-testid="briefing"]');
  await briefing.waitFor();
  const words = await briefing.innerText();
  assert.match(words, /exhaustion point \d+ SP \(a third of \d+, rounded up\)/, "the briefing says each side's exhaustion point");
  assert.match(words, /both sides are exhausted/, "the briefing says when the battle ends (PW-EXH-03)");
  assert.match(words, /12 turns/, "the briefing gives the turn limit");
  assert.match(words, /lost 0 of \d+: at \d+ this side can no longer advance/, "the briefing shows each side's standing");
  await shot(blue, "briefing");
  await blue.keyboard.press("Escape");
  await briefing.waitFor({ state: "detached" });
  assert.equal(await red.locator('[data-testid="briefing"]').count(), 0, "a seat that has seen it is not shown it again");
  // The header button opens it again; its Close button closes it.
  await blue.click('[data-testid="briefing-open"]');
  await briefing.waitFor();
  await blue.click('[data-testid="briefing-close"]');
  await briefing.waitFor({ state: "detached" });
  // A reload does not open it again (remembered per seat).
  await blue.reload();
  await blue.waitForSelector("svg.board .unit");
  await blue.waitForTimeout(300);
  assert.equal(await briefing.count(), 0, "the briefing opens by itself only once per seat");

  // --- the artillery phase: the seats that owe a plan read it in the banner ---
  const P = { blue, red };
  let v = await viewOf(blue);
  if (/artillery/.test(v.phase)) {
    for (const seat of ["blue", "red"]) {
      const now = await viewOf(P[seat]);
      if (!now.waitingFor.includes(seat)) continue;
      if (now.task) assert.match(await P[seat].locator('[data-testid="task"]').innerText(), /Your artillery fire/);
      await P[seat].click('[data-testid="send-plan"]');
      await waitFor(P[seat], (x) => x.seq > now.seq, `${seat}'s plan`);
    }
  }
  await waitFor(blue, (x) => x.phase === "activation" || x.decisions.length > 0, "the activation phase");
  await answerDecisions(blue, "blue");
  await answerDecisions(red, "red");
  v = await waitFor(blue, (x) => x.phase === "activation" && !!x.activeSide, "an active side");
  const first = v.activeSide;
  const second = first === "blue" ? "red" : "blue";
  const A = P[first];
  const B = P[second];

  // --- the banner: the acting seat reads its task; the other seat does not ---
  const aView = await waitFor(A, (x) => x.menu.length > 0, `${first}'s menu`);
  const task = A.locator('[data-testid="task"]');
  await task.waitFor();
  assert.match(await task.innerText(), /^Your activation: \d+ units? left$/);
  assert.equal(aView.task, await task.innerText());
  assert.equal(await B.locator('[data-testid="task"]').count(), 0, "the waiting seat has no task in its banner");
  assert.match(await B.locator('[data-testid="banner"]').innerText(), /waiting for|to act/, "the other seat reads who acts");
  await shot(A, "turn-banner");

  // --- the tab icon: the acting seat's is its colour; the waiting seat's is the idle ring ---
  const iconA = await favicon(A);
  const iconB = await favicon(B);
  assert.match(iconA, /^data:image\/svg\+xml,/);
  assert.notEqual(iconA, iconB, "the acting seat's icon differs from the waiting seat's");

  // --- ending the turn with activations unused asks first: No keeps the turn, Yes ends it ---
  const end = aView.menu.find((a) => a.id === "end-side");
  assert.ok(end?.confirm, `end-side carries a confirm question: ${JSON.stringify(end)}`);
  await A.click('[data-action="end-side"]');
  const dialog = A.locator('[data-testid="confirm-dialog"]');
  await dialog.waitFor();
  assert.match(await dialog.innerText(), /activations? unused/);
  await A.click('[data-testid="confirm-no"]');
  await dialog.waitFor({ state: "detached" });
  await A.waitForTimeout(300);
  const kept = await viewOf(A);
  assert.equal(kept.seq, aView.seq, "No sends nothing");
  assert.equal(kept.activeSide, first, "No keeps the turn");
  await A.click('[data-action="end-side"]');
  await dialog.waitFor();
  await A.click('[data-testid="confirm-yes"]');
  await answerDecisions(B, second);
  await waitFor(B, (x) => x.activeSide === second && x.menu.length > 0, `${second}'s turn`);
  await B.waitForFunction((old) => document.querySelector('link[rel="icon"]').getAttribute("href") !== old, iconB);
  await A.waitForFunction((old) => document.querySelector('link[rel="icon"]').getAttribute("href") !== old, iconA);
  assert.equal(await favicon(A), iconB, "the seat that ended its turn shows the idle icon");
  assert.equal(await A.locator('[data-testid="task"]').count(), 0, "the seat that ended its turn has no task");
  assert.match(await B.locator('[data-testid="task"]').innerText(), /^Your activation/);

  // --- the GM ends the game: after-action for both players, no order controls left ---
  gmTable.once("dialog", (d) => d.accept());
  await gmTable.click("button:has-text('End as draw')");
  for (const [p, seat] of [[blue, "blue"], [red, "red"]]) {
    await waitFor(p, (x) => x.over, `the end of the game for ${seat}`);
    const aa = p.locator('[data-testid="after-action"]');
    await aa.waitFor();
    const text = await aa.innerText();
    assert.match(text, /Draw/i);
    assert.match(text, /ended by the GM/);
    assert.match(await p.locator('[data-testid="lost-blue"]').innerText(), /^\d+ SP$/);
    assert.match(await p.locator('[data-testid="lost-red"]').innerText(), /^\d+ SP$/);
    assert.equal(await p.locator("[data-action]").count(), 0, `${seat} has no order buttons after the game`);
    assert.ok(await p.locator('[data-testid="orders"]').isHidden(), `${seat}'s order box is gone`);
    assert.equal(await p.locator('[data-testid="task"]').count(), 0);
    // What still works stays: the log, the chat, the measure tool, the briefing.
    assert.ok(await p.locator('[data-testid="measure"]').isVisible());
    assert.ok(await p.locator("button.tab:has-text('Chat')").isVisible());
    assert.ok(await p.locator('[data-testid="save-log"]').isVisible(), "the log this seat saw can be saved");
  }
  await gmTable.waitForSelector('[data-testid="after-action"]');
  assert.equal(await gmTable.locator('[data-testid="gm-pause"], [data-testid="gm-resume"]').count(), 0, "no pause or resume after the game");
  await shot(blue, "after-action");
  assert.deepEqual(problems, [], "no page errors");
});
