// Starts the real sandtable-server on an ephemeral port with a fresh database, serving the
// built client. Fails (never skips) when the binary or the built client is missing.
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

export function findServer(repo) {
  const candidates = [process.env.SANDTABLE_SERVER, join(repo, "build/asan/server/sandtable-server"), join(repo, "build/release/server/sandtable-server")].filter(Boolean);
  const found = candidates.find((p) => existsSync(p));
  if (!found) throw new Error(`sandtable-server not found (looked at ${candidates.join(", ")}); build it first (script/build)`);
  return resolve(found);
}

export async function startServer(repo, { binary = findServer(repo) } = {}) {
  const web = join(repo, "web-client/dist");
  if (!existsSync(join(web, "index.html"))) throw new Error(`${web} is not built; run script/client-build`);
  const dir = mkdtempSync(join(tmpdir(), "sandtable-e2e-"));
  const args = ["--port", "0", "--db", join(dir, "e2e.db"), "--web", web, "--scenarios", process.env.SANDTABLE_SCENARIOS ?? join(repo, "scenarios"), "--log-level", "warn", "--sync", "normal", "--allow-fixed-seed", "--max-per-address", "0", "--rooms-per-minute", "0", "--bad-tokens-per-minute", "0"];
  // More flags from the test's environment (e.g. "--deflate 12": the same game with compression on).
  if (process.env.SANDTABLE_SERVER_ARGS) args.push(...process.env.SANDTABLE_SERVER_ARGS.split(" ").filter(Boolean));
  const proc = spawn(binary, args, { stdio: ["ignore", "pipe", "pipe"], env: { ...process.env, ASAN_OPTIONS: process.env.ASAN_OPTIONS ?? "detect_leaks=0" } });
  let out = "";
  proc.stderr.on("data", (d) => { out += d; });
  const url = await new Promise((res, rej) => {
    const timer = setTimeout(() => rej(new Error(`server did not start in 30 s:\n${out}`)), 30_000);
    proc.on("exit", (code) => { clearTimeout(timer); rej(new Error(`server exited with ${code}:\n${out}`)); });
    proc.stdout.on("data", (d) => {
      out += d;
      const m = /listening on (http:\/\/\S+)/.exec(out);
      if (m) { clearTimeout(timer); res(m[1]); }
    });
  });
  return {
    url: url.endsWith("/") ? url : url + "/",
    output: () => out,
    async stop() {
      if (proc.exitCode === null) {
        proc.kill("SIGTERM");
        await new Promise((r) => proc.once("exit", r));
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
