// "Your turn" as a browser notification, for club members who play by correspondence: the table
// page notifies when the game starts waiting on this seat while its tab is hidden, once the
// member has allowed notifications from the club dashboard's button. The header's alert toggle
// (attention.ts) beeps as well; both use one tag, so a turn never shows two notifications.
import { h } from "./dom";

const TAG = "sandtable-turn";

type Permission = "default" | "granted" | "denied" | "unsupported";

function permission(): Permission {
  return typeof Notification === "undefined" ? "unsupported" : Notification.permission;
}

/** Whether a notification is due: the seat's turn began (it was not, now it is) behind a hidden tab. */
export function noticeDue(before: boolean | null, now: boolean, hidden: boolean, allowed: Permission): boolean {
  // The first view only says how things stand: a page opened on its turn has nothing to announce.
  return before === false && now && hidden && allowed === "granted";
}

/** Fed on every render of the table page with whether it is this seat's turn (null before the first view). */
export class TurnNotice {
  private before: boolean | null = null;

  update(myTurn: boolean | null, roomName: string): void {
    if (myTurn === null) return;  // no view yet: nothing is known about whose turn it is
    const hidden = typeof document !== "undefined" && document.hidden;
    if (noticeDue(this.before, myTurn, hidden, permission())) {
      try {
        new Notification("Your turn", { body: roomName, tag: TAG });
      } catch {
        // some browsers allow notifications only from a service worker: the tab's title still says it
      }
    }
    this.before = myTurn;
  }
}

/** The club dashboard's "Notify me when it is my turn": asks the browser, then says how it stands. */
export function notifyButton(): HTMLElement {
  const el = h("span", { class: "notify", "data-testid": "notify" });
  const draw = () => {
    const p = permission();
    if (p === "unsupported") return el.replaceChildren();
    if (p === "granted") return el.replaceChildren(h("small", { class: "muted", "data-testid": "notify-on" }, "Turn notifications are on in this browser"));
    if (p === "denied") return el.replaceChildren(h("small", { class: "muted", title: "Allow notifications for this site in the browser's settings to have them" }, "This browser blocks notifications from Sandtable"));
    el.replaceChildren(
      h("button", {
        type: "button",
        "data-testid": "notify-ask",
        title: "A notification when a game waits on you and its tab is in the background",
        onclick: () => void Notification.requestPermission().catch(() => "denied").then(draw),
      }, "Notify me when it is my turn"),
    );
  };
  draw();
  return el;
}
