// "Start a room" from the scenario editor: the room's name, what spectators see and table dice,
// as the lobby asks them, then the seat links the lobby shows (room-links.ts).
import type { Envelope } from "../gen/sandtable/v1/protocol_pb";
import type { EnvelopeInit } from "../net/connection";
import { hostKey, type StorageLike } from "../state/my-rooms";
import { h, replace } from "./dom";
import { fixedSeed, roomLinks, SEAT_ENTROPY_LABEL, seatEntropyBox } from "./room-links";
import { spectatorChoices } from "./spectators";

export interface RoomStart {
  /** The scenario file the server wrote for the latest state (ScenarioChecked.json). */
  json: string;
  scenarioName: string;
  sides: { id: string; name: string }[];
  request(init: EnvelopeInit): Promise<Envelope>;
  store: StorageLike | null;
  close(): void;
}

/** The dialog's contents: a form, and the links in its place once the room exists. */
export function startRoomDialog(r: RoomStart): HTMLElement {
  const box = h("div", { class: "dialog ed-room", role: "dialog", "aria-label": "Start a room", "data-testid": "ed-room" });
  const name = h("input", { type: "text", value: r.scenarioName, maxlength: 80, "data-testid": "ed-room-name" });
  const watch = h("select", { "data-testid": "ed-room-spectators" }, spectatorChoices(r.sides).map((c) => h("option", { value: c.value }, c.label)));
  const dice = h("input", { type: "checkbox" });
  const seatEntropy = seatEntropyBox();
  const status = h("p", { class: "error", role: "status" });
  const go = h("button", { class: "primary", type: "submit", "data-testid": "ed-room-create" }, "Create room");
  const form = h(
    "form",
    {
      class: "ed-room-form",
      onsubmit: async (e: Event) => {
        e.preventDefault();
        go.disabled = true;
        status.textContent = "Creating the room…";
        const options: Record<string, string> = watch.value && watch.value !== "live" ? { spectators: watch.value } : {};
        const roomName = name.value.trim();
        const reply = await r.request({
          body: { case: "createRoom", value: { source: { case: "scenarioJson", value: r.json }, options, name: roomName, hostKey: hostKey(r.store), tableDice: dice.checked, seatEntropy: seatEntropy.checked, ...fixedSeed() } },
        });
        go.disabled = false;
        if (reply.body.case === "roomCreated") {
          replace(box, roomLinks(reply.body.value, r.store, roomName || r.scenarioName, r.scenarioName), h("button", { onclick: r.close }, "Back to the editor"));
        } else {
          status.textContent = reply.body.case === "error" ? `Could not create the room: ${reply.body.value.message}` : "The server did not create the room.";
        }
      },
    },
    h("h2", {}, "Start a room"),
    h("label", { class: "ed-field" }, h("span", {}, "Name"), name),
    h("label", { class: "ed-field" }, h("span", {}, "Spectators see"), watch),
    h("label", { class: "check" }, dice, " Dice rolled at the table: the GM types each roll the game asks for"),
    h("label", { class: "check" }, seatEntropy, SEAT_ENTROPY_LABEL),
    status,
    h("div", { class: "ed-row" }, go, h("button", { type: "button", onclick: r.close }, "Cancel")),
  );
  box.append(form);
  return box;
}
