// Generates TypeScript from every proto/sandtable/**/*.proto (the shared v1/ and each rule set's
// rulesets/<id>/) into src/gen with protoc-gen-es.
// Uses Debian's protoc (3.21, from protobuf-compiler; the plugin needs nothing newer for proto3
// files). Regenerates only when a .proto is newer than the last generation.
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const client = resolve(here, "..");
const protoRoot = resolve(client, "../proto");
const protoDir = join(protoRoot, "sandtable");
// protocol.proto belongs to the server; until it is on this branch a copy waits in proto-pending/.
const pendingRoot = join(client, "proto-pending");
const outDir = join(client, "src/gen");
const stamp = join(outDir, ".stamp");

const files = readdirSync(protoDir, { recursive: true })
  .map(String)
  .filter((f) => f.endsWith(".proto"))
  .sort()
  .map((f) => join(protoDir, f));
const includes = ["-I", protoRoot];
if (!files.some((f) => f.endsWith("/protocol.proto"))) {
  const pending = join(pendingRoot, "sandtable/v1/protocol.proto");
  if (!existsSync(pending)) throw new Error("protocol.proto is neither in proto/ nor in proto-pending/");
  files.push(pending);
  includes.push("-I", pendingRoot);
}

const newest = Math.max(...files.map((f) => statSync(f).mtimeMs), statSync(fileURLToPath(import.meta.url)).mtimeMs);
if (existsSync(stamp) && statSync(stamp).mtimeMs >= newest && !process.argv.includes("--force")) {
  process.exit(0);
}
rmSync(outDir, { recursive: true, force: true });
mkdirSync(outDir, { recursive: true });
const plugin = join(client, "node_modules/.bin/protoc-gen-es");
execFileSync(
  "protoc",
  [`--plugin=protoc-gen-es=${plugin}`, `--es_out=${outDir}`, "--es_opt=target=ts,import_extension=none", ...includes, ...files],
  { stdio: "inherit" },
);
writeFileSync(stamp, new Date().toISOString() + "\n");
console.log(`gen-proto: ${files.length} files -> src/gen`);
