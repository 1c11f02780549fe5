import { create, type MessageInitShape } from "@bufbuild/protobuf";
import { describe, expect, it } from "vitest";
import { BattleSchema, CampaignSchema, DashboardSchema, MyGameSchema, StandingSchema } from "../src/gen/sandtable/v1/club_pb";
import { readAnswer } from "../src/net/club-api";
import {
  andList,
  battleAction,
  battleWaiting,
  CLUBS_KEY,
  clubUrl,
  defaultSides,
  followChoices,
  gameWords,
  knownClubs,
  localLink,
  passwordProblem,
  ranked,
  rememberClub,
  sideOf,
  statusWords,
  winnerWords,
} from "../src/state/club";
import { noticeDue } from "../src/ui/turn-notice";

class MemoryStore {
  data = new Map<string, string>();
  getItem(k: string) { return this.data.get(k) ?? null; }
  setItem(k: string, v: string) { this.data.set(k, v); }
}

type BattleInit = MessageInitShape<typeof BattleSchema>;
const SIDES = [{ id: "side-1", name: "North", memberIds: ["anna"] }, { id: "side-2", name: "South", memberIds: ["ben"] }];

const campaign = (battles: BattleInit[] = [], sides = SIDES) => create(CampaignSchema, { id: "c1", name: "Winter", ruleset: "portable-wargame-19c", sides, battles });

const dashboard = (me: { id: string; gm?: boolean }, games: string[] = []) =>
  create(DashboardSchema, { me: { id: me.id, name: me.id, gm: !!me.gm }, games: games.map((battleId) => create(MyGameSchema, { battleId })) });

describe("club standings and words", () => {
  it("lists names as a person writes them", () => {
    expect(andList([])).toBe("");
    expect(andList(["North"])).toBe("North");
    expect(andList(["North", "South"])).toBe("North and South");
    expect(andList(["A", "B", "C"])).toBe("A, B and C");
  });

  it("orders standings by points, then wins, then fewer losses, then name", () => {
    const s = (name: string, points: number, won: number, lost: number) => create(StandingSchema, { id: name, name, points, won, lost });
    const order = ranked([s("Zed", 3, 1, 0), s("Amy", 3, 1, 0), s("Bob", 4, 1, 2), s("Cat", 3, 0, 0), s("Dan", 3, 1, 1)]).map((x) => x.name);
    expect(order).toEqual(["Bob", "Amy", "Zed", "Dan", "Cat"]);
  });

  it("says how a battle stands, who won and whom it waits for", () => {
    const c = campaign();
    expect(statusWords({ status: "", turn: 0 })).toBe("planned");
    expect(statusWords({ status: "playing", turn: 0 })).toBe("playing, not started");
    expect(statusWords({ status: "playing", turn: 3 })).toBe("playing, turn 3");
    expect(statusWords({ status: "over", turn: 7 })).toBe("over");
    expect(winnerWords(c, create(BattleSchema, { status: "over", winner: "side-2" }))).toBe("South won");
    expect(winnerWords(c, create(BattleSchema, { status: "over" }))).toBe("A draw");
    expect(winnerWords(c, create(BattleSchema, { status: "playing" }))).toBe("");
    expect(battleWaiting(c, create(BattleSchema, { status: "playing", waitingFor: ["side-1", "side-2"] }))).toBe("Waiting for North and South");
    expect(battleWaiting(c, create(BattleSchema, { status: "over", waitingFor: ["side-1"] }))).toBe("");
  });

  it("says whose turn a game of \"Your games\" is", () => {
    expect(gameWords(create(MyGameSchema, { status: "playing", yourTurn: true, waitingFor: ["North"] }))).toBe("Your turn");
    expect(gameWords(create(MyGameSchema, { status: "playing", waitingFor: ["South"], turn: 2 }))).toBe("Waiting for South");
    expect(gameWords(create(MyGameSchema, { status: "playing", turn: 2 }))).toBe("Playing");
    expect(gameWords(create(MyGameSchema, { status: "over", yourTurn: true }))).toBe("Over");
  });
});

describe("club battles", () => {
  const planned: BattleInit = { id: "b1", name: "First", status: "planned", sides: [{ scenarioSide: "blue", campaignSide: "side-1" }, { scenarioSide: "red", campaignSide: "side-2" }] };
  const playing: BattleInit = { ...planned, status: "playing", roomId: "r1" };

  it("offers Open to the GM only, on a planned battle", () => {
    const c = campaign([planned]);
    expect(battleAction(dashboard({ id: "gm", gm: true }), c, c.battles[0])).toBe("open");
    expect(battleAction(dashboard({ id: "anna" }), c, c.battles[0])).toBeNull();
  });

  it("offers Play to a member whose side plays, the GM, or one who sits there; Watch to the others", () => {
    const c = campaign([playing], [...SIDES, { id: "side-3", name: "Neutral", memberIds: ["cat"] }]);
    const b = c.battles[0];
    expect(battleAction(dashboard({ id: "anna" }), c, b)).toBe("play");
    expect(battleAction(dashboard({ id: "gm", gm: true }), c, b)).toBe("play");
    expect(battleAction(dashboard({ id: "cat" }), c, b)).toBe("watch");
    expect(battleAction(dashboard({ id: "cat" }, ["b1"]), c, b)).toBe("play");
    expect(sideOf(c, "cat")).toBe("side-3");
    expect(sideOf(c, "nobody")).toBe("");
  });

  it("lets a new battle follow any battle so far, or none", () => {
    expect(followChoices(campaign([planned])).map((o) => o.value)).toEqual(["", "b1"]);
  });

  it("gives the scenario's sides to the campaign's in order, round again when there are more", () => {
    expect(defaultSides(campaign(), ["blue", "red"])).toEqual(["side-1", "side-2"]);
    expect(defaultSides(campaign(), ["a", "b", "c"])).toEqual(["side-1", "side-2", "side-1"]);
  });
});

describe("club passwords and links", () => {
  it("asks for 10 to 200 characters, typed the same twice", () => {
    expect(passwordProblem("short", "short")).toMatch(/at least 10/);
    expect(passwordProblem("x".repeat(201), "x".repeat(201))).toMatch(/at most 200/);
    expect(passwordProblem("long enough words", "long enough wordz")).toMatch(/not the same/);
    expect(passwordProblem("long enough words", "long enough words")).toBe("");
  });

  it("puts the server's links on this page's address", () => {
    const here = { origin: "http://127.0.0.1:4321", pathname: "/" };
    expect(localLink(here, "https://club.example/?invite=abc_DEF-123")).toBe("http://127.0.0.1:4321/?invite=abc_DEF-123");
    expect(localLink(here, "https://club.example/play/?room=r1&token=tok12345678")).toBe("http://127.0.0.1:4321/?room=r1&token=tok12345678");
    expect(localLink(here, "no query")).toBe("no query");
    expect(clubUrl(here, "c 1")).toBe("http://127.0.0.1:4321/?club=c%201");
  });

  it("remembers the clubs opened here, most recent first, once each", () => {
    const store = new MemoryStore();
    rememberClub(store, { id: "a", name: "A" }, 1);
    rememberClub(store, { id: "b", name: "B" }, 2);
    rememberClub(store, { id: "a", name: "A renamed" }, 3);
    expect(knownClubs(store).map((c) => [c.id, c.name])).toEqual([["a", "A renamed"], ["b", "B"]]);
    store.setItem(CLUBS_KEY, "not json");
    expect(knownClubs(store)).toEqual([]);
    expect(knownClubs(null)).toEqual([]);
  });
});

describe("club answers", () => {
  it("reads a message, snake_case names included", () => {
    const r = readAnswer(200, '{"club":{"id":"c1","name":"Club"},"me":{"id":"m1","name":"Anna","signed_up":true},"games":[{"battle_id":"b1","your_turn":true,"waiting_for":["North"]}],"later_field":1}', DashboardSchema);
    expect(r.ok && r.value.me?.signedUp).toBe(true);
    expect(r.ok && r.value.games[0].yourTurn).toBe(true);
    expect(r.ok && r.value.games[0].waitingFor).toEqual(["North"]);
  });

  it("reads a refusal's sentence, and says something for a body that is not one", () => {
    expect(readAnswer(401, '{"code":"NOT_SIGNED_IN","message":"Sign in first."}', DashboardSchema)).toEqual({ ok: false, status: 401, code: "NOT_SIGNED_IN", message: "Sign in first." });
    const r = readAnswer(502, "<html>Bad gateway</html>", DashboardSchema);
    expect(r.ok).toBe(false);
    expect(!r.ok && r.message).toMatch(/HTTP 502/);
    expect(readAnswer(200, "", DashboardSchema).ok).toBe(true);
  });
});

describe("turn notifications", () => {
  it("notify when the turn begins behind a hidden tab, with permission, never on the first view", () => {
    expect(noticeDue(false, true, true, "granted")).toBe(true);
    expect(noticeDue(null, true, true, "granted")).toBe(false);
    expect(noticeDue(true, true, true, "granted")).toBe(false);
    expect(noticeDue(false, true, false, "granted")).toBe(false);
    expect(noticeDue(false, true, true, "default")).toBe(false);
  });
});
