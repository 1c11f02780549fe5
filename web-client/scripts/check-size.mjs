// Prints the size of the built client and fails the build when its JavaScript and CSS,
// gzipped, exceed the budget (150 KB).
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, resolve, dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";

const BUDGET = 150 * 1024;
const dist = resolve(dirname(fileURLToPath(import.meta.url)), "../dist");
const walk = (d) => readdirSync(d).flatMap((f) => (statSync(join(d, f)).isDirectory() ? walk(join(d, f)) : [join(d, f)]));
let raw = 0;
let gz = 0;
for (const f of walk(dist)) {
  if (!/\.(js|css|html)$/.test(f)) continue;
  const data = readFileSync(f);
  raw += data.length;
  gz += gzipSync(data, { level: 9 }).length;
}
const kb = (n) => (n / 1024).toFixed(1) + " KB";
console.log(`bundle size: ${kb(raw)} raw, ${kb(gz)} gzipped (budget ${kb(BUDGET)} gzipped)`);
if (gz > BUDGET) {
  console.error("bundle size: over budget");
  process.exit(1);
}
