// The dock under the table page's panel: the game log (filtered, keeping its newest line in view
// unless the reader scrolled up) and the chat (its messages and a form on the seat's channel).
// It draws what the model holds; its own state is only which tab, filter and channel are chosen.
import { ChatChannel, Role, type ChatMessage } from "../gen/sandtable/v1/protocol_pb";
import type { LogEntry, LogFilter } from "../state/store";
import { h, replace } from "./dom";
import { Follow } from "./follow";
import { FILTERS, logList } from "./panels";

/** What the dock draws from: the model's log and chat, the viewer's role, side names. */
export interface DockData {
  log: LogEntry[];
  chat: ChatMessage[];
  role: Role;
  sideName: (id: string) => string;
}

export class LogDock {
  readonly el: HTMLElement;
  private tab: "log" | "chat" = "log";
  private filter: LogFilter = "all";
  private channel = ChatChannel.UNSPECIFIED;
  private data: DockData | null = null;
  private readonly tabs = h("div", { class: "tabs" });
  private readonly filters = h("div", { class: "filters" });
  private readonly log = h("div", { class: "log-wrap" });
  private readonly logPane = h("div", { class: "log-pane" }, this.filters, this.log);
  private readonly chatList = h("ol", { class: "chat", "data-testid": "chat" });
  private readonly channelEl = h("span");
  private readonly chat: HTMLElement;
  /** The log keeps its newest line in view unless the reader scrolled up. */
  private readonly follow = new Follow(this.log);

  /** `sendChat` sends a message on a channel (the GM's choice; the server fixes the others'). */
  constructor(sendChat: (text: string, channel: ChatChannel) => void) {
    const input = h("input", { type: "text", maxlength: 500, placeholder: "Say something…", "aria-label": "Chat message" }) as HTMLInputElement;
    const form = h(
      "form",
      {
        class: "chat-form",
        onsubmit: (ev: Event) => {
          ev.preventDefault();
          const text = input.value.trim();
          if (!text) return;
          sendChat(text, this.channel);
          input.value = "";
        },
      },
      this.channelEl,
      input,
      h("button", { type: "submit" }, "Send"),
    );
    this.chat = h("div", { class: "chat-wrap", hidden: true }, this.chatList, form);
    this.el = h("div", { class: "log-dock" }, this.tabs, this.logPane, this.chat);
  }

  render(data: DockData): void {
    this.data = data;
    const again = () => this.data && this.render(this.data);
    const tab = (id: "log" | "chat", label: string) =>
      h("button", { class: "tab" + (this.tab === id ? " on" : ""), role: "tab", "aria-selected": this.tab === id, onclick: () => { this.tab = id; again(); } }, label);
    const unread = data.chat.length;
    replace(this.tabs, tab("log", "Game log"), tab("chat", `Chat${unread ? ` (${unread})` : ""}`));
    this.logPane.hidden = this.tab !== "log";
    this.chat.hidden = this.tab !== "chat";
    replace(this.filters, FILTERS.map((f) => h("button", { class: "filter" + (this.filter === f.id ? " on" : ""), onclick: () => { this.filter = f.id; again(); } }, f.label)));
    this.follow.before();
    replace(this.log, logList(data.log, this.filter));
    this.follow.follow();
    const spectators = (c: ChatMessage) => c.channel === ChatChannel.SPECTATORS;
    const who = (seat: string) => (seat === "gm" ? "GM" : seat === "spectator" ? "Spectator" : data.sideName(seat));
    replace(this.chatList, data.chat.map((c) => h("li", { class: spectators(c) ? "spec" : "" }, h("b", {}, who(c.seat)), spectators(c) ? h("small", {}, " (spectators)") : null, ": ", c.text)));
    this.chatList.scrollTop = this.chatList.scrollHeight;
    if (data.role === Role.GM) {
      const sel = h("select", { "aria-label": "Channel", onchange: (ev: Event) => { this.channel = Number((ev.target as HTMLSelectElement).value); } },
        h("option", { value: ChatChannel.PLAYERS, selected: this.channel !== ChatChannel.SPECTATORS }, "to players"),
        h("option", { value: ChatChannel.SPECTATORS, selected: this.channel === ChatChannel.SPECTATORS }, "to spectators"));
      replace(this.channelEl, sel);
    } else {
      replace(this.channelEl, h("small", { class: "muted" }, data.role === Role.SPECTATOR ? "spectators' channel" : "players' channel"));
    }
  }
}
