
#include "engine/model/inches.h"
#include "engine/model/rejection.h"
#include "engine/rulesets/oh/oh_internal.h"

namespace sandtable::oh {

Unit* OhState::find(const std::string& id) {
  for (auto& u : units) {
    if (u.id == id) return &u;
  }
  return nullptr;
}

const Unit* OhState::find(const std::string& id) const {
  for (const auto& u : units) {
    if (u.id == id) return &u;
  }
  return nullptr;
}

const Unit* OhState::alive_unit(const std::string& id) const {
  const Unit* u = find(id);
  return u && u->alive ? u : nullptr;
}

int OhState::side_index(const std::string& side_id) const {
  for (std::size_t i = 0; i < sides.size(); ++i) {
    if (sides[i] == side_id) return static_cast<int>(i);
  }
  return -1;
}

const std::string& OhState::side_id(int side) const {
  static const std::string none;
  return side >= 0 && side < static_cast<int>(sides.size()) ? sides[static_cast<std::size_t>(side)] : none;
}

std::string label(const Unit& u) { return u.name.empty() ? u.id : u.name; }

std::string inches(double d) { return inches_text(d); }

const std::string& side_name(const OhState& st, int side) {
  static const std::string none;
  if (side < 0 || side >= static_cast<int>(st.side_names.size())) return none;
  return st.side_names[static_cast<std::size_t>(side)];
}

pb::DieKind die_kind(const OhState& st) { return st.options.average_dice ? pb::DIE_KIND_AVERAGE : pb::DIE_KIND_D6; }

std::string die_words(const OhState& st) { return st.options.average_dice ? "average die" : "d6"; }

void emit_oh(Context& ctx, pb::OhEvent body, std::vector<std::string> visible_to) {
  pb::Event e = event_of(body);
  for (auto& s : visible_to) e.add_visible_to(std::move(s));
  ctx.emit(std::move(e));
}

}  // namespace sandtable::oh
