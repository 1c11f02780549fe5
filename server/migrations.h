#pragma once
// The schema migrations in migrations/NNNN_verb_noun.sql (and their PostgreSQL dialect),
// embedded at build time (see server/CMakeLists.txt) so the binary carries the schema it expects.
#include <functional>
#include <string_view>
#include <vector>

namespace sandtable::server {

struct Migration {
  int version;             // NNNN from the file name; user_version after it is applied
  std::string_view name;   // file name
  std::string_view sql;
};

// SQLite's, sorted by version, 1..N without gaps.
const std::vector<Migration>& migrations();
// PostgreSQL's (migrations/postgresql/): the same versions, the same schema in that dialect.
const std::vector<Migration>& postgresql_migrations();

// Calls `apply` for each migration of `all` newer than `current`, in order (each in its own
// transaction, the caller's business). Throws with a sentence, applying none, when the database
// is newer than this binary knows.
void migrate_from(const std::vector<Migration>& all, int current, const std::function<void(const Migration&)>& apply);

}  // namespace sandtable::server
