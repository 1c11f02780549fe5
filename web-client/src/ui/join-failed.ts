// The page a link that cannot work shows instead of the table: what happened in plain words,
// the way back to the lobby, and the rooms this browser holds links for. Shown when joining
// fails for good (BAD_TOKEN, TOKEN_REVOKED, UNKNOWN_ROOM: docs/protocol.md, "Errors") and when
// the game master revokes the seat while it is open.
import type { MyRoom } from "../state/my-rooms";
import { h } from "./dom";
import { browserRoomsList } from "./my-rooms";

/** The join errors after which this link does not work: never again, or (ROOM_UNAVAILABLE,
 *  TOO_MANY_TRIES) not until the server or the wait says so. */
export const DEAD_LINK_CODES = new Set(["BAD_TOKEN", "TOKEN_REVOKED", "UNKNOWN_ROOM", "ROOM_UNAVAILABLE", "TOO_MANY_TRIES"]);

export function isDeadLink(code: string): boolean {
  return DEAD_LINK_CODES.has(code);
}

/** The title and the sentences a person reads for a dead link's error code. */
export function deadLinkWords(code: string): { title: string; text: string } {
  switch (code) {
    case "TOKEN_REVOKED":
      return {
        title: "This link no longer works",
        text: "The game master has issued a new link for this seat. Ask them for it.",
      };
    case "UNKNOWN_ROOM":
      return {
        title: "That room is not on this server",
        text: "The link may be meant for another Sandtable server, or the room is gone. Ask the game master for the link again.",
      };
    case "ROOM_UNAVAILABLE":
      return {
        title: "This game is closed for now",
        text: "The server could not open this game. Nothing of it is lost: tell the game master, and open this link again later.",
      };
    case "TOO_MANY_TRIES":
      return {
        title: "Too many links that do not work",
        text: "Too many links that were not valid came from your network. Wait a minute, then open this link again.",
      };
    default:
      return {
        title: "This server does not know this link",
        text: "Check it was copied whole: a link ends with a long run of letters and digits after “token=”. If it was, ask the game master for it again.",
      };
  }
}

export function joinFailedPage(code: string, rooms: MyRoom[], lobbyUrl = "./"): HTMLElement {
  const words = deadLinkWords(code);
  return h(
    "div",
    { class: "join-failed", "data-testid": "join-failed", "data-code": code },
    h(
      "section",
      { class: "card alert", role: "alert" },
      h("h1", {}, words.title),
      h("p", {}, words.text),
      h("div", { class: "way-back" }, h("a", { class: "button primary", href: lobbyUrl, "data-testid": "to-lobby" }, "Go to the lobby")),
    ),
    h("section", { class: "card" }, h("h2", {}, "Your rooms on this browser"), browserRoomsList(rooms)),
  );
}
