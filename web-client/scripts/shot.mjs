// Screenshots of the built client's demo table and lobby at 1280x800 and 1024x768:
//   node scripts/shot.mjs [outdir]   (serves dist/ itself; no game server needed)
import { createServer } from "node:http";
import { mkdirSync, readFileSync, existsSync } from "node:fs";
import { extname, join, resolve, dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { launch } from "../e2e/browser.mjs";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const out = resolve(process.argv[2] ?? join(root, "test-output/shots"));
mkdirSync(out, { recursive: true });
const types = { ".html": "text/html", ".js": "text/javascript", ".css": "text/css" };
const server = createServer((req, res) => {
  const path = join(root, "dist", new URL(req.url, "http://x").pathname);
  const file = existsSync(path) && !path.endsWith("/") ? path : join(root, "dist/index.html");
  res.writeHead(200, { "content-type": types[extname(file)] ?? "application/octet-stream" });
  res.end(readFileSync(file));
}).listen(0, "127.0.0.1");
await new Promise((r) => server.on("listening", r));
const base = `http://127.0.0.1:${server.address().port}/`;
const browser = await launch();
for (const [w, hgt] of [[1280, 800], [1024, 768]]) {
  const ctx = await browser.newContext({ viewport: { width: w, height: hgt } });
  const page = await ctx.newPage();
  page.on("console", (m) => m.type() === "error" && console.error("console:", m.text()));
  page.on("pageerror", (e) => console.error("pageerror:", e.message));
  for (const seat of ["blue", "spectator"]) {
    await page.goto(`${base}?demo=${seat}`);
    await page.waitForSelector("svg.board .unit");
    await page.screenshot({ path: join(out, `demo-${seat}-${w}x${hgt}.png`) });
  }
  // Aim a move and a fire order to see the overlays.
  await page.goto(`${base}?demo=blue`);
  await page.waitForSelector("svg.board .unit");
  const box = await page.locator('[data-unit="b-inf-1"]').boundingBox();
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2 - box.height * 2.6);
  await page.screenshot({ path: join(out, `demo-move-${w}x${hgt}.png`) });
  await page.keyboard.press("Escape");
  await page.keyboard.press("f");
  const t = await page.locator('[data-unit="r-inf-1"]').boundingBox();
  await page.mouse.move(t.x + t.width / 2, t.y + t.height / 2);
  await page.mouse.click(t.x + t.width / 2, t.y + t.height / 2);
  await page.screenshot({ path: join(out, `demo-fire-${w}x${hgt}.png`) });
  await ctx.close();
}
await browser.close();
server.close();
console.log(`screenshots in ${out}`);
