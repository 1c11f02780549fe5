#pragma once
// A serialized message read as its field entries, without its type: what lets a patch change a
// rule set's extra (ViewPatch.extra_change) field by field in code that names no rule set.
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "sandtable/v1/view.pb.h"

namespace sandtable {

// One field occurrence of a serialized message: its number and its bytes, tag included.
using WireEntry = std::pair<int, std::string_view>;

// Each field occurrence in turn; nullopt when the bytes are not a message (a group, bytes cut short).
std::optional<std::vector<WireEntry>> wire_entries(std::string_view bytes);

// A serialized message's fields, each as its number and its bytes (a repeated field's entries
// together). Messages serialized by this code write their fields in number order, a repeated
// field's entries in a row. nullopt when the bytes are not so (a field seen twice apart): the
// caller then sends the whole message.
std::optional<std::vector<WireEntry>> wire_fields(std::string_view bytes);

// The payload of a length-delimited entry (its tag and length taken off); nullopt for another kind.
std::optional<std::string_view> wire_payload(std::string_view entry);

// `held` (a message's bytes) changed as `change` says (view.proto ExtraChange); nullopt when
// either is not written field by field in number order, or `value` has a field neither list names.
std::optional<std::string> merge_fields(std::string_view held, const ::sandtable::v1::ExtraChange& change);

}  // namespace sandtable
