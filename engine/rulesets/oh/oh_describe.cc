// The log line of each event, for a viewer who may see it. Units are named by name, never id.
#include "engine/rulesets/oh/oh_internal.h"
#include "engine/rulesets/oh/oh_rules_impl.h"

namespace sandtable::oh {

namespace {

std::string name_of(const OhState& st, const std::string& id) {
  const Unit* u = st.find(id);
  return u ? label(*u) : id;
}

// Appended, never "+" + a temporary: GCC 12 at -O3 misreports that as an overlapping copy (-Wrestrict).
std::string signed_num(int v) {
  std::string s = v >= 0 ? "+" : "";
  s += std::to_string(v);
  return s;
}

std::string fired_line(const OhState& st, const pb::OhFired& x) {
  std::string line = name_of(st, x.unit_id()) + (x.ready_fire() ? " fires from Ready at " : " fires at ") + name_of(st, x.target_id()) +
                     " (" + inches(x.distance()) + "): rolled " + std::to_string(x.roll());
  for (const auto& m : x.modifiers()) {
    line += ' ';
    line += signed_num(m.value());
    line += ' ';
    line += m.words();
  }
  line += " = " + std::to_string(x.modified());
  for (const auto& h : x.halvings()) line += ", halved (" + h + ")";
  if (x.close_range()) line += ", doubled (close range)";
  line += " → " + std::to_string(x.hits()) + (x.hits() == 1 ? " Hit" : " Hits");
  if (x.destroyed()) return line + ". " + name_of(st, x.target_id()) + " is destroyed.";
  line += "; it has " + std::to_string(x.target_hits()) + (x.target_hits() == 1 ? " Hit" : " Hits");
  if (x.target_permanent() > 0) line += " (" + std::to_string(x.target_permanent()) + " permanent)";
  return line + ".";
}

const char* step_name(pb::OhStep s) {
  switch (s) {
    case pb::OH_STEP_MORTAR: return "Mortar Fire";
    case pb::OH_STEP_ACTIONS: return "Actions";
    case pb::OH_STEP_RALLY: return "Rally & Ready";
    default: return "";
  }
}

}  // namespace

std::string OneHourWw2::describe(const GameState& state, const pb::Event& event, const std::string& viewer) const {
  (void)viewer;
  const auto& st = static_cast<const OhState&>(state);
  const pb::OhEvent e = payload_of<pb::OhEvent>(event);
  switch (e.body_case()) {
    case pb::OhEvent::kStepStarted: {
      const auto& x = e.step_started();
      const std::string side = side_name(st, st.side_index(x.side()));
      if (x.step() == pb::OH_STEP_MORTAR) return "Turn " + std::to_string(x.turn()) + ", " + side + ": the phase begins (Mortar Fire).";
      return side + ": " + step_name(x.step()) + " step.";
    }
    case pb::OhEvent::kFired: return fired_line(st, e.fired());
    case pb::OhEvent::kMoveRolled: {
      const auto& x = e.move_rolled();
      std::string line = name_of(st, x.unit_id()) + (x.march() ? " marches: rolled " : " moves: rolled ");
      for (int i = 0; i < x.dice_size(); ++i) {
        if (i) line += " + ";
        line += std::to_string(x.dice(i));
      }
      for (const auto& m : x.modifiers()) {
        line += ' ';
        line += signed_num(m.value());
        line += "\" ";
        line += m.words();
      }
      line += " = " + inches(x.allowance());
      if (x.road_possible()) line += " (" + inches(x.allowance() + kRoadInches) + " if it keeps to the road)";
      return line + ".";
    }
    case pb::OhEvent::kMoved: {
      const auto& x = e.moved();
      const geom::Vec2 to = geom::from_proto(x.to());
      if (x.path_size() == 0) return name_of(st, x.unit_id()) + (x.facing_deg() >= 0 ? " turns where it stands." : " stays where it is.");
      std::string line = name_of(st, x.unit_id()) + " moves " + inches(x.distance()) + (x.road() ? " along the road" : "");
      const geom::Vec2 asked = geom::from_proto(x.path(x.path_size() - 1));
      if (geom::distance(asked, to) > 0.05) line += ", but stops short: it has run into an enemy unit it had not seen";
      return line + ".";
    }
    case pb::OhEvent::kRallied: {
      const auto& x = e.rallied();
      return name_of(st, x.unit_id()) + " rallies: rolled " + std::to_string(x.roll()) + ", removes " + std::to_string(x.removed()) +
             (x.removed() == 1 ? " Hit" : " Hits") + " and has " + std::to_string(x.hits()) + ".";
    }
    case pb::OhEvent::kReadied: return name_of(st, e.readied().unit_id()) + " is Ready to fire in the enemy's phase.";
    case pb::OhEvent::kDugIn: return name_of(st, e.dug_in().unit_id()) + " digs in.";
    case pb::OhEvent::kTurnEnded: {
      std::string line = "End of turn " + std::to_string(e.turn_ended().turn());
      for (int i = 0; i < e.turn_ended().objective_holders_size() && i < static_cast<int>(st.objectives.size()); ++i) {
        const int s = st.side_index(e.turn_ended().objective_holders(i));
        line += (i ? "; " : ": ") + st.objectives[static_cast<std::size_t>(i)].name + " " + (s >= 0 ? "held by " + side_name(st, s) : "held by nobody");
      }
      return line + ".";
    }
    case pb::OhEvent::kReadyWindowClosed: {
      const auto& x = e.ready_window_closed();
      const std::string side = side_name(st, st.side_index(x.side()));
      // After a hold the shared line has said who chose it; this one says the game goes on.
      const std::string other = side_name(st, st.other(st.side_index(x.side())));
      return (x.held() ? "Ready fire held; " : side + " have no more Ready fire; ") + other + " go on.";
    }
    case pb::OhEvent::BODY_NOT_SET: break;
  }
  return "Nothing happened.";
}

}  // namespace sandtable::oh
