#include "server/address_limits.h"

namespace sandtable::server {

ConnectionSlot::~ConnectionSlot() { limits_.release(address_); }

std::shared_ptr<ConnectionSlot> AddressLimits::admit(const std::string& address) {
  std::lock_guard lock(mu_);
  if (caps_.max_connections > 0 && open_ >= caps_.max_connections) return nullptr;
  std::size_t& mine = per_address_[address];
  if (caps_.max_per_address > 0 && mine >= caps_.max_per_address) return nullptr;
  ++mine;
  ++open_;
  return std::make_shared<ConnectionSlot>(*this, address);
}

void AddressLimits::release(const std::string& address) {
  std::lock_guard lock(mu_);
  --open_;
  auto it = per_address_.find(address);
  if (it != per_address_.end() && --it->second == 0) per_address_.erase(it);
}

bool AddressLimits::may_create_room(const std::string& address, Budget::Clock::time_point now) {
  if (caps_.rooms_per_minute <= 0) return true;  // no cap
  std::lock_guard lock(mu_);
  return budget_of(rooms_, address, caps_.rooms_per_minute, caps_.rooms_burst, now).take(now);
}

bool AddressLimits::may_try_token(const std::string& address, Budget::Clock::time_point now) {
  if (caps_.bad_tokens_per_minute <= 0) return true;
  std::lock_guard lock(mu_);
  auto it = bad_tokens_.find(address);
  return it == bad_tokens_.end() || it->second.available(now);
}

void AddressLimits::token_failed(const std::string& address, Budget::Clock::time_point now) {
  if (caps_.bad_tokens_per_minute <= 0) return;
  std::lock_guard lock(mu_);
  budget_of(bad_tokens_, address, caps_.bad_tokens_per_minute, caps_.bad_tokens_burst, now).take(now);
}

Budget& AddressLimits::budget_of(std::map<std::string, Budget>& map, const std::string& address, double per_minute,
                                 double burst, Budget::Clock::time_point now) {
  // A full bucket is the same as none: the map forgets addresses whose budget has refilled, so it
  // holds only recent ones.
  if (map.size() > kRemembered) std::erase_if(map, [&](const auto& kv) { return kv.second.full(now); });
  auto it = map.find(address);
  if (it == map.end()) it = map.emplace(address, Budget(per_minute / 60.0, burst, now)).first;
  return it->second;
}

std::size_t AddressLimits::open() const {
  std::lock_guard lock(mu_);
  return open_;
}

std::size_t AddressLimits::open_from(const std::string& address) const {
  std::lock_guard lock(mu_);
  auto it = per_address_.find(address);
  return it == per_address_.end() ? 0 : it->second;
}

}  // namespace sandtable::server
