// End to end (issue 17, the GM's table): on the Portable Wargame meeting engagement a player takes
// back a move from the button the engine's menu offers (every seat sees the unit back and the log
// says so), moves again, and the GM rewinds that move from the referee panel with a reason, which
// every seat's log and the GM's audit show; then a refused order goes to the GM as a question,
// which the GM allows with reasons every seat reads. Screenshots go to web-client/test-output/e2e/.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { answerDecisions, clickSquare, clickUnit, viewOf, waitFor } from "./grid-play.mjs";
import { createRoom } from "./play.mjs";
import { harness } from "./harness.mjs";

const h = harness();
const { openPage, shot, problems } = h;

const logHas = (page, re) =>
  page.waitForFunction((src) => [...document.querySelectorAll('[data-testid="log"] li')].some((li) => new RegExp(src).test(li.textContent)), re.source);

/** Moves a unit of `side` one square (the menu's first target) by clicking; returns where from and to. */
async function moveOne(page, side) {
  const v = await viewOf(page);
  const unit = v.units.find((u) => u.side === side && u.type === "infantry" && v.menu.some((a) => a.id === `move:${u.id}` && a.targets.length));
  assert.ok(unit, `${side} has an infantry unit the menu lets move`);
  const dest = v.menu.find((a) => a.id === `move:${unit.id}`).targets[0];
  await clickUnit(page, unit.id);
  await page.keyboard.press("m");
  await clickSquare(page, dest.col, dest.row);
  await page.keyboard.press("Enter");
  await waitFor(page, (x) => x.units.some((u) => u.id === unit.id && u.col === dest.col && u.row === dest.row), "the move to be applied");
  return { unit, dest };
}

const at = (v, id) => v.units.find((u) => u.id === id);

test("a player takes back a move; the GM rewinds one with a reason; a ruling asked and given", { timeout: 180_000 }, async () => {
  const lobby = await openPage("gm-table-lobby", h.server.url);
  const links = await createRoom(h, { ruleset: "portable-wargame-19c", scenario: /meeting/, name: "Take-backs", lobby });
  const blue = await openPage("tb-blue", links.blue);
  const red = await openPage("tb-red", links.red);
  const spec = await openPage("tb-spectator", links.spectator);
  const gm = await openPage("tb-gm", links.gm);
  for (const p of [blue, red, spec, gm]) {
    await p.waitForSelector('[data-testid="connection"][data-status="open"]');
    await p.waitForSelector("svg.board .unit");
  }
  // Through the artillery phase (plans held) and the start-of-turn questions, to an active side.
  for (const [p, seat] of [[blue, "blue"], [red, "red"]]) {
    const now = await viewOf(p);
    if (/artillery/.test(now.phase) && now.waitingFor.includes(seat)) {
      await p.click('[data-testid="send-plan"]');
      await waitFor(p, (x) => x.seq > now.seq, `${seat}'s plan to be accepted`);
    }
  }
  await waitFor(blue, (x) => x.phase === "activation" || x.decisions.length > 0, "the activation phase");
  await answerDecisions(blue, "blue");
  await answerDecisions(red, "red");
  const v = await waitFor(blue, (x) => x.phase === "activation" && !!x.activeSide, "an active side");
  const side = v.activeSide;
  const A = side === "blue" ? blue : red;
  const B = side === "blue" ? red : blue;
  assert.equal(await A.locator('[data-testid="take-back"]').count(), 0, "nothing to take back before the first order of the turn");

  // --- A moves, and takes it back: nothing was rolled, nobody else acted, so at once ---
  const first = await moveOne(A, side);
  const button = A.locator('[data-testid="take-back"]');
  await button.waitFor();
  assert.match(await button.innerText(), /Take back your last order/);
  assert.equal(await B.locator('[data-testid="take-back"]').count(), 0, "the other side has nothing to take back");
  await shot(A, "take-back-offered");
  await button.click();
  for (const p of [A, B, spec]) {
    await waitFor(p, (x) => at(x, first.unit.id).col === first.unit.col && at(x, first.unit.id).row === first.unit.row, "the unit to be back where it was");
    await logHas(p, /takes back their last order: the table is as it was after #\d+\./);
  }
  await shot(A, "take-back-done");
  await shot(spec, "take-back-spectator");

  // --- A moves again; the GM rewinds it from the referee panel, with a reason ---
  const second = await moveOne(A, side);
  await gm.click('[data-testid="gm-edits"] summary');
  await gm.selectOption('[data-testid="gm-edit-kind"]', "rewind");
  const points = await gm.$$eval('[data-testid="gm-edit-point"] option', (os) => os.map((o) => ({ value: o.value, label: o.textContent })));
  const newest = points.find((p) => p.value !== "");
  assert.ok(newest, `the GM's menu lists a point to go back to: ${JSON.stringify(points)}`);
  assert.match(newest.label, /^Before #\d+ \(/, "the newest point first, before the move");
  await gm.selectOption('[data-testid="gm-edit-point"]', newest.value);
  await gm.fill('[data-testid="gm-edit-reason"]', "the move was made by mistake");
  await shot(gm, "gm-rewind-form");
  await gm.click('[data-testid="gm-edit-apply"]');
  for (const p of [A, B, spec, gm]) {
    await waitFor(p, (x) => at(x, second.unit.id).col === second.unit.col && at(x, second.unit.id).row === second.unit.row, "the rewound unit to be back");
    await logHas(p, new RegExp(`GM rewinds the table to how it was after #${newest.value} \\(the move was made by mistake\\)\\.`));
  }
  await gm.waitForFunction(() => /GM rewinds the table/.test(document.querySelector('[data-testid="gm-audit"]')?.textContent ?? ""));
  await shot(gm, "gm-rewind-done");

  // --- a refused order: the player asks the GM for a ruling, the GM allows it with reasons ---
  const now = await viewOf(A);
  const mover = now.units.find((u) => u.side === side && now.menu.some((a) => a.id === `move:${u.id}`));
  await A.evaluate((id) => window.sandtable.page.sendNow({ action: `move:${id}`, target: "99,99" }), mover.id);
  await A.locator('[data-testid="refusal"]').waitFor();
  await A.click('[data-testid="ask-gm"]');
  await A.fill('[data-testid="ask-gm-text"]', "the river was frozen that winter");
  await shot(A, "ruling-asked");
  await A.click('[data-testid="ask-gm-send"]');
  await A.locator('[data-testid="my-rulings"]').waitFor();
  assert.match(await A.locator('[data-testid="my-rulings"]').innerText(), /the river was frozen that winter.*waiting for the ruling/s);
  await logHas(B, /asks the GM for a ruling\.$/);
  const bLog = (await viewOf(B)).log.join("\n");
  assert.doesNotMatch(bLog, /river was frozen/, "the other side reads that a ruling was asked, not the asker's words");
  const ruling = gm.locator('[data-testid="gm-rulings"]');
  await ruling.waitFor();
  assert.match(await ruling.innerText(), /the river was frozen that winter/);
  await gm.fill('[data-testid="gm-ruling-words"]', "agreed: the ford is passable this turn");
  await shot(gm, "ruling-on-the-gm-panel");
  await gm.click('[data-testid="gm-ruling-allow"]');
  for (const p of [A, B, spec]) await logHas(p, /GM rules for .+: agreed: the ford is passable this turn/);
  await A.locator('[data-testid="my-rulings"]').waitFor({ state: "detached" });
  await gm.locator('[data-testid="gm-rulings"]').waitFor({ state: "detached" });
  await shot(B, "ruling-given");

  // --- terrain: the GM lays woods with a reason; every seat's table and log show them; then the
  // GM takes them away again ---
  const woodsOn = (p) => p.evaluate(() => window.sandtable.page.model.view.terrain.filter((t) => t.kind === "woods" && t.squares.some((q) => q.col === 10 && q.row === 0)).length);
  await gm.selectOption('[data-testid="gm-edit-kind"]', "terrainLay");
  await gm.fill('[data-testid="gm-edit-value"]', "woods");
  await gm.fill('[data-testid="gm-edit-place"]', "10, 0  11, 0");
  await gm.fill('[data-testid="gm-edit-reason"]', "the copse was left off the map");
  await gm.click('[data-testid="gm-edit-apply"]');
  for (const p of [A, B, spec]) await logHas(p, /GM lays woods at \(10,0\) \(11,0\) \(the copse was left off the map\)\./);
  for (const p of [A, B, spec, gm]) assert.equal(await woodsOn(p), 1, "the woods are on every seat's table");
  await shot(B, "terrain-laid");
  await gm.selectOption('[data-testid="gm-edit-kind"]', "terrainRemove");
  const laid = (await gm.$$eval('[data-testid="gm-edit-feature"] option', (os) => os.map((o) => ({ value: o.value, label: o.textContent })))).filter((o) => o.value !== "").pop();
  assert.ok(laid && /woods/.test(laid.label), `the laid woods are listed to remove (${JSON.stringify(laid)})`);
  await gm.selectOption('[data-testid="gm-edit-feature"]', laid.value);
  await gm.fill('[data-testid="gm-edit-reason"]', "it was the other copse");
  await gm.click('[data-testid="gm-edit-apply"]');
  for (const p of [A, B, spec]) await logHas(p, /GM removes woods.*\(it was the other copse\)\./);
  for (const p of [A, B, spec, gm]) assert.equal(await woodsOn(p), 0, "the woods are gone from every seat's table");

  // --- seats: the GM puts the computer in the other side's seat and gives it back; a new
  // spectator link replaces the old one, which stops at once ---
  const other = side === "blue" ? "red" : "blue";
  await gm.click('[data-testid="gm-seats"] summary');
  await gm.click(`[data-seat="${other}"] [data-testid="gm-seat-bot"]`);
  await logHas(B, /GM puts the computer in the seat of .+ \(from the referee panel\)\./);
  await gm.locator(`[data-seat="${other}"] [data-testid="gm-seat-human"]`).waitFor();
  await shot(gm, "seats-computer-seated");
  await gm.click(`[data-seat="${other}"] [data-testid="gm-seat-human"]`);
  await gm.locator(`[data-seat="${other}"] [data-testid="gm-seat-bot"]`).waitFor();
  gm.once("dialog", (d) => d.accept());
  await gm.click('[data-seat="spectator"] [data-testid="gm-new-link"]');
  const fresh = gm.locator('[data-seat="spectator"] [data-testid="gm-new-link-url"]');
  await fresh.waitFor();
  const url = await fresh.inputValue();
  assert.match(url, /token=/, "a new link");
  assert.notEqual(url, links.spectator);
  await shot(gm, "seats-new-link");
  await spec.waitForSelector('[data-testid="join-failed"][data-code="TOKEN_REVOKED"]');
  const again = await openPage("tb-spectator-again", url);
  await again.waitForSelector('[data-testid="connection"][data-status="open"]');
  assert.match(await again.locator('[data-testid="seat"]').innerText(), /spectator/i);
  assert.deepEqual(problems.filter((p) => !/tb-spectator:/.test(p)), [], "no page errors (the revoked spectator's page may say its link is gone)");
});

test("a GM creates a room from a scenario file; a wrong file is refused naming the field", { timeout: 120_000 }, async () => {
  const repo = process.env.SANDTABLE_REPO ?? join(import.meta.dirname, "../..");
  const scenario = JSON.parse(readFileSync(join(repo, "scenarios/pw/meeting-engagement.json"), "utf8"));
  const lobby = await openPage("upload-lobby", h.server.url);
  await lobby.waitForSelector("#scenario option", { state: "attached" });
  // A unit off the table: refused, with the field named, and no room made.
  const broken = structuredClone(scenario);
  broken.sides[0].units[0].square = { col: 99, row: 0 };
  await lobby.setInputFiles('[data-testid="scenario-file"]', { name: "broken.json", mimeType: "application/json", buffer: Buffer.from(JSON.stringify(broken)) });
  await lobby.click("button:has-text('Create room')");
  await lobby.waitForFunction(() => /Could not create the room/.test(document.body.textContent ?? ""));
  const said = await lobby.locator("body").innerText();
  assert.match(said, /Could not create the room: The scenario cannot be used: .*sides\[0\]\.units\[0\]/, "the refusal names the field");
  await shot(lobby, "upload-refused");
  // The club's own version of the battle: created, and the table shows its name.
  const own = { ...structuredClone(scenario), id: "club-kessel", name: "Kessel Ford, club rules" };
  await lobby.setInputFiles('[data-testid="scenario-file"]', { name: "club.json", mimeType: "application/json", buffer: Buffer.from(JSON.stringify(own)) });
  await lobby.click("button:has-text('Create room')");
  await lobby.waitForSelector(".link-table input");
  const links = Object.fromEntries(await lobby.$$eval(".link-table input", (els) => els.map((e) => [e.dataset.seat, e.value])));
  const blue = await openPage("upload-blue", links.blue);
  await blue.waitForSelector("svg.board .unit");
  const name = await blue.evaluate(() => window.sandtable.page.model.view.scenarioName);
  assert.equal(name, "Kessel Ford, club rules");
  await shot(blue, "upload-table");
  assert.deepEqual(problems.filter((p) => !/tb-spectator:/.test(p)), [], "no page errors");
});

test("dice rolled at the table: an order waits, the GM types the faces, the order goes on with them", { timeout: 120_000 }, async () => {
  const lobby = await openPage("dice-lobby", `${h.server.url}?seed=4`);
  await lobby.waitForSelector("#scenario option", { state: "attached" });
  await lobby.selectOption("#ruleset", "portable-wargame-19c");
  const id = await lobby.$$eval("#scenario option", (os) => os.map((o) => o.value).find((v) => /meeting/.test(v)));
  await lobby.selectOption("#scenario", id);
  await lobby.check('[data-testid="table-dice-option"]');
  await lobby.click("button:has-text('Create room')");
  await lobby.waitForSelector(".link-table input");
  const links = Object.fromEntries(await lobby.$$eval(".link-table input", (els) => els.map((e) => [e.dataset.seat, e.value])));
  const blue = await openPage("dice-blue", links.blue);
  const red = await openPage("dice-red", links.red);
  const gm = await openPage("dice-gm", links.gm);
  for (const p of [blue, red, gm]) await p.waitForSelector("svg.board .unit");
  const box = gm.locator('[data-testid="table-dice"]');
  let entered = 0;
  let wrongCountSaid = false;
  // Play on (plans, the start-of-turn questions) until the game rolls: the GM types each roll it asks for.
  for (let step = 0; step < 40 && !(entered >= 2 && !(await box.count())); step++) {
    if (await box.count()) {
      const ask = await box.innerText();
      const [, count] = /roll (\d+) /.exec(ask) ?? [];
      assert.ok(count, `the GM is told how many dice: ${ask}`);
      if (entered === 0) await shot(gm, "table-dice-asked");
      if (!wrongCountSaid && Number(count) > 1) {
        await gm.fill('[data-testid="table-dice-faces"]', "1");
        await gm.click('[data-testid="table-dice-enter"]');
        assert.match(await box.innerText(), new RegExp(`Type ${count} faces; you typed 1`), "a wrong count is said in words");
        wrongCountSaid = true;
      }
      const faces = Array.from({ length: Number(count) }, (_, i) => String(((entered + i) % 6) + 1)).join(" ");
      const before = (await viewOf(gm)).seq;
      await gm.fill('[data-testid="table-dice-faces"]', faces);
      await gm.click('[data-testid="table-dice-enter"]');
      await waitFor(gm, (x) => x.seq > before, "the dice to be entered");
      entered++;
      continue;
    }
    let moved = false;
    for (const [p, seat] of [[blue, "blue"], [red, "red"]]) {
      const v = await viewOf(p);
      if (!v.waitingFor.includes(seat)) continue;
      if (await p.locator('[data-testid="send-plan"]').count()) await p.click('[data-testid="send-plan"]');
      else if (v.decisions.some((d) => d.seat === seat)) await p.locator(".decision .choice").first().click();
      else if (v.menu.some((a) => a.id === "end-side")) {
        await p.click('[data-action="end-side"]');
        if (await p.locator('[data-testid="confirm-dialog"]').count()) await p.click('[data-testid="confirm-yes"]');
      } else continue;
      await waitFor(p, (x) => x.seq > v.seq, `${seat}'s order`);
      moved = true;
      break;
    }
    if (!moved) await gm.waitForTimeout(200);
  }
  assert.ok(entered >= 2, "the game asked for the table's dice");
  await logHas(red, /Waiting for the table's dice: /);
  await logHas(blue, /GM enters the table's dice: \d/);
  await shot(blue, "table-dice-entered");
  assert.deepEqual(problems.filter((p) => !/tb-spectator:/.test(p)), [], "no page errors");
});

test("spectators: a room watched a turn late, then live at the GM's word", { timeout: 60_000 }, async () => {
  const lobby = await openPage("watch-lobby", h.server.url);
  await lobby.waitForSelector("#scenario option", { state: "attached" });
  await lobby.selectOption("#ruleset", "portable-wargame-19c");
  const id = await lobby.$$eval("#scenario option", (os) => os.map((o) => o.value).find((v) => /meeting/.test(v)));
  await lobby.selectOption("#scenario", id);
  await lobby.selectOption('[data-testid="spectators-option"]', "delayed:1");
  await lobby.click("button:has-text('Create room')");
  await lobby.waitForSelector(".link-table input");
  const links = Object.fromEntries(await lobby.$$eval(".link-table input", (els) => els.map((e) => [e.dataset.seat, e.value])));
  const spec = await openPage("watch-spectator", links.spectator);
  const gm = await openPage("watch-gm", links.gm);
  const blue = await openPage("watch-blue", links.blue);
  const red = await openPage("watch-red", links.red);
  for (const p of [spec, gm, blue, red]) await p.waitForSelector("svg.board .unit");
  assert.match(await spec.locator('[data-testid="watching"]').innerText(), /the whole table, 1 turn behind the players/);
  // The players play turn 1 (plans, questions, a move, end of turn); the spectator sees the move
  // only once the live game is a turn past it.
  const P = { blue, red };
  let moved = null;
  for (let step = 0; step < 60; step++) {
    const g = await viewOf(gm);
    if (g.turn >= 2) break;
    const seat = g.waitingFor.find((s) => s === "blue" || s === "red");
    if (!seat) { await gm.waitForTimeout(100); continue; }
    const p = P[seat];
    const v = await viewOf(p);
    if (await p.locator('[data-testid="send-plan"]').count()) await p.click('[data-testid="send-plan"]');
    else if (v.decisions.some((d) => d.seat === seat)) await p.locator(".decision .choice").first().click();
    else if (!moved && v.phase === "activation" && v.menu.some((a) => a.id.startsWith("move:") && a.targets.length)) {
      moved = await moveOne(p, seat);
      const sv = await viewOf(spec);
      assert.ok(sv.units.some((u) => u.id === moved.unit.id && u.col === moved.unit.col && u.row === moved.unit.row), "the spectator does not see the move yet");
      await shot(spec, "spectators-delayed");
      continue;
    } else if (v.menu.some((a) => a.id === "end-side")) {
      await p.click('[data-action="end-side"]');
      if (await p.locator('[data-testid="confirm-dialog"]').count()) await p.click('[data-testid="confirm-yes"]');
    } else { await p.waitForTimeout(100); continue; }
    await waitFor(p, (x) => x.seq > v.seq, `${seat}'s order`);
  }
  assert.ok(moved, "a unit moved in turn 1");
  await waitFor(gm, (x) => x.turn >= 2, "turn 2");
  await waitFor(spec, (x) => x.units.some((u) => u.id === moved.unit.id && u.col === moved.dest.col && u.row === moved.dest.row), "the spectator to see turn 1's move once turn 2 has begun");
  await logHas(spec, /moves \d+ squares? to/);
  await gm.click('[data-testid="gm-seats"] summary');
  assert.equal(await gm.locator('[data-testid="gm-spectators"]').inputValue(), "delayed:1");
  await gm.selectOption('[data-testid="gm-spectators"]', "live");
  await spec.waitForFunction(() => /what no side hides/.test(document.querySelector('[data-testid="watching"]')?.textContent ?? ""));
  await logHas(spec, /GM lets spectators see what no side hides, as it happens \(set from the referee panel\)\./);
  assert.deepEqual(problems.filter((p) => !/tb-spectator:/.test(p)), [], "no page errors");
});
