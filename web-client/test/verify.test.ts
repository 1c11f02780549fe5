// The verify page shows the server's answer and nothing of its own: the verdict comes from the
// server's header, the words from its body.
import { describe, expect, it } from "vitest";
import { checkGameFile } from "../src/ui/verify";

const answer = (verified: string, body: string) =>
  (async (url: string | URL | Request, init?: RequestInit) => {
    expect(url).toBe("/api/verify");
    expect(init?.method).toBe("POST");
    expect(init?.body).toBe("{\"format\":\"sandtable-game/1\"}");
    return new Response(body, { headers: { "X-Sandtable-Verified": verified } });
  }) as typeof fetch;

describe("checkGameFile", () => {
  it("posts the file and reads the verdict from the server", async () => {
    const ok = await checkGameFile("{\"format\":\"sandtable-game/1\"}", answer("yes", "every roll and card matches: 3 orders\n"));
    expect(ok).toEqual({ verified: true, report: "every roll and card matches: 3 orders\n" });
    const bad = await checkGameFile("{\"format\":\"sandtable-game/1\"}", answer("no", "MISMATCH: event 7 ...\n"));
    expect(bad.verified).toBe(false);
    expect(bad.report).toMatch(/^MISMATCH: event 7/);
  });
});
