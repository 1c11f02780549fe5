// A new room's seat links, as the lobby and the scenario editor show them: one row per seat with
// the link, Copy and Open, and the seed commitment; this browser keeps them (my-rooms.ts).
import { Role, type RoomCreated } from "../gen/sandtable/v1/protocol_pb";
import { localJoinUrl, parseJoinLink } from "../links";
import { addCreated, roleOf, updateMyRooms, type SavedLink, type StorageLike } from "../state/my-rooms";
import { h } from "./dom";

const ROLE_NAMES: Record<number, string> = { [Role.PLAYER]: "Player", [Role.GM]: "Game master", [Role.SPECTATOR]: "Spectator" };

/** What a person calls a seat: "Game master", "Spectator", or the side ("Blue"). */
export function seatLabel(seat: string, role: Role): string {
  if (role === Role.GM) return "Game master";
  if (role === Role.SPECTATOR) return "Spectator";
  return seat.charAt(0).toUpperCase() + seat.slice(1);
}

/**
 * `?seed=N` on the page's address fixes the new room's seed, for demonstrations and tests that
 * must see the same cards; the server refuses it unless started with --allow-fixed-seed.
 */
export function fixedSeed(): { hasSeed?: boolean; seed?: bigint } {
  const raw = new URLSearchParams(location.search).get("seed");
  return raw && /^\d{1,19}$/.test(raw) ? { hasSeed: true, seed: BigInt(raw) } : {};
}

/**
 * Whether a new room waits for every player's own randomness before the first roll (the lobby's
 * checkbox starts so): yes, unless the page fixes the seed, which asks for a game that repeats.
 */
export function seatEntropyDefault(): boolean {
  return !fixedSeed().hasSeed;
}

/** The create form's checkbox for it. */
export function seatEntropyBox(): HTMLInputElement {
  return h("input", { id: "seat-entropy", type: "checkbox", "data-testid": "seat-entropy-option", checked: seatEntropyDefault() }) as HTMLInputElement;
}

export const SEAT_ENTROPY_LABEL = " Every player adds their own randomness to the dice (the first roll waits until all have joined)";

/**
 * The "Room created" card's contents for a new room, and the room recorded in this browser's
 * list (the server shows each link only now).
 */
export function roomLinks(created: RoomCreated, store: StorageLike | null, roomName: string, scenario: string): HTMLElement[] {
  const saved: SavedLink[] = [];
  const rows = created.links.map((l) => {
    const parsed = parseJoinLink(l.url || `?room=${created.roomId}&token=${l.token}`);
    const url = parsed ? localJoinUrl(location, parsed) : l.url;
    saved.push({ token: l.token, seat: l.seat, role: roleOf(l.role), label: seatLabel(l.seat, l.role), url });
    const field = h("input", { type: "text", readonly: true, value: url, "data-seat": l.seat, "aria-label": `Link for ${seatLabel(l.seat, l.role)}` });
    const copy = h("button", {
      onclick: async () => {
        field.select();
        try {
          await navigator.clipboard.writeText(url);
          copy.textContent = "Copied";
        } catch {
          document.execCommand("copy");
          copy.textContent = "Copied";
        }
        setTimeout(() => (copy.textContent = "Copy"), 1500);
      },
    }, "Copy");
    const role = l.role === Role.PLAYER ? h("small", {}, ` ${ROLE_NAMES[l.role]}`) : null;
    return h("tr", {}, h("th", {}, seatLabel(l.seat, l.role), role), h("td", {}, field), h("td", {}, copy), h("td", {}, h("a", { href: url, target: "_blank", rel: "noopener" }, "Open")));
  });
  updateMyRooms(store, (l) => addCreated(l, { room: created.roomId, name: roomName, scenario, links: saved }, Date.now()));
  return [
    h("h2", {}, "Room created"),
    h("p", {}, "Send each person the link for their seat. The server shows each link only now; this browser keeps them for you under “Your rooms on this browser”."),
    h("table", { class: "link-table", "data-room": created.roomId }, rows),
    h(
      "p",
      { class: "seed-note", "data-testid": "seed-note" },
      h("b", {}, "Seed commitment "),
      h("code", { title: created.seedHash }, `${created.seedHash.slice(0, 16)}…`),
      ": the dice are fixed by a secret the server locked in before the first roll; it is revealed when the game ends so anyone can check them. ",
      h("a", { href: "./dice.html", target: "_blank", rel: "noopener", "data-testid": "dice-link" }, "How dice are checked"),
    ),
  ];
}
