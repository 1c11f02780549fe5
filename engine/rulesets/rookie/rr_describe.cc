// The log line of each event, for a viewer who may see it. Units are named by name, never id.
#include <cmath>

#include "engine/core/cards.h"
#include "engine/rulesets/rookie/rr_internal.h"
#include "engine/rulesets/rookie/rr_rules_impl.h"

namespace sandtable::rr {

namespace {

// An aircraft by its support's name; it may have left the table by the time its line is read.
std::string plane_name(const RrState& st, const std::string& id) {
  for (const auto& a : st.air) {
    if (id.rfind(st.side_id(a.side) + "-air-", 0) == 0 && !a.name.empty()) return a.name;
  }
  return id;
}

std::string name_of(const RrState& st, const std::string& id) {
  const Unit* u = st.find(id);
  return u ? label(*u) : id;
}

// Appended, never "+" + a temporary: GCC 12 at -O3 misreports that as an overlapping copy (-Wrestrict).
std::string signed_num(int v) {
  std::string s = v >= 0 ? "+" : "";
  s += std::to_string(v);
  return s;
}

std::string modifiers(const google::protobuf::RepeatedPtrField<pb::RrModifier>& ms) {
  std::string out;
  for (const auto& m : ms) {
    out += out.empty() ? " (" : ", ";
    out += m.words();
  }
  if (!out.empty()) out += ")";
  return out;
}

std::string fired_line(const RrState& st, const pb::RrFired& x) {
  std::string line;
  if (!x.source().empty()) {
    // A strike, a minefield or an overrun: no firing unit (RR-ART-05, RR-MINE-01, RR-OVR-01).
    line = name_of(st, x.target_id()) + " is attacked by " + x.source() + " (" + x.source_rule_id() + ")";
  } else {
    line = x.unseen_firer() ? std::string("An unseen unit") : name_of(st, x.unit_id());
    line += x.sniper() ? " (sniper) fires at " : " fires at ";
    line += name_of(st, x.target_id());
    if (!x.unseen_firer()) line += ", " + inches(x.distance());
  }
  line += ": ff " + std::to_string(x.base_ff());
  if (x.ff() != x.base_ff()) line += " → " + std::to_string(x.ff());
  line += ", column " + x.start_column();
  for (const auto& s : x.shifts()) {
    line += "; ";
    line += s.words();
  }
  line += " → " + x.column() + "; d10 " + std::to_string(x.roll()) + ": " + x.result();
  if (!x.armour_effect().empty()) {
    line += " — " + x.armour_effect();
    if (!x.special_damage().empty()) line += "; special damage roll " + std::to_string(x.damage_roll()) + ": " + x.special_damage();
    if (x.temporary_marker() != pb::RR_MARKER_NONE) line += " (until its next chance to act)";
  } else if (x.casualties() > 0) {
    line += " — " + std::to_string(x.casualties()) + (x.casualties() == 1 ? " figure" : " figures") + " lost";
  }
  if (x.destroyed()) return line + ". " + name_of(st, x.target_id()) + " is out of the game.";
  line += ". " + name_of(st, x.target_id()) + ": " + marker_words(from_pb(x.target_marker())) + ", " + std::to_string(x.target_figures()) +
          (x.target_figures() == 1 ? " figure" : " figures") + ", ff " + std::to_string(x.target_ff()) + ".";
  return line;
}

std::string phase_line(const RrState& st, const pb::RrPhaseStarted& x) {
  const std::string seq = x.sequence() == 1 ? "first" : "second";
  switch (x.phase()) {
    case pb::RR_PHASE_COMMAND: return side_name(st, st.side_index(x.side())) + ": command phase before the " + seq + " card sequence.";
    case pb::RR_PHASE_CARDS: return "The " + seq + " card sequence begins.";
    case pb::RR_PHASE_MORALE: return side_name(st, st.side_index(x.side())) + ": morale step.";
    case pb::RR_PHASE_STRIKES: return "Off-table fire lands.";
    case pb::RR_PHASE_PLOT: return side_name(st, st.side_index(x.side())) + " plots off-table fire.";
    default: return "";
  }
}

}  // namespace

bool RookieRules::reveals(const pb::Event& event) const {
  if (!carries<pb::RrEvent>(event)) return false;
  const pb::RrEvent e = payload_of<pb::RrEvent>(event);
  return e.has_card_turned() || e.has_card_passed() || e.has_spotted() || e.has_minefield_found();
}

std::string RookieRules::describe(const GameState& state, const pb::Event& event, const std::string& viewer) const {
  const auto& st = static_cast<const RrState&>(state);
  const pb::RrEvent e = payload_of<pb::RrEvent>(event);
  // A hidden unit's shot, strike or flak is recorded twice: whole for its side, and without who
  // fired for the enemy and spectators (rr_fire.cc, rr_strike.cc, rr_aircraft.cc). The GM sees
  // both and reads the whole one.
  if (viewer == "gm" && ((e.has_fired() && e.fired().unseen_firer()) || (e.has_strike_landed() && e.strike_landed().battery_id().empty()) ||
                         (e.has_aa_fired() && e.aa_fired().unit_id().empty()))) {
    return "";
  }
  switch (e.body_case()) {
    case pb::RrEvent::kTurnStarted: return "Turn " + std::to_string(e.turn_started().turn()) + " begins.";
    case pb::RrEvent::kPhaseStarted: return phase_line(st, e.phase_started());
    case pb::RrEvent::kDeckShuffled:
      return "The activation deck (" + std::to_string(e.deck_shuffled().cards()) + " cards) is shuffled for the " +
             (e.deck_shuffled().sequence() == 1 ? "first" : "second") + " card sequence.";
    case pb::RrEvent::kCardTurned: {
      const auto& x = e.card_turned();
      const std::string side = side_name(st, st.side_index(x.side()));
      if (x.ignored()) return card_name(x.card()) + " turned: every unit of " + side + " has acted, so it is ignored.";
      return card_name(x.card()) + " turned: a unit of " + side + " may act.";
    }
    case pb::RrEvent::kCardPassed: return side_name(st, st.side_index(e.card_passed().side())) + " passes the card.";
    case pb::RrEvent::kUnitActivated:
      return name_of(st, e.unit_activated().unit_id()) + " acts (" + std::to_string(e.unit_activated().functions()) +
             (e.unit_activated().functions() == 1 ? " function)." : " functions).");
    case pb::RrEvent::kActivationEnded: return name_of(st, e.activation_ended().unit_id()) + " is done.";
    case pb::RrEvent::kMoved: {
      const auto& x = e.moved();
      if (x.path_size() == 0) return name_of(st, x.unit_id()) + " turns where it stands.";
      std::string line = name_of(st, x.unit_id()) + " moves " + inches(x.distance()) + " (class " + x.speed_class() + ", up to " +
                         inches(x.allowance()) + modifiers(x.slowed_by()) + ")";
      if (x.wire_stop()) line += " and stops in the wire";
      return line + ".";
    }
    case pb::RrEvent::kFired: return fired_line(st, e.fired());
    case pb::RrEvent::kMarkerChanged:
      return name_of(st, e.marker_changed().unit_id()) + ": " + marker_words(from_pb(e.marker_changed().marker())) + " (" +
             e.marker_changed().reason() + ").";
    case pb::RrEvent::kMoraleTested: {
      const auto& x = e.morale_tested();
      std::string line = name_of(st, x.unit_id()) + " tests morale (" + x.trigger() + "): d% " + std::to_string(x.roll());
      for (const auto& m : x.modifiers()) {
        line += ' ';
        line += signed_num(m.value());
        line += ' ';
        line += m.words();
      }
      line += " = " + std::to_string(x.total()) + ": " + x.result();
      if (x.figures_lost() > 0) line += ", " + std::to_string(x.figures_lost()) + (x.figures_lost() == 1 ? " figure" : " figures") + " lost";
      if (x.removed()) return line + "; out of the game.";
      return line + "; " + marker_words(from_pb(x.marker())) + ".";
    }
    case pb::RrEvent::kObserved: {
      const auto& x = e.observed();
      std::string line = name_of(st, x.unit_id()) + (x.target_id().empty() ? std::string(" searches cover") : " observes " + name_of(st, x.target_id())) +
                         ": " + std::to_string(x.chance()) + "%";
      line += modifiers(x.modifiers());
      if (x.roll() > 0) line += ", d% " + std::to_string(x.roll());
      if (x.target_id().empty()) return line + (x.spotted() ? ": something is found." : ": nothing is found.");
      return line + (x.spotted() ? ": spotted." : ": not spotted.");
    }
    case pb::RrEvent::kSpotted: {
      const auto& x = e.spotted();
      return name_of(st, x.unit_id()) + (x.spotted() ? " is spotted by " : " is no longer spotted by ") +
             side_name(st, st.side_index(x.side())) + " (" + x.reason() + ").";
    }
    case pb::RrEvent::kCommanded: {
      const auto& x = e.commanded();
      std::string line = name_of(st, x.leader_id()) + " removes markers:";
      for (int i = 0; i < x.unit_ids_size() && i < x.markers_size(); ++i) {
        line += (i ? "; " : " ") + name_of(st, x.unit_ids(i)) + " now " + marker_words(from_pb(x.markers(i)));
      }
      return line + ".";
    }
    case pb::RrEvent::kRallied:
      return name_of(st, e.rallied().unit_id()) + " lowers its marker: " + marker_words(from_pb(e.rallied().marker())) + ".";
    case pb::RrEvent::kUnitRemoved: return name_of(st, e.unit_removed().unit_id()) + " is out of the game (" + e.unit_removed().reason() + ").";
    case pb::RrEvent::kTurnEnded: {
      std::string line = "End of turn " + std::to_string(e.turn_ended().turn());
      for (int i = 0; i < e.turn_ended().objective_holders_size() && i < static_cast<int>(st.objectives.size()); ++i) {
        const int s = st.side_index(e.turn_ended().objective_holders(i));
        line += i ? "; " : ": ";
        line += st.objectives[static_cast<std::size_t>(i)].name + " " + (s >= 0 ? "held by " + side_name(st, s) : std::string("held by nobody"));
      }
      return line + ".";
    }
    case pb::RrEvent::kPlotted: {
      const auto& x = e.plotted();
      const Battery* b = st.battery(x.battery_id());
      return (b ? battery_label(*b) : x.battery_id()) + " plots its fire at " + inches(x.point().x()) + " along, " + inches(x.point().y()) +
             " across, template " + x.template_kind() + " (secret until it lands).";
    }
    case pb::RrEvent::kStrikeLanded: {
      const auto& x = e.strike_landed();
      std::string line = x.battery_name() + (x.aircraft() ? " attacks" : "'s fire lands") + " (template " + x.template_kind() + "): " +
                         (x.aircraft() ? "attack-location" : "impact") + " d10 " + std::to_string(x.roll());
      if (x.modifier() != 0) {
        line += ' ';
        line += signed_num(x.modifier());
        line += " (RR-AIR-08)";
      }
      if (x.drift_inches() == 0) {
        line += ", on target at ";
      } else {
        line += ", drifts " + std::to_string(x.drift_inches()) + "\" (d6) toward sector " + std::to_string(x.drift_sector()) + " to ";
      }
      return line + inches(x.landed().x()) + " along, " + inches(x.landed().y()) + " across (" + (x.aircraft() ? "RR-AIR-07" : "RR-ART-04") + ").";
    }
    case pb::RrEvent::kAirArrival: {
      const auto& x = e.air_arrival();
      std::string line = side_name(st, st.side_index(x.side())) + "'s air support: d% " + std::to_string(x.roll()) + " against " +
                         std::to_string(x.chance()) + "%";
      return line + (x.arrived() ? ": " + x.name() + " arrives, on call next turn (RR-AIR-01)." : ": nothing comes (RR-AIR-01).");
    }
    case pb::RrEvent::kFlightPlanned: {
      const auto& x = e.flight_planned();
      return "A run is planned for " + plane_name(st, x.aircraft_id()) + ": it attacks at " + inches(x.aim().x()) + " along, " + inches(x.aim().y()) +
             " across, heading " + std::to_string(static_cast<int>(std::lround(x.heading_deg()))) + " degrees (secret until it comes on).";
    }
    case pb::RrEvent::kAircraftOnTable: {
      const auto& x = e.aircraft_on_table();
      return x.name() + " of " + side_name(st, st.side_index(x.side())) + " comes over the table; ground units may fire at it (RR-AIR-04).";
    }
    case pb::RrEvent::kDogfight: {
      std::string line = "Dogfight (RR-AIR-03): ";
      for (int i = 0; i < e.dogfight().removed_size(); ++i) line += (i ? ", " : "") + plane_name(st, e.dogfight().removed(i));
      return line + " out of the fight.";
    }
    case pb::RrEvent::kAaFired: {
      const auto& x = e.aa_fired();
      std::string line = (x.unit_id().empty() ? std::string("Unseen ground fire") : name_of(st, x.unit_id())) + " fires at " + plane_name(st, x.aircraft_id()) +
                         ": d% " + std::to_string(x.roll()) + " against " + std::to_string(x.chance()) + "%";
      if (!x.hit()) return line + ", a miss (RR-AIR-05).";
      return line + ", a hit: d10 " + std::to_string(x.effect_roll()) + ", " + x.effect() + " (RR-AIR-06).";
    }
    case pb::RrEvent::kAircraftLeft: return plane_name(st, e.aircraft_left().aircraft_id()) + " " + e.aircraft_left().reason() + ".";
    case pb::RrEvent::kSettingUp: {
      const auto& x = e.setting_up();
      if (x.functions() >= x.needed()) {
        return name_of(st, x.unit_id()) + (x.emplaced() ? " is set up and may fire (RR-FUNC-03)." : " is taken down and may move (RR-FUNC-03).");
      }
      return name_of(st, x.unit_id()) + (x.emplaced() ? " is being taken down: " : " is being set up: ") + std::to_string(x.functions()) + " of " +
             std::to_string(x.needed()) + " functions this turn (RR-FUNC-03).";
    }
    case pb::RrEvent::kBreakdownRolled: {
      const auto& x = e.breakdown_rolled();
      std::string line = name_of(st, x.unit_id()) + " rolls for breakdown in " + x.terrain() + " (1";
      if (x.immobilized_on() > 1) {
        line += "-";
        line += std::to_string(x.immobilized_on());
      }
      line += "): d10 " + std::to_string(x.roll());
      if (x.immobile()) return line + ", immobile for the rest of the game (RR-MOVE-10).";
      return line + (x.stuck() ? ", stuck until it breaks free (RR-MOVE-08)." : ", it keeps going (RR-MOVE-08).");
    }
    case pb::RrEvent::kBrokeFree: {
      const auto& x = e.broke_free();
      return name_of(st, x.unit_id()) + " tries to break free (1-" + std::to_string(x.free_on()) + "): d10 " + std::to_string(x.roll()) +
             (x.free() ? ", free (GAP-RR-MOVE-09)." : ", still stuck (GAP-RR-MOVE-09).");
    }
    case pb::RrEvent::kSquadsCombined: {
      const auto& x = e.squads_combined();
      return name_of(st, x.leader_id()) + " combines " + name_of(st, x.unit_id()) + " into " + name_of(st, x.into_id()) + ": " +
             std::to_string(x.figures()) + " figures, " + marker_words(from_pb(x.marker())) + " (RR-CMD-07).";
    }
    case pb::RrEvent::kMinefieldFound: {
      const auto& x = e.minefield_found();
      const std::string who = x.unit_id().empty() ? std::string("A unit") : name_of(st, x.unit_id());
      return who + " blunders into a minefield of " + side_name(st, st.side_index(x.side())) + " at " + inches(x.centre().x()) + " along, " +
             inches(x.centre().y()) + " across (RR-MINE-01).";
    }
    case pb::RrEvent::kMeleeFought: {
      const auto& x = e.melee_fought();
      int won = 0;
      for (const auto& b : x.bouts()) won += b.unit_won() ? 1 : 0;
      std::string line = name_of(st, x.unit_id()) + " closes to melee with " + name_of(st, x.target_id()) + ": " +
                         std::to_string(x.bouts_size()) + (x.bouts_size() == 1 ? " pair" : " pairs") + " fight, " + std::to_string(won) +
                         " won";
      for (const auto& b : x.bouts()) {
        line += b.unit_won() ? " [" : " (";
        for (int i = 0; i < b.unit_rolls_size() && i < b.target_rolls_size(); ++i) {
          line += (i ? ", " : "") + std::to_string(b.unit_rolls(i)) + "-" + std::to_string(b.target_rolls(i));
        }
        line += b.unit_won() ? "]" : ")";
      }
      line += "; " + name_of(st, x.unit_id()) + " loses " + std::to_string(x.unit_losses()) + ", " + name_of(st, x.target_id()) + " loses " +
              std::to_string(x.target_losses()) + " (RR-MEL-01).";
      return line;
    }
    case pb::RrEvent::BODY_NOT_SET: break;
  }
  return "Nothing happened.";
}

}  // namespace sandtable::rr
