// Profile (a)'s scenario data (GAP-BGM-GEN-01): the vehicles' `model=` and the infantry teams'
// `at_weapon=` attributes, checked when a scenario is read and filled into the figures.
#include <string>

#include "engine/rulesets/bg/bgm_layer.h"

namespace sandtable::bg {

namespace {

std::string attr(const pb::UnitSetup& u, const std::string& key) {
  for (const auto& a : u.attributes()) {
    if (a.rfind(key + "=", 0) == 0) return a.substr(key.size() + 1);
  }
  return "";
}

bool soft_type(const std::string& t) { return t == "car" || t == "truck"; }

}  // namespace

std::optional<std::string> check_bgm_model(const pb::UnitSetup& u, const std::string& where, bool required) {
  const std::string name = attr(u, "model");
  if (name.empty()) {
    if (!required) return std::nullopt;
    return where + ".attributes: with bg.mods = vehicles every vehicle names its model (model=<name> from "
                   "Shaffer's vehicle tables, BGM-VEH-05/06), e.g. model=Pz IV H";
  }
  const mods::Model* m = mods::model(name);
  if (!m) {
    std::string known;
    for (const auto& x : mods::models()) known += (known.empty() ? "" : ", ") + std::string(x.name);
    return where + ".attributes: \"" + name + "\" is not a model of Shaffer's vehicle tables; expected one of " + known;
  }
  if (m->soft_skin != soft_type(u.type())) {
    return where + ".attributes: model " + name + (m->soft_skin ? " is a soft skin; its type is car or truck" :
                                                                  " is armoured; its type is not car or truck");
  }
  if (const std::string n = attr(u, "special_rounds"); !n.empty()) {
    if (n.size() > 2 || n.find_first_not_of("0123456789") != std::string::npos) {
      return where + ".attributes: special_rounds is how many special rounds it carries, 0 to 99, not \"" + n + "\"";
    }
    if (m->pen_ap == 0 || m->pen_other == 0) {
      return where + ".attributes: model " + name + " has no special round to carry (its \"Pen. Other\" is not listed beside an AP round)";
    }
  }
  return std::nullopt;
}

std::optional<std::string> check_at_weapon(const pb::UnitSetup& u, const std::string& attribute) {
  const std::string spec = attribute.substr(attribute.find('=') + 1);
  const auto c1 = spec.find(':');
  const auto c2 = c1 == std::string::npos ? std::string::npos : spec.find(':', c1 + 1);
  const std::string fig = spec.substr(0, c1);
  const std::string weapon = c1 == std::string::npos ? "" : spec.substr(c1 + 1, c2 == std::string::npos ? std::string::npos : c2 - c1 - 1);
  const std::string pen = c2 == std::string::npos ? "" : spec.substr(c2 + 1);
  const std::string expected = "expected at_weapon=<heavy weapon figure of this unit>:" +
                               std::string("panzerfaust30|panzerfaust60|piat|bazooka|panzerschreck[:<penetration 1-200>] (BGM-AT-07/10)");
  bool heavy = false;
  for (const auto& f : u.figures()) heavy = heavy || (f.id() == fig && f.kind().rfind("heavy_weapon", 0) == 0);
  if (!heavy || !mods::infantry_weapon(weapon)) return "\"" + attribute + "\"; " + expected;
  if (!pen.empty() && (pen.size() > 3 || pen.find_first_not_of("0123456789") != std::string::npos || std::stoi(pen) < 1 ||
                       std::stoi(pen) > 200)) {
    return "\"" + attribute + "\"; " + expected;
  }
  return std::nullopt;
}

void read_at_weapon(const std::string& attribute, Figure* f) {
  const std::string spec = attribute.substr(attribute.find('=') + 1 + f->id.size() + 1);
  const auto colon = spec.find(':');
  f->at_weapon = spec.substr(0, colon);
  f->at_pen = colon == std::string::npos ? 0 : std::stoi(spec.substr(colon + 1));
}

}  // namespace sandtable::bg
