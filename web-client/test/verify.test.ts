// The verify page shows the server's answer and nothing of its own: the verdict comes from the
// server's header, the words from its body.
import { describe, expect, it } from "vitest";
import { checkGameFile, importGameFile } from "../src/ui/verify";

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

describe("importGameFile", () => {
  it("posts the file with the host key and reads the new room, or the server's words", async () => {
    const post = (async (url: string | URL | Request, init?: RequestInit) => {
      expect(url).toBe("/api/import");
      expect(init?.method).toBe("POST");
      expect((init?.headers as Record<string, string>)["X-Sandtable-Host-Key"]).toBe("k".repeat(32));
      return init?.body === "good"
        ? new Response(JSON.stringify({ room_id: "abc", seed_hash: "ff", links: [{ seat: "gm", role: "ROLE_GM", token: "t", url: "/?room=abc&token=t" }] }))
        : new Response("The game in the file does not verify: event 7 is not what the seed and the orders give.\n", { status: 400, headers: { "X-Sandtable-Error": "IMPORT_DOES_NOT_VERIFY" } });
    }) as typeof fetch;
    const ok = await importGameFile("good", "k".repeat(32), post);
    expect(ok.created?.roomId).toBe("abc");
    expect(ok.created?.links[0].token).toBe("t");
    const bad = await importGameFile("bad", "k".repeat(32), post);
    expect(bad.created).toBeUndefined();
    expect(bad.problem).toMatch(/^The game in the file does not verify: event 7/);
  });
});
