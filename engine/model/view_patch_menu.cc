// The menu's part of a View patch (MenuChange): its actions by id, a held action that changed as
// the fields of it that changed (ActionChange), and new rewind points in front of those kept.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "engine/model/list_diff.h"
#include "engine/model/view_patch_parts.h"
#include "engine/model/wire_fields.h"

namespace sandtable::patch_parts {

namespace {

std::string_view span_of(const std::string& bytes, std::pair<std::uint32_t, std::uint32_t> span) {
  return std::string_view(bytes).substr(span.first, span.second);
}

// The menu's bytes (after the set-mark) outside its actions: its other fields.
std::string menu_rest(const std::string& menu, const std::vector<std::pair<std::uint32_t, std::uint32_t>>& spans) {
  std::string out;
  std::uint32_t at = 1;
  for (const auto& [offset, length] : spans) {
    out.append(menu, at, offset - at);
    at = offset + length;
  }
  out.append(menu, at);
  return out;
}

// The fresh rewind points as new ones in front of the first `kept` held ones (bytes of the
// field's entries, tags included): the bytes of the new ones and `kept`, or nullopt when the fresh
// list does not end with a start of the held one.
std::optional<std::pair<std::string_view, std::uint32_t>> rewind_shift(std::string_view held, std::string_view fresh) {
  const auto h = wire_entries(held), f = wire_entries(fresh);
  if (!h || !f) return std::nullopt;
  const std::size_t n = f->size();
  for (std::size_t front = n > h->size() ? n - h->size() : 0; front < n; ++front) {
    bool match = true;
    for (std::size_t i = 0; i + front < n && match; ++i) match = (*f)[front + i].second == (*h)[i].second;
    if (!match) continue;
    const std::size_t bytes = front == 0 ? 0 : static_cast<std::size_t>((*f)[front].second.data() - fresh.data());
    return std::pair{fresh.substr(0, bytes), static_cast<std::uint32_t>(n - front)};
  }
  return std::nullopt;
}

// The id of an ActionTarget from its entry's bytes (tag and length included): its field 1, which
// is written first; empty when it has none.
std::optional<std::string_view> target_id(std::string_view entry) {
  const auto payload = wire_payload(entry);
  if (!payload) return std::nullopt;
  const auto fields = wire_entries(*payload);
  if (!fields) return std::nullopt;
  if (fields->empty() || fields->front().first != pb::ActionTarget::kIdFieldNumber) return std::string_view{};
  return wire_payload(fields->front().second);
}

// A held action as the fields of it that changed and its targets by id (ActionChange), when that
// is smaller than the fresh action's entry; `held` and `fresh_entry` are the actions' entries in
// the menus' bytes, `fresh` the fresh action (left whole: its targets are copied).
std::optional<pb::ActionChange> action_change(std::string_view held, std::string_view fresh_entry, const pb::Action& fresh) {
  const auto hp = wire_payload(held), fp = wire_payload(fresh_entry);
  if (!hp || !fp) return std::nullopt;
  const auto fields = field_changes(*hp, *fp);
  if (!fields) return std::nullopt;
  pb::ActionChange c;
  std::string value;
  for (const auto& f : *fields) {
    if (f.number == pb::Action::kIdFieldNumber) return std::nullopt;
    if (f.number != pb::Action::kTargetsFieldNumber) {
      c.add_fields(f.number);
      value.append(f.fresh);
      continue;
    }
    // The targets, by id: entries of field 6 in both, each a target whose id is its field 1.
    const auto he = wire_entries(f.held), fe = wire_entries(f.fresh);
    if (!he || !fe || std::ssize(*fe) != fresh.targets_size()) return std::nullopt;
    std::vector<std::string_view> held_ids, fresh_ids;
    for (const auto& e : *he) {
      const auto id = target_id(e.second);
      if (!id) return std::nullopt;
      held_ids.push_back(*id);
    }
    for (const auto& e : *fe) {
      const auto id = target_id(e.second);
      if (!id) return std::nullopt;
      fresh_ids.push_back(*id);
    }
    const auto d = diff_list(
        std::ssize(held_ids), [&](int i) { return held_ids[static_cast<std::size_t>(i)]; }, std::ssize(fresh_ids),
        [&](int i) { return fresh_ids[static_cast<std::size_t>(i)]; },
        [&](int h, int i) { return (*he)[static_cast<std::size_t>(h)].second == (*fe)[static_cast<std::size_t>(i)].second; });
    if (!d) return std::nullopt;
    std::vector<std::string_view> sent;
    for (const auto& [i, h] : d->changed) {
      *c.add_targets() = fresh.targets(i);
      sent.push_back(fresh_ids[static_cast<std::size_t>(i)]);
    }
    for (const auto id : d->gone) c.add_targets_gone(std::string(id));
    if (d->reordered) {
      if (const auto at = places_of_sent(held_ids, fresh_ids, d->gone, sent)) {
        for (const auto a : *at) c.add_target_at(a);
      } else {
        for (const auto id : fresh_ids) c.mutable_target_order()->add_ids(std::string(id));
      }
    }
  }
  if (!c.mutable_value()->ParseFromString(value)) return std::nullopt;
  if (value.empty()) c.clear_value();
  c.set_id(fresh.id());
  if (c.ByteSizeLong() + 2 >= fresh_entry.size()) return std::nullopt;
  return c;
}

}  // namespace

std::optional<pb::MenuChange> menu_change(const ViewBytes& hb, pb::ActionMenu& fresh, const ViewBytes& fb) {
  if (hb.menu.empty() || hb.action_ids.size() != hb.action_spans.size() || fb.action_ids.size() != fb.action_spans.size()) {
    return std::nullopt;
  }
  const auto d = diff_list(
      std::ssize(hb.action_ids), [&](int i) { return std::string_view(hb.action_ids[static_cast<std::size_t>(i)]); },
      std::ssize(fb.action_ids), [&](int i) { return std::string_view(fb.action_ids[static_cast<std::size_t>(i)]); },
      [&](int h, int f) {
        return span_of(hb.menu, hb.action_spans[static_cast<std::size_t>(h)]) == span_of(fb.menu, fb.action_spans[static_cast<std::size_t>(f)]);
      });
  if (!d) return std::nullopt;
  const std::string held_rest = menu_rest(hb.menu, hb.action_spans), fresh_rest = menu_rest(fb.menu, fb.action_spans);
  const auto fields = field_changes(held_rest, fresh_rest);
  if (!fields) return std::nullopt;
  // Its size, near enough, before anything is moved: each id and field number costs a byte or two more.
  // A held action that changed goes as its changes when they are smaller (`changes`, by fresh index).
  std::size_t size = 0;
  std::vector<std::pair<int, pb::ActionChange>> changes;
  for (const auto& [f, h] : d->changed) {
    const auto fresh_entry = span_of(fb.menu, fb.action_spans[static_cast<std::size_t>(f)]);
    if (h >= 0) {
      if (auto ac = action_change(span_of(hb.menu, hb.action_spans[static_cast<std::size_t>(h)]), fresh_entry, fresh.actions(f))) {
        size += ac->ByteSizeLong() + 2;
        changes.emplace_back(f, std::move(*ac));
        continue;
      }
    }
    size += fresh_entry.size();
  }
  for (const auto& id : d->gone) size += id.size() + 2;
  if (d->reordered) {
    for (const auto& id : fb.action_ids) size += id.size() + 2;
  }
  std::string value;
  std::vector<int> numbers;
  // Plain values, not the optional rewind_shift returns: GCC 12 at -O2 took the optional's
  // members for uninitialized (-Wmaybe-uninitialized), which broke the Release build.
  bool rewound = false;
  std::string_view rewind_new;
  std::uint32_t rewind_kept = 0;
  for (const auto& f : *fields) {
    if (f.number == pb::ActionMenu::kRewindPointsFieldNumber && !f.held.empty() && !f.fresh.empty()) {
      if (const auto shift = rewind_shift(f.held, f.fresh)) {
        rewound = true;
        rewind_new = shift->first;
        rewind_kept = shift->second;
        size += rewind_new.size() + 2;
        continue;
      }
    }
    value.append(f.fresh);
    numbers.push_back(f.number);
  }
  size += value.size() + 2 * numbers.size() + 4;
  if (size >= fb.menu.size() - 1) return std::nullopt;
  pb::MenuChange c;
  if (!c.mutable_value()->ParseFromString(value)) return std::nullopt;
  if (value.empty()) c.clear_value();  // only cleared fields, or none
  if (rewound) {
    pb::ActionMenu front;  // the new points, still tagged as the menu's field
    if (!front.ParseFromArray(rewind_new.data(), static_cast<int>(rewind_new.size()))) return std::nullopt;
    c.mutable_rewind_points_new()->Swap(front.mutable_rewind_points());
    c.set_rewind_points_kept(rewind_kept);
  }
  for (int n : numbers) c.add_fields(n);
  for (const auto& id : d->gone) c.add_actions_gone(std::string(id));
  if (d->reordered) {
    for (const auto& id : fb.action_ids) c.mutable_action_order()->add_ids(id);
  }
  std::size_t next_change = 0;
  for (const auto& [f, h] : d->changed) {
    if (next_change < changes.size() && changes[next_change].first == f) {
      c.add_action_changes()->Swap(&changes[next_change++].second);
    } else {
      c.add_actions()->Swap(fresh.mutable_actions(f));
    }
  }
  return c;
}

}  // namespace sandtable::patch_parts
