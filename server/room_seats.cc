// What a club's campaign asks of a room (docs/campaigns.md): how its game stands, the game
// itself for the next battle's carried losses, and a member's own link to a seat. Each runs on
// the room's strand, the only place its game is touched.
#include <spdlog/spdlog.h>

#include <algorithm>
#include <boost/asio/post.hpp>

#include "server/room.h"
#include "server/wall_clock.h"

namespace sandtable::server {

namespace net = boost::asio;

void Room::send_away(std::string why, std::function<void()> gone) {
  net::post(strand_, guarded([self = shared_from_this(), why = std::move(why), gone = std::move(gone)] {
    self->moved_ = true;
    for (auto& m : self->members_) m.who->kick("ROOM_MOVING", why);
    self->members_.clear();
    self->waiting_.clear();
    self->views_.clear();
    if (self->clock_timer_) self->clock_timer_->cancel();
    gone();
  }));
}

void Room::rest_if_idle(std::chrono::steady_clock::time_point idle_before,
                        std::function<void(bool rested, pb::RoomSummary summary)> done) {
  net::post(strand_, guarded([self = shared_from_this(), idle_before, done = std::move(done)] {
    Room& r = *self;
    const bool idle = r.members_.empty() && r.empty_since_ <= idle_before && !r.committing_ && r.waiting_.empty() &&
                      !r.failed_ && !r.moved_ && !r.waiting_hook_ && !r.clocks_.counting_down();
    if (!idle) return done(false, {});
    pb::RoomSummary summary = r.info_.host_key_hash.empty() ? pb::RoomSummary() : r.summary_now();
    r.moved_ = r.resting_ = true;
    if (r.clock_timer_) r.clock_timer_->cancel();
    done(true, std::move(summary));
  }));
}

void Room::status(std::function<void(RoomStatus)> done) {
  net::post(strand_, guarded([self = shared_from_this(), done = std::move(done)] {
    const Game& g = *self->game_;
    RoomStatus s;
    s.over = g.over();
    s.winner = g.state().winner;
    s.turn = g.view("gm").turn().turn();
    for (auto& seat : g.waiting_for()) {
      if (g.state().is_side(seat)) s.waiting.push_back(std::move(seat));
    }
    done(std::move(s));
  }));
}

void Room::with_game(std::function<void(const Game&)> f) {
  net::post(strand_, guarded([self = shared_from_this(), f = std::move(f)] { f(*self->game_); }));
}

void Room::on_waiting(std::function<void(const std::string& side, int turn)> hook) {
  net::post(strand_, guarded([self = shared_from_this(), hook = std::move(hook)]() mutable {
    self->waiting_hook_ = std::move(hook);
    self->notify_waiting();
  }));
}

void Room::notify_waiting() {
  if (!waiting_hook_ || game_->over() || game_->state().paused) return;
  const int turn = game_->rules().turn_number(game_->state());
  for (const auto& seat : game_->waiting_for()) {
    if (!game_->state().is_side(seat) || game_->state().bot_plays(seat)) continue;
    if (std::any_of(members_.begin(), members_.end(), [&](const Member& m) { return m.seat == seat; })) continue;
    if (!notified_.emplace(seat, turn).second) continue;
    // Only this turn's and the last are worth remembering.
    for (auto it = notified_.begin(); it != notified_.end();) it = it->second < turn - 1 ? notified_.erase(it) : std::next(it);
    waiting_hook_(seat, turn);
  }
}

void Room::issue_link(std::string seat, std::string replaced_hash,
                      std::function<void(const std::string& token, const std::string& error)> done) {
  net::post(strand_, guarded([self = shared_from_this(), seat = std::move(seat), replaced = std::move(replaced_hash),
                              done = std::move(done)] {
    pb::Role role = pb::ROLE_PLAYER;
    if (seat == "gm") {
      role = pb::ROLE_GM;
    } else if (seat == "spectator") {
      role = pb::ROLE_SPECTATOR;
    } else if (!self->game_->state().is_side(seat)) {
      return done("", "There is no seat called '" + seat + "' in this room.");
    }
    auto& hashes = self->seat_hashes_[seat];
    const bool replacing = !replaced.empty() && std::find(hashes.begin(), hashes.end(), replaced) != hashes.end();
    Write w;
    if (replacing) w.revoke_hashes.push_back(replaced);
    const std::string token = new_token();
    StoredSeat fresh{token_hash(token), self->info_.id, seat, role, false, unix_ms()};
    w.seats.push_back(fresh);
    self->commits_.submit(std::move(w), [self, seat, role, token, fresh, replaced, replacing, done](bool ok, const std::string& error) {
      net::post(self->strand_, self->guarded([self, seat, role, token, fresh, replaced, replacing, done, ok, error] {
        if (!ok) return done("", "The link could not be saved: " + error);
        auto& hashes = self->seat_hashes_[seat];
        self->tokens_.put(fresh.token_hash, SeatRef{self->info_.id, seat, role, false});
        hashes.push_back(fresh.token_hash);
        if (replacing) {
          self->tokens_.mark_revoked(replaced);
          hashes.erase(std::remove(hashes.begin(), hashes.end(), replaced), hashes.end());
          std::vector<std::shared_ptr<Subscriber>> kicked;
          auto& ms = self->members_;
          for (auto it = ms.begin(); it != ms.end();) {
            if (it->token_hash == replaced) {
              kicked.push_back(it->who);
              it = ms.erase(it);
            } else {
              ++it;
            }
          }
          for (auto& k : kicked) k->kick("TOKEN_REVOKED", "You opened this seat somewhere else; this link was replaced.");
        }
        spdlog::info("room={} seat={} member link issued", self->info_.id, seat);
        done(token, "");
      }));
    });
  }));
}

void Room::retire_link(std::string hash, std::function<void(bool ok)> done) {
  net::post(strand_, guarded([self = shared_from_this(), hash = std::move(hash), done = std::move(done)] {
    Write w;
    w.revoke_hashes.push_back(hash);
    self->commits_.submit(std::move(w), [self, hash, done](bool ok, const std::string& error) {
      net::post(self->strand_, self->guarded([self, hash, done, ok, error] {
        if (!ok) {
          spdlog::warn("room={} a member's link could not be retired: {}", self->info_.id, error);
          return done(false);
        }
        self->tokens_.mark_revoked(hash);
        for (auto& [seat, hashes] : self->seat_hashes_) hashes.erase(std::remove(hashes.begin(), hashes.end(), hash), hashes.end());
        std::vector<std::shared_ptr<Subscriber>> kicked;
        auto& ms = self->members_;
        for (auto it = ms.begin(); it != ms.end();) {
          if (it->token_hash == hash) {
            kicked.push_back(it->who);
            it = ms.erase(it);
          } else {
            ++it;
          }
        }
        for (auto& k : kicked) k->kick("TOKEN_REVOKED", "The game master moved you to another side; open the battle again from your club's page.");
        done(true);
      }));
    });
  }));
}

}  // namespace sandtable::server
