import { create, toBinary } from "@bufbuild/protobuf";
import { describe, expect, it } from "vitest";
import { EnvelopeSchema } from "../src/gen/sandtable/v1/protocol_pb";
import { Connection, type SocketLike, type Status } from "../src/net/connection";
import {
  addCreated,
  addJoined,
  bestLink,
  forget,
  forgetLink,
  hostKey,
  HOST_KEY_KEY,
  originWords,
  joinedEntry,
  loadMyRooms,
  MY_ROOMS_KEY,
  MY_ROOMS_LIMIT,
  newestFirst,
  replaceSeatLink,
  saveMyRooms,
  type SavedLink,
} from "../src/state/my-rooms";

class MemoryStore {
  data = new Map<string, string>();
  getItem(k: string) { return this.data.get(k) ?? null; }
  setItem(k: string, v: string) { this.data.set(k, v); }
}

const link = (token: string, seat: string, role: SavedLink["role"] = "player"): SavedLink => ({ token, seat, role, label: seat, url: `http://h/?room=r&token=${token}` });
const joined = (room: string, token: string, seat = "blue") => ({ room, token, seat, role: "player" as const, label: "Blue", url: `http://h/?room=${room}&token=${token}`, name: `Room ${room}`, scenario: "Meeting" });

describe("my rooms (this browser's list)", () => {
  it("lists rooms created here with all their links, newest first", () => {
    let l = addCreated([], { room: "a", name: "A", scenario: "S", links: [link("ta1", "blue"), link("tag", "gm", "gm")] }, 1000);
    l = addCreated(l, { room: "b", name: "B", scenario: "S", links: [link("tb1", "blue")] }, 2000);
    expect(l.map((r) => r.room)).toEqual(["b", "a"]);
    expect(l[1].links.map((x) => x.token)).toEqual(["ta1", "tag"]);
    expect(l[1].created).toBe(1000);
    expect(bestLink(l[1])?.token).toBe("tag");
  });

  it("adds a joined link once: the same token again only moves the room up", () => {
    let l = addJoined([], joined("a", "t1"), 1000);
    l = addJoined(l, joined("b", "t2"), 2000);
    l = addJoined(l, joined("a", "t1"), 3000);
    expect(l.map((r) => r.room)).toEqual(["a", "b"]);
    expect(l[0].links).toHaveLength(1);
    expect(l[0].lastSeen).toBe(3000);
  });

  it("joining a link of a room created here keeps it one room with its creation time", () => {
    let l = addCreated([], { room: "a", name: "A", scenario: "", links: [link("ta1", "blue"), link("tag", "gm", "gm")] }, 1000);
    l = addJoined(l, { ...joined("a", "ta1"), label: "Blue army" }, 5000);
    expect(l).toHaveLength(1);
    expect(l[0].created).toBe(1000);
    expect(l[0].lastSeen).toBe(5000);
    expect(l[0].scenario).toBe("Meeting");
    expect(l[0].links.map((x) => [x.token, x.label])).toEqual([["ta1", "Blue army"], ["tag", "gm"]]);
  });

  it("a second seat of one room is a second link of that room; a token lives in one room only", () => {
    let l = addJoined([], joined("a", "t1"), 1000);
    l = addJoined(l, joined("a", "t2", "red"), 2000);
    expect(l).toHaveLength(1);
    expect(l[0].links.map((x) => x.token)).toEqual(["t1", "t2"]);
    // The same token reported under another room (a stale entry) moves there.
    l = addJoined(l, joined("b", "t2"), 3000);
    expect(l.map((r) => [r.room, r.links.map((x) => x.token)])).toEqual([["b", ["t2"]], ["a", ["t1"]]]);
  });

  it("forgets a room, and a revoked link (the room goes with its last link)", () => {
    let l = addJoined([], joined("a", "t1"), 1000);
    l = addJoined(l, joined("b", "t2"), 2000);
    expect(forget(l, "a").map((r) => r.room)).toEqual(["b"]);
    expect(forgetLink(l, "t2").map((r) => r.room)).toEqual(["a"]);
  });

  it("a seat's new link (the GM revoked the old one) replaces the old one in its room only", () => {
    let l = addCreated([], { room: "a", name: "A", scenario: "", links: [link("ta1", "blue"), link("tag", "gm", "gm")] }, 1000);
    l = addJoined(l, joined("b", "tb1"), 2000);
    l = replaceSeatLink(l, "a", { ...link("ta2", "blue"), label: "" });
    const a = l.find((r) => r.room === "a")!;
    expect(a.links.map((x) => [x.token, x.label])).toEqual([["tag", "gm"], ["ta2", "blue"]]);
    expect(l.find((r) => r.room === "b")!.links.map((x) => x.token)).toEqual(["tb1"]);
    expect(replaceSeatLink(l, "zz", link("t9", "red"))).toEqual(l);
  });

  it("keeps at most the newest MY_ROOMS_LIMIT rooms", () => {
    let l = addJoined([], joined("r0", "t0"), 0);
    for (let i = 1; i <= MY_ROOMS_LIMIT; i++) l = addJoined(l, joined(`r${i}`, `t${i}`), i);
    expect(l).toHaveLength(MY_ROOMS_LIMIT);
    expect(l.some((r) => r.room === "r0")).toBe(false);
  });

  it("round-trips through storage and survives a damaged entry", () => {
    const store = new MemoryStore();
    const l = addJoined(addJoined([], joined("a", "t1"), 1), joined("b", "t2"), 2);
    saveMyRooms(store, l);
    expect(loadMyRooms(store)).toEqual(newestFirst(l));
    store.setItem(MY_ROOMS_KEY, JSON.stringify([...l, { room: 5 }, null]));
    expect(loadMyRooms(store).map((r) => r.room)).toEqual(["b", "a"]);
    store.setItem(MY_ROOMS_KEY, "{not json");
    expect(loadMyRooms(store)).toEqual([]);
    expect(loadMyRooms(null)).toEqual([]);
  });

  it("makes the host key once per browser: 32 hex digits, then the same one", () => {
    const store = new MemoryStore();
    let n = 0;
    const key = hostKey(store, (b) => b.forEach((_, i) => (b[i] = (n++ * 37) & 255)));
    expect(key).toMatch(/^[0-9a-f]{32}$/);
    expect(store.getItem(HOST_KEY_KEY)).toBe(key);
    expect(hostKey(store, () => { throw new Error("drawn again"); })).toBe(key);
  });

  it("records a welcomed link with the seat's name from the view", () => {
    const w = { roomId: "a", seat: "blue", role: 1, roomName: "Friday game" };
    const e = joinedEntry(w, { scenarioName: "Meeting", sides: [{ id: "blue", name: "Blue army" }] }, "t1", "u");
    expect(e).toMatchObject({ room: "a", token: "t1", role: "player", label: "Blue army", name: "Friday game", scenario: "Meeting" });
    expect(joinedEntry({ ...w, seat: "gm", role: 2 }, undefined, "t", "u").label).toBe("Game master");
  });
});

class FakeSocket implements SocketLike {
  binaryType = "";
  readyState = 0;
  onopen: SocketLike["onopen"] = null;
  onclose: SocketLike["onclose"] = null;
  onmessage: SocketLike["onmessage"] = null;
  onerror: SocketLike["onerror"] = null;
  send() {}
  close() { this.readyState = 3; this.onclose?.({ code: 1000, reason: "" }); }
  open() { this.readyState = 1; this.onopen?.({}); }
  push(init: Parameters<typeof create<typeof EnvelopeSchema>>[1]) {
    this.onmessage?.({ data: toBinary(EnvelopeSchema, create(EnvelopeSchema, init)).buffer });
  }
}

describe("the lobby's connection", () => {
  it("hears BAD_TOKEN answering ListRooms as an answer and stays open", async () => {
    const statuses: Status[] = [];
    const socket = new FakeSocket();
    const conn = new Connection({ url: "ws://x/ws", onEnvelope: () => {}, onStatus: (s) => statuses.push(s), makeSocket: () => socket });
    conn.start();
    socket.open();
    const reply = conn.request({ body: { case: "listRooms", value: { token: "x".repeat(64) } } });
    socket.push({ requestId: 1n, body: { case: "error", value: { code: "BAD_TOKEN", message: "no", requestId: 1n } } });
    expect((await reply).body.case).toBe("error");
    expect(statuses.at(-1)).toBe("open");
  });
});

describe("originWords", () => {
  it("says where a listed room came from", () => {
    expect(originWords("")).toBe("");
    expect(originWords("import:3fa2")).toBe("replay of a game file");
    expect(originWords("branch:3fa2:12")).toBe("what if, from step 12 of room 3fa2");
    expect(originWords("campaign:k1:b2")).toBe("campaign battle");
    expect(originWords("something new")).toBe("");
  });
});
