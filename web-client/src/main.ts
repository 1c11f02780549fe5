// Entry point: a page with ?token= is a seat at a table; anything else is the lobby.
import "./style.css";
import { Connection } from "./net/connection";
import { parseJoinLink, wsUrlFor } from "./links";
import { LobbyPage } from "./ui/lobby";
import { TablePage } from "./ui/table";

const app = document.getElementById("app")!;
const link = parseJoinLink(location.search);

if (new URLSearchParams(location.search).has("demo")) {
  void import("./demo").then((d) => d.runDemo(app));
} else if (link) {
  const page = new TablePage(`sandtable:${link.token}`);
  app.replaceChildren(page.root);
  const conn = new Connection({
    url: wsUrlFor(location),
    token: link.token,
    roomId: link.room,
    lastSeq: () => page.lastSeq(),
    onEnvelope: (env) => page.receive(env),
    onStatus: (status, retry) => page.setStatus(status, retry),
  });
  page.attach(conn);
  page.render();
  conn.start();
  (window as unknown as { sandtable: unknown }).sandtable = { page, conn };
} else {
  const conn = new Connection({ url: wsUrlFor(location), onEnvelope: () => {} });
  const lobby = new LobbyPage(conn);
  app.replaceChildren(lobby.root);
  conn.start();
  void lobby.load();
}
