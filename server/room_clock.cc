// A room's clocks (docs/campaigns.md "Clocks"): the GM sets them; a side's clock runs while the
// game waits on it; when one runs out the room warns, ends the acting unit's activation or gives
// the game to the other side, as the GM chose. The time is the server's; what the game does about
// it is a GM order in its log, so the replay and the file say what happened and why.
#include <spdlog/spdlog.h>

#include <boost/asio/post.hpp>

#include "server/room.h"

namespace sandtable::server {

namespace net = boost::asio;

namespace {

SideClocks::Ms steady_ms() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

std::string side_name(const Game& g, const std::string& side) {
  if (g.state().scenario) {
    for (const auto& s : g.state().scenario->sides()) {
      if (s.id() == side && !s.name().empty()) return s.name();
    }
  }
  return side;
}

}  // namespace

void Room::set_clocks(const std::string& stored) {
  clocks_.load(stored, steady_ms());
  net::post(strand_, guarded([self = shared_from_this()] { self->clocks_moved(); }));
}

pb::Envelope Room::clock_envelope() {
  pb::Envelope env;
  *env.mutable_clock() = clocks_.state(steady_ms());
  return env;
}

void Room::set_clock(std::shared_ptr<Subscriber> who, std::uint64_t request_id, pb::SetClock request) {
  net::post(strand_, guarded([self = shared_from_this(), who, request_id, request = std::move(request)] {
    Member* m = self->member(who.get());
    if (!m) return;
    if (m->role != pb::ROLE_GM) return self->send_error(*m, request_id, "CLOCK_GM_ONLY", "Only the game master sets the clocks.");
    if (self->read_only()) return self->send_error(*m, request_id, "READ_ONLY_ROOM", "This room replays an imported game: it has no clocks.");
    pb::ClockSettings settings = request.settings();
    if (settings.mode().empty()) settings.set_mode("off");
    if (const std::string problem = SideClocks::problem(settings); !problem.empty()) {
      return self->send_error(*m, request_id, "BAD_CLOCK", problem);
    }
    SideClocks next;
    next.configure(settings, self->game_->state().sides, steady_ms());
    Write w;
    w.events_room = self->info_.id;
    w.clock = next.save(steady_ms());
    self->commits_.submit(std::move(w), [self, who, request_id, next](bool ok, const std::string& error) {
      net::post(self->strand_, self->guarded([self, who, request_id, next, ok, error] {
        if (!ok) {
          if (Member* gm = self->member(who.get())) {
            self->send_error(*gm, request_id, "STORAGE_ERROR", "The clocks could not be saved, so they did not change: " + error);
          }
          return;
        }
        self->clocks_ = next;
        spdlog::info("room={} clocks: {} {} s, {}", self->info_.id, next.settings().mode(), next.settings().seconds(),
                     next.settings().on_expiry());
        self->charge_clocks(steady_ms());
        pb::Envelope env = self->clock_envelope();
        for (auto& member : self->members_) {
          env.set_request_id(member.who == who ? request_id : 0);
          self->send(member, env);
        }
        self->arm_clock();
      }));
    });
  }));
}

bool Room::charge_clocks(std::int64_t now) {
  std::vector<std::string> waiting;
  if (!game_->over() && !game_->state().paused) {
    for (auto& seat : game_->waiting_for()) {
      if (game_->state().is_side(seat)) waiting.push_back(std::move(seat));
    }
  }
  return clocks_.update(now, waiting, game_->rules().turn_number(game_->state()));
}

void Room::clocks_moved() {
  if (!clocks_.on()) {
    if (clock_timer_) clock_timer_->cancel();
    return;
  }
  const auto now = steady_ms();
  if (charge_clocks(now)) {
    const pb::Envelope env = clock_envelope();
    for (auto& m : members_) send(m, env);
    // Kept so that a restart goes on with the time left; a lost write costs the seconds since.
    Write w;
    w.events_room = info_.id;
    w.clock = clocks_.save(now);
    commits_.submit(std::move(w), [id = info_.id](bool ok, const std::string& error) {
      if (!ok) spdlog::warn("room={} the clocks could not be saved: {}", id, error);
    });
  }
  arm_clock();
}

void Room::arm_clock() {
  if (!clock_timer_) clock_timer_ = std::make_unique<net::steady_timer>(strand_);
  const auto left = clocks_.next_expiry(steady_ms());
  if (!left) {
    clock_timer_->cancel();
    return;
  }
  clock_timer_->expires_after(std::chrono::milliseconds(*left + 1));
  clock_timer_->async_wait([self = shared_from_this()](const boost::system::error_code& ec) {
    if (!ec) self->guarded([self] { self->clock_ran_out(); })();
  });
}

void Room::clock_ran_out() {
  if (moved_) return;  // the node that serves the room now runs its clocks
  if (committing_) {
    // An order is on its way to the disk; the room looks again once it is in (finish_order).
    return;
  }
  clocks_moved();
  const auto out = clocks_.take_expired(steady_ms());
  if (out.empty()) return arm_clock();
  const pb::Envelope env = clock_envelope();
  for (auto& m : members_) send(m, env);
  const std::string& action = clocks_.settings().on_expiry();
  for (const auto& side : out) {
    const std::string reason = "Clock: " + side_name(*game_, side) + "'s time ran out";
    spdlog::info("room={} seq={} {} ({})", info_.id, game_->seq(), reason, action);
    pb::Command c;
    c.set_seat("gm");
    if (action == "forfeit") {
      auto* end = c.mutable_gm()->mutable_end_game();
      const auto& sides = game_->state().sides;
      if (sides.size() == 2) end->set_winner(sides[0] == side ? sides[1] : sides[0]);
      end->set_reason(reason);
    } else if (action == "end_activation") {
      const std::string unit = game_->view("gm").turn().active_unit();
      if (unit.empty()) continue;  // nothing is acting: the warning is all there is
      auto* edit = c.mutable_gm()->mutable_edit();
      edit->set_reason(reason);
      edit->mutable_end_activation()->set_unit_id(unit);
    } else {
      continue;  // "warn": everyone has been told
    }
    if (commit(nullptr, 0, c)) return;  // one order at a time; finish_order looks again
    spdlog::warn("room={} seq={} the clock's order was refused", info_.id, game_->seq());
  }
  arm_clock();
}

}  // namespace sandtable::server
