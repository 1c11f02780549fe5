// The lobby's two lists of a person's rooms: the ones this browser created or opened (from
// localStorage, state/my-rooms.ts), and a game master's rooms as the server knows them (ListRooms,
// from a pasted GM link). Also used by the page a dead link shows (join-failed.ts).
import "./my-rooms.css";
import type { RoomSummary } from "../gen/sandtable/v1/protocol_pb";
import type { Connection } from "../net/connection";
import { localJoinUrl, parseJoinLink } from "../links";
import { bestLink, forget, type MyRoom, type SavedLink, type StorageLike, loadMyRooms, originWords, updateMyRooms } from "../state/my-rooms";
import { h, replace } from "./dom";

/** "25 Nov 2026, 14:05": a date a person reads, in their own locale. */
export function when(ms: number): string {
  if (!ms) return "";
  return new Date(ms).toLocaleString(undefined, { day: "numeric", month: "short", year: "numeric", hour: "2-digit", minute: "2-digit" });
}

/** A link on this page's own address (links stored from another host still open here). */
function openUrl(l: SavedLink): string {
  const parsed = parseJoinLink(l.url);
  return parsed ? localJoinUrl(location, parsed) : l.url;
}

export function copyButton(url: string): HTMLButtonElement {
  const b = h("button", {
    type: "button",
    title: "Copy this link",
    onclick: async () => {
      try {
        await navigator.clipboard.writeText(url);
      } catch {
        const t = h("textarea", {}, url);
        document.body.append(t);
        t.select();
        document.execCommand("copy");
        t.remove();
      }
      b.textContent = "Copied";
      setTimeout(() => (b.textContent = "Copy"), 1500);
    },
  }, "Copy");
  return b;
}

function linkRow(l: SavedLink): HTMLElement {
  const url = openUrl(l);
  return h(
    "li",
    { class: "my-link", "data-token-tail": l.token.slice(-6) },
    h("span", { class: "my-seat" }, l.label || l.seat),
    h("a", { class: "button", href: url, "data-open": l.seat }, "Open"),
    copyButton(url),
  );
}

/**
 * The rooms of this browser as a list; `onForget` absent = no Forget buttons (the page a dead
 * link shows lists them only to open one).
 */
export function browserRoomsList(list: MyRoom[], onForget?: (room: string) => void): HTMLElement {
  if (!list.length) return h("p", { class: "muted", "data-testid": "no-rooms" }, "None yet: the rooms you create here and the links you open here will be listed.");
  return h(
    "ul",
    { class: "my-rooms", "data-testid": "my-rooms" },
    list.map((r) =>
      h(
        "li",
        { class: "my-room", "data-room": r.room },
        h(
          "div",
          { class: "my-room-head" },
          h("b", {}, r.name || r.scenario || "A room"),
          r.scenario && r.scenario !== r.name ? h("span", { class: "muted" }, ` ${r.scenario}`) : null,
          h("small", { class: "muted" }, r.created ? ` created here ${when(r.created)}` : ` last opened ${when(r.lastSeen)}`),
          onForget
            ? h("button", { type: "button", class: "link forget", title: "Remove it from this list; the room itself stays on the server", onclick: () => onForget(r.room) }, "Forget")
            : null,
        ),
        h("ul", { class: "my-links" }, r.links.map(linkRow)),
      ),
    ),
  );
}

/** "Your rooms on this browser": redrawn whenever a room is created here or forgotten. */
export class BrowserRooms {
  readonly root = h("section", { class: "card", "data-testid": "browser-rooms" });

  constructor(private readonly store: StorageLike | null) {
    this.render();
  }

  render(): void {
    const list = loadMyRooms(this.store);
    replace(
      this.root,
      h("h2", {}, "Your rooms on this browser"),
      browserRoomsList(list, (room) => {
        updateMyRooms(this.store, (l) => forget(l, room));
        this.render();
      }),
    );
  }
}

/** How a listed room stands, in words. */
export function standing(r: RoomSummary): string {
  if (r.over) return r.winner ? `Finished: ${r.winner} won` : "Finished: a draw";
  return r.turn > 0 ? `Turn ${r.turn}` : "Not started";
}

/** "Your rooms on the server": a pasted GM link lists the rooms made with the same browser. */
export class ServerRooms {
  readonly root: HTMLElement;
  private readonly result = h("div", { "data-testid": "server-rooms" });

  constructor(private readonly conn: Connection, private readonly store: StorageLike | null) {
    const input = h("input", { type: "url", placeholder: "Paste your game master link", "aria-label": "Game master link", class: "join-input", "data-testid": "gm-link" });
    const form = h(
      "form",
      {
        class: "join-form",
        onsubmit: (e: Event) => {
          e.preventDefault();
          void this.list(input.value);
        },
      },
      input,
      h("button", { type: "submit" }, "List my rooms"),
    );
    this.root = h(
      "section",
      { class: "card" },
      h("h2", {}, "Your rooms on the server"),
      h("p", { class: "muted" }, "The game master link of any room you created lists every room created from the same browser, with how each one stands."),
      form,
      this.result,
    );
  }

  async list(text: string): Promise<void> {
    const link = parseJoinLink(text);
    if (!link) {
      replace(this.result, h("p", { class: "error" }, "That does not look like a Sandtable link (it needs a ?token=… part)."));
      return;
    }
    replace(this.result, h("p", { class: "muted" }, "Asking the server…"));
    const reply = await this.conn.request({ body: { case: "listRooms", value: { token: link.token } } });
    if (reply.body.case === "error") {
      const words = reply.body.value.code === "BAD_TOKEN" ? "This server does not know that as a game master's link. Use the link marked “Game master” that you got when you created the room." : reply.body.value.message;
      replace(this.result, h("p", { class: "error", role: "alert" }, words));
      return;
    }
    if (reply.body.case !== "roomList") return;
    this.show(reply.body.value.rooms, link);
  }

  private show(rooms: RoomSummary[], pasted: { room: string; token: string }): void {
    const mine = loadMyRooms(this.store);
    const openFor = (id: string): string | null => {
      const r = mine.find((x) => x.room === id);
      const l = r && bestLink(r);
      if (l) return openUrl(l);
      return id === pasted.room ? localJoinUrl(location, pasted) : null;
    };
    replace(
      this.result,
      h(
        "table",
        { class: "server-rooms" },
        h("thead", {}, h("tr", {}, h("th", {}, "Room"), h("th", {}, "Scenario"), h("th", {}, "How it stands"), h("th", {}, "Created"), h("th", {}, ""))),
        h(
          "tbody",
          {},
          rooms.map((r) => {
            const url = openFor(r.roomId);
            return h(
              "tr",
              { "data-room": r.roomId },
              h("td", {}, r.name || r.scenarioName, originWords(r.origin) ? h("small", { class: "muted origin", "data-testid": "room-origin" }, ` · ${originWords(r.origin)}`) : null),
              h("td", {}, r.scenarioName),
              h("td", {}, standing(r)),
              h("td", {}, when(Number(r.createdUnixMs))),
              h("td", {}, url ? h("a", { class: "button", href: url }, "Open") : h("small", { class: "muted", title: "Links are shown only once, when a room is created; this browser does not hold one for this room." }, "no link here")),
            );
          }),
        ),
      ),
    );
  }
}
