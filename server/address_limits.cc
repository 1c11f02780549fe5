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
  // A full bucket is the same as none: the map forgets addresses that have not created rooms for
  // a while, so it holds only recent creators.
  if (rooms_.size() > kRememberedCreators) std::erase_if(rooms_, [&](auto& kv) { return kv.second.full(now); });
  auto it = rooms_.find(address);
  if (it == rooms_.end()) it = rooms_.emplace(address, Budget(caps_.rooms_per_minute / 60.0, caps_.rooms_burst, now)).first;
  return it->second.take(now);
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
