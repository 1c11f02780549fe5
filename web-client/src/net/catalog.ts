// The scenario catalogue for pages that do not keep a connection of their own (the club
// dashboard): one lobby-style WebSocket without a token, one ListCatalog, then closed.
import type { Catalog } from "../gen/sandtable/v1/protocol_pb";
import { wsUrlFor } from "../links";
import { Connection } from "./connection";

/** The server's rule sets and built-in scenarios, or the sentence saying why not. */
export async function fetchCatalog(timeoutMs = 15_000): Promise<Catalog | string> {
  const conn = new Connection({ url: wsUrlFor(location), onEnvelope: () => {} });
  conn.start();
  // A request is never answered when the line stays down: the page says so rather than wait forever.
  const late = new Promise<string>((res) => setTimeout(() => res("The scenario catalogue did not come: reload the page to try again."), timeoutMs));
  const asked = conn.request({ body: { case: "listCatalog", value: {} } }).then((reply) =>
    reply.body.case === "catalog" ? reply.body.value : reply.body.case === "error" ? reply.body.value.message : "The server did not send its catalogue.",
  );
  const got = await Promise.race([asked, late]);
  conn.stop();
  return got;
}
