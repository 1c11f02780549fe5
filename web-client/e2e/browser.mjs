// Starts Debian's Chromium with the flags a sandboxed CI needs and an empty profile, and
// drives it through playwright-core over CDP. (Playwright's own launch() refuses a
// --user-data-dir argument, so Chromium is started here and Playwright connects to it.)
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium } from "playwright-core";

export const CHROMIUM = process.env.SANDTABLE_CHROMIUM || "/usr/bin/chromium";

export async function launch() {
  const userDataDir = mkdtempSync(join(tmpdir(), "sandtable-chromium-"));
  const args = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
    `--user-data-dir=${userDataDir}`, "--remote-debugging-port=0", "--remote-debugging-address=127.0.0.1",
    "about:blank",
  ];
  const proc = spawn(CHROMIUM, args, { stdio: ["ignore", "ignore", "pipe"] });
  const wsUrl = await new Promise((resolve, reject) => {
    let err = "";
    const timer = setTimeout(() => reject(new Error(`Chromium did not start in 30 s:\n${err}`)), 30_000);
    proc.on("error", (e) => { clearTimeout(timer); reject(new Error(`cannot start ${CHROMIUM}: ${e.message}`)); });
    proc.on("exit", (code) => { clearTimeout(timer); reject(new Error(`Chromium exited (${code}):\n${err}`)); });
    proc.stderr.on("data", (d) => {
      err += d;
      const m = /DevTools listening on (ws:\/\/\S+)/.exec(err);
      if (m) { clearTimeout(timer); resolve(m[1]); }
    });
  });
  const browser = await chromium.connectOverCDP(wsUrl);
  const close = browser.close.bind(browser);
  browser.close = async () => {
    await close().catch(() => {});
    proc.kill("SIGTERM");
    await new Promise((r) => (proc.exitCode !== null ? r() : proc.once("exit", r)));
    try {
      rmSync(userDataDir, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
    } catch {
      // Chromium may still be flushing its profile; a leftover temp dir is harmless.
    }
  };
  return browser;
}
