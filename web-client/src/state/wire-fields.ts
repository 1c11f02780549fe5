// A rule set's extra changed field by field (view.proto ExtraChange), on its bytes: the store
// applies it without knowing the extra's type. Mirrors engine/model/wire_fields.cc, whose result
// must be the server's fresh extra byte for byte.
import { BinaryReader, WireType } from "@bufbuild/protobuf/wire";
import type { ExtraChange } from "../gen/sandtable/v1/view_pb";

/** A field of a serialized message: its number and its entries' bytes (tags included), in a row. */
type WireField = { number: number; bytes: Uint8Array };

/** The message's fields in number order, each one's entries together; undefined when the bytes are not written so. */
export function wireFields(bytes: Uint8Array): WireField[] | undefined {
  const out: WireField[] = [];
  const reader = new BinaryReader(bytes);
  let fieldStart = 0;
  try {
    while (reader.pos < reader.len) {
      const start = reader.pos;
      const [number, wireType] = reader.tag();
      if (number === 0 || wireType === WireType.StartGroup || wireType === WireType.EndGroup) return undefined;
      reader.skip(wireType);
      const last = out[out.length - 1];
      if (last && last.number === number) {
        // The next entry of a repeated field, right after the one before.
        last.bytes = bytes.subarray(fieldStart, reader.pos);
        continue;
      }
      if (last && number < last.number) return undefined;
      fieldStart = start;
      out.push({ number, bytes: bytes.subarray(start, reader.pos) });
    }
  } catch {
    return undefined;  // cut short
  }
  return out;
}

/** `held` (an extra's value bytes) changed as `change` says; undefined when it cannot be. */
export function mergeFields(held: Uint8Array, change: ExtraChange): Uint8Array | undefined {
  const h = wireFields(held);
  const v = wireFields(change.value);
  if (!h || !v) return undefined;
  const replaced = new Set(change.fields);
  const appended = new Set(change.appended);
  if (v.some((f) => !replaced.has(f.number) && !appended.has(f.number))) return undefined;
  const parts: Uint8Array[] = [];
  let i = 0;
  let j = 0;
  while (i < h.length || j < v.length) {
    if (j === v.length || (i < h.length && h[i].number < v[j].number)) {
      if (!replaced.has(h[i].number)) parts.push(h[i].bytes);
      i++;
    } else if (i === h.length || v[j].number < h[i].number) {
      parts.push(v[j].bytes);
      j++;
    } else {
      if (appended.has(h[i].number)) parts.push(h[i].bytes);
      parts.push(v[j].bytes);
      i++;
      j++;
    }
  }
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}
