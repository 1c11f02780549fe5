// End to end in real Chromium against the real server: a club's campaign (docs/campaigns.md). The
// founder founds a club from the lobby, opens their own invitation and chooses a password; invites
// Anna and Ben, who each open their link in a browser of their own and choose theirs; starts a
// Portable Wargame campaign of two sides, puts one member on each, adds two battles (the second
// follows the first) and opens the first. Anna and Ben find it in "Your games" (the dashboard
// refreshes by itself), take their seats and give their first orders; the GM takes the GM's seat
// and seats the computer on both sides, which plays the battle to its end. The dashboard then has
// the battle over, the standings of the sides and of the members agree with its result, and the
// second battle, once opened, lists what it carried from the first; Anna has it in her games. The
// campaign's map follows along: which battle is next, each one's state and result, the arrow from
// the first to the second. A member signs out and in again. The GM's "your turn" notices go to a
// webhook receiver here, which takes a test notice. Screenshots: web-client/test-output/e2e/campaign-*.png.
import assert from "node:assert/strict";
import { createServer } from "node:http";
import { dirname, join, resolve } from "node:path";
import { test } from "node:test";
import { fileURLToPath } from "node:url";
import { viewOf, waitFor } from "./grid-play.mjs";
import { harness } from "./harness.mjs";

const h = harness();
const { problems } = h;
const repo = resolve(process.env.SANDTABLE_REPO ?? join(dirname(fileURLToPath(import.meta.url)), "../.."));
const shot = (page, name) => page.screenshot({ path: join(repo, "web-client/test-output/e2e", `${name}.png`), fullPage: true });

const PASSWORDS = { Greta: "the founder's long password", Anna: "anna keeps the north bank", Ben: "ben holds the ford at dawn" };

/** One person's browser (a context of its own: its own session cookie), its errors collected. */
async function browserOf(name) {
  const ctx = await h.browser.newContext({ viewport: { width: 1280, height: 900 } });
  // The briefing would open over a seat's first view; these players have read it.
  await ctx.addInitScript(() => {
    const token = new URLSearchParams(location.search).get("token");
    if (token) localStorage.setItem(`sandtable:briefing-seen:sandtable:${token}`, "1");
  });
  return {
    ctx,
    async page(url) {
      const page = await ctx.newPage();
      page.on("pageerror", (e) => problems.push(`${name}: ${e.message}`));
      // Refusals the page expects and says in words (not signed in, a used invitation, a wrong
      // password) are logged by Chromium too.
      page.on("console", (m) => m.type() === "error" && !/WebSocket|status of 40[14]/.test(m.text()) && problems.push(`${name} console: ${m.text()}`));
      if (url) await page.goto(url);
      return page;
    },
  };
}

/** The invitation page: a password chosen twice; lands on the club's dashboard. */
async function acceptInvitation(page, name, clubName) {
  await page.waitForSelector('[data-testid="invite-welcome"]');
  assert.equal(await page.locator('[data-testid="invite-welcome"]').innerText(), `Welcome to ${clubName}, ${name}: choose a password`);
  await page.fill('[data-testid="invite-password"]', PASSWORDS[name]);
  await page.fill('[data-testid="invite-password-again"]', PASSWORDS[name]);
  await page.click('[data-testid="invite-accept"]');
  await page.waitForURL(/\?club=/);
  await page.waitForSelector('[data-testid="signed-in-as"]');
  assert.match(await page.locator('[data-testid="signed-in-as"]').innerText(), new RegExp(`Signed in as ${name}`));
}

/** The GM invites a member by name and reads the link shown once. */
async function invite(gm, name) {
  await gm.fill('[data-testid="invite-name"]', name);
  await gm.click('[data-testid="invite-send"]');
  const box = gm.locator('[data-testid="invite-link"]', { hasText: `Send this link to ${name}` });
  await box.waitFor();
  await gm.locator(`[data-testid="members"] li[data-name="${name}"]`).waitFor();
  assert.match(await gm.locator(`[data-testid="members"] li[data-name="${name}"]`).innerText(), /invited/);
  return box.locator('[data-testid="invite-url"]').inputValue();
}

const battleRow = (page, name) => page.locator(`li.battle[data-name="${name}"]`);

/** Clicks a seat's button until its other button shows (the bot may move the table on in between). */
async function seatComputer(gm, side) {
  const target = gm.locator(`[data-seat="${side}"] [data-testid="gm-seat-human"]`);
  for (let i = 0; i < 10; i++) {
    if (await target.count()) return;
    if (await gm.evaluate(() => window.sandtable.page.model.view?.result?.over)) return;
    await gm.locator(`[data-seat="${side}"] [data-testid="gm-seat-bot"]`).click({ timeout: 5_000 }).catch(() => {});
    await target.waitFor({ timeout: 3_000 }).catch(() => {});
  }
  assert.fail(`the GM could not seat the computer for ${side}`);
}

/**
 * The campaign's map as drawn: each box's words, whether it is marked next and where it is; each
 * arrow with the battles it joins, whether its marker is in the map, and where it runs.
 */
const mapOf = (card) =>
  card.locator('[data-testid="campaign-map"]').evaluate((svg) => {
    const text = (el, id) => el.querySelector(`[data-testid="${id}"]`)?.textContent ?? "";
    const span = (el) => { const r = el.getBoundingClientRect(); return { left: r.left, right: r.right }; };
    const boxes = Object.fromEntries([...svg.querySelectorAll('[data-testid="map-box"]')].map((g) => [
      g.dataset.battle,
      { name: text(g, "map-name"), status: text(g, "map-status"), winner: text(g, "map-winner"), next: !!g.querySelector('[data-testid="map-next"]'), ...span(g) },
    ]));
    const edges = [...svg.querySelectorAll('[data-testid="map-edge"]')].map((p) => {
      const id = /^url\(#(.+)\)$/.exec(p.getAttribute("marker-end") ?? "")?.[1];
      return { from: p.dataset.from, to: p.dataset.to, tag: p.tagName, marker: !!id && !!svg.querySelector(`marker[id="${id}"]`), ...span(p) };
    });
    return { boxes, edges };
  });

/** A standings table as numbers by row id. */
const standingsOf = (page, kind) =>
  page.$$eval(`[data-testid="standings-${kind}s"] tbody tr`, (rows, k) =>
    Object.fromEntries(rows.map((r) => {
      const n = [...r.querySelectorAll("td.num")].map((td) => Number(td.textContent));
      return [r.dataset[k], { played: n[0], won: n[1], drawn: n[2], lost: n[3], points: n[4], text: r.innerText }];
    })), kind);

test("a club runs a campaign: members invited, sides, two linked battles, a game played out, standings and losses carried", { timeout: 600_000 }, async () => {
  const clubName = "Aller Valley Wargamers";
  const greta = await browserOf("greta");

  // --- the founder founds the club from the lobby and opens their own invitation ---
  const lobby = await greta.page(h.server.url);
  await lobby.click('[data-testid="club-found-open"]');
  await lobby.fill('[data-testid="club-name-input"]', clubName);
  await lobby.fill('[data-testid="club-gm-name"]', "Greta");
  await lobby.click('[data-testid="club-found"]');
  await lobby.waitForSelector('[data-testid="club-gm-link"]');
  assert.match(await lobby.locator('[data-testid="club-gm-link"]').inputValue(), /\?invite=[A-Za-z0-9_-]{16,}$/);
  await lobby.locator('[data-testid="club-card"]').scrollIntoViewIfNeeded();
  await lobby.screenshot({ path: join(repo, "web-client/test-output/e2e/campaign-lobby-founded.png") });
  await lobby.click('[data-testid="club-gm-open"]');
  // A password too short is refused in words before anything is sent.
  await lobby.waitForSelector('[data-testid="invite-password"]');
  await lobby.fill('[data-testid="invite-password"]', "short");
  await lobby.fill('[data-testid="invite-password-again"]', "short");
  await lobby.click('[data-testid="invite-accept"]');
  await lobby.locator('[data-testid="invite-page"] .error', { hasText: "at least 10 characters" }).waitFor();
  await acceptInvitation(lobby, "Greta", clubName);
  const gm = lobby;
  const clubUrl = gm.url();
  assert.equal(await gm.locator('[data-testid="club-name"]').innerText(), clubName);
  assert.match(await gm.locator('[data-testid="signed-in-as"]').innerText(), /game master/);

  // --- two members invited; each chooses a password in a browser of their own ---
  const links = { Anna: await invite(gm, "Anna"), Ben: await invite(gm, "Ben") };
  assert.notEqual(links.Anna, links.Ben);
  const people = {};
  for (const name of ["Anna", "Ben"]) {
    const b = await browserOf(name.toLowerCase());
    const page = await b.page(links[name]);
    await acceptInvitation(page, name, clubName);
    await page.waitForSelector('[data-testid="no-games"]');
    people[name] = { browser: b, dash: page };
  }
  // A used invitation is refused in plain words.
  const used = await people.Anna.browser.page(links.Anna);
  await used.waitForSelector('[data-testid="invite-bad"]');
  await used.close();
  await gm.reload();
  for (const name of ["Anna", "Ben"]) {
    await gm.locator(`[data-testid="members"] li[data-name="${name}"]`, { hasText: "signed up" }).waitFor();
  }
  const memberId = Object.fromEntries(await gm.$$eval('[data-testid="members"] li', (lis) => lis.map((li) => [li.dataset.name, li.dataset.member])));

  // --- notices: the GM points them at a receiver here and sends a test notice ---
  const notices = [];
  const receiver = createServer((req, res) => {
    let body = "";
    req.on("data", (d) => (body += d));
    req.on("end", () => { notices.push(JSON.parse(body)); res.end("ok"); });
  });
  await new Promise((r) => receiver.listen(0, "127.0.0.1", r));
  await gm.fill('[data-testid="webhook-url"]', `http://127.0.0.1:${receiver.address().port}/hook`);
  await gm.selectOption('[data-testid="webhook-kind"]', "json");
  await gm.click('[data-testid="webhook-test"]');
  await gm.locator('[data-testid="notices"]', { hasText: "a test notice is on its way" }).waitFor();
  for (let i = 0; i < 50 && !notices.length; i++) await gm.waitForTimeout(200);
  assert.equal(notices[0]?.event, "test", `the receiver got the test notice: ${JSON.stringify(notices)}`);
  assert.equal(notices[0]?.club?.name, clubName);
  receiver.close();

  // --- the GM starts a campaign: the Portable Wargame, two sides ---
  await gm.waitForSelector('[data-testid="campaign-ruleset"] option[value="portable-wargame-19c"]', { state: "attached" });
  await gm.fill('[data-testid="campaign-name"]', "The Aller campaign");
  await gm.selectOption('[data-testid="campaign-ruleset"]', "portable-wargame-19c");
  const sideInputs = gm.locator('[data-testid="campaign-side"]');
  await sideInputs.nth(0).fill("North");
  await sideInputs.nth(1).fill("South");
  await gm.click('[data-testid="campaign-create"]');
  const card = gm.locator('.campaign[data-name="The Aller campaign"]');
  await card.waitFor();
  const sideId = Object.fromEntries(await card.locator('[data-testid="campaign-sides"] li').evaluateAll((lis) => lis.map((li) => [li.querySelector("b").textContent, li.dataset.side])));
  assert.deepEqual(Object.keys(sideId), ["North", "South"]);

  // --- Anna to the North, Ben to the South ---
  for (const [name, side] of [["Anna", "North"], ["Ben", "South"]]) {
    await card.locator(`select[data-member="${memberId[name]}"]`).selectOption(sideId[side]);
    await card.locator(`[data-testid="campaign-sides"] li[data-side="${sideId[side]}"]`, { hasText: name }).waitFor();
  }

  // --- two battles, the second following the first ---
  await card.locator('[data-testid="add-battle"] summary').click();
  await card.locator('[data-testid="battle-scenario"] option[value="pw-meeting-engagement"]').waitFor({ state: "attached" });
  const addBattle = async (name, follows) => {
    await card.locator('[data-testid="battle-name"]').fill(name);
    await card.locator('[data-testid="battle-scenario"]').selectOption("pw-meeting-engagement");
    if (follows) await card.locator('[data-testid="battle-follows"]').selectOption({ label: follows });
    await card.locator('[data-testid="battle-add"]').click();
    await battleRow(card, name).waitFor();
    return battleRow(card, name).getAttribute("data-battle");
  };
  const first = "Kessel Ford";
  const second = "Kessel Ford, the day after";
  const b1 = await addBattle(first);
  const b2 = await addBattle(second, first);
  assert.match(await battleRow(card, second).locator('[data-testid="follows"]').innerText(), /follows Kessel Ford/);
  assert.equal(await battleRow(card, first).getAttribute("data-status"), "planned");
  // The map: the first battle can be opened now, the second waits for it.
  let map = await mapOf(card);
  assert.deepEqual(Object.keys(map.boxes), [b1, b2]);
  assert.deepEqual([map.boxes[b1].status, map.boxes[b1].next, map.boxes[b2].status, map.boxes[b2].next], ["planned", true, "planned", false]);

  // --- the GM opens the first battle ---
  await battleRow(card, first).locator('[data-testid="battle-open"]').click();
  await card.locator(`li.battle[data-battle="${b1}"][data-status="playing"]`).waitFor();
  await shot(gm, "campaign-gm-opened");
  map = await mapOf(card);
  assert.match(map.boxes[b1].status, /^playing/);
  assert.deepEqual([map.boxes[b1].next, map.boxes[b2].status, map.boxes[b2].next], [false, "planned", false], "the second battle is not next while the first is played");

  // --- Anna and Ben find it in their games without a reload, and take their seats ---
  const tables = {};
  for (const [name, seat] of [["Anna", "blue"], ["Ben", "red"]]) {
    const page = people[name].dash;
    const game = page.locator(`[data-testid="my-games"] .my-game[data-battle="${b1}"]`);
    await game.waitFor({ timeout: 20_000 });
    assert.match(await game.innerText(), /Kessel Ford[\s\S]*The Aller campaign/);
    if (name === "Anna") await shot(page, "campaign-member-dashboard");
    await game.locator('[data-testid="game-play"]').click();
    await page.waitForURL(/\?room=.*token=/);
    await page.waitForFunction(() => window.sandtable?.page?.model?.welcome && window.sandtable.page.model.view);
    assert.equal(await page.evaluate(() => window.sandtable.page.model.welcome.seat), seat, `${name}'s side plays ${seat}`);
    assert.match(await page.locator('[data-testid="seat"]').innerText(), new RegExp(seat, "i"));
    tables[name] = { page, seat };
  }
  // Their first orders: the artillery plan the opening asks of each side, where it does.
  let orders = 0;
  for (const { page, seat } of Object.values(tables)) {
    const v = await waitFor(page, (x) => x.waitingFor.length > 0 || x.over, "the table to wait on someone", 20_000);
    if (v.waitingFor.includes(seat) && (await page.locator('[data-testid="send-plan"]').count())) {
      await page.click('[data-testid="send-plan"]');
      await waitFor(page, (x) => x.seq > v.seq, `${seat}'s plan to be accepted`);
      orders++;
    }
  }
  assert.ok(orders >= 1, "a player gave an order");
  await shot(tables.Anna.page, "campaign-anna-table");
  for (const { page } of Object.values(tables)) await page.close();

  // --- the GM takes the GM's seat and lets the computer play both sides to the end ---
  await battleRow(card, first).locator('[data-testid="battle-play"]').click();
  await gm.waitForURL(/\?room=.*token=/);
  await gm.waitForSelector('[data-testid="connection"][data-status="open"]');
  assert.match(await gm.locator('[data-testid="seat"]').innerText(), /Game master/);
  await gm.click('[data-testid="gm-seats"] summary');
  for (const side of ["blue", "red"]) await seatComputer(gm, side);
  await gm.waitForFunction(() => window.sandtable.page.model.view?.result?.over, null, { timeout: 400_000, polling: 1000 });
  const result = await viewOf(gm);
  assert.ok(result.over);

  // --- the dashboard: the battle is over, the standings follow ---
  await gm.goto(clubUrl);
  const over = gm.locator(`li.battle[data-battle="${b1}"][data-status="over"]`);
  for (let i = 0; i < 30 && !(await over.count()); i++) await gm.waitForTimeout(1000);
  await over.waitFor({ timeout: 1000 });
  const winner = await over.locator('[data-testid="battle-winner"]').innerText();
  assert.match(winner, /^(North won|South won|A draw)$/);
  const mapWinner = winner === "A draw" ? "drawn" : winner;
  // On the map, the first battle over with its result, and the second now next.
  map = await mapOf(card);
  assert.deepEqual([map.boxes[b1].status, map.boxes[b1].winner, map.boxes[b1].next], ["over", mapWinner, false]);
  assert.deepEqual([map.boxes[b2].status, map.boxes[b2].next], ["planned", true], "the second battle is next once the first is over");
  await card.locator('[data-testid="campaign-map"]').screenshot({ path: join(repo, "web-client/test-output/e2e/campaign-map-next.png") });
  const sides = await standingsOf(gm, "side");
  const north = sides[sideId.North];
  const south = sides[sideId.South];
  assert.equal(north.played, 1);
  assert.equal(south.played, 1);
  if (winner === "A draw") {
    assert.deepEqual([north.drawn, south.drawn, north.points, south.points], [1, 1, 1, 1], "a draw: a point each");
  } else {
    const [w, l] = winner === "North won" ? [north, south] : [south, north];
    assert.deepEqual([w.won, w.lost, w.points, l.won, l.lost, l.points], [1, 0, 3, 0, 1, 0], `${winner}: 3 points to the winner, none to the loser`);
    assert.match(await gm.locator('[data-testid="standings-sides"] tbody tr').first().innerText(), new RegExp(winner.replace(" won", "")), "the winner heads the table");
  }
  const members = await standingsOf(gm, "member");
  for (const [name, side] of [["Anna", north], ["Ben", south]]) {
    const m = members[memberId[name]];
    assert.ok(m, `${name} is in the members' standings`);
    assert.deepEqual([m.played, m.won, m.drawn, m.lost, m.points], [side.played, side.won, side.drawn, side.lost, side.points], `${name}'s standing is their side's`);
  }

  // --- the second battle opens with what the first cost ---
  await battleRow(gm, second).locator('[data-testid="battle-open"]').click();
  await gm.locator(`li.battle[data-battle="${b2}"][data-status="playing"]`).waitFor();
  const carried = battleRow(gm, second).locator('[data-testid="carried"]');
  await carried.waitFor();
  assert.match(await carried.locator("caption").innerText(), /Carried from Kessel Ford$/);
  const units = await carried.locator("tbody tr").evaluateAll((rows) => rows.map((r) => ({ before: Number(r.dataset.before), after: Number(r.dataset.after), removed: r.dataset.removed === "yes", text: r.innerText })));
  assert.ok(units.some((u) => u.removed || u.after < u.before), `a unit carries a loss: ${JSON.stringify(units)}`);
  // The map once the second battle is opened: two boxes, the first over, the second played, and an
  // arrow with its head from the first box's right side to the second's left.
  map = await mapOf(card);
  assert.equal(Object.keys(map.boxes).length, 2);
  assert.deepEqual([map.boxes[b1].name, map.boxes[b1].status, map.boxes[b1].winner], [first, "over", mapWinner]);
  assert.match(map.boxes[b2].status, /^playing/);
  assert.equal(map.boxes[b2].next, false);
  assert.equal(map.edges.length, 1);
  const [arrow] = map.edges;
  assert.deepEqual([arrow.from, arrow.to, arrow.tag, arrow.marker], [b1, b2, "path", true]);
  assert.ok(map.boxes[b1].right <= arrow.left + 1 && arrow.right <= map.boxes[b2].left + 1, `the arrow runs between the boxes: ${JSON.stringify(map)}`);
  await card.locator('[data-testid="campaign-map"]').scrollIntoViewIfNeeded();
  await card.screenshot({ path: join(repo, "web-client/test-output/e2e/campaign-map.png") });
  await battleRow(gm, second).scrollIntoViewIfNeeded();
  await shot(gm, "campaign-gm-standings");

  // --- Anna has the second battle in her games ---
  const anna = await people.Anna.browser.page(clubUrl);
  await anna.locator(`[data-testid="my-games"] .my-game[data-battle="${b2}"]`).waitFor();
  assert.match(await anna.locator('[data-testid="standings"]').innerText(), /Anna/);
  await shot(anna, "campaign-member-standings");

  // --- Ben signs out, is refused a wrong password, and signs in again ---
  const ben = await people.Ben.browser.page(clubUrl);
  await ben.click('[data-testid="signout"]');
  await ben.waitForSelector('[data-testid="signin"]');
  await ben.reload();
  await ben.waitForSelector('[data-testid="signin"]');
  assert.match(await ben.locator('[data-testid="signin"] h2').innerText(), new RegExp(`Sign in to ${clubName}`));
  await ben.fill('[data-testid="signin-name"]', "Ben");
  await ben.fill('[data-testid="signin-password"]', "not ben's password");
  await ben.click('[data-testid="signin-send"]');
  await ben.locator('[data-testid="signin"] .error:not([hidden])').waitFor();
  await ben.fill('[data-testid="signin-password"]', PASSWORDS.Ben);
  await ben.click('[data-testid="signin-send"]');
  await ben.waitForSelector(`[data-testid="my-games"] .my-game[data-battle="${b2}"]`);

  for (const b of [greta, people.Anna.browser, people.Ben.browser]) await b.ctx.close();
  assert.deepEqual(problems, [], "no page errors");
});
