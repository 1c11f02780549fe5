#pragma once
// What a frame read from a client does, apart from the socket it came on: the envelope decoder
// and every message handler it reaches. WsSession hands it each binary message; the fuzzer
// (fuzz/fuzz_frame.cc) hands it bytes straight, so both run exactly this code.
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>

#include "server/budget.h"
#include "server/context.h"
#include "server/subscriber.h"

namespace sandtable::server {

// A connection as the handler needs it: rooms deliver to it later (Subscriber), the handler
// answers now. Both run on the connection's strand, where the handler is called.
class Connection : public Subscriber {
 public:
  virtual void send_now(Frame frame) = 0;
  // Runs `f` on the connection's strand later, unless the connection has ended by then.
  virtual void post(std::function<void()> f) = 0;
};

class FrameHandler {
 public:
  // `slot` is the connection's place under the address caps (null: no caps, as in the fuzzer).
  FrameHandler(ServerContext& ctx, std::shared_ptr<ConnectionSlot> slot);

  // Decodes one binary message and does what it asks; every answer goes to `self`.
  void handle(const std::string& payload, const std::shared_ptr<Connection>& self);

  // An Error envelope to `self`, counted by code in the metrics.
  void send_error(Connection& self, std::uint64_t request_id, const std::string& code, const std::string& message);

  // The room a successful Hello joined; null before one.
  const std::shared_ptr<Room>& room() const { return room_; }
  // The connection has ended (or is dropped): the room forgets it.
  void leave(const std::shared_ptr<Subscriber>& self);
  // The room has already dropped this connection (a kick).
  void forget_room() { room_.reset(); }
  const std::shared_ptr<ConnectionSlot>& slot() const { return slot_; }

 private:
  // What a decoded message asks for (handle() guards it).
  void dispatch(pb::Envelope& env, const std::shared_ptr<Connection>& self);
  void hello(const pb::Envelope& env, const std::shared_ptr<Connection>& self);
  // The Hello's link looked up and its room joined; `woken` once storage was asked for the link
  // and the room it names (Rooms::wake).
  void join(const pb::Hello& hello, std::uint64_t request_id, const std::shared_ptr<Connection>& self,
            std::optional<Rooms::Woken> woken);
  // A reply that comes later from another thread (room creation, ListRooms), sent with the
  // request's id.
  std::function<void(pb::Envelope)> reply_later(const std::shared_ptr<Connection>& self, std::uint64_t request_id);

  ServerContext& ctx_;
  std::shared_ptr<ConnectionSlot> slot_;
  std::shared_ptr<Room> room_;
  bool waking_ = false;  // a Hello waits for its room to be loaded (Rooms::wake)
  Budget resyncs_;  // catch-ups asked for (Limits::resyncs_per_second, resync_burst)
  Budget replays_;  // replay steps asked for (Limits::replays_per_second, replay_burst)
  Budget exports_;  // game files asked for (Limits::exports_per_second, export_burst)
};

}  // namespace sandtable::server
