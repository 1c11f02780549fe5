// The club API over HTTP (proto/sandtable/v1/club.proto): each body and answer one message in
// protobuf's JSON mapping, a refusal an `Error` as JSON with a 4xx/5xx status. The session is an
// HttpOnly cookie the page never reads: every call sends it with `credentials: "same-origin"`.
import { create, fromJsonString, toJsonString, type DescMessage, type MessageInitShape, type MessageShape } from "@bufbuild/protobuf";
import { ErrorSchema } from "../gen/sandtable/v1/protocol_pb";

export type ClubAnswer<T> = { ok: true; value: T } | { ok: false; status: number; code: string; message: string };

/** Reads an answer's status and body: the message on success, the server's sentence on a refusal. */
export function readAnswer<O extends DescMessage>(status: number, body: string, schema: O): ClubAnswer<MessageShape<O>> {
  // A newer server may add fields: they are not this page's business.
  const opts = { ignoreUnknownFields: true };
  if (status >= 200 && status < 300) {
    try {
      return { ok: true, value: fromJsonString(schema, body.trim() || "{}", opts) };
    } catch {
      return { ok: false, status, code: "BAD_ANSWER", message: "The server's answer could not be read. Reload the page and try again." };
    }
  }
  try {
    const err = fromJsonString(ErrorSchema, body, opts);
    if (err.message || err.code) return { ok: false, status, code: err.code, message: err.message || err.code };
  } catch {
    // not an Error: a proxy's page, or nothing at all; said below in general words
  }
  return { ok: false, status, code: `HTTP_${status}`, message: `The server refused (HTTP ${status}). Try again in a moment.` };
}

async function send<O extends DescMessage>(path: string, init: RequestInit, out: O): Promise<ClubAnswer<MessageShape<O>>> {
  let res: Response;
  try {
    res = await fetch(path, { credentials: "same-origin", ...init });
  } catch {
    return { ok: false, status: 0, code: "NETWORK", message: "The server could not be reached. Check the connection and try again." };
  }
  return readAnswer(res.status, await res.text().catch(() => ""), out);
}

/** GET `path` (relative to the page, so a server under a sub-path works), answered with `out`. */
export function clubGet<O extends DescMessage>(path: string, out: O): Promise<ClubAnswer<MessageShape<O>>> {
  return send(path, { method: "GET" }, out);
}

/** POST the message `init` of `schema` to `path`, answered with `out`. */
export function clubPost<I extends DescMessage, O extends DescMessage>(path: string, schema: I, init: MessageInitShape<I>, out: O): Promise<ClubAnswer<MessageShape<O>>> {
  const body = toJsonString(schema, create(schema, init));
  return send(path, { method: "POST", headers: { "Content-Type": "application/json" }, body }, out);
}
