#pragma once
// One copy of an immutable value for every room holding an equal one, found by its bytes. A
// server's rooms mostly play the same few scenarios and show the same few static tables, and
// thousands of idle rooms each paid for their own copies in memory per connection
// (docs/PERFORMANCE.md "One scenario for the rooms that play it", "A move's Delta without the
// lines that repeat it; tables held once a server"). Thread-safe: rooms on several threads share
// one shelf.
#include <algorithm>
#include <cstddef>
#include <memory>
#include <mutex>
#include <string>
#include <unordered_map>

namespace sandtable::server {

template <class T>
class Shelf {
 public:
  // The value on the shelf whose bytes are `bytes`, else `own`, which is put there. Equal bytes
  // are an equal value. The shelf keeps no value alive: one goes with its last holder.
  std::shared_ptr<const T> share(const std::string& bytes, std::shared_ptr<const T> own) {
    std::lock_guard lock(mu_);
    // Entries whose holders are all gone are swept when the map has doubled since the last sweep,
    // so it stays within twice the values in use.
    if (by_bytes_.size() >= sweep_at_) {
      std::erase_if(by_bytes_, [](const auto& entry) { return entry.second.expired(); });
      sweep_at_ = std::max(kFirstSweep, 2 * by_bytes_.size());
    }
    auto& slot = by_bytes_[bytes];
    if (auto held = slot.lock()) return held;
    slot = own;
    return own;
  }
  // Values on the shelf now (those something still holds).
  std::size_t size() {
    std::lock_guard lock(mu_);
    return static_cast<std::size_t>(std::count_if(by_bytes_.begin(), by_bytes_.end(), [](const auto& e) { return !e.second.expired(); }));
  }
  // Entries, those of values nothing holds any more included (swept as more arrive).
  std::size_t entries() {
    std::lock_guard lock(mu_);
    return by_bytes_.size();
  }

 private:
  static constexpr std::size_t kFirstSweep = 64;
  std::mutex mu_;
  std::unordered_map<std::string, std::weak_ptr<const T>> by_bytes_;
  std::size_t sweep_at_ = kFirstSweep;
};

// The scenario's part of the static tables the seats hold (TableParts::scenario): equal for every
// room that plays one scenario until a GM edits its table.
using TableShelf = Shelf<std::string>;

}  // namespace sandtable::server
