#pragma once
// The parts of the View diff (view_patch.cc) that more than one of its files use: fields compared
// by number, places in a list kept by id, and the menu's diff (view_patch_menu.cc).
#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

#include "engine/model/view_patch.h"

namespace sandtable::patch_parts {

// A field whose bytes differ between the held and the fresh message (empty: unset there).
struct FieldChange {
  int number;
  std::string_view held, fresh;
};
// The fields of two messages' bytes that differ, in field order; nullopt when either does not parse.
std::optional<std::vector<FieldChange>> field_changes(std::string_view held, std::string_view fresh);

// A list kept by id that the receiver would reach out of order: the places the entries sent whole
// take in the fresh list (MarkerChange.at, ActionChange.target_at), when the entries that keep
// theirs (held, not gone, not sent) stand in the same order in the fresh list; nullopt means the
// whole order must go.
std::optional<std::vector<std::uint32_t>> places_of_sent(const std::vector<std::string_view>& held, const std::vector<std::string_view>& fresh,
                                                         const std::vector<std::string_view>& gone, const std::vector<std::string_view>& sent);

// The fresh menu as changes to the held one when that is smaller; the actions it sends are moved
// out of `fresh` (only once it is chosen).
std::optional<pb::MenuChange> menu_change(const ViewBytes& hb, pb::ActionMenu& fresh, const ViewBytes& fb);

}  // namespace sandtable::patch_parts
