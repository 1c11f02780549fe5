// End to end on the Portable Wargame meeting engagement: a move by waypoints on the grid (the
// engine joins the clicked squares by its own steps and answers what the route costs, which the
// board draws before anything is sent; a route past the allowance shows the engine's refusal),
// and the artillery phase's papercuts: the batteries' target squares are drawn on the board,
// and a battery that has fired is not picked for the player with an order to fire.
// Screenshots go to web-client/test-output/e2e/ (the good ones are docs/img/grid-route.png and
// docs/img/artillery-targets.png).
import assert from "node:assert/strict";
import { test } from "node:test";
import { clickSquare, clickUnit, viewOf, waitFor } from "./grid-play.mjs";
import { createRoom } from "./play.mjs";
import { harness } from "./harness.mjs";

const h = harness();
const { openPage, shot, problems } = h;

async function answerDecisions(page, seat) {
  for (let i = 0; i < 10; i++) {
    const v = await viewOf(page);
    if (!v.decisions.some((d) => d.seat === seat)) return;
    await page.locator(".decision .choice").first().click();
    await waitFor(page, (x) => x.seq > v.seq, "the answer to be applied");
  }
}

async function meetingRoom(name) {
  const links = await createRoom(h, { ruleset: "portable-wargame-19c", scenario: /meeting/, name, seed: 7 });
  const P = { blue: await openPage(`${name}-blue`, links.blue), red: await openPage(`${name}-red`, links.red) };
  for (const p of Object.values(P)) {
    await p.waitForSelector('[data-testid="connection"][data-status="open"]');
    await p.waitForSelector("svg.board .unit");
  }
  return P;
}

/** The squares of the board's highlighted targets, and whether each rectangle lies inside the board. */
const litTargets = (page) =>
  page.evaluate(() => {
    const v = window.sandtable.page.model.view;
    const { cols, rows } = v.board.value;
    return [...document.querySelectorAll("svg.board .overlay rect.target")].map((r) => {
      const x = Number(r.getAttribute("x")), y = Number(r.getAttribute("y"));
      return { square: r.dataset.square, inside: x >= 0 && y >= 0 && x + Number(r.getAttribute("width")) <= cols * 60 && y + Number(r.getAttribute("height")) <= rows * 60 };
    });
  });

/** The route the board draws: the engine's squares, the waypoints and the label. */
const drawnRoute = (page) =>
  page.evaluate(() => {
    const g = document.querySelector('svg.board [data-testid="grid-route"]');
    if (!g) return null;
    return {
      steps: [...g.querySelectorAll(".route-step")].map((c) => c.dataset.square),
      points: [...g.querySelectorAll(".route-point")].map((c) => c.dataset.waypoint),
      label: g.querySelector(".route-label")?.textContent ?? "",
      refused: g.classList.contains("refused"),
    };
  });

async function routeLabel(page, re, what) {
  const start = Date.now();
  for (;;) {
    const r = await drawnRoute(page);
    if (r && re.test(r.label)) return r;
    if (Date.now() - start > 10_000) throw new Error(`timed out waiting for ${what}; drawn: ${JSON.stringify(r)}`);
    await page.waitForTimeout(100);
  }
}

test("artillery targets on the board, a fired battery let go, then a move by waypoints", { timeout: 240_000 }, async () => {
  const P = await meetingRoom("routes");

  // --- Artillery Fire: each battery's target squares are drawn inside the board ---
  let v = await waitFor(P.blue, (x) => /artillery/.test(x.phase) && x.waitingFor.includes("blue"), "the artillery phase");
  for (const seat of ["blue", "red"]) {
    const page = P[seat];
    const now = await viewOf(page);
    for (const gun of now.units.filter((u) => u.side === seat && u.type.includes("artillery"))) {
      const plan = now.menu.find((a) => a.id === `plan:${gun.id}`);
      if (!plan?.targets.length) continue;
      await clickUnit(page, gun.id);
      const lit = await litTargets(page);
      assert.deepEqual(lit.map((t) => t.square).sort(), plan.targets.map((t) => t.id).sort(), `${gun.id}'s highlighted squares are its plan's targets`);
      for (const t of lit) assert.ok(t.inside, `${gun.id}'s target ${t.square} is drawn inside the board`);
    }
  }
  const gun = v.units.find((u) => u.side === "blue" && u.type.includes("artillery"));
  const plan = v.menu.find((a) => a.id === `plan:${gun.id}`);
  await clickUnit(P.blue, gun.id);
  await clickSquare(P.blue, plan.targets[0].col, plan.targets[0].row);
  await P.blue.mouse.move(5, 5);
  await shot(P.blue, "artillery-targets");
  for (const seat of ["blue", "red"]) {
    const now = await viewOf(P[seat]);
    if (now.waitingFor.includes(seat)) {
      await P[seat].click('[data-testid="send-plan"]');
      await waitFor(P[seat], (x) => x.seq > now.seq, `${seat}'s plan to be accepted`);
    }
  }
  await waitFor(P.blue, (x) => x.phase === "activation" || x.decisions.length > 0, "the activation phase");
  await answerDecisions(P.blue, "blue");
  await answerDecisions(P.red, "red");
  v = await waitFor(P.blue, (x) => x.phase === "activation" && !!x.activeSide && x.log.some((l) => l.includes(`${gun.name} fires`)), "the battery's shot and an active side");

  // --- the battery that fired is not kept selected, aimed or told to fire ---
  assert.notEqual(v.selected, gun.id, "the battery that fired is let go when activations begin");
  assert.equal((await litTargets(P.blue)).length, 0, "no target is highlighted for it");
  assert.doesNotMatch(await P.blue.locator('[data-testid="orders"]').innerText(), /highlighted target|to fire/i);
  await shot(P.blue, "artillery-after-fire");

  // --- the side that goes first moves its cavalry by a waypoint off the direct line ---
  const side = v.activeSide;
  const A = P[side];
  const d = side === "blue" ? 1 : -1;
  const av = await viewOf(A);
  const cav = av.units.find((u) => u.side === side && u.type === "mounted_cavalry");
  const { col: c, row: r } = cav;
  await clickUnit(A, cav.id);
  await A.keyboard.press("m");
  // Past the allowance first: the engine's refusal shows before anything is sent.
  await clickSquare(A, c + 1, r + 2 * d);
  await routeLabel(A, /of 3 squares/, "the first waypoint's cost");
  await clickSquare(A, c + 2, r + d);
  const far = await routeLabel(A, /cannot go this way/, "the refusal of a route past the allowance");
  assert.ok(far.refused);
  assert.equal(far.steps.length, 5, "the board draws the 5 squares the engine judged");
  const note = A.locator('[data-testid="preview"][data-state="refused"]');
  await note.waitFor();
  assert.match(await note.innerText(), new RegExp(`cannot reach \\(${c + 2},${r + d}\\) through \\(${c + 1},${r + 2 * d}\\): .*may move 3 squares this turn.*the path has 5`));
  await shot(A, "grid-route-refused");
  const before = await viewOf(A);
  assert.deepEqual(before.units.find((u) => u.id === cav.id), cav, "nothing was sent");
  // Undo point twice: the route is empty again.
  await A.keyboard.press("Backspace");
  await A.click('[data-testid="undo-point"]');
  assert.equal(await drawnRoute(A), null, "Backspace and Undo point take the waypoints back");
  // Esc cancels a route begun.
  await clickSquare(A, c + 1, r);
  await routeLabel(A, /^1 of 3 squares$/, "the waypoint's cost");
  await A.keyboard.press("Escape");
  assert.equal(await drawnRoute(A), null, "Esc cancels the route");
  if (!(await A.locator("svg.board .overlay rect.reach").count())) await A.keyboard.press("m");

  // The route: one square aside, then the square straight ahead (1 square directly; 3 this way).
  await clickSquare(A, c + 1, r);
  await routeLabel(A, /^1 of 3 squares$/, "the waypoint's cost");
  await clickSquare(A, c, r + d);
  const route = await routeLabel(A, /^3 of 3 squares$/, "the route's cost");
  assert.deepEqual(route.steps, [`${c + 1},${r}`, `${c + 1},${r + d}`, `${c},${r + d}`], "the board draws the engine's squares through the waypoint");
  assert.deepEqual(route.points, [`${c + 1},${r}`, `${c},${r + d}`]);
  await A.mouse.move(5, 5);
  await shot(A, "grid-route");
  await A.keyboard.press("Enter");
  const after = await waitFor(A, (x) => x.units.some((u) => u.id === cav.id && u.col === c && u.row === r + d), "the move along the route");
  await waitFor(A, (x) => x.log.some((l) => l.includes(`${cav.name} moves 3 squares to (${c},${r + d})`)), "the log line of a 3-square move");
  assert.equal(await drawnRoute(A), null, "the route is gone once sent");
  assert.ok(after.seq > before.seq);
  await shot(A, "grid-route-sent");
  assert.deepEqual(problems, []);
});
