// Portable Wargame log lines (RuleSet::describe). Every unit of this rule set is visible to
// everyone, so names are always given; the only secret is an artillery plan's targets, which
// reach only the planning side's copy (pw_fire.cc do_plan), so a line lists what its copy holds.
// `state` may be far later than the event (a log replayed on reconnect): only names are taken
// from it, never positions or strengths.
#include "engine/model/game_words.h"
#include "engine/rulesets/pw/pw_internal.h"
#include "engine/rulesets/pw/pw_rules_impl.h"

namespace sandtable::pw {

namespace {

std::string plural(int n, const std::string& one, const std::string& many) {
  return std::to_string(n) + " " + (n == 1 ? one : many);
}

std::string signed_num(int n) {
  std::string s = std::to_string(n);
  if (n >= 0) s.insert(s.begin(), '+');  // not "+" + s: GCC 12 -O3 warns falsely (-Wrestrict)
  return s;
}

std::string joined(const google::protobuf::RepeatedPtrField<std::string>& items, const char* sep) {
  std::string out;
  for (const auto& s : items) out += (out.empty() ? "" : sep) + s;
  return out;
}

// " [a; b]" or "" — the modifiers as the event wrote them.
std::string notes(const google::protobuf::RepeatedPtrField<std::string>& items) {
  return items.empty() ? "" : " [" + joined(items, "; ") + "]";
}

std::string sq(const pb::GridSquare& g) { return sq_text(to_sq(g)); }

const char* facing(pb::GridFacing f) { return grid::facing_name(static_cast<Facing>(f)); }

// A roll and its modifier as a sum: "4 +1 = 5", or just "4".
std::string roll_sum(int roll, int mod) {
  if (mod == 0) return std::to_string(roll);
  return std::to_string(roll) + " " + signed_num(mod) + " = " + std::to_string(roll + mod);
}

const char* fall_words(pb::PwFallOfShot f) {
  switch (f) {
    case pb::PW_FALL_ON_TARGET: return "on target";
    case pb::PW_FALL_IN_FRONT: return "short, landing in front";
    case pb::PW_FALL_BEHIND: return "over, landing behind";
    default: return "ineffective";
  }
}

const char* stationary_words(pb::PwStationaryKind k) {
  switch (k) {
    case pb::PW_LIMBER: return "limbers up";
    case pb::PW_UNLIMBER: return "unlimbers";
    case pb::PW_EMBARK: return "embarks";
    case pb::PW_DISEMBARK: return "disembarks";
    case pb::PW_MOUNT: return "mounts";
    case pb::PW_DISMOUNT: return "dismounts";
    case pb::PW_LAY_WIRE: return "lays wire";
    case pb::PW_REMOVE_WIRE: return "removes wire";
    default: return "spends the turn in place";
  }
}

// Names from the state; the event's ids stay the fallback.
struct Words {
  const PwState& st;
  const GameState& state;

  std::string unit(const std::string& id) const {
    const Unit* u = st.find(id);
    return u ? label(*u) : (id.empty() ? "a unit" : id);
  }
  std::string side(const std::string& id) const { return side_name(state, id); }
};

std::string turn_started(const Words& w, const pb::PwTurnStarted& e) {
  std::string out = "Turn " + std::to_string(e.turn()) + " begins.";
  if (e.artillery_sides().empty()) return out + " No battery can fire this turn.";
  std::string sides;
  for (int i = 0; i < e.artillery_sides_size(); ++i) {
    sides += (i == 0 ? "" : (i + 1 == e.artillery_sides_size() ? " and " : ", ")) + w.side(e.artillery_sides(i));
  }
  return out + " Artillery orders are awaited from " + sides + ".";
}

// The copy seen by the other side has no targets (pw_fire.cc do_plan): it tells only how many.
std::string artillery_planned(const Words& w, const pb::PwArtilleryPlanned& e) {
  const std::string who = w.side(e.side());
  if (e.batteries() == 0) return who + "'s artillery holds its fire this turn.";
  std::string out = who + " has given its artillery orders (" + plural(e.batteries(), "battery", "batteries") + ")";
  for (int i = 0; i < e.targets_size(); ++i) {
    out += (i == 0 ? ": " : ", ") + w.unit(e.targets(i).unit_id()) + " at " + sq(e.targets(i).target());
  }
  return out + ".";
}

std::string artillery_fired(const Words& w, const pb::PwArtilleryFired& e) {
  std::string rolled = std::to_string(e.roll());
  if (e.modifier() != 0) rolled += " " + signed_num(e.modifier()) + " = " + std::to_string(e.score());
  std::string out = w.unit(e.unit_id()) + " fires at " + sq(e.target()) + ": rolled " + rolled + notes(e.notes()) +
                    ", " + fall_words(e.fall());
  if (e.fall() != pb::PW_FALL_INEFFECTIVE && e.has_landed()) out += " at " + sq(e.landed());
  return out + ".";
}

std::string initiative(const Words& w, const pb::PwInitiative& e) {
  std::string out = "Initiative";
  if (e.round() > 1) out += " (roll " + std::to_string(e.round()) + ")";
  out += ":";
  for (int i = 0; i < e.rolls_size(); ++i) {
    out += (i == 0 ? " " : ", ") + w.side(e.rolls(i).side()) + " " + std::to_string(e.rolls(i).roll());
  }
  if (e.first_side().empty()) return out + " — a tie, rolled again.";
  return out + " — " + w.side(e.first_side()) + " goes first.";
}

// The dice themselves are in Event.dice; the body has only their count and total.
std::string activation_rolled(const Words& w, const pb::Event& ev, const pb::PwActivationRolled& e) {
  std::string out = w.side(e.side()) + " rolls " + plural(e.dice(), "activation die", "activation dice");
  if (ev.dice_size() > 1) {
    out += ": ";
    for (int i = 0; i < ev.dice_size(); ++i) out += (i == 0 ? "" : " + ") + std::to_string(ev.dice(i).value());
    out += " = " + std::to_string(e.total());
  } else {
    out += ": " + std::to_string(e.total());
  }
  out += ", " + plural(e.activations(), "activation", "activations");
  if (e.activations() < e.total()) out += " (one per unit able to act)";
  return out + ".";
}

std::string unit_moved(const Words& w, const pb::PwUnitMoved& e) {
  const std::string who = w.unit(e.unit_id());
  // No path is a face order (pw_move.cc do_face; a move must list squares): the unit turns in
  // place to a facing it did not have (PW-MOVE-06), and that is its move (PW-MOVE-03). Its
  // "turned in place" stop reason would only repeat this.
  if (e.path().empty()) return who + " turns to face " + facing(e.facing()) + ".";
  std::string out = who + " moves " + plural(e.path_size(), "square", "squares") + " to " +
                    sq(e.path(e.path_size() - 1)) + ", facing " + facing(e.facing());
  if (e.road()) out += ", by road";
  if (!e.stop_reason().empty()) out += " (stopped: " + e.stop_reason() + ")";
  return out + ".";
}

std::string unit_fired(const Words& w, const pb::PwUnitFired& e) {
  std::string rolls;
  for (int i = 0; i < e.rolls_size(); ++i) rolls += (i == 0 ? "" : ", ") + std::to_string(e.rolls(i));
  if (rolls.empty()) rolls = "no dice";
  std::string out = w.unit(e.unit_id()) + " fires at " + sq(e.target()) + ": rolled " + rolls;
  if (e.modifier() != 0) out += " " + signed_num(e.modifier()) + notes(e.notes());
  // PW-FIRE-05: each die that reaches 5 with the modifier is a hit.
  return out + ", 5 or more hits: " + plural(e.hits(), "hit", "hits") + ".";
}

std::string close_combat(const Words& w, const pb::PwCloseCombatFought& e) {
  const std::string a = w.unit(e.attacker_id()), d = w.unit(e.defender_id());
  auto side = [](const std::string& name, int roll, int mod, bool hit) {
    return name + " rolled " + roll_sum(roll, mod) + (hit ? ", hit" : ", unhurt");
  };
  return "Close combat, " + a + " against " + d + ": " + side(a, e.attacker_roll(), e.attacker_modifier(), e.attacker_hit()) +
         "; " + side(d, e.defender_roll(), e.defender_modifier(), e.defender_hit()) + notes(e.notes()) + ".";
}

std::string hit_rolled(const Words& w, const pb::PwHitRolled& e) {
  const std::string cause = e.cause().empty() ? "" : " (" + e.cause() + ")";
  const char* result = e.result() == pb::PW_HIT_LOSE_SP ? "loses 1 SP" : "may retreat or lose 1 SP";
  return w.unit(e.unit_id()) + " rolls " + std::to_string(e.roll()) + " for a hit" + cause + ": " + result + ".";
}

std::string strength_lost(const Words& w, const pb::PwStrengthLost& e) {
  const std::string why = e.reason().empty() ? "" : " (" + e.reason() + ")";
  if (e.destroyed()) return w.unit(e.unit_id()) + " is destroyed" + why + ".";
  return w.unit(e.unit_id()) + " loses 1 SP, " + std::to_string(e.sp()) + " SP left" + why + ".";
}

std::string hits_pending(const Words& w, const pb::PwHitsPending& e) {
  std::string out = e.artillery_volley() ? "Every battery has fired; " : "";
  if (e.hits().empty()) return out + (out.empty() ? "No hits to resolve." : "no hits to resolve.");
  out += out.empty() ? "Hits to resolve: " : "hits to resolve: ";
  for (int i = 0; i < e.hits_size(); ++i) {
    const auto& h = e.hits(i);
    out += (i == 0 ? "" : ", ") + w.unit(h.unit_id()) + " " + plural(h.hits(), "hit", "hits");
    if (!h.cause().empty()) out += " (" + h.cause() + ")";
  }
  return out + ".";
}

std::string stationary_done(const Words& w, const pb::PwStationaryDone& e) {
  std::string out = w.unit(e.unit_id()) + " " + stationary_words(e.kind());
  if (!e.other_id().empty()) {
    const bool off = e.kind() == pb::PW_UNLIMBER || e.kind() == pb::PW_DISEMBARK;
    out += (off ? " from " : " with ") + w.unit(e.other_id());
  }
  return out + ".";
}

// `e` is `ev`'s payload, unpacked once by describe.
std::string pw_line(const Words& w, const pb::Event& ev, const pb::PwEvent& e) {
  switch (e.body_case()) {
    case pb::PwEvent::kTurnStarted: return turn_started(w, e.turn_started());
    case pb::PwEvent::kArtilleryPlanned: return artillery_planned(w, e.artillery_planned());
    case pb::PwEvent::kArtilleryFired: return artillery_fired(w, e.artillery_fired());
    case pb::PwEvent::kInitiative: return initiative(w, e.initiative());
    case pb::PwEvent::kActivationRolled: return activation_rolled(w, ev, e.activation_rolled());
    case pb::PwEvent::kUnitActivated:
      return w.unit(e.unit_activated().unit_id()) + " is activated (" +
             plural(e.unit_activated().activations_left(), "activation", "activations") + " left).";
    case pb::PwEvent::kUnitMoved: return unit_moved(w, e.unit_moved());
    case pb::PwEvent::kUnitFaced: {
      const auto& f = e.unit_faced();
      return w.unit(f.unit_id()) + " turns to face " + facing(f.facing()) + (f.reason().empty() ? "" : " (" + f.reason() + ")") + ".";
    }
    case pb::PwEvent::kUnitFired: return unit_fired(w, e.unit_fired());
    case pb::PwEvent::kCloseCombat: return close_combat(w, e.close_combat());
    case pb::PwEvent::kHitRolled: return hit_rolled(w, e.hit_rolled());
    case pb::PwEvent::kStrengthLost: return strength_lost(w, e.strength_lost());
    case pb::PwEvent::kUnitRetreated:
      return w.unit(e.unit_retreated().unit_id()) + " retreats to " + sq(e.unit_retreated().to()) + ".";
    case pb::PwEvent::kUnitAdvanced:
      return w.unit(e.unit_advanced().unit_id()) + " advances into " + sq(e.unit_advanced().to()) + ".";
    case pb::PwEvent::kStationaryDone: return stationary_done(w, e.stationary_done());
    case pb::PwEvent::kActivationEnded:
      return w.unit(e.activation_ended().unit_id()) + " ends its activation.";
    case pb::PwEvent::kSideFinished: {
      const auto& f = e.side_finished();
      return w.side(f.side()) + " has finished its activations" +
             (f.activations_unused() > 0 ? " (" + std::to_string(f.activations_unused()) + " unused)" : "") + ".";
    }
    case pb::PwEvent::kExhausted: {
      const auto& x = e.exhausted();
      return w.side(x.side()) + " is exhausted on turn " + std::to_string(x.turn()) + ": " + std::to_string(x.sp_lost()) +
             " SP lost, exhaustion point " + std::to_string(x.exhaustion_point()) + ".";
    }
    case pb::PwEvent::kHitsPending: return hits_pending(w, e.hits_pending());
    case pb::PwEvent::kFollowUpEnded: {
      const auto& f = e.follow_up_ended();
      return w.unit(f.unit_id()) + " holds its ground after the close combat" + (f.reason().empty() ? "" : " (" + f.reason() + ")") + ".";
    }
    case pb::PwEvent::BODY_NOT_SET: break;
  }
  return "Something happened.";  // a body this build does not know (the describe test forbids it)
}

}  // namespace

std::string PortableWargame::describe(const GameState& state, const pb::Event& event, const std::string& viewer) const {
  if (!carries<pb::PwEvent>(event)) return "Something happened.";
  const pb::PwEvent e = payload_of<pb::PwEvent>(event);
  // An artillery plan is recorded twice (pw_fire.cc do_plan): the copy everyone sees, saying only
  // how many batteries, and the side's own with the targets. The side and the GM read their own.
  if (event.visible_to().empty() && e.has_artillery_planned() && (viewer == "gm" || viewer == e.artillery_planned().side())) {
    return "";
  }
  std::string line = pw_line(Words{static_cast<const PwState&>(state), state}, event, e);
  if (line.starts_with("a unit")) line[0] = 'A';  // an event without its unit id (names stay as written)
  return line;
}

}  // namespace sandtable::pw
