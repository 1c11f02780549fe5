// What every end-to-end file shares whatever the rule set: creating a room in the lobby and
// answering the decisions addressed to a seat.
import assert from "node:assert/strict";

/**
 * Creates a room in the lobby (a page of its own, or `lobby` when given) from the scenario whose
 * id matches `scenario`; returns the seat links by seat. A seed fixes the cards and dice (the
 * lobby's ?seed=, which the test server allows).
 */
export async function createRoom(h, { ruleset, scenario, name, seed, lobby }) {
  const page = lobby ?? (await h.openPage(`lobby-${name}`, seed === undefined ? h.server.url : `${h.server.url}?seed=${seed}`));
  await page.waitForSelector("#scenario option", { state: "attached" });
  await page.selectOption("#ruleset", ruleset);
  const id = await page.$$eval("#scenario option", (os, re) => os.map((o) => o.value).find((v) => new RegExp(re).test(v)), scenario.source);
  assert.ok(id, `the catalogue offers ${scenario}`);
  await page.selectOption("#scenario", id);
  await page.fill("#room-name", name);
  await page.click("button:has-text('Create room')");
  await page.waitForSelector(".link-table input");
  return Object.fromEntries(await page.$$eval(".link-table input", (els) => els.map((e) => [e.dataset.seat, e.value])));
}

/** Waits until the page's view (read by `viewOf`) satisfies `predicate`. */
export async function waitOn(viewOf, page, predicate, what, timeout = 15_000) {
  const start = Date.now();
  for (;;) {
    const v = await viewOf(page);
    if (v && predicate(v)) return v;
    if (Date.now() - start > timeout) throw new Error(`timed out waiting for ${what}; last view: ${JSON.stringify(v)?.slice(0, 600)}`);
    await page.waitForTimeout(100);
  }
}
