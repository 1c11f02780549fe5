// The replay of the engine's stream (patch-replay.test.ts): not part of `npx vitest run`, which
// needs no C++ build. Run from web-client/:
//   SANDTABLE_PATCH_STREAM="<build>/tests/patch_stream --games 2" npx vitest run --config test-replay/vitest.config.ts
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

export default defineConfig({
  root: fileURLToPath(new URL("..", import.meta.url)),
  test: {
    include: ["test-replay/**/*.test.ts"],
    environment: "node",
    // A long on-demand run streams many games; ctest's own TIMEOUT bounds the registered one.
    testTimeout: 6 * 60 * 60 * 1000,
  },
});
