// Entry point: a page with ?token= is a seat at a table, ?editor= the scenario editor, ?verify the
// check of a game file, ?invite= a club invitation and ?club= a club's dashboard; anything else
// is the lobby.
import "./style.css";
import { Connection } from "./net/connection";
import { homeOf, localJoinUrl, parseJoinLink, wsUrlFor } from "./links";
import { addJoined, browserStore, forgetLink, hostKey, joinedEntry, loadMyRooms, replaceSeatLink, roleOf, updateMyRooms } from "./state/my-rooms";
import { deadLinkWords, isDeadLink, joinFailedPage } from "./ui/join-failed";
import { LobbyPage } from "./ui/lobby";
import { TablePage } from "./ui/table";

const app = document.getElementById("app")!;
const link = parseJoinLink(location.search);
const store = browserStore();
const editor = new URLSearchParams(location.search).get("editor");
const invite = new URLSearchParams(location.search).get("invite");
const club = new URLSearchParams(location.search).get("club");

if (new URLSearchParams(location.search).has("demo")) {
  void import("./demo").then((d) => d.runDemo(app));
} else if (link) {
  const page = new TablePage(`sandtable:${link.token}`);
  app.replaceChildren(page.root);
  let dead = false;  // the link failed for good: the table is gone, nothing redraws it
  const conn = new Connection({
    url: wsUrlFor(location, { room: link.room }),
    token: link.token,
    roomId: link.room,
    lastSeq: () => page.lastSeq(),
    onEnvelope: (env) => {
      page.receive(env);
      const b = env.body;
      // The lobby lists the links opened here: recorded when the server accepts one.
      const w = page.model.welcome;
      if (w && (b.case === "welcome" || b.case === "snapshot")) {
        updateMyRooms(store, (l) => addJoined(l, joinedEntry(w, page.model.view, link.token, localJoinUrl(location, link)), Date.now()));
      }
      // The GM replaced a seat's link: this browser's list keeps the new one, not the dead one.
      const fresh = b.case === "seatRevoked" ? b.value.link : undefined;
      if (w && fresh) {
        const parsed = parseJoinLink(fresh.url || `?room=${w.roomId}&token=${fresh.token}`);
        const url = parsed ? localJoinUrl(location, parsed) : fresh.url;
        updateMyRooms(store, (l) => replaceSeatLink(l, w.roomId, { token: fresh.token, seat: fresh.seat, role: roleOf(fresh.role), label: "", url }));
      }
      if (b.case === "error" && isDeadLink(b.value.code)) {
        dead = true;
        // A revoked link never works again: it leaves this browser's list.
        if (b.value.code === "TOKEN_REVOKED") updateMyRooms(store, (l) => forgetLink(l, link.token));
        document.title = `${deadLinkWords(b.value.code).title} · Sandtable`;
        app.replaceChildren(joinFailedPage(b.value.code, loadMyRooms(store)));
      }
    },
    onStatus: (status, retry) => {
      if (!dead) page.setStatus(status, retry);
    },
  });
  page.attach(conn);
  page.render();
  conn.start();
  (window as unknown as { sandtable: unknown }).sandtable = { page, conn };
} else if (new URLSearchParams(location.search).has("verify")) {
  void import("./ui/verify").then(({ VerifyPage }) => {
    const page = new VerifyPage(store);
    app.replaceChildren(page.root);
    document.title = "Check a game file · Sandtable";
    (window as unknown as { sandtable: unknown }).sandtable = { verify: page };
  });
} else if (invite) {
  // The club pages are loaded only by club members: the lobby and the table stay as light.
  void import("./ui/club-signin").then(({ InvitePage }) => {
    const page = new InvitePage(store);
    app.replaceChildren(page.root);
    void page.load(invite);
  });
} else if (club) {
  void import("./ui/club-page").then(({ ClubPage }) => {
    const page = new ClubPage(club, store);
    app.replaceChildren(page.root);
    (window as unknown as { sandtable: unknown }).sandtable = { club: page };
    void page.refresh();
  });
} else if (editor !== null) {
  // The editor is loaded only by the GMs who open it: the lobby and the table stay as light.
  void import("./ui/editor").then(({ EditorPage }) => {
    let page: InstanceType<typeof EditorPage> | null = null;
    const conn = new Connection({ url: wsUrlFor(location, { home: homeOf(hostKey(store)) }), onEnvelope: () => {}, onStatus: (st) => page?.setStatus(st) });
    page = new EditorPage(conn, store);
    conn.start();
    app.replaceChildren(page.root);
    (window as unknown as { sandtable: unknown }).sandtable = { editor: page, conn };
    void page.load(editor);
  });
} else {
  const conn = new Connection({ url: wsUrlFor(location, { home: homeOf(hostKey(store)) }), onEnvelope: () => {} });
  const lobby = new LobbyPage(conn, store);
  app.replaceChildren(lobby.root);
  conn.start();
  void lobby.load();
}
