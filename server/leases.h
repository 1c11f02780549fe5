#pragma once
// Rooms' leases, when several nodes share one database (docs/hosting.md "Several nodes"). A node
// writes a room only while it holds the room's lease: it claims the lease when it loads the room,
// renews all its leases every few seconds, and every commit checks, in its own transaction, that
// the node still holds each room it writes. A node that dies stops renewing; once its leases run
// out another node may claim its rooms (the proxy sends their players there). Called only on the
// commit queue's writer thread, like every other use of the storage.
#include <chrono>
#include <string>
#include <vector>

namespace sandtable::server {

class Leases {
 public:
  virtual ~Leases() = default;

  // Claims `room_id` for this node unless another node holds a live lease on it; true when this
  // node holds it now (it may already have).
  virtual bool claim(const std::string& room_id) = 0;
  // At start: claims every room whose home is this node and that no other node holds (one
  // that took them over while this node was down keeps them until it hands them back).
  virtual std::vector<std::string> claim_home() = 0;

  struct Renewal {
    std::vector<std::string> held;       // every room this node still holds, renewed
    // Of those, rooms whose home node is alive again, and has been for a lease's time (long
    // enough for the proxy to see it up).
    std::vector<std::string> hand_back;
  };
  // Extends every lease this node holds and records that it is alive (its heartbeat).
  virtual Renewal renew() = 0;

  // Gives the room up (after its members were sent away): another node may claim it at once.
  virtual void release(const std::string& room_id) = 0;

  // This node's name; a room's home is the node whose name its id starts with ("n2-…").
  virtual const std::string& node() const = 0;
  virtual std::chrono::milliseconds ttl() const = 0;
};

// The home node of a room id: the part before its first '-', or "" for an id without one (rooms
// created by a server that was not given a node name).
std::string home_node(const std::string& room_id);

}  // namespace sandtable::server
