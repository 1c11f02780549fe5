#pragma once
// What one network address may hold and do, across all its connections: how many connections
// are open (the whole server's and each address's cap) and how many rooms it may create. A
// client that opens thousands of sockets or creates hundreds of rooms is turned away at the door
// while everyone else plays (issue 14: 15,000 idle connections, 300 rooms in 10 s).
#include <cstddef>
#include <map>
#include <memory>
#include <mutex>
#include <string>

#include "server/budget.h"

namespace sandtable::server {

struct AddressCaps {
  std::size_t max_connections = 20000;    // the whole server (0: no cap)
  std::size_t max_per_address = 256;      // one address (0: no cap); a club behind one NAT fits
  double rooms_per_minute = 10;           // rooms one address may create, refilled per minute
  double rooms_burst = 20;
  double bad_tokens_per_minute = 10;      // wrong links one address may try, refilled per minute
  double bad_tokens_burst = 20;
};

class AddressLimits;

// An open connection's place, given back when the last session holding it ends.
class ConnectionSlot {
 public:
  ConnectionSlot(AddressLimits& limits, std::string address) : limits_(limits), address_(std::move(address)) {}
  ~ConnectionSlot();
  ConnectionSlot(const ConnectionSlot&) = delete;
  ConnectionSlot& operator=(const ConnectionSlot&) = delete;
  const std::string& address() const { return address_; }

 private:
  AddressLimits& limits_;
  std::string address_;
};

class AddressLimits {
 public:
  explicit AddressLimits(AddressCaps caps = {}) : caps_(caps) {}
  // A slot for a new connection from `address`, or null when the server or that address is full.
  std::shared_ptr<ConnectionSlot> admit(const std::string& address);
  // Whether `address` may create one more room now (and counts it).
  bool may_create_room(const std::string& address, Budget::Clock::time_point now = Budget::Clock::now());
  // Wrong tokens (a Hello or a ListRooms with a link that is not one): an address that has tried
  // its burst of them is refused any token for a while, so links cannot be guessed (they are 256
  // random bits, but guessing should also be slow). A success costs nothing.
  bool may_try_token(const std::string& address, Budget::Clock::time_point now = Budget::Clock::now());
  void token_failed(const std::string& address, Budget::Clock::time_point now = Budget::Clock::now());
  std::size_t open() const;
  std::size_t open_from(const std::string& address) const;

 private:
  friend class ConnectionSlot;
  void release(const std::string& address);
  static constexpr std::size_t kRemembered = 4096;
  AddressCaps caps_;
  mutable std::mutex mu_;
  std::size_t open_ = 0;
  std::map<std::string, std::size_t> per_address_;
  // The budget `address` keeps in `map`, made full the first time; addresses whose budget has
  // refilled are forgotten once the map is large.
  Budget& budget_of(std::map<std::string, Budget>& map, const std::string& address, double per_minute, double burst,
                    Budget::Clock::time_point now);
  std::map<std::string, Budget> rooms_;       // addresses that created rooms lately
  std::map<std::string, Budget> bad_tokens_;  // addresses that tried wrong links lately
};

}  // namespace sandtable::server
