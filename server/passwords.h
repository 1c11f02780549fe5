#pragma once
// Members' passwords (docs/campaigns.md): Argon2id through libsodium's crypto_pwhash_str, which
// writes the salt and the cost into the string it returns, so a later cost raise still reads
// old hashes. Each call takes a fraction of a second and 64 MiB: call it off the I/O threads.
#include <string>

namespace sandtable::server {

// The Argon2id string of `password`; throws std::runtime_error when memory runs out.
std::string hash_password(const std::string& password);
// Whether `password` is the one `hashed` was made from (false for an empty or unreadable hash).
bool password_matches(const std::string& hashed, const std::string& password);
// A sentence saying why a new password will not do, or "" when it will.
std::string password_problem(const std::string& password);

}  // namespace sandtable::server
