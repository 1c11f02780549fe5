// Log lines of Shaffer's d20 anti-tank fire (profile a): every roll with what it needed and read,
// so a player can follow the shot as if the dice were on the table.
#include <string>

#include "engine/rulesets/bg/bg_describe.h"

namespace sandtable::bg {

namespace {

std::string signed_number(int v) { return (v < 0 ? "-" : "+") + std::to_string(v < 0 ? -v : v); }

std::string to_hit(const pb::BgmAtShot& e) {
  std::string out = "d20 " + std::to_string(e.natural());
  for (const auto& m : e.modifiers()) out += " " + signed_number(m.value()) + " (" + m.name() + ")";
  if (e.modifiers_size() > 0) out += " = " + std::to_string(e.modified());
  out += ", needing less than " + std::to_string(e.to_hit()) + " at " + e.band() + " range";
  if (e.jammed() && !e.figure_id().empty()) return out + ": a natural 20, a miss: the weapon misfires (BGM-GEN-05)";
  if (e.jammed()) return out + ": a natural 20, a miss and the gun jams (BGM-GEN-05)";
  return out + (e.hit() ? ": a hit (BGM-AT-02)" : ": a miss (BGM-AT-02)");
}

std::string crew(const pb::BgmCrewHit& c) {
  std::string out = "the " + c.crewman();
  if (c.selection_roll() > 0) out += " (d6 " + std::to_string(c.selection_roll()) + ")";
  if (c.roll() > 0) {
    out += " rolls d20 " + std::to_string(c.roll());
    if (c.modifier() != 0) out += " " + signed_number(c.modifier());
    out += " on column " + c.column() + ": " + c.result();
  } else {
    out += ": " + c.result();
  }
  return out + " (BGM-CREW-01/02)";
}

std::string effects(const pb::BgmAtShot& e) {
  std::vector<std::string> what;
  if (e.immobilized()) what.push_back("immobilised for the rest of the game");
  if (e.engine_out_until_turn() > 0) what.push_back("engine out to the end of turn " + std::to_string(e.engine_out_until_turn()));
  if (e.gun_out()) what.push_back("main gun knocked out");
  if (e.commander_killed()) what.push_back("commander killed (+3 on its shots)");
  if (e.heavy_damage()) what.push_back("+2 on its rolls from now on");
  if (e.half_movement()) what.push_back("half movement");
  if (e.out_until_turn() > 0) what.push_back("out of action to the end of turn " + std::to_string(e.out_until_turn()));
  if (e.on_fire()) what.push_back("on fire");
  std::string out;
  for (std::size_t i = 0; i < what.size(); ++i) out += (i == 0 ? "" : i + 1 == what.size() ? " and " : ", ") + what[i];
  return out;
}

std::string at_shot(const Words& w, const pb::BgmAtShot& e) {
  const std::string t = w.unit(e.target_id());
  const std::string who = e.figure_id().empty() ? w.unit(e.shooter_id()) + " fires its " + e.gun()
                                                : w.unit(e.shooter_id()) + "'s " + e.gun() + " team (" + w.figure(e.figure_id()) + ") fires";
  std::string out = who + " at " + t + " " + inches(e.range()) + " away: " + to_hit(e);
  if (!e.hit()) return out + w.notes(e.notes()) + ".";
  out += "; " + e.aspect() + " aspect, location d20 " + std::to_string(e.location_roll()) + ": " + e.location() + " (BGM-LOC-09)";
  if (e.tested()) {
    out += "; penetration " + std::to_string(e.penetration()) + " against " +
           (e.armour() < 0 ? std::string("a soft skin") : "armour " + std::to_string(e.armour())) + ": " +
           (e.penetrated() ? "penetrates" : "does not penetrate") + " (BGM-PEN-01)";
  }
  if (e.damage_roll() > 0) {
    out += "; damage d20 " + std::to_string(e.damage_roll());
    if (e.damage_modifier() != 0) out += " " + signed_number(e.damage_modifier());
    if (e.second_damage_roll() > 0) out += ", then " + std::to_string(e.second_damage_roll()) + " on the penetration table";
    out += ": " + e.damage() + " (BGM-VDMG-07/08)";
  }
  for (const auto& c : e.crew()) out += "; " + crew(c);
  if (e.engine_roll() > 0) {
    out += e.immobilized() && e.engine_out_until_turn() == 0 ? "; engine fire d20 " + std::to_string(e.engine_roll())
                                                             : "; engine out for d6 " + std::to_string(e.engine_roll()) + " turns";
    out += " (BGM-VDMG-04)";
  }
  if (e.morale_roll() > 0) {
    out += "; crew morale d6 " + std::to_string(e.morale_roll()) + " needing " + std::to_string(e.morale_needed()) + "+: " +
           (e.bailed_out() ? "the crew bails out" : "the crew stays") + " (BGM-VDMG-03)";
  }
  const std::string fx = effects(e);
  if (!fx.empty()) out += " — " + t + ": " + fx;
  return out + w.notes(e.notes()) + ".";
}

}  // namespace

std::string bgm_line(const Words& w, const pb::BgEvent& e) {
  if (e.has_bgm_at_shot()) return at_shot(w, e.bgm_at_shot());
  if (e.has_bgm_crew_test()) {
    const auto& c = e.bgm_crew_test();
    return "The crew of immobilised " + w.unit(c.unit_id()) + " tests again (BGM-VDMG-03): d6 " + std::to_string(c.roll()) +
           ", needing " + std::to_string(c.needed()) + " or more: " + (c.bailed_out() ? "they bail out." : "they stay aboard.");
  }
  const auto& u = e.bgm_unjammed();
  if (u.weapon_id().empty()) return w.unit(u.unit_id()) + " clears its jammed weapon (BGM-GEN-05).";
  return w.unit(u.unit_id()) + "'s crew clears the jammed main gun instead of firing (BGM-GEN-05).";
}

}  // namespace sandtable::bg
