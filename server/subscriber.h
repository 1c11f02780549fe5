#pragma once
// What a room needs from a connection: hand it a frame, or close it. Implemented by the
// WebSocket session; both calls are thread-safe and never block the room.
#include <memory>
#include <string>

namespace sandtable::server {

using Frame = std::shared_ptr<const std::string>;  // one serialized Envelope

class Subscriber {
 public:
  virtual ~Subscriber() = default;
  virtual void deliver(Frame frame) = 0;
  // Sends an Error {code, message} and closes the connection.
  virtual void kick(const std::string& code, const std::string& message) = 0;
};

}  // namespace sandtable::server
