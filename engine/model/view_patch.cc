#include "engine/model/view_patch.h"

#include <string>
#include <string_view>
#include <unordered_map>
#include <unordered_set>

namespace sandtable {

namespace {

void append_part(std::string& out, const google::protobuf::MessageLite& m) {
  const std::string bytes = m.SerializeAsString();
  out += std::to_string(bytes.size());
  out += ':';
  out += bytes;
}

void append_part(std::string& out, const std::string& s) {
  out += std::to_string(s.size());
  out += ':';
  out += s;
}

std::string table_bytes(const pb::View& v) {
  std::string t;
  append_part(t, v.ruleset());
  append_part(t, v.viewer());
  append_part(t, v.scenario_id());
  append_part(t, v.scenario_name());
  append_part(t, v.seed_hash());
  t += static_cast<char>('0' + v.board_case() % 10);
  if (v.has_grid()) append_part(t, v.grid());
  if (v.has_table()) append_part(t, v.table());
  t += v.has_briefing() ? 'b' : '-';
  if (v.has_briefing()) append_part(t, v.briefing());
  for (const auto& x : v.terrain()) append_part(t, x);
  t += '|';
  for (const auto& x : v.options()) append_part(t, x);
  return t;
}

template <class T>
std::vector<std::string> list_bytes(const google::protobuf::RepeatedPtrField<T>& list) {
  std::vector<std::string> out;
  out.reserve(static_cast<std::size_t>(list.size()));
  for (const auto& x : list) out.push_back(x.SerializeAsString());
  return out;
}

// A set message's bytes; an unset one is marked apart from a set empty one.
template <class M>
std::string field_bytes(bool has, const M& m) {
  std::string out;
  if (!has) return out;
  out.push_back('+');
  m.AppendToString(&out);
  return out;
}

// Sets `out` to `fresh` when it differs from `held`; false when fresh is unset and held is set
// (a patch sets fields, it never unsets them).
template <class M>
bool diff_field(const std::string& held, const std::string& fresh_bytes, const M& fresh, M* (pb::ViewPatch::*mut)(),
                pb::ViewPatch& patch) {
  if (fresh_bytes.empty()) return held.empty();
  if (held != fresh_bytes) *(patch.*mut)() = fresh;
  return true;
}

bool diff_units(const pb::View& held, const ViewBytes& hb, const pb::View& fresh, const ViewBytes& fb,
                pb::ViewPatch& patch) {
  // Usually the same units in the same order: compare in place.
  bool same_ids = held.units_size() == fresh.units_size();
  for (int i = 0; same_ids && i < fresh.units_size(); ++i) same_ids = held.units(i).id() == fresh.units(i).id();
  if (same_ids) {
    std::unordered_set<std::string_view> seen;
    for (int i = 0; i < fresh.units_size(); ++i) {
      if (!seen.insert(fresh.units(i).id()).second) return false;
      if (hb.units[static_cast<std::size_t>(i)] != fb.units[static_cast<std::size_t>(i)]) *patch.add_units() = fresh.units(i);
    }
    return true;
  }
  std::unordered_map<std::string_view, int> held_at;
  held_at.reserve(static_cast<std::size_t>(held.units_size()));
  for (int i = 0; i < held.units_size(); ++i) {
    if (!held_at.emplace(held.units(i).id(), i).second) return false;
  }
  std::unordered_set<std::string_view> fresh_ids;
  fresh_ids.reserve(static_cast<std::size_t>(fresh.units_size()));
  std::vector<const std::string*> appended;
  for (int i = 0; i < fresh.units_size(); ++i) {
    const auto& u = fresh.units(i);
    if (!fresh_ids.insert(u.id()).second) return false;
    auto it = held_at.find(u.id());
    if (it == held_at.end()) {
      appended.push_back(&u.id());
      *patch.add_units() = u;
    } else if (hb.units[static_cast<std::size_t>(it->second)] != fb.units[static_cast<std::size_t>(i)]) {
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

bool diff_sides(const pb::View& held, const ViewBytes& hb, const pb::View& fresh, const ViewBytes& fb,
                pb::ViewPatch& patch) {
  if (held.sides_size() != fresh.sides_size()) return false;
  for (int i = 0; i < fresh.sides_size(); ++i) {
    if (held.sides(i).id() != fresh.sides(i).id()) return false;
    if (hb.sides[static_cast<std::size_t>(i)] != fb.sides[static_cast<std::size_t>(i)]) *patch.add_sides() = fresh.sides(i);
  }
  return true;
}

}  // namespace

ViewBytes bytes_of(const pb::View& v) {
  ViewBytes b;
  b.table = table_bytes(v);
  b.units = list_bytes(v.units());
  b.sides = list_bytes(v.sides());
  b.decisions = list_bytes(v.decisions());
  b.turn = field_bytes(v.has_turn(), v.turn());
  b.result = field_bytes(v.has_result(), v.result());
  b.menu = field_bytes(v.has_menu(), v.menu());
  b.extra = field_bytes(v.has_extra(), v.extra());
  return b;
}

std::optional<pb::ViewPatch> diff_views(const pb::View& held, const pb::View& fresh) {
  return diff_views(held, bytes_of(held), fresh, nullptr);
}

std::optional<pb::ViewPatch> diff_views(const pb::View& held, const ViewBytes& hb, const pb::View& fresh,
                                        ViewBytes* fresh_bytes) {
  ViewBytes fb = bytes_of(fresh);
  std::optional<pb::ViewPatch> out;
  pb::ViewPatch patch;
  if (hb.table == fb.table && diff_units(held, hb, fresh, fb, patch) && diff_sides(held, hb, fresh, fb, patch) &&
      diff_field(hb.turn, fb.turn, fresh.turn(), &pb::ViewPatch::mutable_turn, patch) &&
      diff_field(hb.result, fb.result, fresh.result(), &pb::ViewPatch::mutable_result, patch) &&
      diff_field(hb.menu, fb.menu, fresh.menu(), &pb::ViewPatch::mutable_menu, patch) &&
      diff_field(hb.extra, fb.extra, fresh.extra(), &pb::ViewPatch::mutable_extra, patch)) {
    if (hb.decisions != fb.decisions) *patch.mutable_decisions()->mutable_decisions() = fresh.decisions();
    if (held.paused() != fresh.paused()) patch.set_paused(fresh.paused());
    out = std::move(patch);
  }
  if (fresh_bytes) *fresh_bytes = std::move(fb);
  return out;
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
