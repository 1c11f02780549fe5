// What every end-to-end file shares whatever the rule set: creating a room in the lobby and
// answering the decisions addressed to a seat.
import assert from "node:assert/strict";
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { after } from "node:test";
import { fileURLToPath } from "node:url";

/**
 * Creates a room in the lobby (a page of its own, or `lobby` when given) from the scenario whose
 * id matches `scenario`; returns the seat links by seat. A seed fixes the cards and dice (the
 * lobby's ?seed=, which the test server allows). `seatEntropy` keeps the lobby's "every player adds
 * their own randomness" box ticked: the first roll then waits for every side to join.
 */
export async function createRoom(h, { ruleset, scenario, name, seed, lobby, seatEntropy = false }) {
  const page = lobby ?? (await h.openPage(`lobby-${name}`, seed === undefined ? h.server.url : `${h.server.url}?seed=${seed}`));
  await page.waitForSelector("#scenario option", { state: "attached" });
  await page.selectOption("#ruleset", ruleset);
  const id = await page.$$eval("#scenario option", (os, re) => os.map((o) => o.value).find((v) => new RegExp(re).test(v)), scenario.source);
  assert.ok(id, `the catalogue offers ${scenario}`);
  await page.selectOption("#scenario", id);
  await page.fill("#room-name", name);
  // The lobby waits for every player's randomness by default; most tests play one seat at a time.
  await page.setChecked("#seat-entropy", seatEntropy);
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

/**
 * The test fixtures of e2e/scenarios/ (e.g. the skirmish table) joined to the built-in scenarios
 * in a temporary folder the file's server reads (SANDTABLE_SCENARIOS); call before harness().
 */
export function withFixtureScenarios() {
  const here = dirname(fileURLToPath(import.meta.url));
  const repo = resolve(process.env.SANDTABLE_REPO ?? join(here, "../.."));
  const scenarios = mkdtempSync(join(tmpdir(), "sandtable-e2e-scenarios-"));
  cpSync(process.env.SANDTABLE_SCENARIOS ?? join(repo, "scenarios"), scenarios, { recursive: true });
  cpSync(join(here, "scenarios"), join(scenarios, "e2e"), { recursive: true });
  process.env.SANDTABLE_SCENARIOS = scenarios;
  after(() => rmSync(scenarios, { recursive: true, force: true }));
}
