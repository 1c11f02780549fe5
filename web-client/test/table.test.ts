// The table page's small things: the refusal banner, orders while the line is down, and whose
// turn it is in the tab title.
import { describe, expect, it } from "vitest";
import { dismissRefusal, initialModel, offlineReason, orderSent, reduce, resendWhenStale } from "../src/state/store";
import { pageTitle } from "../src/ui/orders";
import { env, moved, unit, view, withMenu } from "./fixtures";

function refused() {
  let m = reduce(initialModel(), env({ body: { case: "snapshot", value: { seq: 3n, view: view([unit("b1", "blue", 1, 1)], 3n) } } })).model;
  m = reduce(m, env({ body: { case: "orderRejected", value: { roomSeq: 3n, rejection: { code: "PW_MOVE_TOO_FAR", ruleId: "PW-MOVE-01", message: "Too far." } } } })).model;
  return m;
}

describe("the refusal banner", () => {
  it("stays while the table moves on, and goes when the player aims again or presses Esc", () => {
    let m = refused();
    expect(m.refusal).toMatchObject({ text: "Too far.", ruleId: "PW-MOVE-01" });
    m = reduce(m, env({ body: { case: "delta", value: { fromSeq: 3n, seq: 4n, events: [moved(4n, "r1", { col: 2, row: 2 })] } } })).model;
    expect(m.refusal).toBeDefined();
    const after = dismissRefusal(m);
    expect(after.refusal).toBeUndefined();
    // The log keeps it.
    expect(after.log.at(-2)).toMatchObject({ kind: "refusal", text: "Refused: Too far." });
    // Nothing to dismiss: the same model (no re-render churn).
    expect(dismissRefusal(after)).toBe(after);
  });

  it("also goes when the next order is sent", () => {
    expect(orderSent(refused()).refusal).toBeUndefined();
  });
});

describe("orders while the line is down", () => {
  it("are possible only while connected, and say why not otherwise", () => {
    expect(offlineReason("open")).toBeNull();
    expect(offlineReason("reconnecting")).toBe("offline — reconnecting");
    expect(offlineReason("connecting")).toBe("offline — reconnecting");
    expect(offlineReason("closed")).toBe("offline");
  });
});

describe("the page title", () => {
  const idle = view([unit("b1", "blue", 1, 1)]);
  const menu = withMenu(idle, [{ id: "end-side", kind: "end", label: "End the side's turn" }]);

  it("says whose turn it is from the action menu", () => {
    expect(pageTitle(menu)).toBe("Your turn — Test");
    expect(pageTitle(idle)).toBe("Test");
  });

  it("says nothing is asked of the seat when paused or over, and names the room before a view", () => {
    expect(pageTitle({ ...menu, paused: true })).toBe("Test");
    expect(pageTitle({ ...menu, result: { ...menu.result!, over: true } } as never)).toBe("Test");
    expect(pageTitle(undefined, "Demo")).toBe("Demo");
    expect(pageTitle(undefined)).toBe("Sandtable");
  });
});

describe("an order refused only as stale", () => {
  const gm = (body: object) => ({ body: { case: "gm", value: { body } } });
  const edit = (body: object) => gm({ case: "edit", value: { reason: "x", body } });
  it("is sent once more when it is a GM's setting that means the same whatever the table did", () => {
    expect(resendWhenStale(edit({ case: "seatBot", value: { side: "red", bot: true } }))).toBe(true);
    expect(resendWhenStale(edit({ case: "trustDice", value: { side: "red", trusted: true } }))).toBe(true);
    expect(resendWhenStale(edit({ case: "spectators", value: {} }))).toBe(true);
    expect(resendWhenStale(gm({ case: "pause", value: { reason: "tea" } }))).toBe(true);
    expect(resendWhenStale(gm({ case: "resume", value: {} }))).toBe(true);
  });
  it("is not when it was aimed at the table seen: an edit of a unit, a rewind, the end, a player's order", () => {
    expect(resendWhenStale(edit({ case: "moveUnit", value: { unitId: "b1" } }))).toBe(false);
    expect(resendWhenStale(edit({ case: "rewind", value: { toSeq: 3n } }))).toBe(false);
    expect(resendWhenStale(gm({ case: "endGame", value: {} }))).toBe(false);
    expect(resendWhenStale({ body: { case: "play", value: { action: "b1-move" } } })).toBe(false);
    expect(resendWhenStale(undefined)).toBe(false);
  });
});
