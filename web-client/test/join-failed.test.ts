// The page a link that cannot work shows: which codes end the seat's connection, and the words.
import { describe, expect, it } from "vitest";
import { deadLinkWords, isDeadLink } from "../src/ui/join-failed";

describe("join failed", () => {
  it("takes a closed game and too many wrong links as the end of this page's tries", () => {
    for (const code of ["BAD_TOKEN", "TOKEN_REVOKED", "UNKNOWN_ROOM", "ROOM_UNAVAILABLE", "TOO_MANY_TRIES"]) expect(isDeadLink(code)).toBe(true);
    for (const code of ["RATE_LIMITED", "STALE_SEQUENCE", "IDLE"]) expect(isDeadLink(code)).toBe(false);
  });
  it("says a closed game is not lost and a flood of wrong links means waiting", () => {
    expect(deadLinkWords("ROOM_UNAVAILABLE").text).toMatch(/Nothing of it is lost/);
    expect(deadLinkWords("TOO_MANY_TRIES").text).toMatch(/Wait a minute/);
    expect(deadLinkWords("BAD_TOKEN").title).toMatch(/does not know this link/);
  });
});
