#include "engine/model/view_patch.h"

#include <string>
#include <unordered_map>
#include <unordered_set>

namespace sandtable {

namespace {

// Serialization of a message built by the same code is the same bytes (no map fields in View),
// and comparing bytes is much cheaper than reflection.
bool same(const google::protobuf::MessageLite& a, const google::protobuf::MessageLite& b) {
  if (a.ByteSizeLong() != b.ByteSizeLong()) return false;
  return a.SerializeAsString() == b.SerializeAsString();
}

template <class T>
bool same_list(const google::protobuf::RepeatedPtrField<T>& a, const google::protobuf::RepeatedPtrField<T>& b) {
  if (a.size() != b.size()) return false;
  for (int i = 0; i < a.size(); ++i) {
    if (!same(a[i], b[i])) return false;
  }
  return true;
}

bool same_static_table(const pb::View& a, const pb::View& b) {
  if (a.ruleset() != b.ruleset() || a.viewer() != b.viewer() || a.scenario_id() != b.scenario_id() ||
      a.scenario_name() != b.scenario_name() || a.seed_hash() != b.seed_hash()) {
    return false;
  }
  if (a.board_case() != b.board_case()) return false;
  if (a.has_grid() && !same(a.grid(), b.grid())) return false;
  if (a.has_table() && !same(a.table(), b.table())) return false;
  if (a.has_briefing() != b.has_briefing() || (a.has_briefing() && !same(a.briefing(), b.briefing()))) return false;
  return same_list(a.terrain(), b.terrain()) && same_list(a.options(), b.options());
}

// Sets `out` to `fresh` when it differs from `held`; false when fresh is unset and held is set
// (a patch sets fields, it never unsets them).
template <class M>
bool diff_field(bool held_has, const M& held, bool fresh_has, const M& fresh, M* (pb::ViewPatch::*mut)(),
                pb::ViewPatch& patch) {
  if (!fresh_has) return !held_has;
  if (held_has && same(held, fresh)) return true;
  *(patch.*mut)() = fresh;
  return true;
}

bool diff_units(const pb::View& held, const pb::View& fresh, pb::ViewPatch& patch) {
  std::unordered_map<std::string, int> held_at;
  held_at.reserve(static_cast<std::size_t>(held.units_size()));
  for (int i = 0; i < held.units_size(); ++i) {
    if (!held_at.emplace(held.units(i).id(), i).second) return false;
  }
  std::unordered_set<std::string> fresh_ids;
  fresh_ids.reserve(static_cast<std::size_t>(fresh.units_size()));
  std::vector<const std::string*> appended;
  for (const auto& u : fresh.units()) {
    if (!fresh_ids.insert(u.id()).second) return false;
    auto it = held_at.find(u.id());
    if (it == held_at.end()) {
      appended.push_back(&u.id());
      *patch.add_units() = u;
    } else if (!same(held.units(it->second), u)) {
      *patch.add_units() = u;
    }
  }
  // The order the client reaches: held without the gone, then the new in fresh's order.
  std::vector<const std::string*> order;
  order.reserve(static_cast<std::size_t>(fresh.units_size()));
  for (const auto& u : held.units()) {
    if (fresh_ids.count(u.id())) {
      order.push_back(&u.id());
    } else {
      patch.add_units_gone(u.id());
    }
  }
  order.insert(order.end(), appended.begin(), appended.end());
  bool in_order = true;
  for (int i = 0; i < fresh.units_size() && in_order; ++i) in_order = *order[static_cast<std::size_t>(i)] == fresh.units(i).id();
  if (!in_order) {
    auto* ids = patch.mutable_unit_order();
    for (const auto& u : fresh.units()) ids->add_ids(u.id());
  }
  return true;
}

bool diff_sides(const pb::View& held, const pb::View& fresh, pb::ViewPatch& patch) {
  if (held.sides_size() != fresh.sides_size()) return false;
  for (int i = 0; i < fresh.sides_size(); ++i) {
    if (held.sides(i).id() != fresh.sides(i).id()) return false;
    if (!same(held.sides(i), fresh.sides(i))) *patch.add_sides() = fresh.sides(i);
  }
  return true;
}

}  // namespace

std::optional<pb::ViewPatch> diff_views(const pb::View& held, const pb::View& fresh) {
  if (!same_static_table(held, fresh)) return std::nullopt;
  pb::ViewPatch patch;
  if (!diff_units(held, fresh, patch) || !diff_sides(held, fresh, patch)) return std::nullopt;
  if (!diff_field(held.has_turn(), held.turn(), fresh.has_turn(), fresh.turn(), &pb::ViewPatch::mutable_turn, patch) ||
      !diff_field(held.has_result(), held.result(), fresh.has_result(), fresh.result(), &pb::ViewPatch::mutable_result,
                  patch) ||
      !diff_field(held.has_menu(), held.menu(), fresh.has_menu(), fresh.menu(), &pb::ViewPatch::mutable_menu, patch) ||
      !diff_field(held.has_extra(), held.extra(), fresh.has_extra(), fresh.extra(), &pb::ViewPatch::mutable_extra,
                  patch)) {
    return std::nullopt;
  }
  if (!same_list(held.decisions(), fresh.decisions())) {
    *patch.mutable_decisions()->mutable_decisions() = fresh.decisions();
  }
  if (held.paused() != fresh.paused()) patch.set_paused(fresh.paused());
  return patch;
}

bool apply_patch(pb::View& view, const pb::ViewPatch& patch, std::uint64_t seq) {
  auto* units = view.mutable_units();
  if (patch.units_gone_size() > 0) {
    std::unordered_set<std::string> gone(patch.units_gone().begin(), patch.units_gone().end());
    int kept = 0;
    for (int i = 0; i < units->size(); ++i) {
      if (gone.count(units->Get(i).id())) continue;
      if (kept != i) units->SwapElements(kept, i);
      ++kept;
    }
    while (units->size() > kept) units->RemoveLast();
  }
  if (patch.units_size() > 0) {
    std::unordered_map<std::string, int> at;
    for (int i = 0; i < units->size(); ++i) at.emplace(units->Get(i).id(), i);
    for (const auto& u : patch.units()) {
      auto it = at.find(u.id());
      if (it != at.end()) {
        *units->Mutable(it->second) = u;
      } else {
        at.emplace(u.id(), units->size());
        *units->Add() = u;
      }
    }
  }
  if (patch.has_unit_order()) {
    const auto& ids = patch.unit_order().ids();
    if (ids.size() != units->size()) return false;
    std::unordered_map<std::string, pb::UnitView*> by_id;
    google::protobuf::RepeatedPtrField<pb::UnitView> ordered;
    for (auto& u : *units) by_id.emplace(u.id(), &u);
    for (const auto& id : ids) {
      auto it = by_id.find(id);
      if (it == by_id.end() || !it->second) return false;
      *ordered.Add() = std::move(*it->second);
      it->second = nullptr;
    }
    units->Swap(&ordered);
  }
  for (const auto& s : patch.sides()) {
    bool found = false;
    for (auto& held : *view.mutable_sides()) {
      if (held.id() == s.id()) {
        held = s;
        found = true;
        break;
      }
    }
    if (!found) return false;
  }
  if (patch.has_turn()) *view.mutable_turn() = patch.turn();
  if (patch.has_decisions()) *view.mutable_decisions() = patch.decisions().decisions();
  if (patch.has_result()) *view.mutable_result() = patch.result();
  if (patch.has_paused()) view.set_paused(patch.paused());
  if (patch.has_menu()) *view.mutable_menu() = patch.menu();
  if (patch.has_extra()) *view.mutable_extra() = patch.extra();
  view.set_seq(seq);
  return true;
}

}  // namespace sandtable
