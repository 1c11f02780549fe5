import { describe, expect, it } from "vitest";
import { homeOf, localJoinUrl, parseJoinLink, wsUrlFor } from "../src/links";

describe("join links", () => {
  it("reads a full link", () => {
    expect(parseJoinLink("http://h:8080/?room=r1&token=abcdefgh12")).toEqual({ room: "r1", token: "abcdefgh12" });
  });
  it("reads a bare query string and pasted text around a link", () => {
    expect(parseJoinLink("?token=abcdefgh12")).toEqual({ room: "", token: "abcdefgh12" });
    expect(parseJoinLink("  join me: https://x/?room=r2&token=Zz_-09abcdef  thanks")).toEqual({ room: "r2", token: "Zz_-09abcdef" });
  });
  it("refuses links without a well-formed token", () => {
    expect(parseJoinLink("")).toBeNull();
    expect(parseJoinLink("https://x/?room=r1")).toBeNull();
    expect(parseJoinLink("https://x/?token=short")).toBeNull();
    expect(parseJoinLink("https://x/?token=<script>alert(1)</script>")).toBeNull();
  });
  it("builds the WebSocket address from the page's", () => {
    expect(wsUrlFor({ protocol: "http:", host: "h:8080", pathname: "/" })).toBe("ws://h:8080/ws");
    expect(wsUrlFor({ protocol: "https:", host: "h", pathname: "/play/index.html" })).toBe("wss://h/play/ws");
  });
  it("names the room, or the lobby's home, so a proxy can route to the right node", () => {
    const loc = { protocol: "http:", host: "h:8080", pathname: "/" };
    expect(wsUrlFor(loc, { room: "n2-0011aabb" })).toBe("ws://h:8080/ws/n2-0011aabb");
    expect(wsUrlFor(loc, { room: "a b/c" })).toBe("ws://h:8080/ws/a%20b%2Fc");
    expect(wsUrlFor(loc, { home: "deadbeef" })).toBe("ws://h:8080/ws?home=deadbeef");
    expect(wsUrlFor(loc, { room: "" })).toBe("ws://h:8080/ws");
  });
  it("gives a host key a stable short home that does not contain it", () => {
    const key = "00112233445566778899aabbccddeeff";
    expect(homeOf(key)).toBe(homeOf(key));
    expect(homeOf(key)).toMatch(/^[0-9a-f]{8}$/);
    expect(homeOf(key)).not.toBe(homeOf("ffeeddccbbaa99887766554433221100"));
  });
  it("rebuilds a link on this page's address", () => {
    expect(localJoinUrl({ origin: "http://a:1", pathname: "/" }, { room: "r", token: "abcdefgh12" })).toBe("http://a:1/?room=r&token=abcdefgh12");
  });
});
