// Applying a patch to a held View (the other half of view_patch.cc, which makes them): what the
// tests' and tools' clients do with each Delta, mirrored by the browser's state/patch.ts. A patch
// that does not fit the held View (a place out of range, a change to a unit it does not hold) is
// refused, and the client asks for a fresh View.
#include "engine/model/view_patch.h"

#include <algorithm>
#include <cstdint>
#include <optional>
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

const std::string& id_of(const pb::Action& a) { return a.id(); }
const std::string& id_of_target(const pb::ActionTarget& t) { return t.id(); }
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
  // Values named by their place are named by the held marker's key before anything moves.
  auto values = c.markers().values();
  const auto& value_at = c.markers().value_at();
  if (!value_at.empty()) {
    if (value_at.size() != values.size()) return false;
    for (int i = 0; i < values.size(); ++i) {
      if (value_at.Get(i) >= static_cast<std::uint32_t>(markers.size())) return false;
      values.Mutable(i)->set_key(markers.Get(static_cast<int>(value_at.Get(i))).key());
    }
  }
  auto gone = c.markers().gone();
  for (const auto at : c.markers().gone_at()) {
    if (at >= static_cast<std::uint32_t>(markers.size())) return false;
    gone.Add(std::string(markers.Get(static_cast<int>(at)).key()));
  }
  remove_gone(markers, gone, key_of);
  const auto entries = with_labels(c.markers().markers(), labels);
  if (c.markers().at_size() > 0) {
    if (c.markers().has_order() || !place_entries(markers, entries, c.markers().at(), key_of)) return false;
  } else {
    put_entries(markers, entries, key_of);
  }
  for (const auto& v : values) {
    auto it = std::find_if(markers.begin(), markers.end(), [&](const pb::Marker& m) { return m.key() == v.key(); });
    if (it == markers.end()) return false;
    it->set_value(v.value());
  }
  return !c.markers().has_order() || reorder(markers, c.markers().order().ids(), key_of);
}

// A held action changed in part: its fields, then its targets by id.
bool apply_action_change(pb::Action& action, const pb::ActionChange& c) {
  for (int n : c.fields()) {
    if (n == pb::Action::kIdFieldNumber || n == pb::Action::kTargetsFieldNumber) return false;
  }
  if (!change_fields(action, c)) return false;
  auto& targets = *action.mutable_targets();
  remove_gone(targets, c.targets_gone(), id_of_target);
  if (c.target_at_size() > 0) {
    if (c.has_target_order() || !place_entries(targets, c.targets(), c.target_at(), id_of_target)) return false;
  } else {
    put_entries(targets, c.targets(), id_of_target);
  }
  return !c.has_target_order() || reorder(targets, c.target_order().ids(), id_of_target);
}

bool apply_menu_change(pb::ActionMenu& menu, const pb::MenuChange& c) {
  auto& actions = *menu.mutable_actions();
  remove_gone(actions, c.actions_gone(), id_of);
  put_entries(actions, c.actions(), id_of);
  if (c.action_changes_size() > 0) {
    std::unordered_map<std::string, int> at;
    for (int i = 0; i < actions.size(); ++i) at.emplace(actions.Get(i).id(), i);
    for (const auto& ac : c.action_changes()) {
      auto it = at.find(ac.id());
      if (it == at.end() || !apply_action_change(*actions.Mutable(it->second), ac)) return false;
    }
  }
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

// The id a unit or side change names: its own, or that of the held entry at its place (nullopt:
// no such place).
template <class Change, class Whole>
std::optional<std::string> id_named(const Change& c, const google::protobuf::RepeatedPtrField<Whole>& held) {
  if (!c.has_at()) return c.id();
  if (c.at() >= static_cast<std::uint32_t>(held.size())) return std::nullopt;
  return held.Get(static_cast<int>(c.at())).id();
}

}  // namespace

bool apply_patch(pb::View& view, const pb::ViewPatch& patch, std::uint64_t seq) {
  const Labels labels = marker_labels(view);  // before anything changes: the held View's
  // Changes that name a unit by its place name the held View's unit there.
  std::vector<std::string> unit_change_ids;
  for (const auto& c : patch.unit_changes()) {
    auto id = id_named(c, view.units());
    if (!id) return false;
    unit_change_ids.push_back(std::move(*id));
  }
  auto& units = *view.mutable_units();
  remove_gone(units, patch.units_gone(), id_of_unit);
  put_entries(units, patch.units(), id_of_unit);
  if (patch.unit_changes_size() > 0) {
    std::unordered_map<std::string, int> at;
    for (int i = 0; i < units.size(); ++i) at.emplace(units.Get(i).id(), i);
    for (int i = 0; i < patch.unit_changes_size(); ++i) {
      auto it = at.find(unit_change_ids[static_cast<std::size_t>(i)]);
      if (it == at.end() || !apply_change(*units.Mutable(it->second), patch.unit_changes(i), labels)) return false;
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
    const auto id = id_named(c, view.sides());  // sides never come, go or move in a patch
    if (!id) return false;
    pb::SideView* held = nullptr;
    for (auto& s : *view.mutable_sides()) {
      if (s.id() == *id) {
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
