// Rooms nobody is in leave memory and come back on their next link. A room holds its game, its
// log of events and the links of its seats; a server that runs for weeks makes rooms every day
// whose games are over, so without this its memory grows with every game ever played here
// (docs/RELIABILITY.md "The soak"). Storage has all of it: a room put away is loaded the way a
// restart loads it (Rooms::load_room), when a Hello or a GM's list brings one of its links.
#include <spdlog/spdlog.h>

#include <algorithm>

#include "server/rooms.h"

namespace sandtable::server {

namespace {

// How often the rooms are looked at: a quarter of the idle time, so a room is put away at most
// a quarter late; at least every 30 s; not more often than every 50 ms (tests use short times).
std::chrono::milliseconds rest_period(std::chrono::milliseconds after) {
  return std::clamp(after / 4, std::chrono::milliseconds(50), std::chrono::milliseconds(30000));
}

bool in_a_campaign(const RoomInfo& info) { return info.origin.rfind("campaign:", 0) == 0; }

}  // namespace

void Rooms::start_resting(std::chrono::milliseconds after) {
  rest_after_ = after;
  if (!rests()) return;
  rest_timer_ = std::make_unique<boost::asio::steady_timer>(io_);
  arm_rest_timer();
}

void Rooms::arm_rest_timer() {
  rest_timer_->expires_after(rest_period(rest_after_));
  rest_timer_->async_wait([this](const boost::system::error_code& ec) {
    if (ec) return;
    rest_idle();
    arm_rest_timer();
  });
}

void Rooms::rest_idle() {
  if (!rests()) return;
  const auto idle_before = std::chrono::steady_clock::now() - rest_after_;
  std::vector<std::shared_ptr<Room>> all;
  {
    std::lock_guard lock(mu_);
    all.reserve(rooms_.size());
    // A campaign's battles stay: the club's pages read them by id, and their "your turn"
    // notices need the room watching its game.
    for (const auto& [id, room] : rooms_) {
      if (!in_a_campaign(room->info())) all.push_back(room);
    }
  }
  for (auto& room : all) {
    room->rest_if_idle(idle_before, [this, room](bool rested, pb::RoomSummary summary) {
      if (!rested) return;
      {
        std::lock_guard lock(mu_);
        auto it = rooms_.find(room->id());
        if (it == rooms_.end() || it->second != room) return;
        rooms_.erase(it);
        tokens_.drop_room(room->id());
        if (!room->info().host_key_hash.empty()) resting_[room->id()] = Resting{room->info().host_key_hash, std::move(summary)};
      }
      --metrics_.rooms;
      ++metrics_.rooms_rested;
      spdlog::debug("room={} put away: nobody was in it for {} s", room->id(), rest_after_.count() / 1000);
    });
  }
}

bool Rooms::wake(const std::string& token_hash, const std::string& named, std::function<void(Woken)> done) {
  if (waking_.fetch_add(1) >= kMaxWaking) {
    --waking_;
    return false;
  }
  commits_.read([this, token_hash, named, done = std::move(done)](Storage& storage) {
    Woken w;
    try {
      const std::optional<StoredSeat> seat = storage.seat(token_hash);
      w.token_known = seat.has_value();
      w.named_known = named.empty() || find(named) || !set_aside(named).empty() || storage.room(named);
      const bool its_room = seat && (named.empty() || seat->room_id == named);
      if (its_room && !find(seat->room_id) && set_aside(seat->room_id).empty()) {
        if (const auto r = storage.room(seat->room_id)) {
          const auto clock = storage.clock_of(r->id);
          if (load_room(storage, *r, storage.seats_of(r->id), clock ? &*clock : nullptr)) {
            ++metrics_.rooms_woken;
            spdlog::debug("room={} loaded again for a link", r->id);
          }
        }
      }
    } catch (const std::exception& e) {
      spdlog::warn("a link could not be looked up in storage: {}", e.what());
      w = Woken{};
    }
    --waking_;
    done(w);
  });
  return true;
}

}  // namespace sandtable::server
