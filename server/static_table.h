#pragma once
// The static table: the parts of a View that change rarely or never (rule set, scenario id and
// name, the board, terrain, options, seed hash). A Snapshot carries them; a Delta carries them
// only when they differ from what the seat was last sent (Delta.same_table, docs/protocol.md).
#include <string>

#include "sandtable/v1/view.pb.h"

namespace sandtable::server {

// The static table of `view`, serialized (equal strings: the same table).
std::string static_table_of(const sandtable::v1::View& view);
// Copies the static table of `from` into `to` (a client keeping its table when a Delta leaves it out).
void copy_static_table(const sandtable::v1::View& from, sandtable::v1::View& to);
// Clears the static table from `view`.
void strip_static_table(sandtable::v1::View& view);

}  // namespace sandtable::server
