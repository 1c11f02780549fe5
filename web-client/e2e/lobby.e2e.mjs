// End to end in real Chromium against the real server: the lobby remembers the rooms a browser
// created and the links it opened (localStorage), lists a game master's rooms from the server
// (ListRooms, with a pasted GM link), a made-up link and a revoked seat get a page in plain words
// with the way back, and the page on how dice are checked is served. One browser context is "this
// browser"; others stand for other people. Screenshots go to web-client/test-output/e2e/.
import assert from "node:assert/strict";
import { dirname, join, resolve } from "node:path";
import { test } from "node:test";
import { fileURLToPath } from "node:url";
import { harness } from "./harness.mjs";

const h = harness();
const { shot, problems } = h;
// The harness's screenshot folder, for the one whole-page shot (the lobby is taller than the window).
const repo = resolve(process.env.SANDTABLE_REPO ?? join(dirname(fileURLToPath(import.meta.url)), "../.."));
const shotPath = (name) => join(repo, "web-client/test-output/e2e", `${name}.png`);

/** A browser context of its own (one person's browser) with its errors collected. */
async function browserOf(name) {
  const ctx = await h.browser.newContext({ viewport: { width: 1280, height: 900 } });
  return {
    ctx,
    async page(url) {
      const page = await ctx.newPage();
      page.on("pageerror", (e) => problems.push(`${name}: ${e.message}`));
      page.on("console", (m) => m.type() === "error" && !/WebSocket/.test(m.text()) && problems.push(`${name} console: ${m.text()}`));
      if (url) await page.goto(url);
      return page;
    },
  };
}

/** Creates a Portable Wargame room from the lobby page and returns {room, links by seat}. */
async function createRoom(lobby, name) {
  await lobby.waitForSelector("#scenario option", { state: "attached" });
  await lobby.selectOption("#ruleset", "portable-wargame-19c");
  await lobby.fill("#room-name", name);
  const before = await lobby.$eval(".link-table", (t) => t.dataset.room).catch(() => "");
  await lobby.click("button:has-text('Create room')");
  await lobby.waitForFunction((old) => {
    const t = document.querySelector(".link-table");
    return t && t.dataset.room && t.dataset.room !== old;
  }, before);
  const room = await lobby.$eval(".link-table", (t) => t.dataset.room);
  const links = Object.fromEntries(await lobby.$$eval(".link-table input", (els) => els.map((e) => [e.dataset.seat, e.value])));
  return { room, links };
}

const player = (links) => Object.keys(links).find((s) => s !== "gm" && s !== "spectator");

/** Waits until the table page has been welcomed and has its first view. */
const joined = (page) => page.waitForFunction(() => window.sandtable?.page?.model?.welcome && window.sandtable.page.model.view);

test("the lobby lists this browser's rooms and the GM's rooms; dead links say why and lead back", { timeout: 180_000 }, async () => {
  const me = await browserOf("me");
  const lobby = await me.page(h.server.url);

  // --- two rooms created here are listed after a reload, newest first ---
  const first = await createRoom(lobby, "Friday game");
  assert.equal(await lobby.locator('[data-testid="seed-note"]').count(), 1);
  assert.match(await lobby.locator('[data-testid="seed-note"]').innerText(), /locked in before the first roll/);
  assert.equal(await lobby.locator('[data-testid="dice-link"]').getAttribute("href"), "./dice.html");
  await lobby.locator('[data-testid="seed-note"]').scrollIntoViewIfNeeded();
  await shot(lobby, "lobby-room-created");
  const second = await createRoom(lobby, "Sunday game");
  await lobby.reload();
  await lobby.waitForSelector('[data-testid="my-rooms"]');
  const listed = await lobby.$$eval('[data-testid="my-rooms"] > .my-room', (els) => els.map((e) => e.dataset.room));
  assert.deepEqual(listed, [second.room, first.room], "both rooms created here, newest first");
  const firstRoom = lobby.locator(`.my-room[data-room="${first.room}"]`);
  assert.match(await firstRoom.innerText(), /Friday game/);
  assert.equal(await firstRoom.locator("a[data-open]").count(), Object.keys(first.links).length, "every seat's link of a room created here");

  // --- a link opened here (of a room someone else created) is listed too ---
  const other = await browserOf("other");
  const otherLobby = await other.page(h.server.url);
  const third = await createRoom(otherLobby, "Club night");
  const seat = player(third.links);
  const table = await me.page(third.links[seat]);
  await joined(table);
  await table.close();
  await lobby.reload();
  await lobby.waitForSelector('[data-testid="my-rooms"]');
  const after = await lobby.$$eval('[data-testid="my-rooms"] > .my-room', (els) => els.map((e) => e.dataset.room));
  assert.deepEqual(after, [third.room, second.room, first.room], "the joined room is listed, most recent first");
  const joinedRoom = lobby.locator(`.my-room[data-room="${third.room}"]`);
  assert.match(await joinedRoom.innerText(), /Club night/);
  assert.equal(await joinedRoom.locator("a[data-open]").count(), 1, "only the link opened here");
  assert.ok((await joinedRoom.locator("a[data-open]").getAttribute("href")).includes(third.links[seat].split("token=")[1]));

  // --- the GM link lists the rooms made from this browser on the server ---
  await lobby.fill('[data-testid="gm-link"]', first.links.gm);
  await lobby.click("button:has-text('List my rooms')");
  await lobby.waitForSelector('[data-testid="server-rooms"] tbody tr');
  const serverRooms = await lobby.$$eval('[data-testid="server-rooms"] tbody tr', (rows) => rows.map((r) => ({ room: r.dataset.room, text: r.innerText, open: !!r.querySelector("a.button") })));
  assert.deepEqual(serverRooms.map((r) => r.room), [second.room, first.room], "the two rooms of this browser's host key, newest first");
  assert.match(serverRooms[0].text, /Sunday game/);
  assert.ok(serverRooms.every((r) => r.open), "an Open button where this browser holds a link");
  await lobby.screenshot({ path: shotPath("lobby-my-rooms"), fullPage: true });

  // A player's link is not a GM's: said in words, and the lobby keeps working.
  await lobby.fill('[data-testid="gm-link"]', first.links[player(first.links)]);
  await lobby.click("button:has-text('List my rooms')");
  await lobby.waitForSelector('[data-testid="server-rooms"] .error');
  assert.match(await lobby.locator('[data-testid="server-rooms"] .error').innerText(), /not know that as a game master's link/);
  await lobby.fill('[data-testid="gm-link"]', first.links.gm);
  await lobby.click("button:has-text('List my rooms')");
  await lobby.waitForSelector('[data-testid="server-rooms"] tbody tr');

  // Forget removes a room from this browser's list only.
  await joinedRoom.locator("button.forget").click();
  assert.equal(await lobby.locator(`.my-room[data-room="${third.room}"]`).count(), 0);
  await lobby.reload();
  await lobby.waitForSelector('[data-testid="my-rooms"]');
  assert.equal(await lobby.locator(`.my-room[data-room="${third.room}"]`).count(), 0, "forgotten for good");

  // --- a made-up link: plain words and the way back ---
  const bad = await me.page(`${h.server.url}?room=${first.room}&token=${"0".repeat(64)}`);
  await bad.waitForSelector('[data-testid="join-failed"]');
  assert.equal(await bad.locator('[data-testid="join-failed"]').getAttribute("data-code"), "BAD_TOKEN");
  assert.match(await bad.locator('[data-testid="join-failed"]').innerText(), /does not know this link[\s\S]*copied whole/);
  assert.equal(await bad.locator('[data-testid="join-failed"] .my-room').count(), 2, "this browser's rooms, to open another");
  await shot(bad, "bad-link");
  await bad.click('[data-testid="to-lobby"]');
  await bad.waitForSelector("#scenario option", { state: "attached" });
  await bad.waitForSelector('[data-testid="browser-rooms"]');
  await bad.close();

  // A room this server does not have.
  const gone = await me.page(`${h.server.url}?room=ffffffffffffffff&token=${"0".repeat(64)}`);
  await gone.waitForSelector('[data-testid="join-failed"][data-code="UNKNOWN_ROOM"]');
  assert.match(await gone.locator('[data-testid="join-failed"]').innerText(), /not on this server/);
  await gone.close();

  // --- the GM revokes a seat: the player's open page says so, with the way back ---
  const seatId = player(first.links);
  const gm = await me.page(first.links.gm);
  const them = await other.page(first.links[seatId]);
  await joined(gm);
  await joined(them);
  await gm.evaluate((s) => window.sandtable.conn.send({ body: { case: "revokeSeat", value: { seat: s } } }), seatId);
  await them.waitForSelector('[data-testid="join-failed"][data-code="TOKEN_REVOKED"]');
  assert.match(await them.locator('[data-testid="join-failed"]').innerText(), /no longer works[\s\S]*issued a new link for this seat/);
  assert.equal(await them.locator('[data-testid="to-lobby"]').count(), 1);
  await shot(them, "revoked-link");
  // Opening the old link again says the same.
  const again = await other.page(first.links[seatId]);
  await again.waitForSelector('[data-testid="join-failed"][data-code="TOKEN_REVOKED"]');
  // The GM's browser lists the seat's new link in place of the dead one.
  await lobby.reload();
  await lobby.waitForSelector('[data-testid="my-rooms"]');
  const seatLinks = await lobby.$$eval(`.my-room[data-room="${first.room}"] a[data-open="${seatId}"]`, (as) => as.map((a) => a.getAttribute("href")));
  assert.equal(seatLinks.length, 1);
  assert.ok(!seatLinks[0].endsWith(first.links[seatId].split("token=")[1]), "the revoked link is gone from the GM's list");

  // --- the page on how dice are checked is served ---
  const href = await lobby.$eval('[data-testid="browser-rooms"]', () => new URL("./dice.html", location.href).href);
  const res = await fetch(href);
  assert.equal(res.status, 200);
  assert.match(await res.text(), /How dice are checked[\s\S]*SHA-256/);
  const dice = await me.page(href);
  await shot(dice, "dice-page");

  await me.ctx.close();
  await other.ctx.close();
  assert.deepEqual(problems, [], "no page errors");
});
