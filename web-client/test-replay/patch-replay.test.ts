// The client against the real engine: every envelope the server's SeatViews would send each seat
// over seeded bot games (tests/tools/patch_stream.cc), through the store, and after each one the
// client's View must equal the engine's field for field (ctest web_client_patch_replay).
import { spawn } from "node:child_process";
import { expect, it } from "vitest";
import { replay, summary } from "./replay";

it("reaches the engine's View after every envelope of every seat", async () => {
  const command = process.env.SANDTABLE_PATCH_STREAM;
  if (!command) {
    throw new Error(
      "SANDTABLE_PATCH_STREAM is not set: it must be the command that writes the stream, e.g. " +
        "SANDTABLE_PATCH_STREAM='<build dir>/tests/patch_stream --games 2' (ctest web_client_patch_replay sets it)",
    );
  }
  // Run by the shell so the variable may carry arguments; stderr passes through for its messages.
  const child = spawn(command, { shell: true, stdio: ["ignore", "pipe", "inherit"] });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve, reject) => {
    child.on("error", reject);
    child.on("close", (code, signal) => resolve({ code, signal }));
  });
  let stats;
  try {
    stats = await replay(child.stdout);
  } catch (e) {
    // A mismatch ends the run: the rest of the stream is not wanted.
    if (child.exitCode === null) child.kill();
    await exited.catch(() => undefined);
    throw e;
  }
  const { code, signal } = await exited;
  if (code !== 0) throw new Error(`${command} failed (${signal ? `signal ${signal}` : `exit code ${code}`}) after ${summary(stats)}`);
  console.log(summary(stats));
  expect(stats.games, "the stream named no game").toBeGreaterThan(0);
  expect(stats.patches, "no Delta carried a patch: nothing of the patch path was checked").toBeGreaterThan(0);
});
