import { defineConfig } from "vitest/config";

export default defineConfig({
  base: "./",
  build: { outDir: "dist", emptyOutDir: true, target: "es2022", reportCompressedSize: true },
  server: {
    // `npm run dev` proxies the WebSocket to a server started on port 8080.
    proxy: { "/ws": { target: "ws://127.0.0.1:8080", ws: true } },
  },
  test: { include: ["test/**/*.test.ts"], environment: "node" },
});
