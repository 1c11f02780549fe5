#pragma once
// A room's clocks per side (docs/campaigns.md "Clocks"), as a plain value: the time is given
// by the caller (milliseconds on a steady clock), so the rules of charging and running out are
// tested without waiting. A side's clock runs while the game waits on it; time spent is charged
// when the sides that wait change, and at each look.
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "sandtable/v1/clock.pb.h"

namespace sandtable::server {

namespace pb = ::sandtable::v1;

class SideClocks {
 public:
  using Ms = std::int64_t;

  // Why the settings cannot be used, in a sentence, or "" when they can.
  static std::string problem(const pb::ClockSettings& s);

  bool on() const { return settings_.mode() == "game" || settings_.mode() == "turn"; }
  const pb::ClockSettings& settings() const { return settings_; }

  // New settings: every side's time full, none running until the next update().
  void configure(const pb::ClockSettings& s, const std::vector<std::string>& sides, Ms now);
  // Charges the time since the last look to the sides that were running, then runs `waiting` (pass
  // none while the game is paused or over). A new turn fills each side's time again ("turn").
  // True when the running sides or the turn changed.
  bool update(Ms now, const std::vector<std::string>& waiting, int turn);
  // How long until the first running side runs out (nullopt when none runs or none can).
  std::optional<Ms> next_expiry(Ms now) const;
  // A side's time is running down and can still run out (the room must stay awake for it).
  bool counting_down() const { return next_expiry(at_).has_value(); }
  // The running sides whose time is out and that were not reported yet this turn (now reported).
  std::vector<std::string> take_expired(Ms now);
  pb::ClockState state(Ms now) const;

  // As stored with the room (its ClockState; the running clock's time spent is charged first) and
  // back; a loaded clock runs from `now`: the time the server was down is nobody's.
  std::string save(Ms now) const;
  void load(const std::string& bytes, Ms now);

 private:
  struct Side {
    Ms remaining = 0;
    bool running = false;
    bool reported = false;  // out of time and told (this turn, for "turn")
  };
  Ms spent_since(Ms now) const { return now > at_ ? now - at_ : 0; }
  pb::ClockSettings settings_;
  std::map<std::string, Side> sides_;
  int turn_ = 0;
  Ms at_ = 0;  // when the running sides were last charged
};

}  // namespace sandtable::server
