// ?demo: a made-up table with no server, to look at the layout (screenshots, styling work).
// The table itself comes from a rule set's client module; orders sent here are answered by a
// refusal, so the refusal box can be seen too.
import { create } from "@bufbuild/protobuf";
import { EnvelopeSchema } from "./gen/sandtable/v1/protocol_pb";
import type { EnvelopeInit } from "./net/connection";
import { demoLook } from "./rulesets";
import { TablePage } from "./ui/table";

export function runDemo(app: HTMLElement): void {
  const page = new TablePage(null);
  app.replaceChildren(page.root);
  const push = (init: EnvelopeInit) => page.receive(create(EnvelopeSchema, init));
  const demo = demoLook()?.demo;
  if (!demo) return;
  page.attach({
    send: (init) => {
      if (init.body?.case === "order") setTimeout(() => push(demo.refusal), 50);
    },
  });
  page.setStatus("open");
  const seat = new URLSearchParams(location.search).get("demo") || "blue";
  for (const e of demo.envelopes(seat)) push(e);
}
