// Names and words of the Portable Wargame menu.
#include "engine/rulesets/pw/pw_menu_words.h"

#include <array>

#include "engine/rulesets/pw/pw_internal.h"

namespace sandtable::pw {

namespace {

// Rule ids as the stationary handlers cite them (pw_stationary.cc), so the menu and a refusal
// name the same rule.
constexpr std::array<StationaryWords, 8> kStationary{{
    {pb::PW_LIMBER, "limber", "Limber to the transport", "PW-TRN-01"},
    {pb::PW_UNLIMBER, "unlimber", "Unlimber from the transport", "PW-TRN-01"},
    {pb::PW_EMBARK, "embark", "Board the transport", "PW-TRN-03"},
    {pb::PW_DISEMBARK, "disembark", "Leave the transport", "PW-TRN-03"},
    {pb::PW_MOUNT, "mount", "Mount up", "PW-CAV-01"},
    {pb::PW_DISMOUNT, "dismount", "Dismount", "PW-CAV-01"},
    {pb::PW_LAY_WIRE, "lay-wire", "Lay barbed wire here", "PW-TER-06"},
    {pb::PW_REMOVE_WIRE, "remove-wire", "Clear the barbed wire here", "PW-TER-06"},
}};

}  // namespace

std::string square_id(Sq s) { return std::to_string(s.col) + "," + std::to_string(s.row); }
std::string square_id(const pb::GridSquare& g) { return square_id(to_sq(g)); }

std::string square_words(const PwState& st, Sq s) {
  std::string out = sq_text(s);
  const Cell& c = st.cell(s);
  auto add = [&](bool on, const char* word) {
    if (on) out += std::string(", ") + word;
  };
  add(c.woods, "woods");
  add(c.town, "town");
  add(c.fortification, "fortification");
  add(c.ford, "ford");
  add(c.trench, "trench");
  add(c.wire, "barbed wire");
  add(c.road, "road");
  if (c.level > 0) out += ", hill " + std::to_string(c.level);
  return out;
}

std::string squares(int n) { return std::to_string(n) + (n == 1 ? " square" : " squares"); }

const StationaryWords& stationary_words(pb::PwStationaryKind kind) {
  for (const auto& w : kStationary) {
    if (w.kind == kind) return w;
  }
  return kStationary.back();  // unreachable: the enumeration lists only these kinds
}

const StationaryWords* stationary_for_action(const std::string& action_id) {
  for (const auto& w : kStationary) {
    const std::string prefix = std::string(w.id) + ":";
    if (action_id.rfind(prefix, 0) == 0) return &w;
  }
  return nullptr;
}

}  // namespace sandtable::pw
