#include "engine/model/view_patch.h"

#include <string>
#include <string_view>
#include <unordered_map>
#include <unordered_set>
#include <utility>

namespace sandtable {

namespace {

// A length, then the bytes: parts of different lengths never run together.
void append_part(std::string& out, const google::protobuf::MessageLite& m) {
  const auto n = static_cast<std::uint32_t>(m.ByteSizeLong());
  out.append(reinterpret_cast<const char*>(&n), sizeof n);
  m.AppendPartialToString(&out);
}

void append_part(std::string& out, const std::string& s) {
  const auto n = static_cast<std::uint32_t>(s.size());
  out.append(reinterpret_cast<const char*>(&n), sizeof n);
  out += s;
}

std::string table_bytes(const pb::View& v) {
  std::string t;
  t.reserve(1024);
  append_part(t, v.ruleset());
  append_part(t, v.viewer());
  append_part(t, v.scenario_id());
  append_part(t, v.scenario_name());
  append_part(t, v.ruleset_title());
  append_part(t, v.seed_hash());
  // The dice mix changes as seats join and once when sealed: rare enough to send a whole View.
  t += v.has_dice() ? 'm' : '-';
  if (v.has_dice()) append_part(t, v.dice());
  t += v.table_dice() ? 'd' : '-';
  append_part(t, v.spectators());
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
  std::vector<std::string> out(static_cast<std::size_t>(list.size()));
  for (int i = 0; i < list.size(); ++i) list[i].AppendPartialToString(&out[static_cast<std::size_t>(i)]);
  return out;
}

// A set message's bytes; an unset one is marked apart from a set empty one.
template <class M>
std::string field_bytes(bool has, const M& m) {
  std::string out;
  if (!has) return out;
  out.push_back('+');
  m.AppendPartialToString(&out);
  return out;
}

// Moves `fresh` into the patch when it differs from `held`; false when fresh is unset and held
// is set (a patch sets fields, it never unsets them).
template <class M>
bool diff_field(const std::string& held, const std::string& fresh_bytes, M* fresh, M* (pb::ViewPatch::*mut)(),
                pb::ViewPatch& patch) {
  if (fresh_bytes.empty()) return held.empty();
  if (held != fresh_bytes) (patch.*mut)()->Swap(fresh);
  return true;
}

// A serialized message's fields, each as its number and its bytes (tags included; a repeated
// field's entries together). Messages serialized by this code write their fields in number order,
// a repeated field's entries in a row. Empty when the bytes are not so (a group, a field seen
// twice apart, bytes cut short): the caller then sends the whole message.
std::vector<std::pair<int, std::string_view>> fields_of(std::string_view bytes) {
  std::vector<std::pair<int, std::string_view>> out;
  std::vector<std::size_t> begins;
  std::size_t at = 0;
  const auto varint = [&](std::uint64_t& v) {
    v = 0;
    for (int shift = 0; shift < 64 && at < bytes.size(); shift += 7) {
      const auto b = static_cast<unsigned char>(bytes[at++]);
      v |= static_cast<std::uint64_t>(b & 0x7f) << shift;
      if (!(b & 0x80)) return true;
    }
    return false;
  };
  while (at < bytes.size()) {
    const std::size_t start = at;
    std::uint64_t tag = 0, len = 0;
    if (!varint(tag)) return {};
    switch (tag & 7) {
      case 0:
        if (!varint(len)) return {};
        break;
      case 1: at += 8; break;
      case 2:
        if (!varint(len) || len > bytes.size() - at) return {};
        at += static_cast<std::size_t>(len);
        break;
      case 5: at += 4; break;
      default: return {};
    }
    if (at > bytes.size()) return {};
    const int number = static_cast<int>(tag >> 3);
    if (!out.empty() && out.back().first == number) {
      out.back().second = bytes.substr(begins.back(), at - begins.back());  // the next entry of a repeated field
      continue;
    }
    if (!out.empty() && number < out.back().first) return {};  // out of order, or a field seen twice apart
    out.emplace_back(number, bytes.substr(start, at - start));
    begins.push_back(start);
  }
  return out;
}

// The fields of a message that differ between its held and fresh bytes, and the fresh bytes of
// those that are set; nullopt when sending it whole is as small (or the bytes cannot be split).
std::optional<std::pair<std::vector<int>, std::string>> changed_fields(std::string_view held, std::string_view fresh) {
  const auto h = fields_of(held), f = fields_of(fresh);
  if ((h.empty() && !held.empty()) || (f.empty() && !fresh.empty())) return std::nullopt;
  std::vector<int> numbers;
  std::string value;
  std::size_t i = 0, j = 0;
  while (i < h.size() || j < f.size()) {
    if (j == f.size() || (i < h.size() && h[i].first < f[j].first)) {
      numbers.push_back(h[i++].first);  // set before, unset now
    } else if (i == h.size() || f[j].first < h[i].first) {
      numbers.push_back(f[j].first);
      value += f[j++].second;
    } else {
      if (h[i].second != f[j].second) {
        numbers.push_back(f[j].first);
        value += f[j].second;
      }
      ++i;
      ++j;
    }
  }
  // The change also names the id and each field number (a byte or two each).
  if (value.size() + 2 * numbers.size() + 16 >= fresh.size()) return std::nullopt;
  return std::make_pair(std::move(numbers), std::move(value));
}

// A unit or side that changed goes as a change of some fields when that is smaller, else whole.
template <class Change, class Whole>
void add_changed(const std::string& held_bytes, const std::string& fresh_bytes, Whole* fresh,
                 google::protobuf::RepeatedPtrField<Change>* changes, google::protobuf::RepeatedPtrField<Whole>* wholes) {
  auto fields = changed_fields(held_bytes, fresh_bytes);
  Change c;
  if (fields && c.mutable_value()->ParseFromString(fields->second)) {
    c.set_id(fresh->id());
    for (int n : fields->first) c.add_fields(n);
    changes->Add(std::move(c));
    return;
  }
  wholes->Add()->Swap(fresh);
}

bool diff_units(const ViewBytes& hb, pb::View& fresh, const ViewBytes& fb, pb::ViewPatch& patch) {
  std::vector<std::pair<int, int>> changed;  // fresh index, held index (-1: new)
  // Usually the same units in the same order: compare in place.
  if (hb.unit_ids == fb.unit_ids) {
    std::unordered_set<std::string_view> seen;
    for (std::size_t i = 0; i < fb.unit_ids.size(); ++i) {
      if (!seen.insert(fb.unit_ids[i]).second) return false;
      if (hb.units[i] != fb.units[i]) changed.emplace_back(static_cast<int>(i), static_cast<int>(i));
    }
  } else {
    std::unordered_map<std::string_view, std::size_t> held_at;
    held_at.reserve(hb.unit_ids.size());
    for (std::size_t i = 0; i < hb.unit_ids.size(); ++i) {
      if (!held_at.emplace(hb.unit_ids[i], i).second) return false;
    }
    std::unordered_set<std::string_view> fresh_ids;
    fresh_ids.reserve(fb.unit_ids.size());
    std::vector<const std::string*> appended;
    for (std::size_t i = 0; i < fb.unit_ids.size(); ++i) {
      const std::string& id = fb.unit_ids[i];
      if (!fresh_ids.insert(id).second) return false;
      auto it = held_at.find(id);
      if (it == held_at.end()) {
        appended.push_back(&id);
        changed.emplace_back(static_cast<int>(i), -1);
      } else if (hb.units[it->second] != fb.units[i]) {
        changed.emplace_back(static_cast<int>(i), static_cast<int>(it->second));
      }
    }
    // The order the client reaches: held without the gone, then the new in fresh's order.
    std::vector<const std::string*> order;
    order.reserve(fb.unit_ids.size());
    for (const auto& id : hb.unit_ids) {
      if (fresh_ids.count(id)) {
        order.push_back(&id);
      } else {
        patch.add_units_gone(id);
      }
    }
    order.insert(order.end(), appended.begin(), appended.end());
    bool in_order = true;
    for (std::size_t i = 0; i < fb.unit_ids.size() && in_order; ++i) in_order = *order[i] == fb.unit_ids[i];
    if (!in_order) {
      auto* ids = patch.mutable_unit_order();
      for (const auto& id : fb.unit_ids) ids->add_ids(id);
    }
  }
  for (const auto& [i, held] : changed) {
    if (held < 0) {
      patch.add_units()->Swap(fresh.mutable_units(i));
    } else {
      add_changed(hb.units[static_cast<std::size_t>(held)], fb.units[static_cast<std::size_t>(i)], fresh.mutable_units(i),
                  patch.mutable_unit_changes(), patch.mutable_units());
    }
  }
  return true;
}

bool diff_sides(const ViewBytes& hb, pb::View& fresh, const ViewBytes& fb, pb::ViewPatch& patch) {
  if (hb.side_ids != fb.side_ids) return false;
  for (std::size_t i = 0; i < fb.sides.size(); ++i) {
    if (hb.sides[i] != fb.sides[i]) {
      add_changed(hb.sides[i], fb.sides[i], fresh.mutable_sides(static_cast<int>(i)), patch.mutable_side_changes(),
                  patch.mutable_sides());
    }
  }
  return true;
}

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

}  // namespace

ViewBytes bytes_of(const pb::View& v) {
  ViewBytes b;
  b.table = table_bytes(v);
  b.units = list_bytes(v.units());
  b.sides = list_bytes(v.sides());
  b.decisions = list_bytes(v.decisions());
  b.unit_ids.reserve(static_cast<std::size_t>(v.units_size()));
  for (const auto& u : v.units()) b.unit_ids.push_back(u.id());
  for (const auto& s : v.sides()) b.side_ids.push_back(s.id());
  b.turn = field_bytes(v.has_turn(), v.turn());
  b.result = field_bytes(v.has_result(), v.result());
  b.menu = field_bytes(v.has_menu(), v.menu());
  b.extra = field_bytes(v.has_extra(), v.extra());
  b.paused = v.paused();
  return b;
}

std::optional<pb::ViewPatch> diff_views(const pb::View& held, const pb::View& fresh) {
  pb::View copy = fresh;
  ViewBytes fresh_bytes;
  return diff_views(bytes_of(held), copy, fresh_bytes);
}

std::optional<pb::ViewPatch> diff_views(const ViewBytes& hb, pb::View& fresh, ViewBytes& fb) {
  fb = bytes_of(fresh);
  // Checked before anything is moved out of `fresh`, so that a refusal leaves it whole.
  if (hb.table != fb.table || hb.side_ids != fb.side_ids) return std::nullopt;
  for (auto [h, f] : {std::pair{&hb.turn, &fb.turn}, {&hb.result, &fb.result}, {&hb.menu, &fb.menu}, {&hb.extra, &fb.extra}}) {
    if (f->empty() && !h->empty()) return std::nullopt;
  }
  {
    std::unordered_set<std::string_view> ids(fb.unit_ids.begin(), fb.unit_ids.end());
    if (ids.size() != fb.unit_ids.size()) return std::nullopt;
    std::unordered_set<std::string_view> held_ids(hb.unit_ids.begin(), hb.unit_ids.end());
    if (held_ids.size() != hb.unit_ids.size()) return std::nullopt;
  }
  pb::ViewPatch patch;
  diff_units(hb, fresh, fb, patch);
  diff_sides(hb, fresh, fb, patch);
  diff_field(hb.turn, fb.turn, fresh.mutable_turn(), &pb::ViewPatch::mutable_turn, patch);
  diff_field(hb.result, fb.result, fresh.mutable_result(), &pb::ViewPatch::mutable_result, patch);
  diff_field(hb.menu, fb.menu, fresh.mutable_menu(), &pb::ViewPatch::mutable_menu, patch);
  diff_field(hb.extra, fb.extra, fresh.mutable_extra(), &pb::ViewPatch::mutable_extra, patch);
  if (hb.decisions != fb.decisions) patch.mutable_decisions()->mutable_decisions()->Swap(fresh.mutable_decisions());
  if (hb.paused != fb.paused) patch.set_paused(fb.paused);
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
  if (patch.units_size() > 0 || patch.unit_changes_size() > 0) {
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
    for (const auto& c : patch.unit_changes()) {
      auto it = at.find(c.id());
      if (it == at.end() || !change_fields(*units->Mutable(it->second), c)) return false;
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
  for (const auto& c : patch.side_changes()) {
    pb::SideView* held = nullptr;
    for (auto& s : *view.mutable_sides()) {
      if (s.id() == c.id()) {
        held = &s;
        break;
      }
    }
    if (!held || !change_fields(*held, c)) return false;
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
