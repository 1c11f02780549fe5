// The shared set-up of the end-to-end tests: the real server and Debian's Chromium for the whole
// test file, each page in its own browser context with its errors collected, screenshots in
// web-client/test-output/e2e/.
import { mkdirSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { after, before } from "node:test";
import { fileURLToPath } from "node:url";
import { launch } from "./browser.mjs";
import { startServer } from "./server.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const repo = resolve(process.env.SANDTABLE_REPO ?? join(here, "../.."));
const shots = join(repo, "web-client/test-output/e2e");

export function harness() {
  mkdirSync(shots, { recursive: true });
  const h = {
    server: null,
    browser: null,
    problems: [],
    // The briefing opens by itself on a seat's first visit (ui/briefing.ts); pages open with it
    // already seen unless a test asks for it ({ briefing: true }), so its dialog covers nothing.
    // opts.context adds browser-context options (e.g. { hasTouch: true } for a tablet).
    async openPage(name, url, viewport = { width: 1280, height: 800 }, opts = {}) {
      const ctx = await h.browser.newContext({ viewport, ...(opts.context ?? {}) });
      if (!opts.briefing) {
        await ctx.addInitScript(() => {
          const token = new URLSearchParams(location.search).get("token");
          if (token) localStorage.setItem(`sandtable:briefing-seen:sandtable:${token}`, "1");
        });
      }
      const page = await ctx.newPage();
      page.on("pageerror", (e) => h.problems.push(`${name}: ${e.message}`));
      page.on("console", (m) => m.type() === "error" && h.problems.push(`${name} console: ${m.text()}`));
      await page.goto(url);
      return page;
    },
    shot: (page, name) => page.screenshot({ path: join(shots, `${name}.png`) }),
  };
  before(async () => {
    h.server = await startServer(repo);
    h.browser = await launch();
  });
  after(async () => {
    await h.browser?.close();
    await h.server?.stop();
  });
  return h;
}
