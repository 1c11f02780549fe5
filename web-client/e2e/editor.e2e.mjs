// End to end (the scenario editor, docs/gm.md "The scenario editor"): from the lobby's "Build a
// scenario" card a GM lays out a Portable Wargame battle on an empty grid — two units a side,
// woods on two squares, the number of turns, a side renamed — sees the server call it playable,
// saves it as a file, starts a room from it, and the GM's and a player's tables show the units
// placed. Then a One-Hour Wargames free table: a unit and a woods laid by clicks, playable once
// each side has a unit. Screenshots go to web-client/test-output/e2e/ (the good one is
// docs/img/gm-editor.png).
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { test } from "node:test";
import { fileURLToPath } from "node:url";
import { harness } from "./harness.mjs";

const h = harness();
const { openPage, shot, problems } = h;
const repo = resolve(process.env.SANDTABLE_REPO ?? join(dirname(fileURLToPath(import.meta.url)), "../.."));

/** The editor's own state: the scenario it edits, reduced to what the test decides on. */
const edited = (page) =>
  page.evaluate(() => {
    const s = window.sandtable.editor.scenario;
    return JSON.parse(JSON.stringify({
      name: s.name,
      sides: s.sides.map((x) => ({ id: x.id, name: x.name, units: x.units.map((u) => ({ id: u.id, name: u.name, type: u.type, square: u.square, position: u.position })) })),
      terrain: s.terrain.map((t) => ({ kind: t.kind, name: t.name, squares: t.squares.map((q) => [q.col, q.row]), polygon: t.polygon.map((p) => [p.x, p.y]) })),
      maxTurns: s.victory?.maxTurns ?? 0,
    }));
  });

/** Screen point of a grid square's centre or a free-table point (inches), through the board's own transform. */
const onScreen = (page, at) =>
  page.evaluate((a) => {
    const e = window.sandtable.editor;
    const b = e.scenario.board;
    if (b.case === "grid") return e.board.toScreen({ x: (a.col + 0.5) * 60, y: (b.value.rows - 1 - a.row + 0.5) * 60 });
    return e.board.toScreen({ x: a.x * 20, y: (b.value.height - a.y) * 20 });
  }, at);

async function click(page, at) {
  const p = await onScreen(page, at);
  await page.mouse.click(p.x, p.y);
}

/** Waits until the server has answered the latest change and the banner says `state`. */
const status = (page, state) => page.waitForSelector(`[data-testid="ed-status"][data-state="${state}"]`, { timeout: 15_000 });

/** Chooses the option of a panel select whose label matches `re`. */
async function choose(page, field, re) {
  await page.waitForSelector(`[data-field="${field}"]`);
  const options = await page.$$eval(`[data-field="${field}"] option`, (os) => os.map((o) => ({ value: o.value, label: o.textContent })));
  const o = options.find((x) => re.test(x.label));
  assert.ok(o, `${field} offers ${re}: ${JSON.stringify(options)}`);
  await page.selectOption(`[data-field="${field}"]`, o.value);
}

/** Takes a tool (the panel is redrawn just after the click). */
async function tool(page, name) {
  await page.click(`[data-tool="${name}"]`);
  await page.waitForSelector(`[data-tool="${name}"][aria-pressed="true"]`);
}

/** Types into a panel field and leaves it (the editor commits a field on change). */
async function type(page, selector, text) {
  await page.fill(selector, text);
  await page.press(selector, "Tab");
}

const unitsOn = (page) => page.evaluate(() => window.sandtable.page.model.view.units.map((u) => ({ id: u.id, side: u.side, col: u.square?.col, row: u.square?.row })));

test("a GM builds a grid battle from an empty table, saves it, and starts a room from it", { timeout: 180_000 }, async () => {
  const lobby = await openPage("editor-lobby", h.server.url);
  await lobby.waitForSelector('[data-testid="build-card"] #build-ruleset option', { state: "attached" });
  await lobby.selectOption("#build-ruleset", "portable-wargame-19c");
  await lobby.selectOption("#build-from", "");
  await lobby.click('[data-testid="open-editor"]');
  await lobby.waitForURL(/\?editor=portable-wargame-19c$/);
  const page = lobby;
  await status(page, "problem");
  assert.match(await page.locator('[data-testid="ed-status"]').innerText(), /^Not playable yet: .*sides/);
  assert.equal(await page.locator('[data-testid="ed-start"]').isDisabled(), true, "no room from an unplayable scenario");
  await shot(page, "editor-empty-grid");

  // --- two units a side: blue on its home rows, red on the far ones ---
  await choose(page, "place-unit", /infantry/i);
  for (const q of [{ col: 4, row: 1 }, { col: 7, row: 1 }]) await click(page, q);
  // Blue placed, Red not yet: the server names the side still empty, and the board shows Blue's units.
  await status(page, "problem");
  assert.match(await page.locator('[data-testid="ed-status"]').innerText(), /^Not playable yet: sides\[1\]/);
  await page.waitForFunction(() => document.querySelectorAll("svg.board .unit").length === 2);
  await shot(page, "editor-problem");
  await choose(page, "place-side", /red/i);
  await choose(page, "place-unit", /infantry/i);
  for (const q of [{ col: 4, row: 8 }, { col: 7, row: 8 }]) await click(page, q);
  let s = await edited(page);
  assert.deepEqual(s.sides.map((x) => x.units.map((u) => [u.id, u.square.col, u.square.row])), [
    [["blue-infantry-1", 4, 1], ["blue-infantry-2", 7, 1]],
    [["red-infantry-1", 4, 8], ["red-infantry-2", 7, 8]],
  ]);
  assert.equal(s.sides[0].units[1].name, "Infantry 2");

  // Undo takes back the latest click only.
  await click(page, { col: 9, row: 8 });
  assert.equal((await edited(page)).sides[1].units.length, 3);
  await page.keyboard.press("Control+z");
  assert.equal((await edited(page)).sides[1].units.length, 2, "Ctrl+Z removed the third red unit");

  // --- woods on two squares ---
  await tool(page, "terrain");
  await choose(page, "terrain-kind", /^woods$/i);
  await click(page, { col: 5, row: 4 });
  await click(page, { col: 6, row: 4 });
  s = await edited(page);
  assert.deepEqual(s.terrain.map((t) => [t.kind, t.squares]), [["woods", [[5, 4], [6, 4]]]]);

  // --- the number of turns and a side's name ---
  await type(page, '[data-testid="ed-max-turns"]', "10");
  await type(page, '[data-testid="ed-side-name-1"]', "Redcoats");
  s = await edited(page);
  assert.equal(s.maxTurns, 10);
  assert.equal(s.sides[1].name, "Redcoats");
  assert.equal(s.sides[1].id, "red", "the side's id stays");
  await status(page, "playable");
  assert.equal(await page.locator('[data-testid="ed-status"]').innerText(), "Playable");
  // The board draws the server's preview: the four units and the woods.
  await page.waitForFunction(() => document.querySelectorAll("svg.board .unit").length === 4);
  await tool(page, "select");
  await click(page, { col: 7, row: 1 });
  await page.locator('[data-testid="ed-selected"][data-unit="blue-infantry-2"]').waitFor();
  await shot(page, "editor-playable");

  // --- save as file: the server's JSON of what was built ---
  const [download] = await Promise.all([page.waitForEvent("download"), page.click('[data-testid="ed-save"]')]);
  const file = join(repo, "web-client/test-output/e2e/editor-saved.json");
  await download.saveAs(file);
  assert.match(download.suggestedFilename(), /\.json$/);
  const saved = JSON.parse(readFileSync(file, "utf8"));
  assert.equal(saved.ruleset, "portable-wargame-19c");
  assert.deepEqual(saved.sides.map((x) => x.units.map((u) => u.id)), [["blue-infantry-1", "blue-infantry-2"], ["red-infantry-1", "red-infantry-2"]]);
  assert.equal(saved.sides[1].name, "Redcoats");
  assert.equal(saved.victory.maxTurns ?? saved.victory.max_turns, 10, "the file's turns (either JSON spelling)");
  const woods = saved.terrain.find((t) => t.kind === "woods");
  assert.ok(woods, "the file has the woods");
  assert.deepEqual(woods.squares.map((q) => [q.col ?? 0, q.row ?? 0]), [[5, 4], [6, 4]]);

  // --- start a room from it; the GM's and a player's tables show the placed units ---
  await page.click('[data-testid="ed-start"]');
  await page.fill('[data-testid="ed-room-name"]', "Built in the editor");
  await page.click('[data-testid="ed-room-create"]');
  await page.waitForSelector('[data-testid="ed-room"] .link-table input');
  const links = Object.fromEntries(await page.$$eval(".link-table input", (els) => els.map((e) => [e.dataset.seat, e.value])));
  assert.ok(links.gm && links.blue && links.red, `a link per seat: ${Object.keys(links)}`);
  await shot(page, "editor-room-links");
  const gm = await openPage("editor-gm", links.gm);
  const blue = await openPage("editor-blue", links.blue);
  for (const p of [gm, blue]) await p.waitForFunction(() => window.sandtable?.page?.model?.view?.units?.length > 0);
  const want = ["blue-infantry-1@4,1", "blue-infantry-2@7,1", "red-infantry-1@4,8", "red-infantry-2@7,8"];
  assert.deepEqual((await unitsOn(gm)).map((u) => `${u.id}@${u.col},${u.row}`).sort(), want);
  assert.deepEqual((await unitsOn(blue)).filter((u) => u.side === "blue").map((u) => `${u.id}@${u.col},${u.row}`).sort(), want.slice(0, 2));
  await gm.waitForSelector("svg.board .unit");
  await shot(gm, "editor-room-gm");

  // --- the saved file opens again from the lobby's card, to go on editing ---
  const again = await openPage("editor-reopen", h.server.url);
  await again.waitForSelector('[data-testid="build-card"] #build-from option', { state: "attached" });
  await again.selectOption("#build-ruleset", "portable-wargame-19c");
  await again.selectOption("#build-from", "@file");
  await again.setInputFiles('[data-testid="build-file"]', file);
  await again.click('[data-testid="open-editor"]');
  await status(again, "playable");
  const reopened = await edited(again);
  assert.deepEqual(reopened.sides.map((x) => x.units.length), [2, 2]);
  assert.equal(reopened.sides[1].name, "Redcoats");
  assert.deepEqual(reopened.terrain.map((t) => t.squares), [[[5, 4], [6, 4]]]);
  assert.deepEqual(problems, [], "no page errors");
});

test("a free table: a unit and woods laid by clicks, playable with a unit a side", { timeout: 120_000 }, async () => {
  const page = await openPage("editor-table", `${h.server.url}?editor=one-hour-ww2`);
  await status(page, "problem");
  const sides = (await edited(page)).sides.map((x) => x.id);
  assert.equal(sides.length, 2);
  await choose(page, "place-unit", /infantry/i);
  await click(page, { x: 12, y: 6 });
  let s = await edited(page);
  assert.deepEqual(s.sides[0].units.map((u) => [u.position.x, u.position.y]), [[12, 6]]);
  assert.equal(s.sides[0].units[0].id, `${sides[0]}-infantry-1`);

  await tool(page, "terrain");
  await choose(page, "terrain-kind", /^woods$/i);
  await click(page, { x: 24, y: 18 });
  s = await edited(page);
  const w = s.terrain.find((t) => t.kind === "woods");
  assert.ok(w, "woods laid");
  const xs = w.polygon.map((p) => p[0]);
  const ys = w.polygon.map((p) => p[1]);
  assert.ok(Math.abs((Math.min(...xs) + Math.max(...xs)) / 2 - 24) < 0.6 && Math.abs((Math.min(...ys) + Math.max(...ys)) / 2 - 18) < 0.6, `the woods are centred where clicked: ${JSON.stringify(w.polygon)}`);
  await status(page, "problem");
  await shot(page, "editor-table-problem");

  await tool(page, "place");
  await choose(page, "place-side", new RegExp(sides[1], "i"));
  await choose(page, "place-unit", /infantry/i);
  await click(page, { x: 36, y: 30 });
  await status(page, "playable");
  await page.waitForFunction(() => document.querySelectorAll('svg.board [data-unit]').length >= 2);
  await shot(page, "editor-table-playable");

  // A built-in scenario opens by its id, to start a variant from it.
  const builtIn = await openPage("editor-built-in", `${h.server.url}?editor=oh-river-crossing`);
  await status(builtIn, "playable");
  const river = await edited(builtIn);
  assert.match(river.name, /Marville/);
  assert.ok(river.sides.every((x) => x.units.length > 0) && river.terrain.length > 0, "its units and terrain, to edit");
  assert.deepEqual(problems, [], "no page errors");
});
