// Battleground log lines: the words every line shares (bg_describe.h): numbers, units and
// figures as one viewer may know them, sides, minefields, places on the table and dice.
#include <algorithm>
#include <cctype>

#include "engine/model/game_words.h"
#include "engine/rulesets/bg/bg_describe.h"

namespace sandtable::bg {

// ---- numbers ------------------------------------------------------------------------------

std::string plural(int n, const std::string& one, const std::string& many) {
  std::string out = std::to_string(n);
  out += ' ';
  out += n == 1 ? one : many;
  return out;
}

std::string num(double d) {
  std::string s = inches(d);
  s.pop_back();  // the inch mark
  return s;
}

std::string coords(const pb::Point& p) {
  std::string out = "(";
  out += num(p.x());
  out += ", ";
  out += num(p.y());
  out += ')';
  return out;
}

std::string list(const std::vector<std::string>& items) {
  std::string out;
  for (std::size_t i = 0; i < items.size(); ++i) {
    if (i > 0) out += i + 1 == items.size() ? " and " : ", ";
    out += items[i];
  }
  return out;
}

// ---- words for one viewer -------------------------------------------------------------------

namespace {

const char* kind_word(const Figure& f) {
  switch (f.kind) {
    case FigureKind::kRifle: return "";
    case FigureKind::kLeader: return "leader";
    case FigureKind::kHeavyWeapon:
      switch (f.hw) {
        case HwRole::kAntiPersonnel: return "heavy weapon, anti-personnel";
        case HwRole::kAntiArmour: return "heavy weapon, anti-tank";
        case HwRole::kFlame: return "flamethrower";
        case HwRole::kGeneral: return "heavy weapon";
      }
      return "heavy weapon";
    case FigureKind::kMedic: return "medic";
    case FigureKind::kEngineer: return "engineer";
    case FigureKind::kHorseHolder: return "horse-holder";
    case FigureKind::kMule: return "mule";
    case FigureKind::kCrew: return "crew";
  }
  return "";
}

bool word_char(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

// Replaces whole-word occurrences of `what` (at least two characters) in `text`.
void replace_word(std::string& text, const std::string& what, const std::string& with) {
  if (what.size() < 2) return;
  std::size_t at = 0;
  while ((at = text.find(what, at)) != std::string::npos) {
    const bool left = at == 0 || !word_char(text[at - 1]);
    const std::size_t end = at + what.size();
    const bool right = end >= text.size() || !word_char(text[end]);
    if (left && right) {
      text.replace(at, what.size(), with);
      at += with.size();
    } else {
      at = end;
    }
  }
}

// The name set-up gives a terrain feature the scenario left unnamed ("t3", bg_setup.cc).
bool unnamed(const Terrain& t) { return t.unnamed; }

bool is_minefield(const Terrain& t) { return t.kind == TerrainKind::kMinefield || t.kind == TerrainKind::kDummyMinefield; }

const char* terrain_word(TerrainKind k) {
  switch (k) {
    case TerrainKind::kWoods: return "the woods";
    case TerrainKind::kBrush: return "the brush";
    case TerrainKind::kCrops: return "the crops";
    case TerrainKind::kHill: return "a hill";
    case TerrainKind::kBuilding: return "a building";
    case TerrainKind::kRubble: return "the rubble";
    case TerrainKind::kFord: return "a ford";
    case TerrainKind::kBridge: return "a bridge";
    case TerrainKind::kRoad: return "a road";
    case TerrainKind::kBeach: return "the beach";
    case TerrainKind::kWater: return "the water";
    default: return "rough ground";
  }
}

bool on_not_in(TerrainKind k) {
  return k == TerrainKind::kHill || k == TerrainKind::kRoad || k == TerrainKind::kBridge || k == TerrainKind::kBeach;
}

}  // namespace

bool Words::sees(const Unit& u) const { return !u.hidden || gm() || u.side == me(); }

std::string Words::unit(const std::string& id) const {
  if (id.empty()) return "a unit";
  const Unit* u = st.find(id);
  if (!u) return id;
  if (!sees(*u)) return "an unseen unit";
  // BG-PRIS-01: a group of guards and prisoners is a unit the engine makes.
  if (u->prisoner_group) return "the prisoner escort of " + side(side_id(st, u->side));
  return label(*u);
}

std::string Words::units(const Strings& ids, int* unseen) const {
  std::vector<std::string> out;
  for (const auto& id : ids) {
    const Unit* u = st.find(id);
    if (u && !sees(*u)) {
      if (unseen) ++*unseen;
      continue;
    }
    out.push_back(unit(id));
  }
  return list(out);
}

std::string Words::figure(const std::string& id) const {
  if (id.empty()) return "a figure";
  for (const auto& u : st.units) {
    const Figure* f = u.figure(id);
    if (!f) continue;
    if (!sees(u)) return "an unseen figure";
    // Its kind, not whether it is a prisoner now: `st` may be later than the event.
    const std::string kind = kind_word(*f);
    return kind.empty() ? id : id + " (" + kind + ")";
  }
  // BG-OPT-05: a stand fighting in a melee is named "unit#number" (bg_stands.cc).
  if (const auto hash = id.rfind('#'); hash != std::string::npos && hash > 0) {
    return "stand " + id.substr(hash + 1) + " of " + unit(id.substr(0, hash));
  }
  return id;
}

std::string Words::figures(const Strings& ids) const {
  std::vector<std::string> out;
  for (const auto& id : ids) out.push_back(figure(id));
  return list(out);
}

namespace {

// The singular and plural a player says for a figure of this kind.
std::pair<std::string, std::string> kind_nouns(const Figure& f) {
  if (f.kind == FigureKind::kRifle) return {"rifleman", "riflemen"};
  const std::string k = kind_word(f);
  if (k.starts_with("heavy weapon,")) return {k, "heavy weapons" + k.substr(12)};
  return {k, k + "s"};
}

}  // namespace

std::string Words::figure_kinds(const std::vector<std::string>& ids) const {
  std::vector<std::pair<std::string, std::string>> nouns;  // in first-seen order
  std::vector<int> counts;
  for (const auto& id : ids) {
    std::pair<std::string, std::string> n{"figure", "figures"};
    for (const auto& u : st.units) {
      if (const Figure* f = u.figure(id)) {
        n = sees(u) ? kind_nouns(*f) : std::pair<std::string, std::string>{"unseen figure", "unseen figures"};
        break;
      }
    }
    const auto it = std::find(nouns.begin(), nouns.end(), n);
    if (it == nouns.end()) {
      nouns.push_back(n);
      counts.push_back(1);
    } else {
      ++counts[static_cast<std::size_t>(it - nouns.begin())];
    }
  }
  std::vector<std::string> out;
  for (std::size_t i = 0; i < nouns.size(); ++i) {
    const auto& [one, many] = nouns[i];
    const bool vowel = std::string("aeiou").find(one.front()) != std::string::npos;
    out.push_back(counts[i] == 1 ? (vowel ? "an " : "a ") + one : std::to_string(counts[i]) + " " + many);
  }
  return list(out);
}

std::string Words::side(const std::string& id) const { return id.empty() ? "nobody" : side_name(st, id); }

bool Words::knows_minefield(const std::string& name) const {
  const Terrain* t = st.terrain_named(name);
  const Minefield* m = st.minefield(name);
  if (!t || !m || gm() || t->owner.empty() || t->owner == viewer) return true;
  const int side = me();
  if (side >= 0) return side < static_cast<int>(m->known_to.size()) && m->known_to[static_cast<std::size_t>(side)];
  // Spectators: a minefield entered is seen by everyone (BG-MINE-04); a detection is told only to
  // the finder and the owner (BG-MINE-03). The view's test (knows_terrain) is the same.
  return m->entered;
}

std::string Words::minefield(const std::string& name) const {
  if (name.empty() || !knows_minefield(name)) return "a minefield";
  const Terrain* t = st.terrain_named(name);
  if (t && unnamed(*t)) return "a minefield";
  // "Orchard mines" reads as a name; a plain word ("mines") reads better as "the mines".
  return std::isupper(static_cast<unsigned char>(name[0])) ? name : "the " + name;
}

std::string Words::place(const pb::Point& p) const {
  const Vec2 v = to_vec(p);
  const Terrain* best = nullptr;
  for (const auto& t : st.terrain) {
    if (!t.area || is_minefield(t) || geom::locate(*t.area, v) == geom::Where::kOutside) continue;
    // A building first, then the first area in scenario order, roads last.
    auto rank = [](const Terrain& x) { return x.kind == TerrainKind::kBuilding ? 0 : x.kind == TerrainKind::kRoad ? 2 : 1; };
    if (!best || rank(t) < rank(*best)) best = &t;
  }
  if (!best) return "at " + coords(p);
  return std::string(on_not_in(best->kind) ? "on " : "in ") + (unnamed(*best) ? terrain_word(best->kind) : best->name);
}

std::string Words::scrub(const std::string& text) const {
  if (gm()) return text;
  std::string out = text;
  for (const auto& u : st.units) {
    if (sees(u)) continue;
    for (const auto& f : u.figures) replace_word(out, f.id, "an unseen figure");
    replace_word(out, label(u), "an unseen unit");
    replace_word(out, u.id, "an unseen unit");
  }
  // Minefields are not replaced: a name may be a plain word ("mines") the text uses anyway, and
  // the engine's own sentences never name a minefield the side has not found.
  return out;
}

std::string Words::aside(const std::string& text) const {
  if (text.empty()) return "";
  std::string t = scrub(text);
  if (const auto open = t.rfind(" ("); t.ends_with(")") && open != std::string::npos && open > 0) {
    t = t.substr(0, open) + ", " + t.substr(open + 2, t.size() - open - 3);
  }
  return " (" + t + ")";
}

std::string Words::notes(const Strings& items) const {
  if (items.empty()) return "";
  std::string out = " [";
  for (int i = 0; i < items.size(); ++i) {
    if (i > 0) out += "; ";
    out += scrub(items.Get(i));
  }
  return out + "]";
}

std::string Words::rolled(std::string_view label, int total) const {
  std::vector<int> got;
  for (const auto& d : dice) {
    if (d.label().find(label) != std::string::npos) got.push_back(d.value());
  }
  int sum = 0;
  for (int v : got) sum += v;
  if (got.size() < 2 || sum != total) return std::to_string(total);
  std::string out;
  for (std::size_t i = 0; i < got.size(); ++i) {
    if (i > 0) out += '+';
    out += std::to_string(got[i]);
  }
  return out + " = " + std::to_string(total);
}

std::string Words::faces(std::string_view label) const {
  std::string out;
  for (const auto& d : dice) {
    const std::string& l = d.label();
    const bool match = l == label || (l.size() > label.size() && l.ends_with(label) && l[l.size() - label.size() - 1] == ' ');
    if (!match) continue;
    if (!out.empty()) out += ' ';
    out += std::to_string(d.value());
  }
  return out;
}

}  // namespace sandtable::bg
