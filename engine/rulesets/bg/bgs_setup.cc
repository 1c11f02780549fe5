// Profile (b)'s scenario data: what a skirmish unit carries beyond Carroll's unit (its group's
// small arm, its leader's rating, grenades), checked when a scenario is read.
#include <array>
#include <cstdlib>
#include <string>

#include "engine/model/payload.h"
#include "engine/rulesets/bg/bgs_skirmish.h"

namespace sandtable::bg {

namespace {

struct ArmName {
  const char* name;
  mods::SmallArm weapon;
  const char* words;
};
// Scenario names, in BGM-SA-03's order.
constexpr std::array<ArmName, 9> kArms{{
    {"pistol", mods::SmallArm::kPistol, "pistol"},
    {"smg", mods::SmallArm::kSmg, "SMG"},
    {"carbine", mods::SmallArm::kCarbine, "carbine"},
    {"rifle", mods::SmallArm::kBoltRifle, "bolt-action rifle"},
    {"semi_auto", mods::SmallArm::kSemiAutoRifle, "semi-automatic rifle"},
    {"assault_rifle", mods::SmallArm::kAssaultRifle, "assault rifle"},
    {"lmg", mods::SmallArm::kLmg, "LMG"},
    {"mmg", mods::SmallArm::kMmg, "MMG"},
    {"hmg", mods::SmallArm::kHeavyMg, "large-calibre MG"},
}};

std::string attr(const pb::UnitSetup& u, const std::string& key) {
  for (const auto& a : u.attributes()) {
    if (a.rfind(key + "=", 0) == 0) return a.substr(key.size() + 1);
  }
  return "";
}

std::optional<int> whole(const std::string& s, int lo, int hi) {
  if (s.empty() || s.size() > 3) return std::nullopt;
  char* end = nullptr;
  const long v = std::strtol(s.c_str(), &end, 10);
  if (*end != '\0' || v < lo || v > hi) return std::nullopt;
  return static_cast<int>(v);
}

std::optional<std::string> check_unit(const pb::UnitSetup& u, const std::string& where) {
  if (u.type() != "infantry") {
    return where + ": the skirmish (bg.mods = skirmish, experimental) plays infantry only for now; \"" + u.type() +
           "\" is not infantry";
  }
  for (const auto& a : u.attributes()) {
    // Every skirmish event names its unit in the open (cards, stance, reaction fire): until those
    // are told only to the unit's side, a hidden unit would be given away.
    if (a == "hidden") return where + ".attributes: the skirmish has no hidden units yet (BG-UNIT-09)";
  }
  if (const std::string w = attr(u, "small_arm"); !w.empty() && !small_arm_named(w)) {
    std::string known;
    for (const auto& a : kArms) known += (known.empty() ? "" : ", ") + std::string(a.name);
    return where + ".attributes: small_arm \"" + w + "\" is not one of " + known + ", autocannon:<10-99 mm> (BGM-SA-03, SA-02)";
  }
  if (const std::string l = attr(u, "leadership"); !l.empty() && !whole(l, 0, 3)) {
    return where + ".attributes: leadership is a leader's rating from 0 to 3 (GAP-BGM-GEN-02), not \"" + l + "\"";
  }
  if (const std::string g = attr(u, "grenades"); !g.empty() && !whole(g, 0, 9)) {
    return where + ".attributes: grenades is how many each figure carries, 0 to 9 (BGM-ASLT-04), not \"" + g + "\"";
  }
  return std::nullopt;
}

}  // namespace

std::optional<int> autocannon_mm(const std::string& small_arm) {
  const std::string prefix = "autocannon:";
  if (small_arm.rfind(prefix, 0) != 0) return std::nullopt;
  return whole(small_arm.substr(prefix.size()), 10, 99);
}

std::optional<mods::SmallArm> small_arm_named(const std::string& name) {
  for (const auto& a : kArms) {
    if (name == a.name) return a.weapon;
  }
  if (autocannon_mm(name)) return mods::SmallArm::kHeavyMg;  // BGM-SA-02: it fires as an lcmg
  return std::nullopt;
}

std::string small_arm_words(mods::SmallArm w) {
  for (const auto& a : kArms) {
    if (a.weapon == w) return a.words;
  }
  return "small arms";
}

std::optional<std::string> check_bgs_scenario(const pb::Scenario& s) {
  for (int i = 0; i < s.sides_size(); ++i) {
    for (int j = 0; j < s.sides(i).units_size(); ++j) {
      if (auto e = check_unit(s.sides(i).units(j), "sides[" + std::to_string(i) + "].units[" + std::to_string(j) + "]")) return e;
    }
  }
  for (int i = 0; i < s.reinforcements_size(); ++i) {
    if (auto e = check_unit(s.reinforcements(i).unit(), "reinforcements[" + std::to_string(i) + "].unit")) return e;
  }
  const pb::BgScenario bs = payload_of<pb::BgScenario>(s);
  for (int i = 0; i < bs.strikes_size(); ++i) {
    if (bs.strikes(i).system() == "smoke" || bs.strikes(i).system() == "flare") {
      return "extra.strikes[" + std::to_string(i) + "].system: the skirmish's strikes are high explosive (BGM-ART-01..04); "
             "smoke and flares are not in it yet";
    }
  }
  return std::nullopt;
}

void read_bgs_unit(const pb::UnitSetup& u, Unit* x) {
  SkirmishUnit k;
  if (const std::string w = attr(u, "small_arm"); !w.empty()) k.small_arm = w;
  bool leader = false;
  for (const auto& f : x->figures) leader = leader || f.kind == FigureKind::kLeader;
  // GAP-BGM-GEN-02: a leader's rating is the scenario's; a unit with a leader and none given has 1.
  k.leadership = leader ? 1 : 0;
  if (auto l = whole(attr(u, "leadership"), 0, 3)) k.leadership = *l;
  const int grenades = whole(attr(u, "grenades"), 0, 9).value_or(0);
  for (auto& f : x->figures) f.grenades = grenades;
  for (const auto& a : u.attributes()) {
    k.sniper = k.sniper || a == "sniper";            // BGM-SA-04
    k.unqualified = k.unqualified || a == "unqualified";
  }
  k.crew = static_cast<int>(fighters(*x).size());
  x->bgs = k;
}

}  // namespace sandtable::bg
