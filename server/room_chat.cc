// A room's chat: the players' channel and the spectators', each read only by its own (and the GM,
// who reads both), with a budget per member and one for all the room's spectators, so a crowd of
// spectators cannot slow the room's game (docs/RELIABILITY.md).
// A message is sent on once it is stored. Runs on the room's strand.
#include <spdlog/spdlog.h>

#include <boost/asio/post.hpp>

#include "server/chat_channels.h"
#include "server/frame_of.h"
#include "server/room.h"
#include "server/wall_clock.h"

namespace sandtable::server {

namespace net = boost::asio;

namespace {

constexpr std::size_t kChatMaxBytes = 1000;

}  // namespace

void Room::chat(std::shared_ptr<Subscriber> who, std::uint64_t request_id, pb::ChatSend send) {
  net::post(strand_, guarded([self = shared_from_this(), who, request_id, send = std::move(send)] {
    Member* m = self->member(who.get());
    if (!m) return;
    if (send.text().empty() || send.text().size() > kChatMaxBytes) {
      self->send_error(*m, request_id, "BAD_CHAT", "A chat message holds 1 to 1000 bytes of text.");
      return;
    }
    pb::ChatChannel channel = m->role == pb::ROLE_SPECTATOR ? pb::CHAT_CHANNEL_SPECTATORS : pb::CHAT_CHANNEL_PLAYERS;
    if (m->role == pb::ROLE_GM && send.channel() == pb::CHAT_CHANNEL_SPECTATORS) channel = pb::CHAT_CHANNEL_SPECTATORS;
    if (!m->chat.take()) {
      self->send_error(*m, request_id, "CHAT_TOO_FAST", "Slow down: one chat message a second, a few at once at most.");
      return;
    }
    if (m->role == pb::ROLE_SPECTATOR && !self->spectator_chat_.take()) {
      self->send_error(*m, request_id, "CHAT_BUSY", "The spectators' chat is busy; wait a moment and send it again.");
      return;
    }
    pb::ChatMessage msg;
    msg.set_id(self->next_chat_id_++);
    msg.set_seat(m->seat);
    msg.set_channel(channel);
    msg.set_text(send.text());
    msg.set_unix_ms(unix_ms());
    Write w;
    w.chat = StoredChat{self->info_.id, msg};
    self->commits_.submit(std::move(w), [self, msg](bool ok, const std::string& error) {
      net::post(self->strand_, self->guarded([self, msg, ok, error] {
        if (!ok) {
          spdlog::error("room={} chat not saved: {}", self->info_.id, error);
          return;
        }
        self->chat_.push_back(msg);
        while (self->chat_.size() > kChatKept) self->chat_.pop_front();
        pb::Envelope env;
        *env.mutable_chat() = msg;
        const Frame f = frame_of(env);
        for (auto& other : self->members_) {
          if (reads_channel(other.role, msg.channel())) other.who->deliver(f);
        }
      }));
    });
  }));
}

}  // namespace sandtable::server
