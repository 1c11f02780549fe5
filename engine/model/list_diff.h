#pragma once
// Lists whose entries are kept by id (a View's units, a menu's actions, a unit's markers by key):
// what changed between the held list and the fresh one, and applying that to the held list. The
// receiver removes the gone entries, replaces changed ones in place, appends new ones, and only
// then, when told, reorders (view.proto "Entries of a list kept by id"). Used by view_patch.cc
// and view_patch_apply.cc on the server and mirrored by the browser's state/patch.ts.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <unordered_set>
#include <utility>
#include <vector>

#include <google/protobuf/repeated_field.h>
#include <google/protobuf/repeated_ptr_field.h>

namespace sandtable {

// Whether any id occurs twice. The lists diffed per order are short (a View's units, a menu's
// actions), so they are compared pairwise without allocating; long ones are sorted.
template <class IdAt>
bool repeats(int n, IdAt id) {
  if (n <= 48) {
    for (int i = 1; i < n; ++i) {
      for (int j = 0; j < i; ++j) {
        if (id(i) == id(j)) return true;
      }
    }
    return false;
  }
  std::vector<std::string_view> ids;
  ids.reserve(static_cast<std::size_t>(n));
  for (int i = 0; i < n; ++i) ids.push_back(id(i));
  std::sort(ids.begin(), ids.end());
  return std::adjacent_find(ids.begin(), ids.end()) != ids.end();
}

struct ListDiff {
  // Fresh index, and the held index of the entry with its id (-1: a new entry).
  std::vector<std::pair<int, int>> changed;
  std::vector<std::string_view> gone;  // held ids the fresh list lacks, in held order
  bool reordered = false;              // the order the receiver reaches is not the fresh one
};

// held_id(i), fresh_id(i) give the ids (string_views that outlive the call); same(h, f) says
// whether held entry h equals fresh entry f. nullopt when either list repeats an id.
template <class HeldId, class FreshId, class Same>
std::optional<ListDiff> diff_list(int held_n, HeldId held_id, int fresh_n, FreshId fresh_id, Same same) {
  ListDiff d;
  bool same_ids = held_n == fresh_n;
  for (int i = 0; i < fresh_n && same_ids; ++i) same_ids = held_id(i) == fresh_id(i);
  if (same_ids) {
    // The usual case: the same entries in the same order.
    if (repeats(fresh_n, fresh_id)) return std::nullopt;
    for (int i = 0; i < fresh_n; ++i) {
      if (!same(i, i)) d.changed.emplace_back(i, i);
    }
    return d;
  }
  std::unordered_map<std::string_view, int> held_at;
  held_at.reserve(static_cast<std::size_t>(held_n));
  for (int i = 0; i < held_n; ++i) {
    if (!held_at.emplace(held_id(i), i).second) return std::nullopt;
  }
  std::unordered_set<std::string_view> fresh_ids;
  fresh_ids.reserve(static_cast<std::size_t>(fresh_n));
  std::vector<std::string_view> appended;
  for (int i = 0; i < fresh_n; ++i) {
    const std::string_view id = fresh_id(i);
    if (!fresh_ids.insert(id).second) return std::nullopt;
    auto it = held_at.find(id);
    if (it == held_at.end()) {
      appended.push_back(id);
      d.changed.emplace_back(i, -1);
    } else if (!same(it->second, i)) {
      d.changed.emplace_back(i, it->second);
    }
  }
  // The order the receiver reaches: held without the gone, then the new in fresh's order.
  std::vector<std::string_view> order;
  order.reserve(static_cast<std::size_t>(fresh_n));
  for (int i = 0; i < held_n; ++i) {
    if (fresh_ids.count(held_id(i))) {
      order.push_back(held_id(i));
    } else {
      d.gone.push_back(held_id(i));
    }
  }
  order.insert(order.end(), appended.begin(), appended.end());
  for (int i = 0; i < fresh_n && !d.reordered; ++i) d.reordered = order[static_cast<std::size_t>(i)] != fresh_id(i);
  return d;
}

// The three steps of applying, apart, because a View's units take their field changes between the
// second and the third. `id(entry)` gives an entry's id.
template <class T, class Id>
void remove_gone(google::protobuf::RepeatedPtrField<T>& list, const google::protobuf::RepeatedPtrField<std::string>& gone, Id id) {
  if (gone.empty()) return;
  const std::unordered_set<std::string> out(gone.begin(), gone.end());
  int kept = 0;
  for (int i = 0; i < list.size(); ++i) {
    if (out.count(std::string(id(list.Get(i))))) continue;
    if (kept != i) list.SwapElements(kept, i);
    ++kept;
  }
  while (list.size() > kept) list.RemoveLast();
}

// The first held entry with a repeated id is the one replaced (the browser does the same).
template <class T, class Id>
void put_entries(google::protobuf::RepeatedPtrField<T>& list, const google::protobuf::RepeatedPtrField<T>& entries, Id id) {
  if (entries.empty()) return;
  std::unordered_map<std::string, int> at;
  for (int i = 0; i < list.size(); ++i) at.emplace(std::string(id(list.Get(i))), i);
  for (const auto& e : entries) {
    auto [it, added] = at.emplace(std::string(id(e)), list.size());
    if (added) {
      *list.Add() = e;
    } else {
      *list.Mutable(it->second) = e;
    }
  }
}

// Each of `entries` at the place `at` gives in the list after the change (0 first), the held
// entries without their ids filling the rest in order (MarkerChange.at, ActionChange.target_at).
// False when a place is out of range, given twice, or missing for an entry.
template <class T, class Id>
bool place_entries(google::protobuf::RepeatedPtrField<T>& list, const google::protobuf::RepeatedPtrField<T>& entries,
                   const google::protobuf::RepeatedField<std::uint32_t>& at, Id id) {
  if (at.size() != entries.size()) return false;
  std::unordered_set<std::string> placed;
  for (const auto& e : entries) placed.emplace(id(e));
  std::vector<T*> rest;
  for (auto& e : list) {
    if (!placed.count(std::string(id(e)))) rest.push_back(&e);
  }
  const std::size_t n = rest.size() + static_cast<std::size_t>(entries.size());
  std::vector<const T*> slot(n, nullptr);
  for (int i = 0; i < entries.size(); ++i) {
    if (at.Get(i) >= n || slot[at.Get(i)] != nullptr) return false;
    slot[at.Get(i)] = &entries.Get(i);
  }
  google::protobuf::RepeatedPtrField<T> out;
  std::size_t next = 0;
  for (const T* e : slot) {
    if (e != nullptr) {
      *out.Add() = *e;
    } else {
      *out.Add() = std::move(*rest[next++]);
    }
  }
  list.Swap(&out);
  return true;
}

// False when `ids` does not name every entry exactly once.
template <class T, class Id>
bool reorder(google::protobuf::RepeatedPtrField<T>& list, const google::protobuf::RepeatedPtrField<std::string>& ids, Id id) {
  if (ids.size() != list.size()) return false;
  std::unordered_map<std::string, T*> by_id;
  for (auto& e : list) by_id.emplace(std::string(id(e)), &e);
  google::protobuf::RepeatedPtrField<T> ordered;
  for (const auto& want : ids) {
    auto it = by_id.find(want);
    if (it == by_id.end() || !it->second) return false;
    *ordered.Add() = std::move(*it->second);
    it->second = nullptr;
  }
  list.Swap(&ordered);
  return true;
}

}  // namespace sandtable
