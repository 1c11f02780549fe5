#include "engine/rulesets/rookie/rr_command.h"

#include <algorithm>
#include <set>

namespace sandtable::rr {

namespace {

// RR-CMD-02, indexed by Marker none..suppressed.
constexpr std::array<int, 4> kCommandRadius = {12, 8, 4, 0};

// RR-CMD-05 / RR-CMD-06: a leader or unit has two functions per card.
constexpr int kFunctions = 2;

// RR-CMD-08: chance by unit figures 1..5 (index 0 unused); more than 5 keeps the 16 % minimum.
constexpr std::array<int, 6> kLeaderHitChance = {50, 50, 33, 25, 20, 16};

// Marker steps left to remove: red 1, white 2, blue 3.
int depth(Marker m) { return static_cast<int>(m); }

std::string radius_text(Marker leader_marker) {
  std::string s = std::to_string(command_radius_inches(leader_marker));
  s += "\"";
  return s;
}

}  // namespace

int command_radius_inches(Marker leader_marker) {
  return kCommandRadius[static_cast<std::size_t>(leader_marker)];
}

bool in_command_radius(Marker leader_marker, double distance_inches, bool leader_has_los) {
  const int radius = command_radius_inches(leader_marker);
  return radius > 0 && leader_has_los && distance_inches <= radius;
}

std::optional<std::string> refuse_command_plan(Marker leader_marker, const std::vector<CommandTarget>& plan) {
  if (leader_marker == Marker::kSuppressed) {
    return std::string("a suppressed leader has a command radius of 0\" and cannot remove markers");
  }
  int total = 0;
  std::set<std::string> seen;
  for (const CommandTarget& t : plan) {
    if (!seen.insert(t.unit).second) {
      std::string s = t.unit;
      s += " is listed twice; give it both steps in one entry";
      return s;
    }
    if (t.steps < 1) {
      std::string s = "each unit helped needs at least one of the leader's functions (";
      s += t.unit;
      s += ")";
      return s;
    }
    total += t.steps;
  }
  if (total > kFunctions) {
    std::string s = "a leader has two functions: at most two marker steps, two on one unit or one on each of two units (";
    s += std::to_string(total);
    s += " asked)";
    return s;
  }
  for (const CommandTarget& t : plan) {
    if (!t.under_this_leader) {
      std::string s = t.unit;
      s += " is not under this leader's command";
      return s;
    }
    if (!t.in_los) {
      std::string s = t.unit;
      s += " is not in the leader's line of sight";
      return s;
    }
    if (!in_command_radius(leader_marker, t.distance_inches, t.in_los)) {
      std::string s = t.unit;
      s += " is outside the leader's command radius of ";
      s += radius_text(leader_marker);
      return s;
    }
    if (depth(t.marker) < t.steps) {
      std::string s = t.unit;
      s += t.marker == Marker::kNone ? " has no penalty marker to remove"
                                     : " has only one marker step left to remove";
      return s;
    }
  }
  return std::nullopt;
}

std::optional<std::string> refuse_self_help(Marker current, int functions, bool in_command_radius) {
  if (!in_command_radius) return std::string("only a unit inside its leader's command radius may remove its own markers");
  if (functions < 1 || functions > kFunctions) return std::string("a unit may spend one or both of its two functions");
  if (current == Marker::kNone) return std::string("the unit has no penalty marker to remove");
  if (depth(current) < functions) return std::string("the unit's marker needs only one step to remove");
  return std::nullopt;
}

Marker marker_after_removals(Marker current, int steps) {
  return static_cast<Marker>(std::max(0, depth(current) - std::max(steps, 0)));
}

int leader_hit_chance(int unit_figures) {
  const int n = std::clamp(unit_figures, 1, 5);
  return kLeaderHitChance[static_cast<std::size_t>(n)];
}

bool leader_is_hit(int unit_figures, int d100) { return d100 >= 1 && d100 <= leader_hit_chance(unit_figures); }

}  // namespace sandtable::rr
