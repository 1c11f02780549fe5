// BgState look-ups and the small unit queries every area uses.
#include "engine/rulesets/bg/bg_state.h"

namespace sandtable::bg {

int Unit::living() const {
  int n = 0;
  for (const auto& f : figures) n += f.alive;
  return n;
}

int Unit::living_fighters() const {
  int n = 0;
  for (const auto& f : figures) n += f.alive && !f.prisoner;
  return n;
}

int Unit::count(FigureKind k) const {
  int n = 0;
  for (const auto& f : figures) n += f.alive && !f.prisoner && f.kind == k;
  return n;
}

const Figure* Unit::figure(const std::string& fid) const {
  for (const auto& f : figures) {
    if (f.id == fid) return &f;
  }
  return nullptr;
}

Figure* Unit::figure(const std::string& fid) {
  for (auto& f : figures) {
    if (f.id == fid) return &f;
  }
  return nullptr;
}

Unit* BgState::find(const std::string& id) {
  for (auto& u : units) {
    if (u.id == id) return &u;
  }
  return nullptr;
}

const Unit* BgState::find(const std::string& id) const {
  for (const auto& u : units) {
    if (u.id == id) return &u;
  }
  return nullptr;
}

const Unit* BgState::active_unit(const std::string& id) const {
  const Unit* u = find(id);
  return u && u->on_table && !u->destroyed ? u : nullptr;
}

int BgState::side_index(const std::string& side_id) const {
  for (std::size_t i = 0; i < sides.size(); ++i) {
    if (sides[i] == side_id) return static_cast<int>(i);
  }
  return -1;
}

const Terrain* BgState::terrain_named(const std::string& name) const {
  for (const auto& t : terrain) {
    if (t.name == name) return &t;
  }
  return nullptr;
}

Minefield* BgState::minefield(const std::string& name) {
  for (auto& m : minefields) {
    if (m.terrain == name) return &m;
  }
  return nullptr;
}

const Minefield* BgState::minefield(const std::string& name) const {
  for (const auto& m : minefields) {
    if (m.terrain == name) return &m;
  }
  return nullptr;
}

int side_of(const BgState& st, BgSide s) { return s == BgSide::kAxis ? st.axis() : st.allied(); }

}  // namespace sandtable::bg
