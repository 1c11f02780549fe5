// Applying a patch to a held View (the other half of view_patch.cc, which makes them): what the
// tests' and tools' clients do with each Delta, mirrored by the browser's state/patch.ts. A patch
// that does not fit the held View (a place out of range, a change to a unit it does not hold) is
// refused, and the client asks for a fresh View.
#include "engine/model/view_patch.h"

#include <algorithm>
#include <cstdint>
#include <string>
#include <type_traits>
#include <unordered_map>
#include <utility>
#include <vector>

#include "engine/model/list_diff.h"
#include "engine/model/wire_fields.h"

namespace sandtable {

namespace {

// The fields a change names take its value's (unset there: cleared). False for a number the
// message does not have.
template <class M, class Change>
bool change_fields(M& held, const Change& c) {
  std::vector<const google::protobuf::FieldDescriptor*> fields;
  for (int n : c.fields()) {
    const auto* fd = M::descriptor()->FindFieldByNumber(n);
    if (!fd) return false;
    fields.push_back(fd);
  }
  M value = c.value();
  M::GetReflection()->SwapFields(&held, &value, fields);
  return true;
}

const std::string& key_of(const pb::Marker& m) { return m.key(); }

// MarkerChange.at: each of `entries` at the place `at` gives in the list after the change, the
// held markers without their keys filling the rest in order. False when a place is out of range,
// given twice, or missing for an entry.
bool place_entries(google::protobuf::RepeatedPtrField<pb::Marker>& markers, const google::protobuf::RepeatedPtrField<pb::Marker>& entries,
                   const google::protobuf::RepeatedField<std::uint32_t>& at) {
  if (at.size() != entries.size()) return false;
  std::vector<pb::Marker> rest;
  for (auto& m : markers) {
    const bool placed = std::any_of(entries.begin(), entries.end(), [&](const pb::Marker& e) { return e.key() == m.key(); });
    if (!placed) rest.push_back(std::move(m));
  }
  const std::size_t n = rest.size() + static_cast<std::size_t>(entries.size());
  std::vector<const pb::Marker*> slot(n, nullptr);
  for (int i = 0; i < entries.size(); ++i) {
    if (at.Get(i) >= n || slot[at.Get(i)] != nullptr) return false;
    slot[at.Get(i)] = &entries.Get(i);
  }
  google::protobuf::RepeatedPtrField<pb::Marker> out;
  std::size_t next = 0;
  for (const auto* e : slot) {
    if (e != nullptr) {
      *out.Add() = *e;
    } else {
      *out.Add() = std::move(rest[next++]);
    }
  }
  markers.Swap(&out);
  return true;
}
const std::string& id_of(const pb::Action& a) { return a.id(); }
const std::string& id_of_unit(const pb::UnitView& u) { return u.id(); }

using Labels = std::vector<std::pair<std::string, std::string>>;

// MarkerChange.markers with the labels left out taken from the held View's (`labels`,
// marker_labels of the View before the patch).
google::protobuf::RepeatedPtrField<pb::Marker> with_labels(const google::protobuf::RepeatedPtrField<pb::Marker>& entries, const Labels& labels) {
  google::protobuf::RepeatedPtrField<pb::Marker> out = entries;
  for (auto& m : out) {
    if (!m.label().empty()) continue;
    for (const auto& [key, label] : labels) {
      if (key == m.key()) {
        m.set_label(label);
        break;
      }
    }
  }
  return out;
}

// A unit's or side's change: its fields, then its markers by key.
template <class M, class Change>
bool apply_change(M& held, const Change& c, const Labels& labels) {
  if (!change_fields(held, c)) return false;
  if constexpr (std::is_same_v<Change, pb::UnitChange>) {
    if (c.has_figures_shift()) {
      for (auto& f : *held.mutable_figures()) {
        auto* p = f.mutable_position();
        p->set_x(p->x() + c.figures_shift().x());
        p->set_y(p->y() + c.figures_shift().y());
      }
    }
  }
  if (!c.has_markers()) return true;
  auto& markers = *held.mutable_markers();
  remove_gone(markers, c.markers().gone(), key_of);
  const auto entries = with_labels(c.markers().markers(), labels);
  if (c.markers().at_size() > 0) {
    if (c.markers().has_order() || !place_entries(markers, entries, c.markers().at())) return false;
  } else {
    put_entries(markers, entries, key_of);
  }
  for (const auto& v : c.markers().values()) {
    auto it = std::find_if(markers.begin(), markers.end(), [&](const pb::Marker& m) { return m.key() == v.key(); });
    if (it == markers.end()) return false;
    it->set_value(v.value());
  }
  return !c.markers().has_order() || reorder(markers, c.markers().order().ids(), key_of);
}

bool apply_menu_change(pb::ActionMenu& menu, const pb::MenuChange& c) {
  auto& actions = *menu.mutable_actions();
  remove_gone(actions, c.actions_gone(), id_of);
  put_entries(actions, c.actions(), id_of);
  if (c.has_action_order() && !reorder(actions, c.action_order().ids(), id_of)) return false;
  for (int n : c.fields()) {
    if (n == pb::ActionMenu::kActionsFieldNumber) return false;
    if (n == pb::ActionMenu::kRewindPointsFieldNumber && c.has_rewind_points_kept()) return false;
  }
  if (c.has_rewind_points_kept()) {
    auto& points = *menu.mutable_rewind_points();
    if (c.rewind_points_kept() > static_cast<std::uint32_t>(points.size())) return false;
    points.DeleteSubrange(static_cast<int>(c.rewind_points_kept()), points.size() - static_cast<int>(c.rewind_points_kept()));
    google::protobuf::RepeatedPtrField<pb::RewindPoint> fresh = c.rewind_points_new();
    for (auto& p : points) *fresh.Add() = std::move(p);
    points.Swap(&fresh);
  }
  return change_fields(menu, c);
}

}  // namespace

bool apply_patch(pb::View& view, const pb::ViewPatch& patch, std::uint64_t seq) {
  const Labels labels = marker_labels(view);  // before anything changes: the held View's
  auto& units = *view.mutable_units();
  remove_gone(units, patch.units_gone(), id_of_unit);
  put_entries(units, patch.units(), id_of_unit);
  if (patch.unit_changes_size() > 0) {
    std::unordered_map<std::string, int> at;
    for (int i = 0; i < units.size(); ++i) at.emplace(units.Get(i).id(), i);
    for (const auto& c : patch.unit_changes()) {
      auto it = at.find(c.id());
      if (it == at.end() || !apply_change(*units.Mutable(it->second), c, labels)) return false;
    }
  }
  if (patch.has_unit_order() && !reorder(units, patch.unit_order().ids(), id_of_unit)) return false;
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
  for (const auto& c : patch.side_changes()) {
    pb::SideView* held = nullptr;
    for (auto& s : *view.mutable_sides()) {
      if (s.id() == c.id()) {
        held = &s;
        break;
      }
    }
    if (!held || !apply_change(*held, c, labels)) return false;
  }
  if (patch.has_turn()) {
    *view.mutable_turn() = patch.turn();
  } else if (patch.has_turn_change() && (!view.has_turn() || !change_fields(*view.mutable_turn(), patch.turn_change()))) {
    return false;
  }
  if (patch.has_decisions()) *view.mutable_decisions() = patch.decisions().decisions();
  if (patch.has_result()) *view.mutable_result() = patch.result();
  if (patch.has_paused()) view.set_paused(patch.paused());
  if (patch.has_menu()) {
    *view.mutable_menu() = patch.menu();
  } else if (patch.has_menu_change() && !apply_menu_change(*view.mutable_menu(), patch.menu_change())) {
    return false;
  }
  if (patch.has_extra()) {
    *view.mutable_extra() = patch.extra();
  } else if (patch.has_extra_change()) {
    if (!view.has_extra()) return false;
    auto merged = merge_fields(view.extra().value(), patch.extra_change());
    if (!merged) return false;
    view.mutable_extra()->set_value(std::move(*merged));
  }
  view.set_seq(seq);
  return true;
}

}  // namespace sandtable
