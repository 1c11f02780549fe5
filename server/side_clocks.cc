#include "server/side_clocks.h"

#include <algorithm>

namespace sandtable::server {

namespace {
constexpr std::int32_t kMaxSeconds = 7 * 24 * 3600;  // a week: play by appointment over days
}

std::string SideClocks::problem(const pb::ClockSettings& s) {
  if (s.mode() == "off") return "";
  if (s.mode() != "game" && s.mode() != "turn") return "A clock is off, for the game or for each turn.";
  if (s.seconds() < 1 || s.seconds() > kMaxSeconds) return "A side's time is 1 second to 7 days.";
  if (s.on_expiry() != "warn" && s.on_expiry() != "end_activation" && s.on_expiry() != "forfeit") {
    return "When time runs out the room warns, ends the activation or gives the game to the other side.";
  }
  return "";
}

void SideClocks::configure(const pb::ClockSettings& s, const std::vector<std::string>& sides, Ms now) {
  settings_ = s;
  sides_.clear();
  for (const auto& id : sides) sides_[id] = Side{static_cast<Ms>(s.seconds()) * 1000, false, false};
  turn_ = 0;
  at_ = now;
}

bool SideClocks::update(Ms now, const std::vector<std::string>& waiting, int turn) {
  if (!on()) return false;
  const Ms spent = spent_since(now);
  for (auto& [id, side] : sides_) {
    if (side.running) side.remaining = std::max<Ms>(0, side.remaining - spent);
  }
  at_ = now;
  bool changed = false;
  if (turn != turn_) {
    changed = true;
    // Each turn a side out of time is dealt with once more ("game"), or has its time again ("turn").
    for (auto& [id, side] : sides_) {
      if (settings_.mode() == "turn") side.remaining = static_cast<Ms>(settings_.seconds()) * 1000;
      side.reported = false;
    }
    turn_ = turn;
  }
  for (auto& [id, side] : sides_) {
    const bool runs = std::find(waiting.begin(), waiting.end(), id) != waiting.end();
    changed |= runs != side.running;
    side.running = runs;
  }
  return changed;
}

std::optional<SideClocks::Ms> SideClocks::next_expiry(Ms now) const {
  if (!on()) return std::nullopt;
  std::optional<Ms> first;
  const Ms spent = spent_since(now);
  for (const auto& [id, side] : sides_) {
    if (!side.running || side.reported) continue;
    const Ms left = std::max<Ms>(0, side.remaining - spent);
    if (!first || left < *first) first = left;
  }
  return first;
}

std::vector<std::string> SideClocks::take_expired(Ms now) {
  std::vector<std::string> out;
  if (!on()) return out;
  const Ms spent = spent_since(now);
  for (auto& [id, side] : sides_) {
    if (!side.running || side.reported || side.remaining - spent > 0) continue;
    side.reported = true;
    out.push_back(id);
  }
  return out;
}

pb::ClockState SideClocks::state(Ms now) const {
  pb::ClockState s;
  *s.mutable_settings() = settings_;
  s.set_turn(turn_);
  const Ms spent = spent_since(now);
  for (const auto& [id, side] : sides_) {
    auto* c = s.add_sides();
    c->set_side(id);
    c->set_remaining_ms(side.running ? std::max<Ms>(0, side.remaining - spent) : side.remaining);
    c->set_running(side.running);
    c->set_expired(side.reported || c->remaining_ms() == 0);
  }
  return s;
}

std::string SideClocks::save(Ms now) const {
  pb::ClockState s = state(now);
  for (auto& c : *s.mutable_sides()) c.set_running(false);  // nothing runs until the room looks again
  return s.SerializeAsString();
}

void SideClocks::load(const std::string& bytes, Ms now) {
  pb::ClockState s;
  if (!s.ParseFromString(bytes) || !problem(s.settings()).empty()) return;
  settings_ = s.settings();
  turn_ = s.turn();
  sides_.clear();
  for (const auto& c : s.sides()) sides_[c.side()] = Side{c.remaining_ms(), false, c.expired()};
  at_ = now;
}

}  // namespace sandtable::server
